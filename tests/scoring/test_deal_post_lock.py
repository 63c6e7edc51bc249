"""The deal POST reads its sheet once: the table link's lookup locks the row, in the write's
transaction; the link's checks still refuse before anything is written."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from scoring import access, services
from scoring.adapters import DealFacts
from scoring.models import DealRecord, ScoreSheet
from tests.scoring.conftest import deal_data, page_text, table_url


def _sheet_selects(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith("SELECT")
        and 'FROM "scoring_scoresheet"' in q["sql"]
    ]


@pytest.mark.django_db
def test_a_deal_post_reads_the_sheet_once_and_locks_it(client: Any, sheet: ScoreSheet) -> None:
    data = deal_data(sheet)
    url = table_url(sheet, "deal")
    with CaptureQueriesContext(connection) as queries:
        response = client.post(url, data)
    assert response.status_code == 302
    selects = _sheet_selects(queries)
    assert len(selects) == 1, selects
    if connection.features.has_select_for_update_of:
        assert "FOR UPDATE OF" in selects[0]
    stored = ScoreSheet.objects.get(pk=sheet.pk)
    assert (stored.version, stored.deal_count) == (1, 1)


@pytest.mark.django_db
def test_the_preview_reads_without_locking(client: Any, sheet: ScoreSheet) -> None:
    data = {**deal_data(sheet), "action": "preview"}
    with CaptureQueriesContext(connection) as queries:
        response = client.post(table_url(sheet, "deal"), data)
    assert response.status_code == 200
    selects = _sheet_selects(queries)
    assert selects and "FOR UPDATE" not in selects[0]
    assert not DealRecord.objects.filter(sheet=sheet).exists()


@pytest.mark.django_db
def test_a_renewed_link_is_refused_before_anything_is_written(
    client: Any, sheet: ScoreSheet
) -> None:
    data = deal_data(sheet)
    url = table_url(sheet, "deal")
    services.regenerate_token(sheet.pk)
    version = ScoreSheet.objects.get(pk=sheet.pk).version
    assert client.post(url, data).status_code == 404
    assert not DealRecord.objects.filter(sheet=sheet).exists()
    assert ScoreSheet.objects.get(pk=sheet.pk).version == version


@pytest.mark.django_db
def test_another_sheets_link_is_refused(
    client: Any, sheet: ScoreSheet, other_sheet: ScoreSheet
) -> None:
    # The token of one table with the number of another: neither sheet takes the deal.
    url = table_url(sheet, "deal").replace(
        f"/t{sheet.table.number}/", f"/t{other_sheet.table.number}/"
    )
    assert client.post(url, deal_data(sheet)).status_code == 404
    assert not DealRecord.objects.filter(sheet__in=[sheet, other_sheet]).exists()


@pytest.mark.django_db
def test_a_form_resent_with_the_current_version_is_answered_as_recorded(
    client: Any, sheet: ScoreSheet
) -> None:
    # The unique (sheet, client_id) backstop, answered by the view once out of its transaction.
    data = deal_data(sheet)
    assert client.post(table_url(sheet, "deal"), data).status_code == 302
    again = client.post(table_url(sheet, "deal"), {**data, "version": 1})
    assert again.status_code == 302
    assert "déjà enregistrée" in page_text(client.get(again["Location"]))
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
    assert ScoreSheet.objects.get(pk=sheet.pk).version == 1


@pytest.mark.django_db(transaction=True)
def test_the_locked_write_needs_the_callers_transaction(sheet: ScoreSheet) -> None:
    facts = DealFacts(taker="a", trump="hearts", taker_points=100)
    with pytest.raises(TransactionManagementError):
        services.record_deal_locked(sheet, facts, version=0, client_id=uuid.uuid4())
    assert not DealRecord.objects.filter(sheet=sheet).exists()
    table = sheet.table
    with transaction.atomic():
        locked = access.sheet_for_link(
            sheet.token, table.round.number, table.number, related=access.WRITE_RELATED, lock=True
        )
        written = services.record_deal_locked(locked, facts, version=0, client_id=uuid.uuid4())
    assert written.created and written.sheet.version == 1


@pytest.mark.django_db(transaction=True)
def test_the_locking_lookup_needs_a_transaction(sheet: ScoreSheet) -> None:
    if not connection.features.has_select_for_update:
        pytest.skip("no row locks on this database")
    table = sheet.table
    with pytest.raises(TransactionManagementError):
        access.sheet_for_link(sheet.token, table.round.number, table.number, lock=True)
