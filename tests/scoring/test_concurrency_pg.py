"""Several phones on one table at once (PostgreSQL): no deal lost, duplicated or reordered.

Threads post deals through the service the views use (half of the sends with the version read as
the table view reads the sheet, through its link), each with its own client id, re-sending
some of them (a phone on bad Wi-Fi) and correcting the last deal now and then. Every attempt
that the sheet's version check refuses is retried with the fresh version, like a phone shown
"this sheet changed". At the end the sheet holds exactly the deals that were accepted, once
each, numbered 1..N in the order the lock was taken, with totals equal to the sum of the
deals' scores.
"""

from __future__ import annotations

import random
import threading
import uuid
from typing import Any

import pytest
from django.db import connection, connections

from scoring import access, services
from scoring.adapters import DealFacts
from scoring.models import DealCorrection, DealRecord, ScoreSheet

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 6
DEALS_PER_THREAD = 5


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks); CI runs this suite again with DATABASE_URL")


def _read_as_the_view(sheet_id: int) -> ScoreSheet:
    sheet = ScoreSheet.objects.select_related("table__round").get(pk=sheet_id)
    table = sheet.table
    return access.sheet_for_link(
        sheet.token, table.round.number, table.number, related=access.WRITE_RELATED
    )


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
            sends = 2 if rng.random() < 0.4 else 1  # some forms are sent twice
            for _ in range(sends):
                while True:
                    # Half the sends read the sheet as the table view does (its link), the others
                    # only its version.
                    loaded = _read_as_the_view(sheet_id) if rng.random() < 0.5 else None
                    version = (
                        loaded.version
                        if loaded is not None
                        else ScoreSheet.objects.values_list("version", flat=True).get(pk=sheet_id)
                    )
                    try:
                        written = services.record_deal(
                            sheet_id,
                            facts,
                            version=version,
                            client_id=client_id,
                            device=f"t{seed}",
                        )
                    except services.StaleSheet:
                        continue
                    except services.ServiceError as exc:
                        if exc.code == "sheet_closed":
                            return
                        raise
                    assert written.deal is not None
                    accepted[str(client_id)] = written.deal.number
                    break
            if rng.random() < 0.3:
                # Correct whatever deal is last now (the other phones keep posting).
                while True:
                    sheet = ScoreSheet.objects.get(pk=sheet_id)
                    if sheet.deal_count == 0 or sheet.status != "open":
                        break
                    try:
                        services.correct_deal(
                            sheet_id,
                            sheet.deal_count,
                            DealFacts(taker="a", trump="clubs", taker_points=rng.randint(82, 162)),
                            version=sheet.version,
                            client_id=uuid.uuid4(),
                            device=f"t{seed}",
                        )
                    except services.StaleSheet:
                        continue
                    break
    except BaseException as exc:  # reported to the main thread
        errors.append(exc)
    finally:
        connections.close_all()


def test_phones_posting_at_once_keep_exactly_the_right_deals(contest: Any, club: Any) -> None:
    from engine.belote.rules import make_ruleset
    from tests.scoring.conftest import _entries, make_round

    # A game long enough for every deal: 40 deals.
    contest.ruleset = make_ruleset("club_contest", deals_per_game=40).to_json()
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
    # Exactly one deal per client id, none lost, none duplicated, numbered without gaps.
    assert len(accepted) == THREADS * DEALS_PER_THREAD
    assert sorted(str(d.client_id) for d in deals) == sorted(accepted)
    assert [d.number for d in deals] == list(range(1, len(deals) + 1))
    assert {str(d.client_id): d.number for d in deals} == accepted
    sheet.refresh_from_db()
    assert sheet.deal_count == len(deals)
    # Totals and running totals equal a fresh fold of the stored facts by the engine.
    assert sheet.total_a == sum(d.score_a for d in deals) == deals[-1].running_a
    assert sheet.total_b == sum(d.score_b for d in deals) == deals[-1].running_b
    running_a = running_b = 0
    for d in deals:
        running_a += d.score_a
        running_b += d.score_b
        assert (d.running_a, d.running_b) == (running_a, running_b)
    corrections = DealCorrection.objects.filter(sheet=sheet).count()
    writes = len(deals) + corrections
    assert sheet.version == writes
