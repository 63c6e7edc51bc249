"""Input checks of the organiser pages. Forms clean and validate; they never save.

Shape first (Django fields), then the engine (rules options, tie-breaks): an engine error code
becomes a French field error. Views hand ``cleaned_data`` to ``tournaments.services``.
This module owns the player, contest and round forms; the team registration forms
are ``tournaments.entries.forms``, the other pages' forms the ``forms`` of their own package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.db import models
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine import standings as engine_standings
from engine.errors import EngineError
from engine.individual import INDIVIDUAL_TIEBREAKS
from tournaments.messages.codes import (
    INDIVIDUAL_TIEBREAK_LABELS,
    TIEBREAK_LABELS,
    engine_error_message,
)
from tournaments.models import Club, Contest, Player

if TYPE_CHECKING:  # the seasons app's model, above this app: a type only, never imported
    from seasons.models import Season


class PlayerForm(forms.Form):
    first_name = forms.CharField(label=gettext_lazy("Prénom"), max_length=80)
    last_name = forms.CharField(label=gettext_lazy("Nom"), max_length=80)
    licence = forms.CharField(label=gettext_lazy("Licence"), max_length=40, required=False)


class RegistryAddForm(forms.Form):
    """A player of another club of the instance, added to this club's register by licence."""

    licence = forms.CharField(
        label=gettext_lazy("Licence exacte du joueur"),
        max_length=40,
        help_text=gettext_lazy(
            "Le joueur garde son club d'attache ; il n'est pas recopié. Aucune recherche par nom "
            "dans les autres clubs."
        ),
    )


class MergeChoiceField(forms.ModelChoiceField):
    """A player of the register, told apart by licence and home club."""

    def label_from_instance(self, obj: Any) -> str:
        licence = (
            _("licence %(licence)s") % {"licence": obj.licence}
            if obj.licence
            else _("sans licence")
        )
        return f"{obj.first_name} {obj.last_name} — {licence} — {obj.club.name}"


