"""The deal's one write path: the link lookup gives what the ORM gives, the sheet is locked
for the transaction, a stale form is refused and a re-sent form recorded once."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.http import Http404
from django.test.utils import CaptureQueriesContext

from scoring import access, services
from scoring.adapters import DealFacts
from scoring.models import DealRecord, ScoreSheet
from scoring.services.common import lock

FACTS = DealFacts(taker="a", trump="hearts", taker_points=100)


@pytest.mark.django_db
@pytest.mark.parametrize("related", [access.SHEET_RELATED, access.WRITE_RELATED])
def test_link_lookup_matches_the_orm(sheet: Any, related: tuple[str, ...]) -> None:
    table = sheet.table
    found = access.sheet_for_link(sheet.token, table.round.number, table.number, related=related)
    expected = ScoreSheet.objects.select_related(*related).get(pk=sheet.pk)
    assert found.pk == sheet.pk and found.token == sheet.token
    assert found.table.round.contest.ruleset == expected.table.round.contest.ruleset
    assert found.table.round.status == expected.table.round.status
    if related is access.SHEET_RELATED:
        assert found.table.entry_a.player1.pk == expected.table.entry_a.player1.pk
    # The round's pairing report is left in the database (read only if asked for).
    assert found.table.round.get_deferred_fields() == {"report"}
    assert not found.get_deferred_fields() and not found.table.round.contest.get_deferred_fields()
    expected.table.round.report = [{"table": 1, "why": "premier tirage"}]
    expected.table.round.save(update_fields=["report"])
    assert found.table.round.report == [{"table": 1, "why": "premier tirage"}]


@pytest.mark.django_db
@pytest.mark.parametrize("numbers", [(1, 2), (2, 1), (-1, 1), (1, 2**40), (2**40, 1)])
def test_link_lookup_refuses_other_numbers(sheet: Any, numbers: tuple[int, int]) -> None:
    with pytest.raises(Http404):
        access.sheet_for_link(sheet.token, *numbers)
    with pytest.raises(Http404):
        access.sheet_for_link(sheet.token + "x", 1, 1)


@pytest.mark.django_db(transaction=True)
def test_lock_needs_a_transaction(sheet: Any) -> None:
    if not connection.features.has_select_for_update:
        pytest.skip("no row locks on this database")
    with pytest.raises(TransactionManagementError):
        lock(sheet.pk)
    with transaction.atomic():
        assert lock(sheet.pk).pk == sheet.pk


@pytest.mark.django_db
def test_a_deal_locks_the_sheet_then_saves_it_and_inserts_the_deal(sheet: ScoreSheet) -> None:
    with CaptureQueriesContext(connection) as queries:
        written = services.record_deal(sheet.pk, FACTS, version=0, client_id=uuid.uuid4())
    sql = [q["sql"] for q in queries]
    locked = [
        s for s in sql if s.lstrip().upper().startswith("SELECT") and "scoring_scoresheet" in s
    ]
    assert locked, sql
    if connection.features.has_select_for_update:
        assert "FOR UPDATE" in locked[0]
    assert (
        sum(s.lstrip().upper().startswith("UPDATE") and "scoring_scoresheet" in s for s in sql) == 1
    )
    stored = ScoreSheet.objects.get(pk=sheet.pk)
    assert (stored.version, stored.deal_count) == (1, 1)
    assert written.deal is not None
    assert (stored.total_a, stored.total_b) == (written.deal.score_a, written.deal.score_b)
    assert stored.started_at is not None
    assert written.sheet.version == 1 and written.created


@pytest.mark.django_db
def test_sheet_changed_since_the_read_is_refused_as_stale(sheet: ScoreSheet) -> None:
    # Two phones read version 0; the first records, the second is told the sheet changed.
    services.record_deal(sheet.pk, FACTS, version=0, client_id=uuid.uuid4())
    with pytest.raises(services.StaleSheet) as refused:
        services.record_deal(
            sheet.pk,
            DealFacts(taker="b", trump="clubs", taker_points=120),
            version=0,
            client_id=uuid.uuid4(),
        )
    assert refused.value.sheet.version == 1  # "here is its state"
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
    assert ScoreSheet.objects.get(pk=sheet.pk).version == 1


@pytest.mark.django_db
def test_form_sent_twice_from_a_stale_read_is_recorded_once(sheet: ScoreSheet) -> None:
    client_id = uuid.uuid4()
    first = services.record_deal(sheet.pk, FACTS, version=0, client_id=client_id)
    again = services.record_deal(sheet.pk, FACTS, version=0, client_id=client_id)
    assert first.created and not again.created
    assert again.deal is not None and first.deal is not None
    assert again.deal.pk == first.deal.pk
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
    assert ScoreSheet.objects.get(pk=sheet.pk).version == 1


@pytest.mark.django_db(transaction=True)
def test_client_id_resent_with_the_current_version_is_still_one_deal(sheet: Any) -> None:
    client_id = uuid.uuid4()
    first = services.record_deal(sheet.pk, FACTS, version=0, client_id=client_id)
    again = services.record_deal(sheet.pk, FACTS, version=1, client_id=client_id)
    assert first.created and not again.created
    assert again.deal is not None and first.deal is not None
    assert again.deal.pk == first.deal.pk
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
    sheet.refresh_from_db()
    assert (sheet.version, sheet.deal_count, sheet.total_a) == (1, 1, first.sheet.total_a)


@pytest.mark.django_db
def test_closed_round_refuses_the_deal(sheet: ScoreSheet) -> None:
    round_ = sheet.table.round
    round_.status = "closed"
    round_.save(update_fields=["status"])
    with pytest.raises(services.ServiceError) as refused:
        services.record_deal(sheet.pk, FACTS, version=0, client_id=uuid.uuid4())
    assert refused.value.code == "round_closed"
    assert not DealRecord.objects.filter(sheet=sheet).exists()
