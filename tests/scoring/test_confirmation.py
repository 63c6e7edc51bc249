"""A finished game is confirmed by the other team on its own phone (or by the organiser);
a disagreement marks it disputed for the organiser."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scoring import services
from scoring.models import DealRecord, ScoreSheet
from scoring.sheet.views import DEVICE_COOKIE
from tests.conftest import PASSWORD
from tests.scoring.conftest import deal_data, organiser_url, page_text, table_url
from tests.scoring.helpers import finish_game, play_deals


def _phone(device: str) -> Client:
    client = Client()
    client.cookies[DEVICE_COOKIE] = device
    return client


@pytest.mark.django_db
def test_the_phone_that_entered_cannot_confirm_the_other_team_can(sheet: Any) -> None:
    finish_game(sheet)  # entered from "phone-a"
    assert sheet.status == ScoreSheet.Status.FINISHED
    same = _phone("phone-a")
    response = same.post(table_url(sheet, "confirm"), {"version": sheet.version, "team": "a"})
    assert response.status_code == 409
    assert "l'autre équipe" in page_text(response)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.FINISHED

    other = _phone("phone-b")
    response = other.post(table_url(sheet, "confirm"), {"version": sheet.version, "team": "b"})
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED
    assert sheet.confirmed_by_team == "b" and sheet.confirmed_at is not None


@pytest.mark.django_db
def test_confirmation_needs_the_team_and_a_finished_game(sheet: Any) -> None:
    phone = _phone("phone-b")
    response = phone.post(table_url(sheet, "confirm"), {"version": 0, "team": "b"})
    assert response.status_code == 409
    assert "Seule une partie terminée" in page_text(response)
    finish_game(sheet)
    response = phone.post(table_url(sheet, "confirm"), {"version": sheet.version})
    assert response.status_code == 400
    assert "Indiquez votre équipe." in page_text(response)


@pytest.mark.django_db
def test_confirmed_sheet_accepts_no_more_deal_nor_correction_at_the_table(sheet: Any) -> None:
    finish_game(sheet)
    phone = _phone("phone-b")
    phone.post(table_url(sheet, "confirm"), {"version": sheet.version, "team": "b"})
    sheet.refresh_from_db()
    before = DealRecord.objects.filter(sheet=sheet).count()
    assert phone.post(table_url(sheet, "deal"), deal_data(sheet)).status_code == 409
    data = deal_data(sheet, taker_points="50")
    assert phone.post(table_url(sheet, "correct", number=12), data).status_code == 409
    delete = {"version": sheet.version, "client_id": data["client_id"]}
    assert phone.post(table_url(sheet, "delete"), delete).status_code == 409
    assert DealRecord.objects.filter(sheet=sheet).count() == before
    assert DealRecord.objects.get(sheet=sheet, number=12).taker_points == 100


@pytest.mark.django_db
def test_the_confirm_and_dispute_forms_have_their_own_ids(sheet: Any) -> None:
    """Both forms are on the finished game's page: with the same ids, a tap on a team label of
    the dispute form ticked the confirm form's radio."""
    import re

    finish_game(sheet)
    page = page_text(_phone("phone-b").get(table_url(sheet)))
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert "id_team_0" in ids and "id_dispute_team_0" in ids
    labelled = re.findall(r'<label[^>]*\bfor="([^"]+)"', page)
    assert labelled
    assert [i for i in labelled if ids.count(i) != 1] == []


@pytest.mark.django_db
def test_dispute_then_organiser_confirms(sheet: Any, organiser: Any) -> None:
    finish_game(sheet)
    phone = _phone("phone-b")
    response = phone.post(
        table_url(sheet, "dispute"),
        {"version": sheet.version, "team": "b", "note": "La donne 7 était à nous."},
    )
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.DISPUTED
    assert "La donne 7 était à nous." in sheet.dispute_note
    # The table can no longer confirm: the organiser decides.
    response = phone.post(table_url(sheet, "confirm"), {"version": sheet.version, "team": "b"})
    assert response.status_code == 409

    orga = Client()
    orga.login(username=organiser.username, password=PASSWORD)
    contest = sheet.table.round.contest
    dashboard = page_text(
        orga.get(f"/orga/marque/{contest.club.slug}/concours/{contest.pk}/parties/1/")
    )
    assert 'data-state="disputed"' in dashboard
    detail = page_text(orga.get(organiser_url(sheet, "sheet")))
    assert "La donne 7 était à nous." in detail
    response = orga.post(organiser_url(sheet, "sheet_confirm"), {"version": sheet.version})
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED
    assert sheet.confirmed_by == organiser and sheet.confirmed_by_team == ""


@pytest.mark.django_db
def test_organiser_can_reopen_a_confirmed_sheet(sheet: Any, organiser: Any) -> None:
    finish_game(sheet)
    orga = Client()
    orga.login(username=organiser.username, password=PASSWORD)
    orga.post(organiser_url(sheet, "sheet_confirm"), {"version": sheet.version})
    sheet.refresh_from_db()
    response = orga.post(organiser_url(sheet, "sheet_reopen"), {"version": sheet.version})
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.FINISHED and sheet.confirmed_at is None


@pytest.mark.django_db
def test_organiser_sheet_offers_only_what_the_state_allows(
    sheet: Any, organiser: Any, scorer: Any
) -> None:
    def offered(user: Any) -> tuple[bool, bool, bool, bool]:
        """(the section, confirm, reopen, forfeit) on the sheet's page for ``user``."""
        client = Client()
        client.login(username=user.username, password=PASSWORD)
        page = page_text(client.get(organiser_url(sheet, "sheet")))
        return (
            'id="status-title"' in page,
            "Confirmer la feuille" in page,
            "Rouvrir" in page,
            "Forfait</summary>" in page,
        )

    play_deals(sheet, 3)
    # In play: nothing to confirm or reopen; the organiser may still score a forfeit, and a
    # scorer gets no empty section.
    assert offered(organiser) == (True, False, False, True)
    assert offered(scorer) == (False, False, False, False)
    finish_game(sheet)
    assert offered(scorer) == (True, True, False, False)
    services.confirm_sheet(sheet.pk, version=None, user=organiser, organiser=True)
    # Confirmed: only an organiser may withdraw the confirmation.
    assert offered(organiser) == (True, False, True, True)
    assert offered(scorer) == (False, False, False, False)
