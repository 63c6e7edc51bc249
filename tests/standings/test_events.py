"""results_changed: stale mark in the transaction, rebuild on commit, never blocked by the broker."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.db import transaction

from standings import events, tasks
from standings import services as standings
from standings.models import StandingsState
from tests.standings.factory import played_contest

pytestmark = pytest.mark.django_db


def _state(contest: Any) -> StandingsState:
    return StandingsState.objects.get(contest=contest)


def test_rebuild_runs_on_commit_with_eager_celery(
    club: Any, django_capture_on_commit_callbacks: Any
) -> None:
    contest = played_contest(club, teams=6, rounds=1)
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        events.results_changed(contest.pk)
        # Inside the transaction: marked stale, nothing built yet.
        assert _state(contest).results_version == 1
        assert standings.live_snapshot(contest.pk) is None
    # One rebuild queued (the rebuild itself then tells the public pages' cache, on commit).
    assert len([c for c in callbacks if "results_changed" in c.__qualname__]) == 1
    assert _state(contest).results_version == 1
    assert not standings.is_stale(contest.pk)
    assert standings.live_snapshot(contest.pk).results_count == 3


def test_rolled_back_change_marks_nothing(
    club: Any, django_capture_on_commit_callbacks: Any
) -> None:
    contest = played_contest(club, teams=4, rounds=1)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        events.results_changed(contest.pk)
        raise RuntimeError("the deal was refused")
    assert callbacks == []
    assert not StandingsState.objects.filter(contest=contest, results_version__gt=0).exists()


def test_each_change_bumps_the_version(club: Any) -> None:
    contest = played_contest(club, teams=4, rounds=1)
    for _ in range(3):
        events.mark_stale(contest.pk)
    assert _state(contest).results_version == 3


def test_task_is_idempotent(club: Any) -> None:
    contest = played_contest(club, teams=4, rounds=1)
    events.mark_stale(contest.pk)
    assert tasks.rebuild_standings.apply(args=(contest.pk,)).get() == "built"
    assert tasks.rebuild_standings.apply(args=(contest.pk,)).get() == "up_to_date"
    assert tasks.rebuild_standings.apply(args=(999_999,)).get() == "missing"


def test_eager_failure_is_logged_not_raised(
    club: Any, django_capture_on_commit_callbacks: Any, caplog: Any
) -> None:
    contest = played_contest(club, teams=4, rounds=1)
    with (
        mock.patch("standings.services.rebuild", side_effect=RuntimeError("disk full")),
        django_capture_on_commit_callbacks(execute=True),
        transaction.atomic(),
    ):
        events.results_changed(contest.pk)
    assert standings.is_stale(contest.pk)
    assert "eager rebuild of contest" in caplog.text


def test_burst_of_results_queues_one_rebuild(club: Any, settings: Any) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    contest = played_contest(club, teams=4, rounds=1)
    with mock.patch.object(tasks.rebuild_standings, "apply_async") as send:
        for _ in range(50):
            assert events.queue_rebuild(contest.pk)
        assert send.call_count == 1
        # The task starting releases the mark: a result committed now queues a new rebuild.
        tasks.release_queue_mark(contest.pk)
        events.queue_rebuild(contest.pk)
        assert send.call_count == 2


def test_broker_down_entry_succeeds_fast_then_reconciliation_rebuilds(
    club: Any, broker_down: None, django_capture_on_commit_callbacks: Any, caplog: Any
) -> None:
    contest = played_contest(club, teams=6, rounds=1)
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(20):  # twenty results committed one after the other
            with transaction.atomic():
                events.results_changed(contest.pk)
    # One refused connection, then the breaker: no broker attempt (and timeout) per result.
    assert caplog.text.count("could not queue the rebuild") == 1
    assert caplog.text.count("broker marked down") == 19
    assert _state(contest).results_version == 20 and standings.is_stale(contest.pk)
    assert standings.live_snapshot(contest.pk) is None
    # The broker is back: the periodic reconciliation (run here as the worker would) rebuilds.
    assert tasks.reconcile_standings.apply().get() == 1
    assert not standings.is_stale(contest.pk)
    assert standings.live_snapshot(contest.pk).results_count == 3


def test_breaker_skips_the_broker_for_a_while(club: Any, broker_down: None) -> None:
    contest = played_contest(club, teams=4, rounds=1)
    assert events.queue_rebuild(contest.pk) is False
    assert events.broker_is_backing_off()
    with mock.patch.object(tasks.rebuild_standings, "apply_async") as send:
        assert events.queue_rebuild(contest.pk) is False
        send.assert_not_called()
