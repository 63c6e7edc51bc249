"""The organiser's players' ranking (with the "why" of every place won on a tie-break) and the
printed players' palmarès (A4; a mêlée's prizes go by individual rank).

Both read the live snapshot (every finished partie), rebuilt first when stale (a no-op when up
to date). Every object comes through ``tournaments.access``; bad input gets a French message
and a 4xx.
"""

from __future__ import annotations

import logging
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from publishing import services as publishing
from publishing.forms import RankingPrintForm
from publishing.http import french_404
from publishing.models import Prize
from publishing.tables.individual import PlayerPrizeTable, PlayerStandingsTable, why_lines
from standings import services as standings_service
from standings.models import StandingsSnapshot
from tournaments import access
from tournaments.models import Contest

logger = logging.getLogger(__name__)


def _live(contest: Contest) -> StandingsSnapshot | None:
    try:
        standings_service.rebuild(contest.pk)  # a no-op when up to date
    except Exception:
        logger.exception("players' ranking: rebuild of contest %s failed", contest.pk)
    return standings_service.live_snapshot(contest.pk)


def _error(snapshot: StandingsSnapshot | None) -> str:
    code = (snapshot.individual_config or {}).get("error") if snapshot else None
    if not code:
        return ""
    if code == "individual.unknown_tiebreak":
        return _(
            "Un critère de départage individuel n'est pas reconnu : choisissez-les à nouveau "
            "dans « Règles et format »."
        )
    return _(
        "Le classement individuel n'a pas pu être calculé (%(code)s) : un joueur figure deux "
        "fois dans une même partie, ou une équipe n'a pas de joueurs pour une partie."
    ) % {"code": code}


def _base(contest: Contest, **extra: Any) -> dict[str, Any]:
    return {
        "club": contest.club,
        "contest": contest,
        "melee": contest.entry_mode == Contest.EntryMode.MELEE,
        **extra,
    }


@access.organiser_view("GET")
@french_404
def players_ranking(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    contest = access.contest_for(request.user, club_slug, contest_id)
    snapshot = _live(contest)
    rows = list(snapshot.individual_rows) if snapshot else []
    config = snapshot.individual_config if snapshot else {}
    table = PlayerStandingsTable(
        rows,
        config=config,
        melee=contest.entry_mode == Contest.EntryMode.MELEE,
        why=why_lines(rows, config),
        orderable=False,
    )
    return render(
        request,
        "publishing/organiser/players.html",
        _base(contest, table=table, snapshot=snapshot, error=_error(snapshot)),
    )


@access.organiser_view("GET")
@french_404
def print_players(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The players' palmarès: the prize-winners (``?n=``, a mêlée's prizes) or every player."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    form = RankingPrintForm(request.GET)
    if not form.is_valid():
        return render(
            request,
            "publishing/organiser/refused.html",
            _base(contest, message=" ".join(str(e) for errs in form.errors.values() for e in errs)),
            status=400,
        )
    snapshot = _live(contest)
    rows = [dict(r) for r in snapshot.individual_rows] if snapshot else []
    # The contest's prizes are by rank: a mêlée's go to its players, a pairs contest's to its
    # teams (its players' palmarès then lists ranks only).
    items = (
        list(Prize.objects.filter(contest=contest).order_by("rank_from"))
        if contest.entry_mode == Contest.EntryMode.MELEE
        else []
    )
    limit = form.cleaned_data.get("n")
    if form.cleaned_data.get("tous"):
        limit = None
    elif limit is None and items:
        limit = max(p.rank_to for p in items)
    for row, (prize_rank, label) in zip(rows, publishing.award_prizes(rows, items), strict=True):
        row["prize"], row["prize_rank"] = label, prize_rank
    if limit is not None:
        rows = [r for r in rows if r["prize_rank"] is not None and r["prize_rank"] <= limit]
    table = PlayerPrizeTable(
        rows,
        config=snapshot.individual_config if snapshot else {},
        melee=contest.entry_mode == Contest.EntryMode.MELEE,
        orderable=False,
        exclude=() if items else ("prize",),
    )
    return render(
        request,
        "publishing/print/players.html",
        _base(contest, table=table, snapshot=snapshot, prizes=items, limit=limit),
    )


__all__ = ["players_ranking", "print_players"]
