"""The public home, a contest's public page and its draws: no login, published information only.

A contest is public when ``is_public`` is set and it is not a draft; a round's draw is public
only when the round is published (or closed) and ``show_draw`` is set. Anything else answers
404, exactly like a URL that does not exist.
"""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments import access
from tournaments.models import Contest, Round
from tournaments.rounds import draws


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Atout's front page: the public contests, running ones first."""
    contests = (
        Contest.objects.filter(is_public=True)
        .exclude(status=Contest.Status.DRAFT)
        .select_related("club")
        .order_by("-date", "name")[:50]
    )
    return render(request, "publishing/public/home.html", {"contests": contests})


def _public_contest(club_slug: str, contest_slug: str) -> Contest:
    contest = (
        Contest.objects.select_related("club")
        .filter(club__slug=club_slug, slug=contest_slug, is_public=True)
        .exclude(status=Contest.Status.DRAFT)
        .first()
    )
    if contest is None:
        raise Http404(_("Concours introuvable."))
    return contest


def _public_rounds(contest: Contest):  # type: ignore[no-untyped-def]
    return contest.rounds.filter(
        status__in=[Round.Status.PUBLISHED, Round.Status.CLOSED], show_draw=True
    ).order_by("number")


@require_GET
def contest(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """A contest's public home: each published round's draw and results, the standings."""
    contest = _public_contest(club_slug, contest_slug)
    rounds = list(
        contest.rounds.filter(status__in=[Round.Status.PUBLISHED, Round.Status.CLOSED])
        .filter(Q(show_draw=True) | Q(show_results=True) | Q(show_standings=True))
        .order_by("number")
    )
    return render(
        request,
        "publishing/public/contest.html",
        {
            "contest": contest,
            "rounds": rounds,
            "standings_public": any(r.show_standings for r in rounds),
            "has_phases": any(r.phase_id for r in rounds),  # pools and brackets page
        },
    )


def _public_round(club_slug: str, contest_slug: str, round_number: int) -> Round:
    contest = _public_contest(club_slug, contest_slug)
    if not access.fits(round_number):
        raise Http404(_("Tirage non publié."))
    round_ = _public_rounds(contest).filter(number=round_number).first()
    if round_ is None:
        raise Http404(_("Tirage non publié."))
    round_.contest = contest
    return round_


@require_GET
def round_draw(
    request: HttpRequest, club_slug: str, contest_slug: str, round_number: int
) -> HttpResponse:
    """A published draw: by table, and by team in alphabetical order."""
    round_ = _public_round(club_slug, contest_slug, round_number)
    tables = draws.tables_of(round_)
    return render(
        request,
        "publishing/public/round.html",
        {
            "contest": round_.contest,
            "round": round_,
            "by_table": draws.by_table(tables),
            "by_team": draws.by_team(tables),
            "sitting_out": draws.sitting_out(round_),
        },
    )


@require_GET
def round_projector(
    request: HttpRequest, club_slug: str, contest_slug: str, round_number: int
) -> HttpResponse:
    """A published draw for the hall's projector (large type, slow auto-scroll)."""
    round_ = _public_round(club_slug, contest_slug, round_number)
    tables = draws.tables_of(round_)
    return render(
        request,
        "publishing/public/round_projector.html",
        {
            "contest": round_.contest,
            "round": round_,
            "table_rows": draws.by_table(tables),
            "sitting_out": draws.sitting_out(round_),
        },
    )
