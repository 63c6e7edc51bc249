"""The other team confirms on its own phone, enforced on the server (issue 13, item 5).

The phone that enters a sheet's first deal is bound to the sheet; a confirmation at the table
from that phone, from the phone of the last deal, or from a phone that sends no device id (its
cookie dropped) is refused with a French message. The device cookie is ``Secure`` under HTTPS.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, override_settings

from scoring.models import ScoreSheet
from scoring.sheet.views import DEVICE_COOKIE
from tests.scoring.conftest import deal_data, page_text, table_url


def _phone(device: str | None) -> Client:
    client = Client()
    if device is not None:
        client.cookies[DEVICE_COOKIE] = device
    return client


def _enter(phone: Client, sheet: Any, count: int) -> None:
    for _ in range(count):
        assert phone.post(table_url(sheet, "deal"), deal_data(sheet)).status_code == 302


def _confirm(phone: Client, sheet: Any, team: str = "b") -> Any:
    sheet.refresh_from_db()
    return phone.post(table_url(sheet, "confirm"), {"version": sheet.version, "team": team})


@pytest.mark.django_db
def test_cookieless_self_confirmation_is_refused(sheet: Any) -> None:
    _enter(_phone("phone-a"), sheet, 12)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.FINISHED and sheet.entry_device == "phone-a"
    # The same phone, its cookie dropped, confirms "as team B".
    response = _confirm(_phone(None), sheet)
    assert response.status_code == 409
    assert "téléphone de l'autre équipe" in page_text(response)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.FINISHED and sheet.confirmed_at is None


@pytest.mark.django_db
def test_the_phone_of_the_first_deal_is_bound_and_cannot_confirm(sheet: Any) -> None:
    _enter(_phone("phone-a"), sheet, 1)
    sheet.refresh_from_db()
    assert sheet.entry_device == "phone-a"
    _enter(_phone("phone-c"), sheet, 11)  # another phone enters the rest
    sheet.refresh_from_db()
    assert sheet.entry_device == "phone-a"  # bound once, at the first deal
    for device in ("phone-a", "phone-c"):
        response = _confirm(_phone(device), sheet)
        assert response.status_code == 409, device
        assert "l'autre équipe" in page_text(response)
    assert _confirm(_phone("phone-b"), sheet).status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED and sheet.confirmed_by_team == "b"


@pytest.mark.django_db
def test_a_sheet_entered_without_cookies_still_needs_a_confirming_device(sheet: Any) -> None:
    _enter(_phone(None), sheet, 12)
    sheet.refresh_from_db()
    assert sheet.entry_device == ""
    assert _confirm(_phone(None), sheet).status_code == 409
    assert _confirm(_phone("phone-b"), sheet).status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("https", [True, False])
def test_device_cookie_is_secure_under_https(sheet: Any, https: bool) -> None:
    with override_settings(SESSION_COOKIE_SECURE=https):
        response = Client().get(table_url(sheet))
    cookie = response.cookies[DEVICE_COOKIE]
    assert cookie.value and cookie["httponly"]
    assert bool(cookie["secure"]) is https
    secure_request = Client().get(table_url(sheet), secure=True)
    assert secure_request.cookies[DEVICE_COOKIE]["secure"]
