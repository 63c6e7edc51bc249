"""Several phones on one table's match at once (PostgreSQL): across the games' boundaries no
deal is lost, duplicated or put in the wrong game.

Threads post deals through the service the views use, each with its own client id, some sent
twice (bad Wi-Fi); a stale version is retried with the fresh one. The match is three games of
ten deals, all played: every thread's deals land somewhere in the thirty, and the sheet must
hold them once each, numbered 1..30, games 1, 2 and 3 of ten deals each, every game's running
totals from zero, and the match's totals the sum of its games.
"""

from __future__ import annotations

import random
import threading
import uuid
from typing import Any

import pytest
from django.db import connection, connections

from scoring import services
from scoring.adapters import DealFacts
from scoring.models import DealRecord, ScoreSheet

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 6
DEALS_PER_THREAD = 5


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks); CI runs this suite again with DATABASE_URL")


def _worker(
    sheet_id: int, seed: int, accepted: dict[str, int], errors: list[BaseException]
) -> None:
    rng = random.Random(seed)
    try:
        for _ in range(DEALS_PER_THREAD):
            client_id = uuid.uuid4()
            facts = DealFacts(
                taker=rng.choice("ab"), trump="hearts", taker_points=rng.randint(82, 162)
            )
            for _ in range(2 if rng.random() < 0.4 else 1):
                while True:
                    version = ScoreSheet.objects.values_list("version", flat=True).get(pk=sheet_id)
                    try:
                        written = services.record_deal(
                            sheet_id, facts, version=version, client_id=client_id, device=f"t{seed}"
                        )
                    except services.StaleSheet:
                        continue
                    assert written.deal is not None
                    accepted[str(client_id)] = written.deal.number
                    break
    except BaseException as exc:  # reported to the main thread
        errors.append(exc)
    finally:
        connections.close_all()


def test_phones_racing_across_the_games_keep_every_deal_in_its_game(
    contest: Any, club: Any
) -> None:
    from engine.belote.rules import make_ruleset
    from tests.scoring.conftest import _entries, make_round

    contest.ruleset = make_ruleset(
        "club_contest", deals_per_game=10, match_games=3, match_format="all_games"
    ).to_json()
    contest.save()
    a, b = _entries(contest, club, 2)
    sheet = services.sheet_of_table(make_round(contest, 1, [(a, b)]).tables.get())
    accepted: dict[str, int] = {}
    errors: list[BaseException] = []
    threads = [
        threading.Thread(target=_worker, args=(sheet.pk, seed, accepted, errors))
        for seed in range(THREADS)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    deals = list(DealRecord.objects.filter(sheet=sheet).order_by("number"))
    assert len(accepted) == THREADS * DEALS_PER_THREAD == len(deals)
    assert {str(d.client_id): d.number for d in deals} == accepted
    assert [d.number for d in deals] == list(range(1, 31))
    assert [d.game for d in deals] == [1] * 10 + [2] * 10 + [3] * 10
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.FINISHED and len(sheet.games) == 3
    for number, game in enumerate(sheet.games, start=1):
        in_game = [d for d in deals if d.game == number]
        running_a = running_b = 0
        for d in in_game:
            running_a, running_b = running_a + d.score_a, running_b + d.score_b
            assert (d.running_a, d.running_b) == (running_a, running_b)
        assert (game["a"], game["b"]) == (running_a, running_b)
    assert sheet.total_a == sum(d.score_a for d in deals)
    assert sheet.total_b == sum(d.score_b for d in deals)
    assert sheet.version == len(deals)
