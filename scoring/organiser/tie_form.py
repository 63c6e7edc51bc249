"""The organiser's form naming the team that goes through after a knockout's level game.

It checks the shape only (a team of the table, a reason of at most 300 characters) and never
saves: ``scoring.services.tie_winner`` checks the tie, the phase and the later parties under
the sheet's lock, then writes.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.forms import SheetForm, team_choices
from scoring.models import ScoreSheet


class TieWinnerForm(SheetForm):
    """Team A or team B (by their names), and why, for the journal."""

    team = forms.ChoiceField(
        label=_("Équipe qualifiée"),
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choisissez l'équipe qualifiée."),
            "invalid_choice": _(
                "Choisissez l'équipe qualifiée : l'une des deux équipes de cette table."
            ),
        },
    )
    reason = forms.CharField(label=_("Motif"), max_length=300, required=False)

    def __init__(self, *args: Any, sheet: ScoreSheet, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._set_choices("team", team_choices(sheet))

    def error_text(self) -> str:
        """The refused form's French message, for the page's error line."""
        for name in ("team", "reason", "version"):
            errors = self.errors.get(name)
            if errors:
                text = " ".join(str(e) for e in errors)
                return f"{_('Motif')} : {text}" if name == "reason" else text
        return str(_("Formulaire illisible : rechargez la page."))
