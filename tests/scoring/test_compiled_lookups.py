"""The deal POST's compiled lookups give what the ORM gives, and the fast client-id path."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.http import Http404

from scoring import access, services
from scoring.adapters import DealFacts
from scoring.models import DealRecord, ScoreSheet


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
        services._lock(sheet.pk)
    with transaction.atomic():
        assert services._lock(sheet.pk).pk == sheet.pk


@pytest.mark.django_db(transaction=True)
def test_client_id_resent_with_the_current_version_is_still_one_deal(sheet: Any) -> None:
    """The pre-check is skipped for a form of the current version: the constraint answers."""
    client_id = uuid.uuid4()
    facts = DealFacts(taker="a", trump="hearts", taker_points=100)
    first = services.record_deal(sheet.pk, facts, version=0, client_id=client_id)
    again = services.record_deal(sheet.pk, facts, version=1, client_id=client_id)
    assert first.created and not again.created
    assert again.deal is not None and first.deal is not None
    assert again.deal.pk == first.deal.pk
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
    sheet.refresh_from_db()
    assert (sheet.version, sheet.deal_count, sheet.total_a) == (1, 1, first.sheet.total_a)
