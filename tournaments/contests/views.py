"""The contest's cockpit (the organiser's home page of a contest) and the day-order setting.

The state of each step is read by ``tournaments.contests.cockpit`` (the sheets' progress comes from
``scoring`` through ``tournaments.adapters``); this module only renders it, with the hall's
address and its QR code (``tournaments.contests.links.hall_address``). Writes go through services.
The organiser's guide (issue 15 item 7) is ``tournaments.contests.guide``, linked as "Aide".
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments import access, services
from tournaments.contests import links
from tournaments.contests.cockpit import cockpit_of
from tournaments.rules.contest import rules_summary


@access.organiser_view("GET")
def contest(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The cockpit: the day's steps in order, each with its state, and the next action."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    cockpit = cockpit_of(contest)
    return render(
        request,
        "tournaments/contest.html",
        {
            "club": contest.club,
            "contest": contest,
            "cockpit": cockpit,
            "rounds": cockpit.rounds,
            "counts": cockpit.counts,
            "rules": rules_summary(contest),
            "hall": links.hall_address(),
        },
    )


@access.organiser_view("POST")
def draw_rule(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Whether the next draw waits for finished sheets, or for confirmed ones."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    value = request.POST.get("draw_waits_for_confirmation") == "on"
    services.set_draw_waits_for_confirmation(contest, value)
    messages.success(
        request,
        _("Le tirage suivant attendra que toutes les feuilles soient confirmées.")
        if value
        else _("Le tirage suivant attendra que toutes les tables aient fini."),
    )
    return redirect(contest.get_absolute_url())
