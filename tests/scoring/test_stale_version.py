"""A form shown before another write gets "this sheet changed, here is its state"."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.models import DealRecord
from tests.scoring.conftest import deal_data, page_text, table_url


@pytest.mark.django_db
def test_stale_deal_form_is_refused_with_the_current_state(client: Any, sheet: Any) -> None:
    first = deal_data(sheet, taker_points="100")
    second = deal_data(sheet, taker="b", taker_points="120")  # same version, other phone
    assert client.post(table_url(sheet, "deal"), first).status_code == 302
    response = client.post(table_url(sheet, "deal"), second)
    assert response.status_code == 409
    text = page_text(response)
    assert "Cette feuille a changé" in text
    assert 'id="donne-1"' in text  # here is its state: the deal the other phone recorded
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
    # The user's values come back on the current version, ready to be sent again.
    assert 'name="version" value="1"' in text
    assert 'value="120"' in text


@pytest.mark.django_db
def test_stale_delete_is_refused(client: Any, sheet: Any) -> None:
    stale_version = sheet.version
    client.post(table_url(sheet, "deal"), deal_data(sheet))
    response = client.post(
        table_url(sheet, "delete"),
        {"version": stale_version, "client_id": "4c1bd1c5-9f61-4e2b-93f3-8f6b4f1f0b1a"},
    )
    assert response.status_code == 409
    assert DealRecord.objects.filter(sheet=sheet).count() == 1
