"""record_deal's optimistic path: a deal scored on the sheet as the request read it is written
only if the sheet is still at that version, else the locking path answers as before."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import access, services
from scoring.adapters import DealFacts
from scoring.models import DealRecord, ScoreSheet

pytestmark = pytest.mark.django_db

FACTS = DealFacts(taker="a", trump="hearts", taker_points=100)


def _read(sheet: ScoreSheet) -> ScoreSheet:
    """The sheet as the table view reads it (link lookup with table, round and contest)."""
    table = sheet.table
    return access.sheet_for_link(
        sheet.token, table.round.number, table.number, related=access.WRITE_RELATED
    )


def _record(loaded: ScoreSheet, client_id: uuid.UUID, facts: DealFacts = FACTS) -> Any:
    return services.record_deal(
        loaded.pk, facts, version=loaded.version, client_id=client_id, loaded=loaded
    )


def test_unchanged_sheet_is_written_without_reading_it_again(sheet: ScoreSheet) -> None:
    loaded = _read(sheet)
    with CaptureQueriesContext(connection) as queries:
        written = _record(loaded, uuid.uuid4())
    statements = [q["sql"].split()[0].upper() for q in queries]
    # The sheet's UPDATE (which checks the version) and two INSERTs (the deal and its log
    # event): no SELECT of the sheet, locked or not.
    assert sorted(s for s in statements if s in {"SELECT", "UPDATE", "INSERT"}) == [
        "INSERT",
        "INSERT",
        "UPDATE",
    ]
    assert not any("FOR UPDATE" in q["sql"] for q in queries)
    stored = ScoreSheet.objects.get(pk=sheet.pk)
    assert (stored.version, stored.deal_count) == (1, 1)
    assert (stored.total_a, stored.total_b) == (written.deal.score_a, written.deal.score_b)
    assert stored.started_at is not None
    assert written.sheet.version == 1 and written.created


def test_sheet_changed_since_the_read_is_refused_as_stale(sheet: ScoreSheet) -> None:
    phone_1, phone_2 = _read(sheet), _read(sheet)  # both read version 0
    _record(phone_1, uuid.uuid4())
    with pytest.raises(services.StaleSheet) as refused:
        _record(phone_2, uuid.uuid4(), DealFacts(taker="b", trump="clubs", taker_points=120))
    assert refused.value.sheet.version == 1  # "here is its state"
    # The read sheet the view answers with was left as read, not scored with the refused deal.
    assert (phone_2.version, phone_2.deal_count, phone_2.total_a, phone_2.total_b) == (0, 0, 0, 0)
    assert phone_2.started_at is None
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
    assert ScoreSheet.objects.get(pk=sheet.pk).version == 1


def test_form_sent_twice_from_a_stale_read_is_recorded_once(sheet: ScoreSheet) -> None:
    client_id = uuid.uuid4()
    first_read, second_read = _read(sheet), _read(sheet)
    first = _record(first_read, client_id)
    again = _record(second_read, client_id)  # the same form again, read before the first write
    assert first.created and not again.created
    assert again.deal.pk == first.deal.pk
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
    assert ScoreSheet.objects.get(pk=sheet.pk).version == 1


def test_closed_round_refuses_on_the_optimistic_path_too(sheet: ScoreSheet) -> None:
    loaded = _read(sheet)
    loaded.table.round.status = "closed"  # as read after the organiser closed the round
    with pytest.raises(services.ServiceError) as refused:
        _record(loaded, uuid.uuid4())
    assert refused.value.code == "round_closed"
    assert not DealRecord.objects.filter(sheet=sheet).exists()
