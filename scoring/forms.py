"""Forms of score entry: shape first, then ask the engine. Forms never save.

``DealForm.clean()`` builds the engine's deal from the fields and scores it as the next deal
of the sheet (or as the deal being corrected); an engine error code becomes a French error on
the field it concerns (``scoring.messages``), and the computed score is kept on the form as a
preview. ``scoring.services`` scores again under the sheet's lock before anything is stored.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from engine.belote.cards import Rank, Suit, Trump
from engine.belote.deal import AnnouncementKind, DealScore
from engine.belote.game import GameState
from engine.belote.rules import GeneraleScoring, Ruleset
from engine.errors import EngineError
from scoring import adapters
from scoring.adapters import AnnouncementFacts, DealFacts
from scoring.messages import ERROR_FIELDS, error_message
from scoring.models import MAX_SCORE, DealRecord, ScoreSheet
from tournaments.models import Entry

ANNOUNCEMENT_ROWS = 4

TRUMP_LABELS = {
    Trump.HEARTS: _("♥ Cœur"),
    Trump.DIAMONDS: _("♦ Carreau"),
    Trump.CLUBS: _("♣ Trèfle"),
    Trump.SPADES: _("♠ Pique"),
    Trump.SANS_ATOUT: _("Sans-atout"),
    Trump.TOUT_ATOUT: _("Tout-atout"),
}
SUIT_LABELS = {
    Suit.HEARTS: _("♥ Cœur"),
    Suit.DIAMONDS: _("♦ Carreau"),
    Suit.CLUBS: _("♣ Trèfle"),
    Suit.SPADES: _("♠ Pique"),
}
RANK_LABELS = {
    Rank.ACE: _("As"),
    Rank.KING: _("Roi"),
    Rank.QUEEN: _("Dame"),
    Rank.JACK: _("Valet"),
    Rank.TEN: _("Dix"),
    Rank.NINE: _("Neuf"),
    Rank.EIGHT: _("Huit"),
    Rank.SEVEN: _("Sept"),
}
ANNOUNCEMENT_LABELS = {
    AnnouncementKind.TIERCE: _("Tierce"),
    AnnouncementKind.QUARTE: _("Quarte (cinquante)"),
    AnnouncementKind.QUINTE: _("Quinte (cent)"),
    AnnouncementKind.CARRE: _("Carré"),
}
CONTRE_CHOICES = [(0, _("Non")), (1, _("Contré")), (2, _("Surcontré"))]
SEAT_CHOICES = [
    ("", _("—")),
    ("1", _("A, joueur 1")),
    ("2", _("B, joueur 1")),
    ("3", _("A, joueur 2")),
    ("4", _("B, joueur 2")),
]


def team_choices(sheet: ScoreSheet, *, blank: str | None = None) -> list[tuple[str, Any]]:
    """("a", "Équipe A — 3. Martin – Durand"), ("b", ...), with an optional blank first."""
    table = sheet.table
    choices: list[tuple[str, Any]] = []
    if blank is not None:
        choices.append(("", blank))
    # Lazy labels: the teams' names (and their players) are read only if the form is shown.
    choices.append(("a", _lazy_name(lambda: table.entry_a.display_name)))
    if table.entry_b_id is not None:  # read (one query) only if the label is shown
        choices.append(("b", _lazy_name(lambda: _display_name(table.entry_b))))
    else:
        choices.append(("b", _("Équipe B")))
    return choices


def _display_name(entry: Entry | None) -> str:
    return entry.display_name if entry is not None else ""


def _call(compute: Callable[[], str]) -> str:
    return compute()


# One lazy proxy class for every label (``lazy(f, str)`` builds a class each time it is called).
_lazy_call = lazy(_call, str)


def _lazy_name(compute: Callable[[], str]) -> Any:
    return _lazy_call(compute)


class SheetForm(forms.Form):
    """Every write form carries the sheet version it was shown with."""

    version = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=0,
        error_messages={
            "required": _("Formulaire incomplet : rechargez la page."),
            "invalid": _("Formulaire illisible : rechargez la page."),
        },
    )

    def _set_choices(self, name: str, choices: Sequence[tuple[str, Any]]) -> None:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.choices = list(choices)


class ClientIdMixin(forms.Form):
    client_id = forms.UUIDField(
        widget=forms.HiddenInput,
        error_messages={
            "required": _("Formulaire incomplet : rechargez la page."),
            "invalid": _("Formulaire illisible : rechargez la page."),
        },
    )


def new_client_id() -> str:
    return str(uuid.uuid4())


class DealForm(SheetForm, ClientIdMixin):
    """One deal: taker, trump, the taker's points (the defense's are derived), belote, capot,
    announcements when the rules have them, bid and contre in contrée."""

    taker = forms.ChoiceField(
        label=_("Preneur"),
        widget=forms.RadioSelect,
        error_messages={"required": _("Indiquez l'équipe qui a pris.")},
    )
    trump = forms.ChoiceField(label=_("Atout"), widget=forms.RadioSelect, required=False)
    bid = forms.ChoiceField(label=_("Contrat"), required=False)
    contre = forms.TypedChoiceField(
        label=_("Contre"),
        choices=CONTRE_CHOICES,
        coerce=int,
        widget=forms.RadioSelect,
        required=False,
        # Django takes any empty value; the stubs say a string.
        empty_value=0,  # type: ignore[arg-type]
        initial=0,
    )
    taker_points = forms.IntegerField(
        label=_("Points du preneur (dix de der compris)"),
        required=False,
        min_value=0,
        max_value=162,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={
            "invalid": _("Saisissez un nombre entier de points."),
            "min_value": _("Les points ne peuvent pas être négatifs."),
            "max_value": _("Une équipe fait au plus %(limit_value)s points."),
        },
    )
    belote_team = forms.ChoiceField(label=_("Belote"), widget=forms.RadioSelect, required=False)
    capot_team = forms.ChoiceField(label=_("Capot"), widget=forms.RadioSelect, required=False)
    dealer_seat = forms.TypedChoiceField(
        label=_("Donneur"),
        choices=SEAT_CHOICES,
        coerce=int,
        required=False,
        empty_value=None,
    )

    def __init__(
        self,
        *args: Any,
        sheet: ScoreSheet,
        rules: Ruleset,
        state: GameState,
        penalty: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.sheet = sheet
        self.rules = rules
        self.state = state
        self.score: DealScore | None = None
        self.after: GameState | None = None
        teams = team_choices(sheet)
        self._set_choices("taker", teams)
        none = [("", _("Aucune"))]
        self._set_choices("belote_team", none + teams)
        self._set_choices("capot_team", [("", _("Aucun")), *teams])
        trumps = [Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES]
        if rules.sans_atout_tout_atout:
            trumps += [Trump.SANS_ATOUT, Trump.TOUT_ATOUT]
            points = self.fields["taker_points"]
            assert isinstance(points, forms.IntegerField)
            points.max_value = 258
            points.validators = [
                v for v in points.validators if not isinstance(v, MaxValueValidator)
            ] + [MaxValueValidator(258)]
            points.widget.attrs["max"] = 258
            self.fields["taker_points"].help_text = _("À tout-atout compté brut : sur 258.")
        self._set_choices("trump", [(t.value, TRUMP_LABELS[t]) for t in trumps])
        auction = rules.derived.auction
        if auction:
            bids: list[tuple[str, Any]] = [("", _("—"))]
            bids += [(str(b), str(b)) for b in sorted(rules.derived.allowed_bids)]
            bids.append(("capot", _("Capot")))
            if rules.generale_made is not GeneraleScoring.OFF:
                bids.append(("generale", _("Générale")))
            self._set_choices("bid", bids)
        else:
            del self.fields["bid"]
            del self.fields["contre"]
        if rules.announcements and not penalty:
            self._add_announcement_fields(teams)

    def _add_announcement_fields(self, teams: list[tuple[str, Any]]) -> None:
        blank = [("", _("—"))]
        for i in range(1, ANNOUNCEMENT_ROWS + 1):
            self.fields[f"ann{i}_team"] = forms.ChoiceField(
                label=_("Annonce %(n)d : équipe") % {"n": i}, choices=blank + teams, required=False
            )
            self.fields[f"ann{i}_kind"] = forms.ChoiceField(
                label=_("type"),
                choices=blank + [(k.value, v) for k, v in ANNOUNCEMENT_LABELS.items()],
                required=False,
            )
            self.fields[f"ann{i}_rank"] = forms.ChoiceField(
                label=_("hauteur"),
                choices=blank + [(k.value, v) for k, v in RANK_LABELS.items()],
                required=False,
            )
            self.fields[f"ann{i}_suit"] = forms.ChoiceField(
                label=_("couleur"),
                choices=blank + [(k.value, v) for k, v in SUIT_LABELS.items()],
                required=False,
            )
        self.fields["announcement_priority"] = forms.ChoiceField(
            label=_("Annonces égales : l'emporte"),
            choices=[("", _("—")), *teams],
            required=False,
        )

    @property
    def has_announcements(self) -> bool:
        return "announcement_priority" in self.fields

    def announcement_rows(self) -> list[list[forms.BoundField]]:
        return [
            [self[f"ann{i}_{part}"] for part in ("team", "kind", "rank", "suit")]
            for i in range(1, ANNOUNCEMENT_ROWS + 1)
        ]

    def _announcements(self, data: dict[str, Any]) -> tuple[AnnouncementFacts, ...]:
        items = []
        for i in range(1, ANNOUNCEMENT_ROWS + 1):
            team, kind = data.get(f"ann{i}_team"), data.get(f"ann{i}_kind")
            rank, suit = data.get(f"ann{i}_rank"), data.get(f"ann{i}_suit")
            if not (team or kind or rank or suit):
                continue
            if not (team and kind and rank):
                self.add_error(
                    f"ann{i}_kind",
                    _("Annonce %(n)d : indiquez l'équipe, le type et la hauteur.") % {"n": i},
                )
                continue
            if kind != AnnouncementKind.CARRE and not suit:
                self.add_error(
                    f"ann{i}_suit", _("Annonce %(n)d : indiquez la couleur de la suite.") % {"n": i}
                )
                continue
            items.append(
                AnnouncementFacts(
                    team=team, kind=kind, rank=rank, suit="" if kind == "carre" else suit or ""
                )
            )
        return tuple(items)

    def facts(self) -> DealFacts:
        """The deal's facts from the cleaned data (only after a successful ``is_valid``)."""
        return self._facts

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        bid_raw = data.get("bid") or ""
        bid: int | None = None
        bid_kind = ""
        if "bid" in self.fields:
            if bid_raw in ("capot", "generale"):
                bid_kind = bid_raw
            elif bid_raw:
                bid, bid_kind = int(bid_raw), "points"
            else:
                bid_kind = "points"  # the engine answers "missing bid" in French
        announcements = self._announcements(data) if self.has_announcements else ()
        if self.errors:
            return data
        capot = data.get("capot_team") or ""
        points = data.get("taker_points")
        if points is None and not capot:
            self.add_error("taker_points", _("Indiquez les points faits par le preneur."))
            return data
        if capot and points is not None:
            # On a capot the points are known: all to the capot team.
            points = None
        self._facts = DealFacts(
            taker=data["taker"],
            trump=data.get("trump") or "",
            taker_points=points,
            capot_team=capot,
            belote_team=data.get("belote_team") or "",
            bid=bid,
            bid_kind=bid_kind,
            contre=int(data.get("contre") or 0),
            announcements=announcements,
            announcement_priority=data.get("announcement_priority") or "",
            dealer_seat=data.get("dealer_seat"),
        )
        try:
            self.after = self.state.apply(adapters.engine_deal(self._facts))
        except EngineError as exc:
            self.add_engine_error(exc)
            return data
        self.score = self.after.entries[-1].score
        return data

    def add_engine_error(self, exc: EngineError) -> None:
        field = ERROR_FIELDS.get(exc.code)
        if field not in self.fields:
            field = None
        self.add_error(field, error_message(exc.code, exc.params))


