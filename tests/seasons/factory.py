"""Seasons of played contests for the season tests: contests of one or several clubs whose
standings are published, the same players coming back from one contest to the next."""

from __future__ import annotations

import datetime
from typing import Any

from scoring.models import ScoreSheet
from seasons.models import Season
from standings import services as standings
from tests.standings.factory import add_round
from tournaments.models import Club, Contest, Entry, Player, Table


def players(club: Club, count: int, prefix: str = "J") -> list[Player]:
    return [
        Player.objects.create(
            club=club,
            first_name=f"{prefix}{i}",
            last_name=f"{club.slug}{i:03d}",
            licence=f"{club.slug}-{prefix}{i}",
        )
        for i in range(1, count + 1)
    ]


def contest_of(
    club: Club,
    season: Season | None,
    day: int,
    pairs: list[tuple[Player, Player]],
    scores: list[dict[int, tuple[int, int]]],
    **fields: Any,
) -> Contest:
    """A contest on ``day`` of January whose teams are ``pairs`` (numbers 1, 2, ...), with one
    round per item of ``scores`` (table -> totals; tables seat 1-2, 3-4, ... in every round,
    a team left over is exempt), every round's standings public."""
    contest = Contest.objects.create(
        club=club,
        season=season,
        name=fields.pop("name", f"Journée {day}"),
        slug=fields.pop("slug", f"journee-{club.slug}-{day}"),
        date=datetime.date(2027, 1, day),
        status=Contest.Status.RUNNING,
        **fields,
    )
    Entry.objects.bulk_create(
        Entry(contest=contest, number=n, player1=a, player2=b, checked_in=True, lot=n)
        for n, (a, b) in enumerate(pairs, start=1)
    )
    numbers = list(range(1, len(pairs) + 1))
    table_pairs = [
        (numbers[i], numbers[i + 1] if i + 1 < len(numbers) else None)
        for i in range(0, len(numbers), 2)
    ]
    for r, round_scores in enumerate(scores, start=1):
        round_ = add_round(contest, r, table_pairs, show_results=True, show_standings=True)
        sheets = []
        for table in Table.objects.filter(round=round_).order_by("number"):
            if table.entry_b_id is None:
                sheets.append(
                    ScoreSheet(
                        table=table,
                        kind=ScoreSheet.Kind.BYE,
                        status="confirmed",
                        total_a=round_scores.get(table.number, (972, 0))[0],
                    )
                )
                continue
            a, b = round_scores[table.number]
            sheets.append(
                ScoreSheet(
                    table=table,
                    status="confirmed",
                    total_a=a,
                    total_b=b,
                    deal_count=12,
                    winner="a" if a > b else "b" if b > a else "draw",
                )
            )
        ScoreSheet.objects.bulk_create(sheets)
    standings.rebuild(contest.pk, force=True)
    return contest
