"""Forms of the organiser's publishing, prize, print and export pages (shape checks only).

They never save: views hand the cleaned values to ``publishing.services`` or create an export
job. Messages are French; a bad value is a field error, never a crash.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from publishing.models import ExportJob
from publishing.services import MAX_PRIZE_RANK


class VisibilityForm(forms.Form):
    show_draw = forms.BooleanField(label=_("Tirage public"), required=False)
    show_results = forms.BooleanField(label=_("Résultats publics"), required=False)
    show_standings = forms.BooleanField(label=_("Classement public"), required=False)


class PrizeForm(forms.Form):
    rank_from = forms.IntegerField(
        label=_("Du rang"),
        min_value=1,
        max_value=MAX_PRIZE_RANK,
        error_messages={"required": _("Indiquez le rang."), "invalid": _("Un rang est un nombre.")},
    )
    rank_to = forms.IntegerField(
        label=_("au rang (facultatif)"),
        min_value=1,
        max_value=MAX_PRIZE_RANK,
        required=False,
        error_messages={"invalid": _("Un rang est un nombre.")},
    )
    label = forms.CharField(
        label=_("Lot"),
        max_length=200,
        error_messages={"required": _("Indiquez le lot.")},
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("rank_from"), data.get("rank_to")
        if start is not None and end is not None and end < start:
            self.add_error(
                "rank_to", _("Le rang de fin doit être supérieur ou égal au rang de début.")
            )
        return data


class ExportForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("Contenu"),
        choices=ExportJob.Kind.choices,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choisissez ce qu'il faut exporter.")},
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=ExportJob.Format.choices,
        widget=forms.RadioSelect,
        initial=ExportJob.Format.XLSX,
        error_messages={"invalid_choice": _("Choisissez CSV, XLSX ou ODS.")},
    )


class RankingPrintForm(forms.Form):
    """``?n=20`` (top N teams) or ``?tous=1`` (every team) for the printed final ranking."""

    n = forms.IntegerField(
        min_value=1,
        max_value=100_000,
        required=False,
        error_messages={"invalid": _("Le nombre d'équipes à imprimer est un nombre entier.")},
    )
    tous = forms.BooleanField(required=False)
