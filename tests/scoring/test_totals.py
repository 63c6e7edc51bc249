"""Paper sheets entered as two totals, with the table check (N × 162 + belotes + capots)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scoring.models import ScoreSheet, TotalsResult
from tests.conftest import PASSWORD
from tests.scoring.conftest import organiser_url, page_text


def _post(client: Any, sheet: Any, **fields: Any) -> Any:
    sheet.refresh_from_db()
    data = {"version": sheet.version, "deals_played": 12, "belotes": 0, "capots": 0, **fields}
    return client.post(organiser_url(sheet, "sheet_totals"), data)


@pytest.fixture
def orga(organiser: Any) -> Client:
    client = Client()
    client.login(username=organiser.username, password=PASSWORD)
    return client


@pytest.mark.django_db
def test_consistent_totals_are_saved_and_confirmed(orga: Client, sheet: Any) -> None:
    # 12 × 162 + 2 belotes (40) + 1 capot bonus (90) = 2074.
    response = _post(orga, sheet, total_a=1100, total_b=974, belotes=2, capots=1)
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.kind == ScoreSheet.Kind.TOTALS and sheet.status == ScoreSheet.Status.CONFIRMED
    assert (sheet.total_a, sheet.total_b, sheet.winner) == (1100, 974, "a")
    assert TotalsResult.objects.get(sheet=sheet).check_ok


@pytest.mark.django_db
def test_inconsistent_totals_name_the_likely_cause_and_can_be_saved_to_verify(
    orga: Client, sheet: Any
) -> None:
    # One belote announced but its 20 points missing from the sum.
    response = _post(orga, sheet, total_a=1000, total_b=944, belotes=1)
    assert response.status_code == 400
    text = page_text(response)
    assert "Les totaux ne concordent pas" in text and "belote oubliée" in text
    assert "1944" in text and "1964" in text
    assert not TotalsResult.objects.exists()
    response = _post(orga, sheet, total_a=1000, total_b=944, belotes=1, force="on")
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.TO_VERIFY
    assert "belote oubliée" in sheet.check_note
    totals = TotalsResult.objects.get(sheet=sheet)
    assert not totals.check_ok and totals.check_code == "belote"


@pytest.mark.django_db
def test_changing_totals_keeps_history(orga: Client, sheet: Any) -> None:
    _post(orga, sheet, total_a=1000, total_b=944)
    _post(orga, sheet, total_a=1010, total_b=934)
    sheet.refresh_from_db()
    assert (sheet.total_a, sheet.total_b) == (1010, 934)
    correction = sheet.corrections.get()
    assert correction.before["total_a"] == 1000 and correction.after["total_a"] == 1010


@pytest.mark.django_db
def test_bad_totals_get_french_errors(orga: Client, sheet: Any) -> None:
    response = _post(orga, sheet, total_a="mille", total_b=-3, belotes=99, deals_played=12)
    assert response.status_code == 400
    text = page_text(response)
    assert "Saisissez un nombre entier" in text
    assert "Au plus une belote par donne" in text
    assert not TotalsResult.objects.exists()


@pytest.mark.django_db
def test_contree_totals_are_saved_without_table_check(orga: Client, contree_sheet: Any) -> None:
    # The "N × 162" check means nothing with contracts and rounding: saved and confirmed.
    response = _post(orga, contree_sheet, total_a=2010, total_b=1230)
    assert response.status_code == 302
    contree_sheet.refresh_from_db()
    assert contree_sheet.status == ScoreSheet.Status.CONFIRMED
    assert TotalsResult.objects.get(sheet=contree_sheet).check_ok
