"""Forms of the seasons: a new season, its settings and rules, the circuit's clubs, a contest in
or out, the final.

The rules form turns French fields into the engine's ``SeasonRules`` JSON and asks the engine
to check it (a refusal is a French error on the form); forms never save (the services do).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.errors import EngineError
from engine.seasons import SeasonRules
from seasons.models import Season
from seasons.texts import (
    BAREME_LABELS,
    CREDIT_LABELS,
    SCORE_MODE_LABELS,
    SEASON_TIEBREAK_LABELS,
    error_message,
)
from tournaments.models import Club, Contest

__all__ = ["FinalForm", "SeasonClubForm", "SeasonContestForm", "SeasonForm", "SeasonSettingsForm"]

_TIEBREAKS = [("", gettext_lazy("— aucun —"))] + [
    (k, v) for k, v in SEASON_TIEBREAK_LABELS.items() if k != "lot"
]


def _count(label: Any, *, required: bool = False, minimum: int = 0, initial: Any = None) -> Any:
    return forms.IntegerField(
        label=label, required=required, min_value=minimum, max_value=100_000, initial=initial
    )


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Nom de la saison"), max_length=120)
    starts_on = forms.DateField(
        label=gettext_lazy("Début"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    ends_on = forms.DateField(
        label=gettext_lazy("Fin"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("starts_on"), data.get("ends_on")
        if start and end and end < start:
            self.add_error("ends_on", _("La fin doit suivre le début."))
        return data


class SeasonSettingsForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Nom"), max_length=120)
    starts_on = forms.DateField(
        label=gettext_lazy("Début"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    ends_on = forms.DateField(
        label=gettext_lazy("Fin"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    planned_contests = _count(gettext_lazy("Nombre de journées prévues"), minimum=1)
    is_public = forms.BooleanField(
        label=gettext_lazy("Classement visible du public"), required=False
    )
    credit = forms.ChoiceField(
        label=gettext_lazy("Classement"), choices=list(CREDIT_LABELS.items())
    )
    bareme = forms.ChoiceField(label=gettext_lazy("Barème"), choices=list(BAREME_LABELS.items()))
    table_points = forms.CharField(
        label=gettext_lazy("Points par place (tableau), séparés par des virgules"),
        required=False,
        max_length=400,
        help_text=gettext_lazy("Par exemple : 100, 90, 80, 70, 60"),
    )
    table_beyond = _count(gettext_lazy("Points au-delà du tableau"), initial=0)
    formula_first = _count(
        gettext_lazy("Points du premier (vide : le nombre d'inscrits du concours)"), minimum=1
    )
    formula_step = _count(gettext_lazy("Points en moins par place"), initial=1)
    formula_floor = _count(gettext_lazy("Points minimum"), initial=0)
    participation = _count(gettext_lazy("Points de participation"), initial=0)
    win = _count(gettext_lazy("Partie gagnée"), initial=4)
    draw = _count(gettext_lazy("Partie nulle"), initial=3)
    loss = _count(gettext_lazy("Partie perdue"), initial=2)
    bye = _count(gettext_lazy("Exempt"), initial=3)
    forfeit_win = _count(gettext_lazy("Forfait gagné"), initial=4)
    forfeit_loss = _count(gettext_lazy("Forfait perdu"), initial=0)
    bye_score = _count(gettext_lazy("Score de l'exempt (vide : celui de la feuille)"), initial=1000)
    score_mode = forms.ChoiceField(
        label=gettext_lazy("Le score"), choices=list(SCORE_MODE_LABELS.items())
    )
    score_divisor = _count(
        gettext_lazy("Diviseur du score (points + score / diviseur)"), minimum=1, initial=1000
    )
    best_of = _count(gettext_lazy("Meilleurs concours retenus (vide : tous)"), minimum=1)
    min_contests = _count(gettext_lazy("Concours minimum pour le classement final"), initial=0)
    prize_min_contests = _count(gettext_lazy("Concours minimum pour un lot"), initial=0)
    tiebreak_1 = forms.ChoiceField(
        label=gettext_lazy("Départage 1"), choices=_TIEBREAKS, required=False
    )
    tiebreak_2 = forms.ChoiceField(
        label=gettext_lazy("Départage 2"), choices=_TIEBREAKS, required=False
    )
    tiebreak_3 = forms.ChoiceField(
        label=gettext_lazy("Départage 3"), choices=_TIEBREAKS, required=False
    )
    club_best = _count(
        gettext_lazy("Classement des clubs : meilleurs joueurs comptés par club (0 : aucun)"),
        initial=0,
    )

    SETTINGS = ("name", "starts_on", "ends_on", "planned_contests", "is_public", "club_best")

    def _bareme(self, d: dict[str, Any]) -> dict[str, Any]:
        kind = d["bareme"]
        if kind == "placement_table":
            try:
                points = [
                    int(x)
                    for x in (d.get("table_points") or "").replace(";", ",").split(",")
                    if x.strip()
                ]
            except ValueError:
                self.add_error(
                    "table_points", _("Écrivez des nombres entiers séparés par des virgules.")
                )
                points = []
            if not points:
                self.add_error("table_points", _("Donnez au moins les points du premier."))
            return {
                "kind": kind,
                "points": points,
                "beyond": d.get("table_beyond") or 0,
                "participation": d.get("participation") or 0,
            }
        if kind == "placement_formula":
            return {
                "kind": kind,
                "first": d.get("formula_first"),
                "step": _or(d, "formula_step", 1),
                "floor": d.get("formula_floor") or 0,
                "participation": d.get("participation") or 0,
            }
        return {
            "kind": "partie",
            **{
                k: _or(d, k, v)
                for k, v in (
                    ("win", 4),
                    ("draw", 3),
                    ("loss", 2),
                    ("bye", 3),
                    ("forfeit_win", 4),
                    ("forfeit_loss", 0),
                )
            },
            "bye_score": d.get("bye_score"),
            "score_mode": d.get("score_mode") or "tiebreak",
            "score_divisor": _or(d, "score_divisor", 1000),
        }

    def clean(self) -> dict[str, Any]:
        d = super().clean() or {}
        if self.errors:
            return d
        tiebreaks = [
            t for t in (d.get("tiebreak_1"), d.get("tiebreak_2"), d.get("tiebreak_3")) if t
        ]
        if len(set(tiebreaks)) != len(tiebreaks):
            self.add_error(None, _("Chaque départage ne peut servir qu'une fois."))
            return d
        rules = {
            "bareme": self._bareme(d),
            "credit": d["credit"],
            "best_of": d.get("best_of"),
            "min_contests": d.get("min_contests") or 0,
            "prize_min_contests": d.get("prize_min_contests") or 0,
            "tiebreaks": tiebreaks,
        }
        if self.errors:
            return d
        try:
            d["rules"] = SeasonRules.from_json(rules).to_json()
        except EngineError as exc:
            self.add_error(None, error_message(exc))
        return d

    def values(self) -> dict[str, Any]:
        d = self.cleaned_data
        out = {k: d.get(k) for k in self.SETTINGS}
        out["club_best"] = out["club_best"] or 0
        out["rules"] = d["rules"]
        return out


def _or(d: dict[str, Any], key: str, default: int) -> int:
    value = d.get(key)
    return default if value is None else int(value)


def initial_of(season: Season, rules: SeasonRules) -> dict[str, Any]:
    """The form's initial values from the season and its rules (engine JSON)."""
    data = rules.to_json()
    bareme = dict(data["bareme"])
    kind = bareme.pop("kind")
    initial: dict[str, Any] = {k: getattr(season, k) for k in SeasonSettingsForm.SETTINGS}
    initial.update(
        credit=data["credit"],
        bareme=kind,
        best_of=data["best_of"],
        min_contests=data["min_contests"],
        prize_min_contests=data["prize_min_contests"],
    )
    for i, name in enumerate(data["tiebreaks"][:3], start=1):
        initial[f"tiebreak_{i}"] = name
    if kind == "placement_table":
        initial.update(
            table_points=", ".join(str(p) for p in bareme["points"]),
            table_beyond=bareme["beyond"],
            participation=bareme["participation"],
        )
    elif kind == "placement_formula":
        initial.update(
            formula_first=bareme["first"],
            formula_step=bareme["step"],
            formula_floor=bareme["floor"],
            participation=bareme["participation"],
        )
    else:
        initial.update(bareme)
    return initial


class SeasonClubForm(forms.Form):
    club_slug = forms.SlugField(label=gettext_lazy("Identifiant du club à inviter"), max_length=60)


class SeasonContestForm(forms.Form):
    contest = forms.ModelChoiceField(
        label=gettext_lazy("Concours de votre club"),
        queryset=Contest.objects.none(),
        empty_label=gettext_lazy("— choisir un concours —"),
    )

    def __init__(self, *args: Any, club: Club, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["contest"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Contest.objects.filter(club=club).exclude(season=season).order_by("-date")


class FinalForm(forms.Form):
    final_contest = forms.ModelChoiceField(
        label=gettext_lazy("Finale"),
        queryset=Contest.objects.none(),
        required=False,
        empty_label=gettext_lazy("— pas de finale —"),
    )
    first_of_each = forms.IntegerField(
        label=gettext_lazy("Qualifiés : les premiers de chaque concours"),
        required=False,
        min_value=1,
        max_value=512,
    )
    first_of_season = forms.IntegerField(
        label=gettext_lazy("Puis les premiers du classement de la saison"),
        required=False,
        min_value=1,
        max_value=512,
    )

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["final_contest"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Contest.objects.filter(club_id=season.club_id).order_by("-date")
