"""Input checks of the pages of players who come alone (mêlée, mixed contests). Never save.

``SoloForm`` is the team quick-add form cut down to one player (the same register lookup and
homonym choice: the field keeps the name ``player1`` so the suggestions list answers it).
The mixed mode's forms pick solo players of the contest by their id among the unpaired ones.
``SoloCsvUploadForm`` is the team import's upload field with the solo file's columns.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.entries.forms import CsvUploadForm, EntryForm, PlayerField
from tournaments.models import Club, Contest, SoloEntry


class SoloForm(EntryForm):
    """One player registered alone: existing in the register or created, and his flags."""

    is_volunteer = forms.BooleanField(
        label=gettext_lazy("Bénévole (complète une table, ses points ne comptent pas)"),
        required=False,
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, club=club, **kwargs)
        for name in ("player2", "name", "home_club"):
            del self.fields[name]
        self.fields["player1"].label = gettext_lazy("Joueur")
        self.fields["checked_in"].label = gettext_lazy("Présent (pointé)")


class SoloChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.number}. {obj.player.full_name}"


def unpaired_solos(contest: Contest) -> Any:
    return (
        SoloEntry.objects.filter(contest=contest)
        .waiting_for_partner()
        .select_related("player")
        .order_by("number")
    )


class PairSolosForm(forms.Form):
    """Two solo players put in one team for the whole contest (mixed mode)."""

    first = SoloChoiceField(label=gettext_lazy("Joueur"), queryset=SoloEntry.objects.none())
    second = SoloChoiceField(label=gettext_lazy("avec"), queryset=SoloEntry.objects.none())

    def __init__(self, *args: Any, contest: Contest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = unpaired_solos(contest)
            field.error_messages["invalid_choice"] = _(
                "Ce joueur n'est plus seul : il vient d'être mis en équipe ou retiré."
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", _("Choisissez deux joueurs différents."))
        return data


class VolunteerForm(forms.Form):
    """A volunteer partner lent to a solo player left without one (mixed mode)."""

    solo = SoloChoiceField(label=gettext_lazy("Joueur seul"), queryset=SoloEntry.objects.none())
    volunteer = PlayerField(
        label=gettext_lazy("Partenaire bénévole"),
        help_text=gettext_lazy("Un joueur du club, ou « Prénom Nom » pour le créer."),
    )

    def __init__(self, *args: Any, contest: Contest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["solo"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = unpaired_solos(contest)
        field.error_messages["invalid_choice"] = _(
            "Ce joueur n'est plus seul : il vient d'être mis en équipe ou retiré."
        )
        volunteer = self.fields["volunteer"]
        assert isinstance(volunteer, PlayerField)
        volunteer.club = contest.club
        volunteer.widget.attrs.update({"autocomplete": "off"})


class DrawPairsForm(forms.Form):
    seed = forms.IntegerField(
        label=gettext_lazy("Graine (facultative)"),
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        help_text=gettext_lazy("Pour refaire un tirage à l'identique ; vide = nouveau tirage."),
    )


class SoloCsvUploadForm(CsvUploadForm):
    """The CSV file of players who come alone (the team import's field, its own columns)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = gettext_lazy(
            "Une ligne par joueur. Colonnes : prenom ; nom (ou une colonne joueur « Prénom "
            "Nom »), et au choix licence, club, paye, present. Séparateur « ; » ou « , ». "
            "1 Mo au plus."
        )
