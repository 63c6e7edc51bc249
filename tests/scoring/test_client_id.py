"""A re-sent form (same client id) never adds a second deal."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from scoring import services
from scoring.adapters import DealFacts
from scoring.models import DealRecord
from tests.scoring.conftest import deal_data, page_text, table_url


@pytest.mark.django_db
def test_same_post_twice_records_one_deal(client: Any, sheet: Any) -> None:
    data = deal_data(sheet)
    first = client.post(table_url(sheet, "deal"), data)
    again = client.post(table_url(sheet, "deal"), data)
    assert first.status_code == again.status_code == 302
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
    page = page_text(client.get(again["Location"]))
    assert "déjà enregistrée" in page
    sheet.refresh_from_db()
    assert sheet.version == 1 and sheet.total_a == 100


@pytest.mark.django_db
def test_resent_last_deal_of_a_finished_game_is_harmless(client: Any, sheet: Any) -> None:
    for _ in range(11):
        client.post(table_url(sheet, "deal"), deal_data(sheet))
    last = deal_data(sheet)
    assert client.post(table_url(sheet, "deal"), last).status_code == 302
    assert client.post(table_url(sheet, "deal"), last).status_code == 302
    assert DealRecord.objects.filter(sheet=sheet).count() == 12


@pytest.mark.django_db
def test_service_returns_the_existing_deal(sheet: Any) -> None:
    client_id = uuid.uuid4()
    facts = DealFacts(taker="a", taker_points=90)
    first = services.record_deal(sheet.pk, facts, version=0, client_id=client_id)
    second = services.record_deal(sheet.pk, facts, version=0, client_id=client_id)
    assert first.created and not second.created
    assert first.deal is not None and second.deal is not None
    assert second.deal.pk == first.deal.pk


@pytest.mark.django_db
def test_a_deal_removed_is_not_added_back_by_its_resent_form(client: Any, sheet: Any) -> None:
    data = deal_data(sheet)
    client.post(table_url(sheet, "deal"), data)
    sheet.refresh_from_db()
    client.post(
        table_url(sheet, "delete"), {"version": sheet.version, "client_id": str(uuid.uuid4())}
    )
    assert DealRecord.objects.filter(sheet=sheet).count() == 0
    sheet.refresh_from_db()
    data["version"] = sheet.version
    response = client.post(table_url(sheet, "deal"), data)
    assert response.status_code == 409
    assert "supprimée" in page_text(response)
    assert DealRecord.objects.filter(sheet=sheet).count() == 0
