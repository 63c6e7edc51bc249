"""Correcting a deal through the pages, at the table and as the organiser (one shared flow).

The history tests check what a correction writes; these check what each kind of refusal
answers: the engine's or the game's reason stays on the form with what was typed, a stale form
shows the sheet's current state, and nothing is written in either case.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client

from scoring import services
from scoring.adapters import DealFacts
from scoring.models import DealCorrection, DealRecord
from tests.conftest import PASSWORD
from tests.scoring.conftest import (
    _entries,
    deal_data,
    hidden_value,
    make_contest,
    make_round,
    organiser_url,
    page_text,
    table_url,
)
from tests.scoring.helpers import play_deals


@pytest.fixture
def race_sheet(club: Any) -> Any:
    """A game to 250 points: two deals of 100 to A leave it at 200, still in play."""
    contest = make_contest(club, "club_contest", "course", game_end="target", target=250)
    a, b = _entries(contest, club, 2)
    return services.sheet_of_table(make_round(contest, 1, [(a, b)]).tables.get())


def _organiser_client(organiser: Any) -> Client:
    client = Client()
    client.login(username=organiser.username, password=PASSWORD)
    return client


def _unchanged(sheet: Any, totals: tuple[int, int]) -> bool:
    sheet.refresh_from_db()
    return (sheet.total_a, sheet.total_b) == totals and not DealCorrection.objects.filter(
        sheet=sheet
    ).exists()


@pytest.mark.django_db
def test_organiser_correction_ending_the_game_earlier_stays_on_the_form(
    race_sheet: Any, organiser: Any
) -> None:
    play_deals(race_sheet, 2)
    totals = (race_sheet.total_a, race_sheet.total_b)
    # A capot on deal 1 (252) would end the game there, before deal 2.
    data = deal_data(race_sheet, taker_points="162", capot_team="a", reason="capot oublié")
    response = _organiser_client(organiser).post(
        organiser_url(race_sheet, "sheet_correct", number=1), data
    )
    assert response.status_code == 409
    page = page_text(response)
    assert "la partie se termine à la donne 1" in page
    # What was typed is still there: the capot radio checked, the reason kept.
    capot_a = re.search(r'<input type="radio" name="capot_team" value="a"[^>]*>', page)
    assert capot_a is not None and "checked" in capot_a.group(0)
    assert 'name="reason" id="id_reason" maxlength="300" value="capot oublié"' in page
    assert _unchanged(race_sheet, totals)
    assert DealRecord.objects.get(sheet=race_sheet, number=1).capot_team == ""


@pytest.mark.django_db
def test_table_correction_page_is_filled_in_and_previews_without_saving(
    phone: Client, sheet: Any
) -> None:
    play_deals(sheet, 3, taker_points=120)
    totals = (sheet.total_a, sheet.total_b)
    page = page_text(phone.get(table_url(sheet, "correct", number=3)))
    assert "Table 1 · partie 1" in page  # which table, on a phone passed around
    assert hidden_value(page, "version") == str(sheet.version)
    assert 'name="taker_points" value="120"' in page
    data = deal_data(sheet, taker_points="60", action="preview")
    response = phone.post(table_url(sheet, "correct", number=3), data)
    assert response.status_code == 200
    # Taker A is "dedans" with 60: the 162 go to B, shown but not written.
    assert "dedans" in page_text(response).lower()
    assert _unchanged(sheet, totals)
    assert DealRecord.objects.get(sheet=sheet, number=3).taker_points == 120


@pytest.mark.django_db
def test_stale_correction_shows_the_sheet_as_it_is_now(
    phone: Client, sheet: Any, organiser: Any
) -> None:
    play_deals(sheet, 3)
    stale = deal_data(sheet, taker_points="50")
    # Meanwhile the other phone corrected deal 3 to 130.
    services.correct_deal(
        sheet.pk,
        3,
        DealFacts(taker="a", trump="hearts", taker_points=130),
        version=sheet.version,
        client_id=uuid.uuid4(),
    )
    sheet.refresh_from_db()
    for client, url in (
        (phone, table_url(sheet, "correct", number=3)),
        (_organiser_client(organiser), organiser_url(sheet, "sheet_correct", number=3)),
    ):
        response = client.post(url, {**stale, "client_id": str(uuid.uuid4())})
        assert response.status_code == 409
        page = page_text(response)
        assert "Cette feuille a changé" in page
        # The sheet's page, with its current version for the next form.
        assert hidden_value(page, "version") == str(sheet.version)
    assert DealRecord.objects.get(sheet=sheet, number=3).taker_points == 130
    assert DealCorrection.objects.filter(sheet=sheet).count() == 1


@pytest.mark.django_db
def test_table_cannot_correct_an_earlier_deal_nor_use_another_method(
    phone: Client, sheet: Any
) -> None:
    play_deals(sheet, 3)
    response = phone.post(table_url(sheet, "correct", number=2), deal_data(sheet))
    assert response.status_code == 302
    assert "Seule la dernière donne" in page_text(phone.get(response["Location"]))
    assert phone.put(table_url(sheet, "correct", number=3)).status_code == 405
    assert not DealCorrection.objects.filter(sheet=sheet).exists()
