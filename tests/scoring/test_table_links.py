"""A table link works only for its own table and round, stops accepting deals once the sheet
is confirmed, cannot be guessed, and can be replaced by the organiser."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scoring import services
from scoring.models import DealRecord, ScoreSheet
from tests.conftest import PASSWORD
from tests.scoring.conftest import deal_data, make_round, organiser_url, table_url
from tests.scoring.helpers import finish_game


def _url(token: str, round_number: int, table_number: int, name: str = "") -> str:
    return f"/table/r{round_number}/t{table_number}/{token}/{name}"


@pytest.mark.django_db
def test_token_with_another_tables_number_is_refused(
    client: Any, sheet: Any, other_sheet: Any
) -> None:
    assert client.get(_url(sheet.token, 1, 1)).status_code == 200
    assert client.get(_url(sheet.token, 1, 2)).status_code == 404
    response = client.post(_url(sheet.token, 1, 2, "donne/"), deal_data(other_sheet))
    assert response.status_code == 404
    assert DealRecord.objects.count() == 0


@pytest.mark.django_db
def test_token_of_another_round_is_refused(
    client: Any, sheet: Any, contest: Any, entries: list[Any]
) -> None:
    round2 = make_round(contest, 2, [(entries[0], entries[2]), (entries[1], entries[3])])
    sheet2 = services.sheet_of_table(round2.tables.get(number=1))
    # Round 1's link with round 2's number, and the other way round.
    assert client.get(_url(sheet.token, 2, 1)).status_code == 404
    assert client.post(_url(sheet.token, 2, 1, "donne/"), deal_data(sheet2)).status_code == 404
    assert client.get(_url(sheet2.token, 1, 1)).status_code == 404
    assert DealRecord.objects.count() == 0


@pytest.mark.django_db
def test_unknown_or_malformed_tokens_are_404(client: Any, sheet: Any) -> None:
    assert client.get(_url("x" * 32, 1, 1)).status_code == 404
    assert client.get(_url(sheet.token[:-1], 1, 1)).status_code == 404
    assert client.get(_url("y" * 200, 1, 1)).status_code == 404


@pytest.mark.django_db
def test_tokens_are_long_random_and_unique(round1: Any) -> None:
    services.ensure_round_sheets(round1)
    tokens = list(ScoreSheet.objects.values_list("token", flat=True))
    assert len(tokens) == len(set(tokens)) == 3
    assert all(len(t) >= 32 for t in tokens)


@pytest.mark.django_db
def test_draft_round_links_do_not_work(client: Any, contest: Any, entries: list[Any]) -> None:
    draft = make_round(contest, 2, [(entries[0], entries[2])], status="draft")
    sheet = services.sheet_of_table(draft.tables.get())
    assert client.get(_url(sheet.token, 2, 1)).status_code == 404


@pytest.mark.django_db
def test_confirmed_sheet_link_stops_accepting_deals(
    client: Any, sheet: Any, organiser: Any
) -> None:
    finish_game(sheet)
    services.confirm_sheet(sheet.pk, version=sheet.version, user=organiser, organiser=True)
    response = client.post(table_url(sheet, "deal"), deal_data(sheet))
    assert response.status_code == 409
    assert DealRecord.objects.filter(sheet=sheet).count() == 12
    # Still readable: the players see their confirmed sheet.
    assert client.get(table_url(sheet)).status_code == 200


@pytest.mark.django_db
def test_organiser_regenerates_the_link(
    client: Any, sheet: Any, organiser: Any, scorer: Any
) -> None:
    old_url = table_url(sheet)
    scorer_client = Client()
    scorer_client.login(username=scorer.username, password=PASSWORD)
    # A scorer may enter results but not replace a link.
    assert scorer_client.post(organiser_url(sheet, "sheet_token")).status_code == 404
    orga = Client()
    orga.login(username=organiser.username, password=PASSWORD)
    assert orga.post(organiser_url(sheet, "sheet_token")).status_code == 302
    sheet.refresh_from_db()
    assert client.get(old_url).status_code == 404
    assert client.get(table_url(sheet)).status_code == 200


@pytest.mark.django_db
def test_organiser_pages_are_404_for_another_club_and_login_for_anonymous(
    sheet: Any, outsider: Any
) -> None:
    url = organiser_url(sheet, "sheet")
    anonymous = Client()
    response = anonymous.get(url)
    assert response.status_code == 302 and "/compte/connexion/" in response["Location"]
    other = Client()
    other.login(username=outsider.username, password=PASSWORD)
    assert other.get(url).status_code == 404
    assert other.post(organiser_url(sheet, "sheet_deal"), deal_data(sheet)).status_code == 404
    assert DealRecord.objects.count() == 0
