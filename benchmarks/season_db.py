"""The database side of ``season_bench.py --db``: a synthetic challenge and its timings.

:func:`populate` writes a club, 100 players, a season and 18 fixed-pairs contests (the 100
players re-paired every journée, 6 parties of 25 tables, confirmed sheets, every partie's
standings public) with ``bulk_create``, then rebuilds each contest's standings once.
:func:`time_rebuilds` times ``seasons.standings.rebuild.rebuild_season`` (forced: its snapshot is
deleted before each run) and the floor, alternated, and counts the rebuild's queries.
"""

from __future__ import annotations

import datetime
import json
import random
import time

from django.db import connection
from django.test.utils import CaptureQueriesContext


def populate(contests: int, players: int, parties: int, seed: int) -> int:
    from scoring.models import ScoreSheet
    from seasons.models import Season
    from standings import services as standings
    from tournaments.models import Club, Contest, Entry, Player, Round, Table

    rng = random.Random(seed)
    club = Club.objects.create(name="Club du banc", slug="banc")
    others = [Club.objects.create(name=f"Club {i}", slug=f"club-{i}") for i in range(9)]
    people = Player.objects.bulk_create(
        Player(
            club=(club, *others)[i % 10],
            first_name=f"P{i}",
            last_name=f"Joueur{i:03d}",
            name_key=f"joueur{i:03d} p{i}",
        )
        for i in range(players)
    )
    season = Season.objects.create(
        club=club,
        name="Challenge du banc",
        club_best=5,
        rules={
            "bareme": {"kind": "partie"},
            "best_of": 12,
            "min_contests": 8,
            "prize_min_contests": 10,
        },
    )
    for day in range(contests):
        contest = Contest.objects.create(
            club=club,
            season=season,
            name=f"Journée {day + 1}",
            slug=f"journee-{day + 1}",
            date=datetime.date(2027, 1, 1) + datetime.timedelta(days=7 * day),
            status=Contest.Status.FINISHED,
            rounds_count=parties,
        )
        order = people[:]
        rng.shuffle(order)
        entries = Entry.objects.bulk_create(
            Entry(
                contest=contest,
                number=n + 1,
                player1=order[2 * n],
                player2=order[2 * n + 1],
                checked_in=True,
                lot=n,
            )
            for n in range(players // 2)
        )
        for r in range(1, parties + 1):
            round_ = Round.objects.create(
                contest=contest,
                number=r,
                status=Round.Status.CLOSED,
                show_results=True,
                show_standings=True,
            )
            teams = entries[:]
            rng.shuffle(teams)
            tables = Table.objects.bulk_create(
                Table(round=round_, number=t + 1, entry_a=teams[2 * t], entry_b=teams[2 * t + 1])
                for t in range(len(teams) // 2)
            )
            sheets = []
            for table in tables:
                a = rng.randrange(500, 1500, 10)
                b = 1944 - a
                sheets.append(
                    ScoreSheet(
                        table=table,
                        status="confirmed",
                        total_a=a,
                        total_b=b,
                        deal_count=12,
                        winner="a" if a > b else "b",
                    )
                )
            ScoreSheet.objects.bulk_create(sheets)
        standings.rebuild(contest.pk, force=True)
    return season.pk


def _floor(season_id: int) -> None:
    """What a recompute cannot avoid: read the public snapshots, the teams and the games of the
    season (raw SQL, JSON decoded), and write one row."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT s.contest_id, s.rows FROM scoring_standingssnapshot s "
            "JOIN tournaments_contest c ON c.id = s.contest_id "
            "WHERE c.season_id = %s AND s.is_valid",
            [season_id],
        )
        rows = [(c, json.loads(r) if isinstance(r, str) else r) for c, r in cursor.fetchall()]
        cursor.execute(
            "SELECT e.id, e.player1_id, e.player2_id FROM tournaments_entry e "
            "JOIN tournaments_contest c ON c.id = e.contest_id WHERE c.season_id = %s",
            [season_id],
        )
        cursor.fetchall()
        cursor.execute(
            "SELECT r.contest_id, r.number, t.entry_a_id, t.entry_b_id, s.total_a, s.total_b "
            "FROM scoring_scoresheet s JOIN tournaments_table t ON t.id = s.table_id "
            "JOIN tournaments_round r ON r.id = t.round_id "
            "JOIN tournaments_contest c ON c.id = r.contest_id WHERE c.season_id = %s",
            [season_id],
        )
        cursor.fetchall()
        cursor.execute("UPDATE tournaments_season SET name = name WHERE id = %s", [season_id])
    assert rows


def time_rebuilds(season_id: int, repeat: int) -> tuple[float, float, int]:
    from seasons.models import SeasonSnapshot
    from seasons.standings.rebuild import rebuild_season

    best, floor, queries = float("inf"), float("inf"), 0
    for _ in range(repeat):
        SeasonSnapshot.objects.filter(season_id=season_id).delete()
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            outcome = rebuild_season(season_id)
            best = min(best, time.perf_counter() - start)
        assert outcome.status == "built", outcome
        queries = len(ctx.captured_queries)
        start = time.perf_counter()
        _floor(season_id)
        floor = min(floor, time.perf_counter() - start)
    snapshot = SeasonSnapshot.objects.get(season_id=season_id)
    assert snapshot.error == "" and len(snapshot.rows) > 0, snapshot.error
    return best, floor, queries
