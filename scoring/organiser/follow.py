"""Following the tables of a partie live: the organiser's page of a round's sheets.

Every table on one page — deals entered, running totals, finished, confirmed, contested, late
(``scoring.follow.LATE_AFTER_MINUTES`` without a deal) — refreshed by htmx every 15 seconds,
with the links to type the table's paper sheet (``scoring:sheet``), to print the sheets again
and, for organisers, to give a table a new link (``scoring:sheet_token``). Club members only
(``tournaments.access``). Opening a published round creates its missing sheets and credits its
bye (``services.ensure_round_sheets``), and a timed partie whose time ran out calls time on
its sheets in play (``services.call_time_for_round``); nothing else is written here.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from scoring import follow, services
from scoring.sheet import views as shared
from tournaments import access as tournaments_access
from tournaments.models import Round
from tournaments.services.rounds.clock import clock_of

ANY_MEMBER = tournaments_access.ANY_MEMBER
ORGANISING = tournaments_access.ORGANISING
POLL = "every 15s"


def _round(request: HttpRequest, club_slug: str, contest_id: int, round_number: int) -> Round:
    return tournaments_access.round_for(
        request.user, club_slug, contest_id, round_number, roles=ANY_MEMBER
    )


def _context(request: HttpRequest, round_: Round) -> dict[str, Any]:
    contest = round_.contest
    # A timed partie whose time ran out: the sheets in play learn it (once) as the page reads.
    services.call_time_for_round(round_)
    kwargs = {
        "club_slug": contest.club.slug,
        "contest_id": contest.pk,
        "round_number": round_.number,
    }
    rows = follow.table_rows(round_)
    organiser = tournaments_access.role_in(request.user, contest.club) in ORGANISING
    later = (
        Round.objects.filter(contest=contest, number__gt=round_.number)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )
    return {
        "club": contest.club,
        "contest": contest,
        "round": round_,
        "rows": rows,
        "counts": follow.counts(rows),
        "late_minutes": follow.LATE_AFTER_MINUTES,
        "poll": POLL,
        "state_url": reverse("scoring:round_sheets_state", kwargs=kwargs),
        "organiser": organiser,
        # Printing and new links are the organiser's (scorers enter results only).
        "print_url": reverse("publishing:print_sheets", kwargs=kwargs) if organiser else "",
        "posters_url": reverse("publishing:print_posters", kwargs=kwargs) if organiser else "",
        "draft": round_.status == Round.Status.DRAFT,
        "later_round": later,
        "clock": clock_of(round_),
        "clock_from": "follow",
    }


@tournaments_access.organiser_view("GET", roles=ANY_MEMBER)
def round_sheets(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Every table of the partie, live: not started, in play, finished, confirmed, contested,
    late; with the links to type a paper sheet, print again or renew a table's link."""
    round_ = _round(request, club_slug, contest_id, round_number)
    if round_.status == Round.Status.PUBLISHED:
        services.ensure_round_sheets(round_, user=request.user)
    return shared.render(request, "scoring/follow.html", _context(request, round_))


@tournaments_access.organiser_view("GET", roles=ANY_MEMBER)
def round_sheets_state(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """The tables' part of the page alone, for htmx's polling."""
    round_ = _round(request, club_slug, contest_id, round_number)
    return shared.render(request, "scoring/_follow_tables.html", _context(request, round_))
