"""The organiser's round dashboard shows each table's state, live."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.models import ScoreSheet
from tests.conftest import PASSWORD
from tests.scoring.conftest import _entries, make_round, page_text
from tests.scoring.helpers import finish_game, play_deals


@pytest.mark.django_db
def test_dashboard_shows_every_state(contest: Any, club: Any, scorer: Any) -> None:
    entries = _entries(contest, club, 13)
    pairs = [(entries[i], entries[i + 1]) for i in range(0, 12, 2)] + [(entries[12], None)]
    round_ = make_round(contest, 1, pairs)
    services.ensure_round_sheets(round_)
    sheets = {
        s.table.number: s
        for s in ScoreSheet.objects.filter(table__round=round_).select_related("table")
    }
    play_deals(sheets[2], 3)
    finish_game(sheets[3])
    finish_game(sheets[4])
    services.confirm_sheet(sheets[4].pk, version=sheets[4].version, organiser=True)
    finish_game(sheets[5])
    services.dispute_sheet(sheets[5].pk, version=sheets[5].version, note="désaccord")
    services.record_totals(
        sheets[6].pk,
        total_a=1000,
        total_b=900,
        deals_played=12,
        force=True,
        version=sheets[6].version,
    )
    client = Client()
    client.login(username=scorer.username, password=PASSWORD)
    kwargs = {"club_slug": club.slug, "contest_id": contest.pk, "round_number": 1}
    for name in ("round_sheets", "round_sheets_state"):
        response = client.get(reverse(f"scoring:{name}", kwargs=kwargs))
        assert response.status_code == 200
        text = page_text(response)
        for number, state in [
            (1, "not_started"),
            (2, "running"),
            (3, "finished"),
            (4, "confirmed"),
            (5, "disputed"),
            (6, "to_verify"),
            (7, "bye"),
        ]:
            assert f'data-table="{number}" data-state="{state}"' in text, (name, number, state)
        assert "en jeu, 3 donne(s)" in text
    assert 'hx-trigger="every 15s"' in text


@pytest.mark.django_db
def test_dashboard_is_404_for_another_club(
    round1: Any, contest: Any, club: Any, outsider: Any
) -> None:
    client = Client()
    client.login(username=outsider.username, password=PASSWORD)
    url = reverse(
        "scoring:round_sheets",
        kwargs={"club_slug": club.slug, "contest_id": contest.pk, "round_number": 1},
    )
    assert client.get(url).status_code == 404
    assert not ScoreSheet.objects.exists()


@pytest.mark.django_db
def test_print_sheets_have_a_qr_code_per_played_table(
    round1: Any, contest: Any, club: Any, organiser: Any
) -> None:
    client = Client()
    client.login(username=organiser.username, password=PASSWORD)
    url = reverse(
        "publishing:print_sheets",
        kwargs={"club_slug": club.slug, "contest_id": contest.pk, "round_number": 1},
    )
    text = page_text(client.get(url))
    assert text.count("<svg") == 2  # two played tables, the bye has no sheet to fill
    assert "<script" not in text.split("<main", 1)[1]
