"""A whole game entered through the table views ends on the right deal."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.models import DealRecord, ScoreSheet
from tests.scoring.conftest import (
    _entries,
    deal_data,
    make_contest,
    make_round,
    page_text,
    table_url,
)
from tests.scoring.helpers import finish_game


@pytest.mark.django_db
def test_twelve_deal_game_ends_on_the_twelfth_deal(client: Any, sheet: Any) -> None:
    # Alternate takers; deal 5 is a litige (81-81: the reserve goes to the next made contract),
    # deal 7 has a belote, deal 9 is a capot.
    plan = [
        {"taker": "a", "taker_points": "100"},
        {"taker": "b", "taker_points": "90"},
        {"taker": "a", "taker_points": "60"},  # dedans: B scores 162
        {"taker": "b", "taker_points": "120"},
        {"taker": "a", "taker_points": "81"},  # litige
        {"taker": "b", "taker_points": "100"},  # B makes it and collects the 81
        {"taker": "a", "taker_points": "90", "belote_team": "a"},
        {"taker": "b", "taker_points": "82"},
        {"taker": "a", "taker_points": "", "capot_team": "a"},
        {"taker": "b", "taker_points": "70"},
        {"taker": "a", "taker_points": "95"},
        {"taker": "b", "taker_points": "130"},
    ]
    for number, fields in enumerate(plan, start=1):
        response = client.post(table_url(sheet, "deal"), deal_data(sheet, **fields))
        assert response.status_code == 302, page_text(response)[:500]
        sheet.refresh_from_db()
        expected = ScoreSheet.Status.FINISHED if number == 12 else ScoreSheet.Status.OPEN
        assert sheet.status == expected, number
        assert sheet.deal_count == number
    deals = list(DealRecord.objects.filter(sheet=sheet).order_by("number"))
    assert [d.number for d in deals] == list(range(1, 13))
    assert deals[4].outcome == "litige" and deals[4].carry_out == 81
    assert (deals[5].score_a, deals[5].score_b) == (62, 100 + 81)
    assert (deals[8].score_a, deals[8].score_b) == (252, 0)
    assert sheet.total_a == sum(d.score_a for d in deals) == deals[-1].running_a
    assert sheet.total_b == sum(d.score_b for d in deals) == deals[-1].running_b
    assert sheet.total_a + sheet.total_b == 12 * 162 + 20 + 90
    assert sheet.total_a != sheet.total_b
    assert sheet.winner == ("a" if sheet.total_a > sheet.total_b else "b")
    # A thirteenth deal is refused with the reason, and nothing is added.
    response = client.post(table_url(sheet, "deal"), deal_data(sheet))
    assert response.status_code == 409
    assert "La partie est terminée" in page_text(response)
    assert DealRecord.objects.filter(sheet=sheet).count() == 12
    page = page_text(client.get(table_url(sheet)))
    assert "Je confirme la feuille" in page


@pytest.mark.django_db
def test_contree_game_ends_when_the_target_is_reached(client: Any, club: Any) -> None:
    contest = make_contest(club, "ffb_contree_2016", "contree-2000")
    a, b = _entries(contest, club, 2)
    round_ = make_round(contest, 1, [(a, b)])
    from scoring import services

    sheet = services.sheet_of_table(round_.tables.get())
    # Team A bids 80 and makes 130 every deal (130 + 80 = 210, defense 30): the game ends on
    # the deal where A's total reaches 2000, and not one deal later.
    ended_on = None
    for number in range(1, 20):
        response = client.post(
            table_url(sheet, "deal"),
            deal_data(sheet, taker="a", bid="80", taker_points="130", contre="0"),
        )
        assert response.status_code == 302, page_text(response)[:800]
        sheet.refresh_from_db()
        if sheet.status == ScoreSheet.Status.FINISHED:
            ended_on = number
            break
    deals = list(DealRecord.objects.filter(sheet=sheet).order_by("number"))
    assert ended_on is not None
    assert deals[-2].running_a < 2000 <= deals[-1].running_a
    assert sheet.winner == "a"
    assert len(deals) == ended_on == 10
    assert (deals[0].score_a, deals[0].score_b) == (210, 30)


@pytest.mark.django_db
def test_phone_page_jumps_to_the_next_deal_while_the_game_is_on(client: Any, sheet: Any) -> None:
    # With deals above it, the form is a long scroll down on a phone: a link at the top leads
    # there, naming the deal to enter; none on a fresh sheet (the form is right there) nor
    # once the game is over.
    assert 'href="#deal-title"' not in page_text(client.get(table_url(sheet)))
    for _ in range(2):
        client.post(table_url(sheet, "deal"), deal_data(sheet))
    page = page_text(client.get(table_url(sheet)))
    assert 'href="#deal-title">Saisir la donne 3' in page and 'id="deal-title"' in page
    sheet.refresh_from_db()
    finish_game(sheet)
    assert 'href="#deal-title"' not in page_text(client.get(table_url(sheet)))