def deal_initial(record: DealRecord) -> dict[str, Any]:
    """Initial values of a DealForm showing a recorded deal (to correct it)."""
    initial: dict[str, Any] = {
        "taker": record.taker,
        "trump": record.trump,
        "taker_points": record.taker_points,
        "belote_team": record.belote_team,
        "capot_team": record.capot_team,
        "contre": record.contre,
        "dealer_seat": record.dealer_seat,
    }
    if record.bid_kind in ("capot", "generale"):
        initial["bid"] = record.bid_kind
    elif record.bid is not None:
        initial["bid"] = str(record.bid)
    ann = record.announcements if isinstance(record.announcements, dict) else {}
    for i, item in enumerate(ann.get("items", [])[:ANNOUNCEMENT_ROWS], start=1):
        for part in ("team", "kind", "rank", "suit"):
            initial[f"ann{i}_{part}"] = item.get(part, "")
    initial["announcement_priority"] = ann.get("priority", "")
    return initial


class PenaltyForm(SheetForm, ClientIdMixin):
    team = forms.ChoiceField(
        label=_("Équipe pénalisée"),
        widget=forms.RadioSelect,
        error_messages={"required": _("Indiquez l'équipe pénalisée.")},
    )
    penalty = forms.ChoiceField(
        label=_("Faute"),
        choices=[
            (DealRecord.Penalty.RENONCE, _("Renonce")),
            (DealRecord.Penalty.MISDEAL, _("Maldonne")),
        ],
        widget=forms.RadioSelect,
        error_messages={"required": _("Choisissez la pénalité : renonce ou maldonne.")},
    )
    bid = forms.ChoiceField(label=_("Contrat en cours"), required=False)

    def __init__(self, *args: Any, sheet: ScoreSheet, rules: Ruleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._set_choices("team", team_choices(sheet))
        if rules.derived.auction and rules.penalty_adds_contract:
            bids: list[tuple[str, Any]] = [("", _("Aucun"))]
            bids += [(str(b), str(b)) for b in sorted(rules.derived.allowed_bids)]
            bids.append(("capot", _("Capot")))
            if rules.generale_made is not GeneraleScoring.OFF:
                bids.append(("generale", _("Générale")))
            self._set_choices("bid", bids)
        else:
            del self.fields["bid"]

    def bid_values(self) -> tuple[int | None, str]:
        raw = self.cleaned_data.get("bid") or ""
        if raw in ("capot", "generale"):
            return None, raw
        if raw:
            return int(raw), "points"
        return None, ""


class TotalsForm(SheetForm):
    total_a = forms.IntegerField(label=_("Total équipe A"), min_value=0, max_value=MAX_SCORE)
    total_b = forms.IntegerField(label=_("Total équipe B"), min_value=0, max_value=MAX_SCORE)
    deals_played = forms.IntegerField(label=_("Donnes jouées"), min_value=1, max_value=200)
    belotes = forms.IntegerField(label=_("Belotes"), min_value=0, max_value=800, initial=0)
    capots = forms.IntegerField(label=_("Capots"), min_value=0, max_value=200, initial=0)
    force = forms.BooleanField(label=_("Enregistrer quand même, « à vérifier »"), required=False)
    reason = forms.CharField(
        label=_("Motif (si vous corrigez des totaux)"), max_length=300, required=False
    )

    def __init__(self, *args: Any, sheet: ScoreSheet, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        table = sheet.table
        self.fields["total_a"].label = _("Total de %(team)s") % {"team": table.entry_a.display_name}
        if table.entry_b is not None:
            self.fields["total_b"].label = _("Total de %(team)s") % {
                "team": table.entry_b.display_name
            }

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        deals, belotes, capots = (data.get(k) for k in ("deals_played", "belotes", "capots"))
        if deals is not None and belotes is not None and belotes > 4 * deals:
            self.add_error("belotes", _("Au plus une belote par donne (quatre à tout-atout)."))
        if deals is not None and capots is not None and capots > deals:
            self.add_error("capots", _("Au plus un capot par donne."))
        return data


class ConfirmForm(SheetForm):
    team = forms.ChoiceField(
        label=_("Votre équipe"),
        widget=forms.RadioSelect,
        error_messages={"required": _("Indiquez votre équipe.")},
    )

    def __init__(self, *args: Any, sheet: ScoreSheet, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._set_choices("team", team_choices(sheet))


class DisputeForm(ConfirmForm):
    note = forms.CharField(
        label=_("Ce qui ne va pas"),
        max_length=900,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, sheet: ScoreSheet, **kwargs: Any) -> None:
        # Shown on the same page as the confirm form: its own ids, or a tap on one of its
        # team labels would tick the confirm form's radio (the first ``id_team_0``).
        kwargs.setdefault("auto_id", "id_dispute_%s")
        super().__init__(*args, sheet=sheet, **kwargs)


class ReasonForm(forms.Form):
    """The reason of a correction or a reopening (a NUL byte or too long a text: a field
    error, as in every text field of these forms)."""

    reason = forms.CharField(label=_("Motif"), max_length=300, required=False)


def reason_error(form: forms.Form) -> str:
    """The French error of a form's ``reason`` field, named ("Motif : …"), or ``""``."""
    errors = form.errors.get("reason")
    if not errors:
        return ""
    return f"{_('Motif')} : {' '.join(str(e) for e in errors)}"


class ReopenForm(SheetForm, ReasonForm):
    """Reopen a confirmed, disputed or to-verify sheet: its version and the reason."""


class ChangeForm(SheetForm, ClientIdMixin):
    """A removal or another change that only needs the version, a client id and a reason."""

    reason = forms.CharField(label=_("Motif"), max_length=300, required=False)


class ForfeitForm(SheetForm):
    forfeit_loser = forms.ChoiceField(label=_("Équipe forfait"), required=False)
    reason = forms.CharField(label=_("Motif"), max_length=300, required=False)

    def __init__(self, *args: Any, sheet: ScoreSheet, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._set_choices(
            "forfeit_loser", team_choices(sheet, blank=str(_("Aucune (annuler le forfait)")))
        )
