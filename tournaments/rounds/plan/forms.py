"""Forms of the changes of a running contest's plan: the number of parties, a latecomer, a
table taken out of service.

Each carries the required reason (kept in the journal) and a ``confirmed`` flag: the first
post shows the consequences, the second, confirmed, asks the service. They check shape only
(numbers, choices offered by the page); the services decide and never trust them. Forms
never save.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.services.rounds.latecomers import LatecomerOptions
from tournaments.services.rounds.plan import MAX_ROUNDS, MIN_ROUNDS, REASON_MAX
from tournaments.services.rounds.table_moves import MAX_TABLE_NUMBER

BYE = "exempt"


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("Motif (gardé dans le journal)"),
        max_length=REASON_MAX,
        error_messages={
            "required": _("Indiquez le motif du changement : il est gardé dans le journal."),
            "max_length": _("Le motif tient en %(limit_value)d caractères au plus."),
        },
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean_reason(self) -> str:
        text = " ".join(str(self.cleaned_data.get("reason", "")).replace("\x00", "").split())
        if not text:
            raise forms.ValidationError(
                _("Indiquez le motif du changement : il est gardé dans le journal.")
            )
        return text


class RoundsCountForm(ReasonForm):
    count = forms.IntegerField(
        label=_("Nombre de parties"),
        min_value=MIN_ROUNDS,
        max_value=MAX_ROUNDS,
        error_messages={
            "required": _("Indiquez le nombre de parties."),
            "invalid": _("Le nombre de parties est un nombre entier."),
            "min_value": _("Un concours compte au moins %(limit_value)s partie."),
            "max_value": _("Un concours compte au plus %(limit_value)s parties."),
        },
    )
    field_order = ["count", "reason", "confirmed"]


class LatecomerForm(ReasonForm):
    entry = forms.TypedChoiceField(
        label=_("Équipe en retard"),
        coerce=int,
        error_messages={
            "required": _("Choisissez l'équipe en retard."),
            "invalid_choice": _("Cette équipe ne peut pas être placée à cette partie."),
        },
    )
    opponent = forms.ChoiceField(
        label=_("Contre"),
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choisissez contre qui elle joue."),
            "invalid_choice": _("Cette équipe n'attend pas d'adversaire à cette partie."),
        },
    )
    field_order = ["entry", "opponent", "reason", "confirmed"]

    def __init__(self, *args: Any, options: LatecomerOptions, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entry_field = self.fields["entry"]
        assert isinstance(entry_field, forms.TypedChoiceField)
        entry_field.choices = [("", _("— choisir —"))] + [
            (e.number, e.display_name) for e in options.latecomers
        ]
        choices: list[tuple[str, str]] = []
        if options.bye is not None:
            choices.append(
                (
                    BYE,
                    str(
                        _("%(team)s, exempte (table %(table)s)")
                        % {"team": options.bye.entry_a.display_name, "table": options.bye.number}
                    ),
                )
            )
        choices += [
            (
                str(e.number),
                str(
                    _("%(team)s, qui attend (nouvelle table %(table)s)")
                    % {"team": e.display_name, "table": options.next_table}
                ),
            )
            for e in options.waiting
        ]
        opponent_field = self.fields["opponent"]
        assert isinstance(opponent_field, forms.ChoiceField)
        opponent_field.choices = choices
        if len(choices) == 1:
            self.fields["opponent"].initial = choices[0][0]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        entry, opponent = data.get("entry"), data.get("opponent")
        if entry is not None and opponent not in (None, BYE) and str(entry) == opponent:
            raise forms.ValidationError(_("Choisissez deux équipes différentes."))
        return data


class TableMoveForm(ReasonForm):
    MOVE, SWAP = "deplacer", "echanger"

    table = forms.TypedChoiceField(
        label=_("Table hors service"),
        coerce=int,
        error_messages={
            "required": _("Choisissez la table hors service."),
            "invalid_choice": _("Cette table n'existe pas dans cette partie."),
        },
    )
    mode = forms.ChoiceField(
        label=_("Que faire"),
        widget=forms.RadioSelect,
        initial=MOVE,
        choices=[
            (MOVE, _("déplacer son match vers une table libre")),
            (SWAP, _("échanger son numéro avec une autre table")),
        ],
        error_messages={"required": _("Choisissez : déplacer ou échanger.")},
    )
    target = forms.IntegerField(
        label=_("Vers la table n°"),
        min_value=1,
        max_value=MAX_TABLE_NUMBER,
        error_messages={
            "required": _("Indiquez le numéro de la table qui accueille le match."),
            "invalid": _("Un numéro de table est un nombre entier."),
            "min_value": _("Un numéro de table commence à 1."),
            "max_value": _("Un numéro de table va jusqu'à %(limit_value)s."),
        },
    )
    field_order = ["table", "mode", "target", "reason", "confirmed"]

    def __init__(self, *args: Any, numbers: list[int], free: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        table_field = self.fields["table"]
        assert isinstance(table_field, forms.TypedChoiceField)
        table_field.choices = [("", _("— choisir —"))] + [(n, str(n)) for n in numbers]
        if free:
            self.fields["target"].help_text = _("Numéros libres : %(numbers)s…") % {
                "numbers": ", ".join(str(n) for n in free)
            }
            self.fields["target"].initial = free[0]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("table") is not None and data.get("table") == data.get("target"):
            raise forms.ValidationError(_("Choisissez un autre numéro de table."))
        return data


def errors_of(form: forms.Form) -> str:
    """Every error of ``form`` in one French sentence (the refusal page shows it)."""
    return " ".join(str(e) for errors in form.errors.values() for e in errors)


__all__ = ["BYE", "LatecomerForm", "ReasonForm", "RoundsCountForm", "TableMoveForm", "errors_of"]
