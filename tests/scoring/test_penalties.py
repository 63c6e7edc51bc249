"""Penalties (renonce, misdeal) are a kind of deal: the rules' points to the opponents."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from scoring import services
from scoring.models import DealRecord
from tests.conftest import PASSWORD
from tests.scoring.conftest import _entries, make_contest, make_round, organiser_url, page_text


@pytest.mark.django_db
def test_renonce_gives_162_to_the_opponents_and_counts_as_a_deal(
    sheet: Any, organiser: Any
) -> None:
    orga = Client()
    orga.login(username=organiser.username, password=PASSWORD)
    response = orga.post(
        organiser_url(sheet, "sheet_penalty"),
        {"version": 0, "client_id": str(uuid.uuid4()), "team": "a", "penalty": "renonce"},
    )
    assert response.status_code == 302
    deal = DealRecord.objects.get(sheet=sheet)
    assert (deal.kind, deal.penalty, deal.taker) == ("penalty", "renonce", "a")
    assert (deal.score_a, deal.score_b, deal.outcome) == (0, 162, "penalty")
    sheet.refresh_from_db()
    assert (sheet.deal_count, sheet.total_b) == (1, 162)
    assert "Renonce de" in page_text(orga.get(organiser_url(sheet, "sheet")))


@pytest.mark.django_db
def test_contree_penalty_is_160_plus_the_contract(club: Any) -> None:
    contest = make_contest(club, "ffb_contree_2016", "pen-contree")
    a, b = _entries(contest, club, 2)
    sheet = services.sheet_of_table(make_round(contest, 1, [(a, b)]).tables.get())
    written = services.record_penalty(
        sheet.pk,
        team="b",
        penalty="misdeal",
        bid=110,
        bid_kind="points",
        version=0,
        client_id=uuid.uuid4(),
    )
    assert written.deal is not None
    assert (written.deal.score_a, written.deal.score_b) == (160 + 110, 0)


@pytest.mark.django_db
def test_penalty_form_errors_are_french(sheet: Any, organiser: Any) -> None:
    orga = Client()
    orga.login(username=organiser.username, password=PASSWORD)
    response = orga.post(
        organiser_url(sheet, "sheet_penalty"),
        {"version": 0, "client_id": str(uuid.uuid4()), "team": "", "penalty": "triche"},
    )
    assert response.status_code == 400
    text = page_text(response)
    assert "Indiquez l'équipe pénalisée." in text
    assert not DealRecord.objects.exists()
