"""Changing what the public sees, from any page, rebuilds the public standings at once."""

from __future__ import annotations

from typing import Any

import pytest

from standings import services as standings
from tests.standings.factory import played_contest
from tournaments import services


@pytest.mark.django_db
def test_round_page_toggle_rebuilds_public_standings(club: Any) -> None:
    contest = played_contest(club, teams=6, rounds=2)
    second = contest.rounds.get(number=2)
    # Through the tournaments service (the organiser's round page), not the publishing page.
    services.set_round_visibility(second, show_draw=True, show_results=True, show_standings=False)
    assert standings.public_snapshot(contest).as_of_round == 1
    services.set_round_visibility(second, show_draw=True, show_results=True, show_standings=True)
    assert standings.public_snapshot(contest).as_of_round == 2