class PlayerMergeForm(forms.Form):
    """The player a duplicate is merged into: one of the club's register, the duplicate aside."""

    into = MergeChoiceField(
        label=gettext_lazy("Joueur à conserver"), queryset=Player.objects.none()
    )

    def __init__(self, *args: Any, club: Club, duplicate: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["into"]
        assert isinstance(field, forms.ModelChoiceField)
        # The duplicate's homonyms first, then the register in alphabetical order.
        field.queryset = (
            Player.objects.registry_of(club)
            .exclude(pk=duplicate.pk)
            .select_related("club")
            .order_by(
                models.Case(models.When(name_key=duplicate.name_key, then=0), default=1),
                "last_name",
                "first_name",
                "pk",
            )
        )


TIEBREAK_CHOICES = [(name, TIEBREAK_LABELS.get(name, name)) for name in engine_standings.TIEBREAKS]
# The ordered tie-break picker: one select per criterion, French labels, the engine's names.
TIEBREAK_SLOTS = 5
TIEBREAK_SLOT_LABELS = (
    gettext_lazy("1er critère de départage"),
    gettext_lazy("2e critère de départage"),
    gettext_lazy("3e critère de départage"),
    gettext_lazy("4e critère de départage"),
    gettext_lazy("5e critère de départage"),
)


INDIVIDUAL_TIEBREAK_CHOICES = [
    (name, INDIVIDUAL_TIEBREAK_LABELS.get(name, name)) for name in INDIVIDUAL_TIEBREAKS
]
INDIVIDUAL_TIEBREAK_FIELDS = (
    "individual_tiebreak_1",
    "individual_tiebreak_2",
    "individual_tiebreak_3",
)


def tiebreak_field_names(count: int = TIEBREAK_SLOTS) -> list[str]:
    return [f"tiebreak_{i}" for i in range(1, count + 1)]


def tiebreak_labels(names: Any) -> list[str]:
    """The French labels of stored tie-break names, in their order (unknown names as is)."""
    return [str(TIEBREAK_LABELS.get(name, name)) for name in names or ()]


class ContestForm(forms.Form):
    """The contest's information and format. Rule options come from ``rules_fields``."""

    name = forms.CharField(label=gettext_lazy("Nom du concours"), max_length=160)
    slug = forms.SlugField(
        label=gettext_lazy("Identifiant dans l'adresse"),
        max_length=80,
        required=False,
        help_text=gettext_lazy("Laissez vide pour le déduire du nom."),
    )
    date = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    venue = forms.CharField(label=gettext_lazy("Lieu"), max_length=200, required=False)
    # Its choices, the club's seasons (the seasons app's model), are set for each club below.
    season: forms.ModelChoiceField[Season] = forms.ModelChoiceField(
        label=gettext_lazy("Saison"), queryset=None, required=False
    )
    is_public = forms.BooleanField(
        label=gettext_lazy("Visible du public (tirages publiés, résultats)"),
        required=False,
        initial=True,
    )
    rounds_count = forms.IntegerField(
        label=gettext_lazy("Nombre de parties"), min_value=1, max_value=30, initial=4
    )
    ranking_method = forms.ChoiceField(
        label=gettext_lazy("Classement"),
        choices=Contest.RankingMethod.choices,
        widget=forms.RadioSelect,
        initial=Contest.RankingMethod.POINTS,
    )
    match_points_win = forms.IntegerField(
        label=gettext_lazy("Barème : points pour une partie gagnée"),
        min_value=0,
        max_value=1000,
        initial=2,
        required=False,
    )
    match_points_draw = forms.IntegerField(
        label=gettext_lazy("Barème : points pour une partie nulle"),
        min_value=0,
        max_value=1000,
        initial=1,
        required=False,
    )
    match_points_add_score = forms.BooleanField(
        label=gettext_lazy("Barème : ajouter les points marqués dans la partie"), required=False
    )
    bye_policy = forms.ChoiceField(
        label=gettext_lazy("Points de l'équipe exempte"),
        choices=Contest.ByePolicy.choices,
        widget=forms.RadioSelect,
        initial=Contest.ByePolicy.ROUND_AVERAGE,
    )
    withdrawn_ranking = forms.ChoiceField(
        label=gettext_lazy("Équipe retirée en cours de concours"),
        choices=Contest.WithdrawnRanking.choices,
        widget=forms.RadioSelect,
        initial=Contest.WithdrawnRanking.LEAVE,
        required=False,
        help_text=gettext_lazy(
            "Dès la partie qu'elle ne joue plus. Une équipe retirée ne reçoit jamais de lot : "
            "il revient à l'équipe suivante."
        ),
    )
    bye_points = forms.IntegerField(
        label=gettext_lazy("Points de référence de l'exempt"),
        min_value=0,
        max_value=100_000,
        initial=0,
        help_text=gettext_lazy(
            "Points fixes ; ou une partie complète (moitié) ; ou repli de la moyenne."
        ),
    )
    pairing_method = forms.ChoiceField(
        label=gettext_lazy("Appariement des parties"),
        choices=Contest.PairingMethod.choices,
        widget=forms.RadioSelect,
        initial=Contest.PairingMethod.DRAW_THEN_RANKING,
    )
    avoid_same_club = forms.BooleanField(
        label=gettext_lazy("Éviter que deux équipes du même club se rencontrent"), required=False
    )
    entry_mode = forms.ChoiceField(
        label=gettext_lazy("Inscription des joueurs"),
        choices=Contest.EntryMode.choices,
        widget=forms.RadioSelect,
        initial=Contest.EntryMode.PAIRS,
        required=False,
        help_text=gettext_lazy(
            "Mêlée : classement individuel, « tirage puis selon le classement » réunit les "
            "joueurs de scores proches. Ne change plus une fois la partie 1 tirée."
        ),
    )
    leftover_policy = forms.ChoiceField(
        label=gettext_lazy("Joueur seul sans partenaire"),
        choices=Contest.LeftoverPolicy.choices,
        widget=forms.RadioSelect,
        initial=Contest.LeftoverPolicy.BYE,
        required=False,
    )

    FORMAT_FIELDS = (
        "rounds_count",
        "ranking_method",
        *tiebreak_field_names(),
        "match_points_win",
        "match_points_draw",
        "match_points_add_score",
        "bye_policy",
        "bye_points",
        "withdrawn_ranking",
        "pairing_method",
        "avoid_same_club",
        *INDIVIDUAL_TIEBREAK_FIELDS,
        "entry_mode",
        "leftover_policy",
    )
    TIEBREAK_FIELDS = tuple(tiebreak_field_names())
    INDIVIDUAL_TIEBREAK_FIELDS = INDIVIDUAL_TIEBREAK_FIELDS

    def __init__(self, *args: Any, club: Club, frozen: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.frozen = frozen
        season = self.fields["season"]
        if isinstance(season, forms.ModelChoiceField):
            # The club's seasons and the circuits it takes part in.
            season.queryset = club.seasons_taken_part_in()
        choices = [("", _("— aucun —")), *TIEBREAK_CHOICES]
        for i, name in enumerate(self.TIEBREAK_FIELDS):
            self.fields[name] = forms.ChoiceField(
                label=TIEBREAK_SLOT_LABELS[i], choices=choices, required=False
            )
        individual = [("", _("— par défaut —")), *INDIVIDUAL_TIEBREAK_CHOICES]
        for i, name in enumerate(INDIVIDUAL_TIEBREAK_FIELDS):
            self.fields[name] = forms.ChoiceField(
                label=TIEBREAK_SLOT_LABELS[i], choices=individual, required=False
            )
        if frozen:
            for name in self.FORMAT_FIELDS:
                self.fields[name].disabled = True

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug") or slugify(self.data.get("name", ""))[:80]
        if not slug:
            raise forms.ValidationError(_("Indiquez un identifiant (lettres, chiffres, tirets)."))
        return slug

    @property
    def tiebreak_fields(self) -> list[forms.BoundField]:
        """The ordered picker's selects, first criterion first (the template groups them)."""
        return [self[name] for name in self.TIEBREAK_FIELDS]

    @property
    def individual_tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in INDIVIDUAL_TIEBREAK_FIELDS]

    def _clean_tiebreaks(self, fields: tuple[str, ...] | None = None) -> list[str]:
        """The chosen criteria in order, as the engine's names (empty selects skipped); a
        criterion chosen twice is refused on its second select."""
        names: list[str] = []
        for field in fields or self.TIEBREAK_FIELDS:
            name = self.cleaned_data.get(field) or ""
            if not name:
                continue
            if name in names:
                self.add_error(field, _("Ce critère est déjà choisi plus haut."))
                continue
            names.append(name)
        return names

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        data["tiebreaks"] = self._clean_tiebreaks()
        data["individual_tiebreaks"] = self._clean_tiebreaks(INDIVIDUAL_TIEBREAK_FIELDS)
        if self.errors:
            return data
        win, draw = data.get("match_points_win"), data.get("match_points_draw")
        scale = {
            "win": int(win) if win is not None else 2,
            "draw": int(draw) if draw is not None else 1,
            "add_score": bool(data.get("match_points_add_score")),
        }
        data["match_points"] = scale
        if (
            data.get("entry_mode") == Contest.EntryMode.MELEE
            and data.get("pairing_method") == Contest.PairingMethod.ROUND_ROBIN
        ):
            self.add_error(
                "pairing_method",
                _("Une mêlée tire ses tables à chaque partie : pas de « toutes rondes »."),
            )
            return data
        try:
            engine_standings.StandingsConfig(
                method=data["ranking_method"],
                tiebreaks=tuple(data.get("tiebreaks") or ()),
                match_points=engine_standings.MatchPointsScale(
                    win=scale["win"], draw=scale["draw"], add_score=bool(scale["add_score"])
                ),
            )
        except EngineError as exc:
            raise forms.ValidationError(engine_error_message(exc)) from exc
        return data

    def values(self) -> dict[str, Any]:
        """The contest fields to hand to the services."""
        d = self.cleaned_data
        values = {
            "name": d["name"],
            "slug": d["slug"],
            "date": d["date"],
            "venue": d.get("venue", ""),
            "season": d.get("season"),
            "is_public": d.get("is_public", False),
        }
        if not self.frozen:
            values.update(
                {
                    "rounds_count": d["rounds_count"],
                    "ranking_method": d["ranking_method"],
                    "tiebreaks": d.get("tiebreaks") or [],
                    "individual_tiebreaks": d.get("individual_tiebreaks") or [],
                    "match_points": d["match_points"],
                    "bye_policy": d["bye_policy"],
                    "bye_points": d["bye_points"],
                    "withdrawn_ranking": d.get("withdrawn_ranking")
                    or Contest.WithdrawnRanking.LEAVE,
                    "pairing_method": d["pairing_method"],
                    "avoid_same_club": d.get("avoid_same_club", False),
                }
            )
            # Left out when not sent (older forms, scripts): the contest keeps its own.
            values.update({k: d[k] for k in ("entry_mode", "leftover_policy") if d.get(k)})
        return values

    @staticmethod
    def initial_from(contest: Contest) -> dict[str, Any]:
        mp = contest.match_points if isinstance(contest.match_points, dict) else {}
        return {
            "name": contest.name,
            "slug": contest.slug,
            "date": contest.date,
            "venue": contest.venue,
            "season": contest.season_id,
            "is_public": contest.is_public,
            "rounds_count": contest.rounds_count,
            "ranking_method": contest.ranking_method,
            **dict(zip(tiebreak_field_names(), contest.tiebreaks or [], strict=False)),
            **dict(
                zip(INDIVIDUAL_TIEBREAK_FIELDS, contest.individual_tiebreaks or [], strict=False)
            ),
            "match_points_win": mp.get("win", 2),
            "match_points_draw": mp.get("draw", 1),
            "match_points_add_score": mp.get("add_score", False),
            "bye_policy": contest.bye_policy,
            "bye_points": contest.bye_points,
            "withdrawn_ranking": contest.withdrawn_ranking,
            "pairing_method": contest.pairing_method,
            "avoid_same_club": contest.avoid_same_club,
            "entry_mode": contest.entry_mode,
            "leftover_policy": contest.leftover_policy,
        }


class SeedForm(forms.Form):
    seed = forms.IntegerField(
        label=gettext_lazy("Graine (facultative)"),
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        help_text=gettext_lazy("Pour refaire un tirage à l'identique ; vide = nouveau tirage."),
    )


class SwapForm(forms.Form):
    first = forms.IntegerField(label=gettext_lazy("Équipe"), min_value=1, max_value=100_000)
    second = forms.IntegerField(label=gettext_lazy("avec l'équipe"), min_value=1, max_value=100_000)


class MoveForm(forms.Form):
    entry = forms.IntegerField(label=gettext_lazy("Équipe"), min_value=1, max_value=100_000)
    table = forms.IntegerField(label=gettext_lazy("vers la table"), min_value=1, max_value=10_000)


class VisibilityForm(forms.Form):
    show_draw = forms.BooleanField(label=gettext_lazy("Tirage public"), required=False)
    show_results = forms.BooleanField(label=gettext_lazy("Résultats publics"), required=False)
    show_standings = forms.BooleanField(label=gettext_lazy("Classement public"), required=False)


class DeleteRoundForm(forms.Form):
    confirm = forms.BooleanField(
        label=gettext_lazy("Je confirme : ce qui est listé ci-dessus sera perdu."), required=True
    )
