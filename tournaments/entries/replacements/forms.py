"""The form of a player's replacement in a team (shape only: the service decides and saves).

Who leaves (one of the team's two current players), who comes (a player of the club's list,
or « Prénom Nom » for a new one, as in the team form), from which partie, and why.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import services
from tournaments.entries.forms import PlayerField, PlayerRef
from tournaments.models import Entry


class ReplacementForm(forms.Form):
    outgoing = forms.TypedChoiceField(
        label=gettext_lazy("Joueur remplacé"), coerce=int, widget=forms.RadioSelect
    )
    incoming = PlayerField(
        label=gettext_lazy("Remplaçant"),
        help_text=gettext_lazy("Choisissez dans la liste du club, ou écrivez « Prénom Nom »."),
    )
    from_round = forms.IntegerField(
        label=gettext_lazy("À partir de la partie"), min_value=2, max_value=30
    )
    reason = forms.CharField(
        label=gettext_lazy("Motif"),
        max_length=200,
        help_text=gettext_lazy("Il figure au journal du concours (« malade », « parti »…)."),
    )

    def __init__(self, *args: Any, entry: Entry, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entry = entry
        club = entry.contest.club
        outgoing = self.fields["outgoing"]
        assert isinstance(outgoing, forms.TypedChoiceField)
        outgoing.choices = [(p.pk, p.full_name) for p in (entry.player1, entry.player2)]
        from_round = self.fields["from_round"]
        assert isinstance(from_round, forms.IntegerField)
        from_round.max_value = entry.contest.rounds_count
        from_round.widget.attrs["max"] = entry.contest.rounds_count
        incoming = self.fields["incoming"]
        assert isinstance(incoming, PlayerField)
        incoming.club = club
        incoming.widget.attrs.update(
            {
                "list": "club-players",
                "autocomplete": "off",
                "hx-get": reverse(
                    "tournaments:player_suggestions", kwargs={"club_slug": club.slug}
                ),
                "hx-trigger": "input changed delay:250ms",
                "hx-target": "#club-players",
                "hx-swap": "innerHTML",
            }
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        ref = data.get("incoming")
        if isinstance(ref, PlayerRef) and ref.player is None:
            found = services.homonyms(self.entry.contest.club, ref.first_name, ref.last_name)
            if len(found) > 1:
                self.add_error(
                    "incoming",
                    _(
                        "Plusieurs joueurs du club s'appellent %(name)s : choisissez celui qui "
                        "joue dans la liste (son numéro # à la fin)."
                    )
                    % {"name": f"{ref.first_name} {ref.last_name}"},
                )
        return data


__all__ = ["ReplacementForm"]
