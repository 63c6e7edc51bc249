"""The organiser's page to replace a player of a team from a partie on (from the team's page).

The form checks the shape, ``tournaments.services.replace_player`` decides and journals; a
refusal is shown on the form with its French message and a 4xx, nothing saved.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments import access, services
from tournaments.entries.forms import PlayerRef
from tournaments.entries.replacements.forms import ReplacementForm
from tournaments.models import Club, Player, Replacement


def _player(club: Club, ref: PlayerRef) -> Player:
    if ref.player is not None:
        return ref.player
    player, _created = services.get_or_create_player(club, ref.first_name, ref.last_name)
    return player


@access.organiser_view("GET", "POST")
def entry_replace(
    request: HttpRequest, club_slug: str, contest_id: int, entry_id: int
) -> HttpResponse:
    entry = access.entry_for(request.user, club_slug, contest_id, entry_id)
    contest = entry.contest
    form = ReplacementForm(access.posted(request), entry=entry)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            outgoing = entry.player1 if data["outgoing"] == entry.player1_id else entry.player2
            try:
                with transaction.atomic():
                    incoming = _player(contest.club, data["incoming"])
                    services.replace_player(
                        entry,
                        services.ReplacementValues(
                            outgoing, incoming, data["from_round"], data["reason"]
                        ),
                    )
            except services.ServiceError as exc:
                form.add_error(None, exc.message)
                status = exc.status
            else:
                messages.success(
                    request,
                    _("%(incoming)s remplace %(outgoing)s à partir de la partie %(round)s.")
                    % {
                        "incoming": incoming.full_name,
                        "outgoing": outgoing.full_name,
                        "round": data["from_round"],
                    },
                )
                return redirect(
                    "tournaments:entry_edit",
                    club_slug=club_slug,
                    contest_id=contest.pk,
                    entry_id=entry.pk,
                )
    history = Replacement.objects.filter(entry=entry).select_related("outgoing", "incoming")
    return render(
        request,
        "tournaments/entry_replace.html",
        {
            "club": contest.club,
            "contest": contest,
            "entry": entry,
            "form": form,
            "history": list(history),
            "crumb": _("Remplacer un joueur"),
        },
        status=status,
    )


__all__ = ["entry_replace"]
