"""Contests with finished games, written straight to the database for the standings tests.

Score entry has its own tests; here a game is only what the standings read from it: a score
sheet with its status and totals. ``finish_round`` plays a round the way a hall does (every
table's two totals add up to 12 x 162 = 1944 points plus belotes).
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from scoring.models import ScoreSheet
from tournaments.models import Club, Contest, Entry, Player, Round, Table


def make_contest(
    club: Club,
    *,
    teams: int = 8,
    slug: str = "concours-de-printemps",
    is_public: bool = True,
    **fields: Any,
) -> Contest:
    contest = Contest.objects.create(
        club=club,
        name=fields.pop("name", "Concours de printemps"),
        slug=slug,
        date=datetime.date(2026, 4, 12),
        status=fields.pop("status", Contest.Status.RUNNING),
        is_public=is_public,
        **fields,
    )
    players = Player.objects.bulk_create(
        Player(
            club=club,
            first_name=f"Prénom{i}",
            last_name=f"Nom{i:04d}",
            licence=f"{slug[:10]}-{i}",
            name_key=f"nom{i:04d} prenom{i} {slug}",
        )
        for i in range(1, 2 * teams + 1)
    )
    Entry.objects.bulk_create(
        Entry(
            contest=contest,
            number=n,
            name=f"Équipe {n}" if n % 2 else "",
            player1=players[2 * n - 2],
            player2=players[2 * n - 1],
            checked_in=True,
            lot=(n * 7919) % 10007,
        )
        for n in range(1, teams + 1)
    )
    return contest


def entries(contest: Contest) -> list[Entry]:
    return list(contest.entries.order_by("number"))


def add_round(
    contest: Contest,
    number: int,
    pairs: list[tuple[int, int | None]] | None = None,
    *,
    status: str = Round.Status.PUBLISHED,
    seed: int = 7,
    **flags: bool,
) -> Round:
    """A round whose tables seat ``pairs`` of entry numbers (default: a seeded shuffle)."""
    round_ = Round.objects.create(contest=contest, number=number, status=status, **flags)
    by_number = {e.number: e for e in contest.entries.all()}
    if pairs is None:
        numbers = sorted(by_number)
        random.Random(seed * 1000 + number).shuffle(numbers)
        pairs = [
            (numbers[i], numbers[i + 1] if i + 1 < len(numbers) else None)
            for i in range(0, len(numbers), 2)
        ]
    Table.objects.bulk_create(
        Table(
            round=round_,
            number=i,
            entry_a=by_number[a],
            entry_b=by_number[b] if b is not None else None,
        )
        for i, (a, b) in enumerate(pairs, start=1)
    )
    return round_


def finish_round(
    round_: Round,
    scores: dict[int, tuple[int, int]] | None = None,
    *,
    status: str = ScoreSheet.Status.CONFIRMED,
    seed: int = 11,
) -> list[ScoreSheet]:
    """A finished sheet on every table: ``scores`` by table number, else seeded totals."""
    rng = random.Random(seed * 100 + round_.number)
    sheets = []
    for table in round_.tables.order_by("number"):
        if table.entry_b_id is None:
            sheets.append(
                ScoreSheet(table=table, kind=ScoreSheet.Kind.BYE, status=status, total_a=972)
            )
            continue
        if scores and table.number in scores:
            a, b = scores[table.number]
        else:
            a = rng.randint(500, 1444)
            b = 1944 - a + 20 * rng.randint(0, 2)
        sheets.append(
            ScoreSheet(
                table=table,
                status=status,
                total_a=a,
                total_b=b,
                deal_count=12,
                winner="a" if a > b else "b" if b > a else "draw",
            )
        )
    return ScoreSheet.objects.bulk_create(sheets)


def played_contest(club: Club, *, teams: int = 8, rounds: int = 2, **fields: Any) -> Contest:
    contest = make_contest(club, teams=teams, **fields)
    for n in range(1, rounds + 1):
        finish_round(add_round(contest, n, show_results=True, show_standings=True))
    return contest
