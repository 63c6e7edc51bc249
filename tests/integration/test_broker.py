"""Standings rebuilt by a real Celery worker through a real Redis broker."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from django.db import transaction

from standings import events, tasks
from standings import services as standings
from tests.standings.factory import played_contest

pytestmark = [pytest.mark.broker, pytest.mark.django_db(transaction=True)]

T = TypeVar("T")
TIMEOUT = 30.0


def wait_for(check: Callable[[], T | None], what: str) -> T:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"the worker did not {what} within {TIMEOUT:.0f} s")


def _expected_rows(contest: Any) -> list[tuple[int, int, int]]:
    from scoring.adapters import finished_results
    from standings.services import _entry_infos, compute_rows

    results = finished_results(contest.pk)
    rows = compute_rows(contest, _entry_infos(contest.pk), results, [2])[2]
    return [(r["number"], r["rank"], r["points_for"]) for r in rows]


def test_rebuild_sent_through_the_broker(club: Any) -> None:
    contest = played_contest(club, teams=10, rounds=2, slug="integration-delay")
    events.mark_stale(contest.pk)
    tasks.rebuild_standings.delay(contest.pk)
    snapshot = wait_for(lambda: standings.live_snapshot(contest.pk), "store the snapshot")
    assert snapshot.as_of_round == 2 and snapshot.results_count == 10
    assert [(r["number"], r["rank"], r["points_for"]) for r in snapshot.rows] == _expected_rows(
        contest
    )
    assert not standings.is_stale(contest.pk)


def test_results_changed_queues_on_commit(club: Any) -> None:
    contest = played_contest(club, teams=6, rounds=2, slug="integration-commit")
    started = time.monotonic()
    with transaction.atomic():
        events.results_changed(contest.pk)
    assert time.monotonic() - started < 2.0  # sending never holds score entry up

    def built() -> bool:
        snapshot = standings.live_snapshot(contest.pk)
        return snapshot is not None and snapshot.source_version == 1

    wait_for(built, "rebuild after the commit")
    assert standings.live_snapshot(contest.pk).results_count == 6


def test_periodic_reconciliation_through_the_broker(club: Any) -> None:
    contest = played_contest(club, teams=4, rounds=1, slug="integration-reconcile")
    events.mark_stale(contest.pk)  # a change whose rebuild was never queued (broker was down)
    tasks.reconcile_standings.delay()
    wait_for(lambda: standings.live_snapshot(contest.pk), "reconcile the stale contest")
    assert not standings.is_stale(contest.pk)
