"""Fixtures of the tournaments tests: a contest with teams, logged-in clients per persona."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client

from tests.conftest import PASSWORD


def make_contest(club: Any, **values: Any) -> Any:
    from tournaments import services

    defaults: dict[str, Any] = {
        "name": "Concours de printemps",
        "slug": "printemps",
        "date": datetime.date(2026, 4, 11),
        "venue": "Salle polyvalente",
        "is_public": True,
        "preset": "club_contest",
        "rule_options": {},
        "rounds_count": 4,
        "ranking_method": "points",
        "tiebreaks": [],
        "bye_policy": "round_average",
        "pairing_method": "draw_then_ranking",
    }
    return services.create_contest(club, defaults | values)


def add_teams(contest: Any, count: int, *, checked_in: bool = True, start: int = 0) -> list[Any]:
    """``count`` teams of new players, created in bulk (fast for 200 teams)."""
    from tournaments.models import Entry, Player

    players = Player.objects.bulk_create(
        Player(
            club=contest.club,
            first_name=f"Prénom{start + i}",
            last_name=f"Nom{start + i:04d}",
            licence=f"T{contest.pk}-{start + i:05d}",
            name_key=f"nom{start + i:04d} prenom{start + i}",
        )
        for i in range(2 * count)
    )
    first = max(contest.entries.values_list("number", flat=True), default=0) + 1
    return Entry.objects.bulk_create(
        Entry(
            contest=contest,
            number=first + i,
            player1=players[2 * i],
            player2=players[2 * i + 1],
            checked_in=checked_in,
            lot=i + 1,
        )
        for i in range(count)
    )


@pytest.fixture(autouse=True)
def _parties_drawn_without_playing(request: pytest.FixtureRequest) -> Any:
    """These tests draw partie after partie without playing them: the sheets' progress port
    says no round has a table here, so the day order (a partie by ranking waits for the
    previous sheets) does not refuse. It is tested with played sheets in
    tests/scoring/test_day_order.py; the real source is back after each test."""
    from tournaments import ports

    with ports.progress_source.override(lambda contest, /: {}):
        yield


@pytest.fixture
def contest(club: Any) -> Any:
    return make_contest(club)


@pytest.fixture
def contest_with_teams(contest: Any) -> Any:
    add_teams(contest, 9)
    return contest


def login(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


@pytest.fixture
def organiser_client(organiser: Any) -> Client:
    return login(organiser)


@pytest.fixture
def admin_client_club(club_admin: Any) -> Client:
    return login(club_admin)
