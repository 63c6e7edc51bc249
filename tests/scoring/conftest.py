"""Fixtures of score entry: a running contest with a published round of tables.

Personas come from ``tests/conftest.py`` (club, organiser, scorer, outsider...). Here: a
classic 12-deal contest (``club_contest`` preset), a contrée contest to 2000, their rounds
and tables, and small helpers to post deals through the views.
"""

from __future__ import annotations

import datetime
import html
import re
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from engine.belote.rules import PRESETS, make_ruleset


def _entries(contest: Any, club: Any, count: int) -> list[Any]:
    from tournaments.models import Entry, Player

    entries = []
    for n in range(1, count + 1):
        p1 = Player.objects.create(club=club, first_name=f"Anne{n}", last_name=f"Martin{n}")
        p2 = Player.objects.create(club=club, first_name=f"Paul{n}", last_name=f"Durand{n}")
        entries.append(Entry.objects.create(contest=contest, number=n, player1=p1, player2=p2))
    return entries


def make_contest(club: Any, preset: str, slug: str, **overrides: Any) -> Any:
    from tournaments.models import Contest

    rules = make_ruleset(preset, **overrides) if overrides else PRESETS[preset].rules
    return Contest.objects.create(
        club=club,
        name=f"Concours {slug}",
        slug=slug,
        date=datetime.date(2026, 12, 5),
        status=Contest.Status.RUNNING,
        preset=preset,
        ruleset=rules.to_json(),
        bye_policy=Contest.ByePolicy.FIXED,
        bye_points=1000,
    )


def make_round(
    contest: Any, number: int, pairs: list[tuple[Any, Any]], status: str = "published"
) -> Any:
    from tournaments.models import Round, Table

    round_ = Round.objects.create(contest=contest, number=number, status=status)
    for i, (a, b) in enumerate(pairs, start=1):
        Table.objects.create(round=round_, number=i, entry_a=a, entry_b=b)
    return round_


@pytest.fixture
def contest(club: Any) -> Any:
    """Classic, 12 deals per game, belote only, capot 252, each team its 81 on a last litige."""
    return make_contest(club, "club_contest", "hiver")


@pytest.fixture
def entries(contest: Any, club: Any) -> list[Any]:
    return _entries(contest, club, 5)


@pytest.fixture
def round1(contest: Any, entries: list[Any]) -> Any:
    """Round 1: tables 1 (1 v 2) and 2 (3 v 4), table 3 is 5's bye."""
    return make_round(
        contest, 1, [(entries[0], entries[1]), (entries[2], entries[3]), (entries[4], None)]
    )


@pytest.fixture
def sheet(round1: Any) -> Any:
    from scoring import services

    return services.sheet_of_table(round1.tables.get(number=1))


@pytest.fixture
def other_sheet(round1: Any) -> Any:
    from scoring import services

    return services.sheet_of_table(round1.tables.get(number=2))


@pytest.fixture
def contree_contest(club: Any) -> Any:
    return make_contest(club, "ffb_contree_2016", "contree")


@pytest.fixture
def contree_sheet(contree_contest: Any, club: Any) -> Any:
    from scoring import services

    a, b = _entries(contree_contest, club, 2)
    round_ = make_round(contree_contest, 1, [(a, b)])
    return services.sheet_of_table(round_.tables.get())


def table_url(sheet: Any, name: str = "sheet", **kwargs: Any) -> str:
    table = sheet.table
    return reverse(
        f"table:{name}",
        kwargs={
            "round_number": table.round.number,
            "table_number": table.number,
            "token": sheet.token,
            **kwargs,
        },
    )


def organiser_url(sheet: Any, name: str, **kwargs: Any) -> str:
    table = sheet.table
    contest = table.round.contest
    return reverse(
        f"scoring:{name}",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": table.round.number,
            "table_number": table.number,
            **kwargs,
        },
    )


def deal_data(sheet: Any, **fields: Any) -> dict[str, Any]:
    """POST data of one deal on ``sheet`` at its current version, with a fresh client id."""
    sheet.refresh_from_db()
    data: dict[str, Any] = {
        "version": sheet.version,
        "client_id": str(uuid.uuid4()),
        "taker": "a",
        "trump": "hearts",
        "taker_points": "100",
        "belote_team": "",
        "capot_team": "",
        "action": "save",
    }
    data.update({k: ("" if v is None else v) for k, v in fields.items()})
    return data


def page_text(response: Any) -> str:
    """The response's HTML with entities decoded (apostrophes are escaped by templates)."""
    return html.unescape(response.content.decode())


def hidden_value(html: str, name: str) -> str:
    match = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert match, f"no hidden input {name}"
    return match.group(1)


@pytest.fixture
def phone() -> Client:
    """A table phone: no account, CSRF checks on as in a real browser."""
    return Client(enforce_csrf_checks=False)
