"""tournaments.dbwrite saves rows exactly as the ORM's save() would (the hot path's writes)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import DealRecord, ScoreSheet
from tournaments import dbwrite
from tournaments.models import AuditEvent

pytestmark = pytest.mark.django_db


def _row(model: Any, pk: int) -> dict[str, Any]:
    return model.objects.filter(pk=pk).values().get()


def test_insert_stores_what_create_stores(contest: Any) -> None:
    fields = {
        "contest_id": contest.pk,
        "actor_label": "table 3 (lien de table abc)",
        "action": "deal.record",
        "target_type": "dealrecord",
        "target_id": 41,
        "target_repr": "Donne 4",
        "before": None,
        "after": {"number": 4, "scores": [120, 42], "trump": "cœur"},
    }
    fast = dbwrite.insert(AuditEvent(**fields))
    orm = AuditEvent.objects.create(**fields)

    assert fast.pk is not None and fast.pk != orm.pk
    assert not fast._state.adding
    stored, expected = _row(AuditEvent, fast.pk), _row(AuditEvent, orm.pk)
    assert stored["created_at"] is not None  # auto_now_add held
    for row in (stored, expected):
        row.pop("id")
        row.pop("created_at")
    assert stored == expected
    assert stored["after"] == {"number": 4, "scores": [120, 42], "trump": "cœur"}


def test_insert_of_a_deal_keeps_uuid_json_and_foreign_key(sheet: ScoreSheet) -> None:
    client_id = uuid.uuid4()
    deal = dbwrite.insert(
        DealRecord(
            sheet=sheet,
            number=1,
            taker="a",
            trump="hearts",
            taker_points=100,
            score_a=100,
            score_b=62,
            running_a=100,
            running_b=62,
            breakdown=[{"label": "Contrat rempli", "a": 100, "b": 62}],
            client_id=client_id,
        )
    )
    again = DealRecord.objects.get(pk=deal.pk)
    assert (again.sheet_id, again.client_id, again.breakdown) == (
        sheet.pk,
        client_id,
        [{"label": "Contrat rempli", "a": 100, "b": 62}],
    )
    assert again.entered_at is not None


def test_update_writes_only_the_named_fields_and_auto_now(sheet: ScoreSheet) -> None:
    before = ScoreSheet.objects.get(pk=sheet.pk)
    sheet.total_a, sheet.total_b, sheet.version = 120, 42, before.version + 1
    sheet.dispute_note = "not written: not named"
    with CaptureQueriesContext(connection) as queries:
        dbwrite.update(sheet, ["total_a", "total_b", "version", "updated_at"])
    assert len(queries) == 1
    after = ScoreSheet.objects.get(pk=sheet.pk)
    assert (after.total_a, after.total_b, after.version) == (120, 42, before.version + 1)
    assert after.dispute_note == before.dispute_note
    assert after.updated_at > before.updated_at


def test_update_of_a_missing_row_raises(sheet: ScoreSheet) -> None:
    ScoreSheet.objects.filter(pk=sheet.pk).delete()
    with pytest.raises(ScoreSheet.DoesNotExist):
        dbwrite.update(sheet, ["total_a"])


def test_update_with_expected_values_is_a_compare_and_set(sheet: ScoreSheet) -> None:
    read_version = ScoreSheet.objects.get(pk=sheet.pk).version
    sheet.total_a, sheet.version = 99, read_version + 1
    assert dbwrite.update(sheet, ["total_a", "version"], expect={"version": read_version})
    stored = ScoreSheet.objects.get(pk=sheet.pk)
    assert (stored.total_a, stored.version) == (99, read_version + 1)

    # Same expectation again: the row moved on, nothing is written and no error is raised.
    sheet.total_a, sheet.version = 5, read_version + 1
    assert not dbwrite.update(sheet, ["total_a", "version"], expect={"version": read_version})
    stored = ScoreSheet.objects.get(pk=sheet.pk)
    assert (stored.total_a, stored.version) == (99, read_version + 1)


def test_update_with_expected_values_of_a_missing_row_answers_false(sheet: ScoreSheet) -> None:
    ScoreSheet.objects.filter(pk=sheet.pk).delete()
    assert not dbwrite.update(sheet, ["total_a"], expect={"version": sheet.version})


def test_increment_does_what_an_f_update_does(contest: Any) -> None:
    import datetime

    from django.db.models import F
    from django.utils import timezone

    from standings.models import StandingsState

    state = StandingsState.objects.create(contest=contest, results_version=7)
    at = timezone.now() - datetime.timedelta(minutes=3)
    with CaptureQueriesContext(connection) as queries:
        updated = dbwrite.increment(
            StandingsState,
            "results_version",
            where={"contest_id": contest.pk},
            values={"results_changed_at": at},
        )
    assert updated == 1 and len(queries) == 1
    state.refresh_from_db()
    assert (state.results_version, state.results_changed_at) == (8, at)
    StandingsState.objects.filter(pk=state.pk).update(results_version=F("results_version") + 1)
    state.refresh_from_db()
    assert state.results_version == 9  # same column, same counting
    assert dbwrite.increment(StandingsState, "results_version", where={"contest_id": 0}) == 0
