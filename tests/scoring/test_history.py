"""Every correction is kept: who, when, before and after, and the organiser sees it."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from scoring import services
from scoring.adapters import DealFacts
from scoring.models import DealCorrection, DealRecord
from tests.conftest import PASSWORD
from tests.scoring.conftest import deal_data, organiser_url, page_text, table_url
from tests.scoring.helpers import finish_game, play_deals


@pytest.mark.django_db
def test_table_corrects_and_removes_the_last_deal_with_history(client: Any, sheet: Any) -> None:
    play_deals(sheet, 3)
    # Only the last deal can be corrected at the table.
    response = client.post(
        table_url(sheet, "correct", number=2), deal_data(sheet, taker_points="50")
    )
    assert response.status_code == 302
    assert DealRecord.objects.get(sheet=sheet, number=2).taker_points == 100
    response = client.post(
        table_url(sheet, "correct", number=3),
        deal_data(sheet, taker_points="60", reason="mal compté"),
    )
    assert response.status_code == 302
    sheet.refresh_from_db()
    third = DealRecord.objects.get(sheet=sheet, number=3)
    assert (third.taker_points, third.score_a, third.score_b) == (60, 0, 162)
    assert (sheet.total_a, sheet.total_b) == (200, 62 + 62 + 162)
    response = client.post(
        table_url(sheet, "delete"), {"version": sheet.version, "client_id": str(uuid.uuid4())}
    )
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.deal_count == 2 and (sheet.total_a, sheet.total_b) == (200, 124)
    history = list(DealCorrection.objects.filter(sheet=sheet).order_by("at", "pk"))
    assert [h.action for h in history] == ["corrected", "deleted"]
    assert history[0].before["taker_points"] == 100 and history[0].after["taker_points"] == 60
    assert history[0].reason == "mal compté" and history[0].deal_number == 3
    assert history[1].before["taker_points"] == 60 and history[1].after == {}


@pytest.mark.django_db
def test_organiser_corrects_a_confirmed_sheet_and_every_later_deal_is_rescored(
    sheet: Any, organiser: Any
) -> None:
    finish_game(sheet)
    services.confirm_sheet(sheet.pk, version=sheet.version, user=organiser, organiser=True)
    sheet.refresh_from_db()
    orga = Client()
    orga.login(username=organiser.username, password=PASSWORD)
    # Deal 4 becomes a litige: its 81 are held and collected by deal 5's taker (A).
    data = deal_data(sheet, taker_points="81", reason="feuille papier")
    response = orga.post(organiser_url(sheet, "sheet_correct", number=4), data)
    assert response.status_code == 302, page_text(response)[:600]
    sheet.refresh_from_db()
    deals = list(DealRecord.objects.filter(sheet=sheet).order_by("number"))
    assert deals[3].outcome == "litige" and (deals[3].score_a, deals[3].score_b) == (0, 81)
    assert deals[4].score_a == 100 + 81
    assert sheet.total_a == sum(d.score_a for d in deals) == deals[-1].running_a
    assert sheet.status == "confirmed"
    page = page_text(orga.get(organiser_url(sheet, "sheet")))
    assert "donne corrigée" in page and "feuille papier" in page
    assert "81 points au preneur" in page and "100 points au preneur" in page
    assert organiser.username in page


@pytest.mark.django_db
def test_correction_resent_is_applied_once(sheet: Any) -> None:
    play_deals(sheet, 2)
    client_id = uuid.uuid4()
    facts = DealFacts(taker="b", taker_points=120)
    services.correct_deal(sheet.pk, 2, facts, version=sheet.version, client_id=client_id)
    services.correct_deal(sheet.pk, 2, facts, version=sheet.version, client_id=client_id)
    assert DealCorrection.objects.filter(sheet=sheet).count() == 1


@pytest.mark.django_db
def test_impossible_correction_is_refused_and_changes_nothing(sheet: Any) -> None:
    play_deals(sheet, 2)
    with pytest.raises(services.DealRefused):
        services.correct_deal(
            sheet.pk,
            1,
            DealFacts(taker="a", taker_points=100, capot_team="b"),
            version=sheet.version,
            client_id=uuid.uuid4(),
            organiser=True,
        )
    assert DealCorrection.objects.count() == 0
    assert DealRecord.objects.get(sheet=sheet, number=1).taker_points == 100
