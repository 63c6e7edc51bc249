"""The paper sheet of a match of several games, entered game by game (the organiser's page).

:class:`MatchTotalsForm` has one row of fields per game of the match (the two totals, deals
played, belotes and capots); the first game is required, the later ones are entered when they
were played (a best of three won 2-0 has no belle). It checks shape only: whether the games
make the match, and the table check of each game, are the service's (``services.totals``).
It never saves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.belote.rules import Ruleset
from scoring.messages import game_label
from scoring.models import MAX_SCORE, ScoreSheet, TotalsResult
from scoring.services.matches import GameTotals

_PARTS = ("total_a", "total_b", "deals_played", "belotes", "capots")


@dataclass
class GameRow:
    """One game's fields, as the template lays them out."""

    number: int
    label: str
    fields: list[forms.BoundField]


class MatchTotalsForm(forms.Form):
    """Every game of a paper match: ``g1_total_a`` … ``g3_capots``."""

    is_match = True
    version = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=0,
        error_messages={
            "required": gettext_lazy("Formulaire incomplet : rechargez la page."),
            "invalid": gettext_lazy("Formulaire illisible : rechargez la page."),
        },
    )
    force = forms.BooleanField(
        label=gettext_lazy("Enregistrer quand même, « à vérifier »"), required=False
    )
    reason = forms.CharField(
        label=gettext_lazy("Motif (si vous corrigez des totaux)"), max_length=300, required=False
    )

    def __init__(self, *args: Any, sheet: ScoreSheet, rules: Ruleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        table = sheet.table
        name_a = table.entry_a.display_name
        name_b = table.entry_b.display_name if table.entry_b is not None else _("exempt")
        self.labels: dict[int, str] = {}
        for n in range(1, rules.match_games + 1):
            self.labels[n] = game_label(rules, n)
            self.fields[f"g{n}_total_a"] = forms.IntegerField(
                label=_("Total de %(team)s") % {"team": name_a},
                min_value=0,
                max_value=MAX_SCORE,
                required=False,
            )
            self.fields[f"g{n}_total_b"] = forms.IntegerField(
                label=_("Total de %(team)s") % {"team": name_b},
                min_value=0,
                max_value=MAX_SCORE,
                required=False,
            )
            self.fields[f"g{n}_deals_played"] = forms.IntegerField(
                label=_("Donnes jouées"), min_value=1, max_value=60, required=False
            )
            self.fields[f"g{n}_belotes"] = forms.IntegerField(
                label=_("Belotes"), min_value=0, max_value=240, required=False
            )
            self.fields[f"g{n}_capots"] = forms.IntegerField(
                label=_("Capots"), min_value=0, max_value=60, required=False
            )

    @property
    def rows(self) -> list[GameRow]:
        return [
            GameRow(n, label, [self[f"g{n}_{part}"] for part in _PARTS])
            for n, label in self.labels.items()
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        games: list[GameTotals] = []
        gap = False
        for n in self.labels:
            values = {part: data.get(f"g{n}_{part}") for part in _PARTS}
            if values["total_a"] is None and values["total_b"] is None:
                gap = True
                continue
            if f"g{n}_total_a" in self.errors or f"g{n}_total_b" in self.errors:
                continue
            if gap:
                self.add_error(
                    f"g{n}_total_a",
                    _("La manche %(n)d est saisie, pas celle d'avant.") % {"n": n},
                )
                continue
            self._check_game(n, values, games)
        if not games and not self.errors:
            self.add_error("g1_total_a", _("Saisissez au moins les totaux de la manche 1."))
        data["games"] = games
        return data

    def _check_game(self, n: int, values: dict[str, Any], games: list[GameTotals]) -> None:
        for part in ("total_a", "total_b", "deals_played"):
            if values[part] is None:
                self.add_error(f"g{n}_{part}", _("Ce champ est obligatoire."))
                return
        deals = values["deals_played"]
        belotes, capots = values["belotes"] or 0, values["capots"] or 0
        if belotes > 4 * deals:
            self.add_error(
                f"g{n}_belotes", _("Au plus une belote par donne (quatre à tout-atout).")
            )
            return
        if capots > deals:
            self.add_error(f"g{n}_capots", _("Au plus un capot par donne."))
            return
        games.append(GameTotals(values["total_a"], values["total_b"], deals, belotes, capots))


def match_totals_initial(sheet: ScoreSheet, rules: Ruleset) -> dict[str, Any]:
    """The form's initial values: the games already entered, else each game's deals."""
    initial: dict[str, Any] = {"version": sheet.version}
    totals: TotalsResult | None = (
        getattr(sheet, "totals", None) if sheet.kind == ScoreSheet.Kind.TOTALS else None
    )
    entered = [g for g in (totals.games if totals is not None else []) if isinstance(g, dict)]
    for n in range(1, rules.match_games + 1):
        initial[f"g{n}_deals_played"] = rules.deals_per_game
    for n, game in enumerate(entered, start=1):
        for part in _PARTS:
            initial[f"g{n}_{part}"] = game.get(part)
    return initial
