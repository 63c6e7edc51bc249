"""The contest cockpit: every organiser page of a contest within two clicks, the day's steps.

The reachability test walks the URL resolver rather than a hand-written list, so a new page
that nothing links to fails it.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve, reverse

from scoring.models import ScoreSheet
from tests.scoring.conftest import page_text
from tests.scoring.helpers import finish_game, play_deals
from tests.tournaments.conftest import add_teams, login, make_contest
from tournaments import services

ORGANISER_NAMESPACES = ("tournaments", "scoring", "publishing")
# URL parameters a contest, its round and a table give; any other one names an object
# (an entry, a prize, an export job, a deal number) that only its own list page links to.
PLACE = {"club_slug", "contest_id", "round_number", "table_number"}
# GET views that are not pages to click: the htmx fragment the follow page polls
# (``hx-get``, refreshed every 15 s inside ``scoring:round_sheets``).
FRAGMENTS = {"scoring:round_sheets_state"}


def _patterns() -> list[tuple[str, URLPattern]]:
    found: list[tuple[str, URLPattern]] = []

    def walk(patterns: list[Any], namespace: str | None) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, p.namespace or namespace)
            elif namespace in ORGANISER_NAMESPACES and isinstance(p, URLPattern):
                found.append((f"{namespace}:{p.name}", p))

    walk(get_resolver().url_patterns, None)
    return found


@pytest.fixture
def seeded(club: Any) -> dict[str, Any]:
    """A contest in play: nine teams, partie 1 published, one table finished, one in play."""
    contest = make_contest(club)
    add_teams(contest, 9)
    first = services.publish_round(services.generate_round(contest, seed=3))
    sheets = {
        s.table.number: s
        for s in ScoreSheet.objects.filter(table__round=first).select_related("table__round")
    }
    finish_game(sheets[1])
    play_deals(sheets[2], 4)
    return {
        "contest": contest,
        "kwargs": {
            "club_slug": club.slug,
            "contest_id": contest.pk,
            "round_number": 1,
            "table_number": 1,
        },
    }


_HREF = re.compile(r'href="([^"#]+)')


def _links(client: Client, url: str) -> set[str]:
    response = client.get(url)
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return set()
    return {
        urlsplit(href).path
        for href in _HREF.findall(page_text(response))
        if href.startswith("/orga/")
    }


def _name(path: str) -> str | None:
    try:
        match = resolve(path)
    except Resolver404:
        return None
    return f"{match.namespace}:{match.url_name}"


@pytest.mark.django_db
def test_every_organiser_page_of_a_contest_is_two_clicks_from_the_cockpit(
    seeded: dict[str, Any], organiser: Any
) -> None:
    """Every organiser URL pattern (namespaces tournaments, scoring, publishing) that takes a
    contest, and possibly its round and a table, is reached by following the links of the
    cockpit of a contest in play: the cockpit's links (one click) and theirs (two clicks).

    Left out, and why:
    * POST-only actions (the view answers GET with 405: drawing, publishing, swaps, deals,
      confirmations, a new table link, closing the contest…): buttons of the pages, not pages;
    * patterns whose URL names an object beyond contest, round and table (``entry_id``,
      ``action``, ``prize_id``, ``job_id``, a deal ``number``): per-object pages reached from
      their list page, which is itself checked here;
    * ``scoring:round_sheets_state``: the htmx fragment the follow page polls, not a page.
    """
    client = login(organiser)
    kwargs = seeded["kwargs"]
    wanted: dict[str, str] = {}
    for name, pattern in _patterns():
        params = set(pattern.pattern.converters)
        if "contest_id" not in params or not params <= PLACE or name in FRAGMENTS:
            continue
        url = reverse(name, kwargs={k: kwargs[k] for k in params})
        if client.get(url).status_code == 405:
            continue  # POST-only
        wanted[name] = url
    assert {
        "tournaments:contest",
        "tournaments:entries",
        "tournaments:entries_import",
        "tournaments:contest_edit",
        "tournaments:contest_log",
        "tournaments:round",
        "tournaments:round_print",
        "tournaments:round_projector",
        "tournaments:round_delete",
        "scoring:round_sheets",
        "scoring:sheet",
        "publishing:publication",
        "publishing:prizes",
        "publishing:print_sheets",
        "publishing:print_posters",
        "publishing:print_ranking",
        "publishing:exports",
    } <= set(wanted), sorted(wanted)
    cockpit = seeded["contest"].get_absolute_url()
    first = _links(client, cockpit)
    second: set[str] = set()
    for url in first:
        second |= _links(client, url)
    reached = {_name(path) for path in first | second | {cockpit}}
    missing = sorted(name for name in wanted if name not in reached)
    assert not missing, f"not reachable in two clicks from the cockpit: {missing}"


@pytest.mark.django_db
def test_the_cockpit_gives_one_next_action_in_the_days_order(club: Any, organiser: Any) -> None:
    contest = make_contest(club, slug="jour")
    client = login(organiser)

    def state() -> tuple[str, list[str]]:
        text = page_text(client.get(contest.get_absolute_url()))
        steps = re.findall(r'id="step-([a-z]+)" data-state="current"', text)
        return text, steps

    text, current = state()
    assert current == ["registration"]
    assert text.count('class="button primary"') + text.count('class="primary"') == 1
    add_teams(contest, 8)
    text, current = state()
    assert current == ["draw"] and "Tirer la partie 1" in text
    draft = services.generate_round(contest, seed=1)
    text, current = state()
    assert current == ["draw"] and "Vérifier et publier la partie 1" in text
    services.publish_round(draft)
    text, current = state()
    assert current == ["print"] and "Feuilles de marque avec QR codes (partie 1)" in text
    sheets = list(ScoreSheet.objects.filter(table__round=draft))
    play_deals(sheets[0], 2)
    text, current = state()
    assert current == ["tables"], current
    assert "Partie 1 : 0 tables sur 4 terminées." in text, re.findall(r"Partie 1 :[^<]*", text)
    for sheet in sheets:
        finish_game(sheet)
    text, current = state()
    assert current == ["draw"] and "Tirer la partie 2" in text
    for section in ("inscriptions", "publication", "palmarès", "exports"):
        assert section in text.lower()


@pytest.mark.django_db
def test_the_cockpit_shows_the_hall_address_and_its_qr_code(club: Any, organiser: Any) -> None:
    from django.test import override_settings

    contest = make_contest(club, slug="salle")
    client = login(organiser)
    assert 'id="hall-address"' not in page_text(client.get(contest.get_absolute_url()))
    with override_settings(PUBLIC_BASE_URL="http://192.168.1.20:8000"):
        text = page_text(client.get(contest.get_absolute_url()))
    hall = text.split('id="hall-address"', 1)[1].split("</section>", 1)[0]
    assert "http://192.168.1.20:8000/" in hall
    assert "<svg" in hall
