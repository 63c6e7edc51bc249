"""Every address of an earlier layout still answers: the same page, or a permanent redirect to it.

``previous_urls.json`` lists every URL pattern the resolver held before the house moved
(2026-12-07, before the apps were split by job): its name, its route and the status a GET
answered then, in the world below (an organiser for ``/orga/``, anonymous elsewhere). A person
may have printed, bookmarked or shared any of them (table QR links, short links, public pages,
the projector); each must answer now with the same status, directly or after permanent
redirects (301/308) only.

Run ``ATOUT_RECORD_URLS=1 pytest tests/foundation/test_previous_urls.py`` to write the list of
the current layout (done once, before a move; never after, or the old addresses are lost).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, path
from django.views.generic import RedirectView

from publishing import services as publishing_services
from publishing.models import ExportJob
from scoring.models import ScoreSheet
from seasons import services as season_services
from tests.tournaments.conftest import add_teams, login, make_contest
from tournaments import services
from tournaments.models import Player, SoloEntry

LIST = Path(__file__).with_name("previous_urls.json")
PERMANENT = {301, 308}
# Addresses that are not pages of the project (Django's admin, the i18n view).
OUTSIDE = ("admin/", "i18n/")
ARG = re.compile(r"<(?:(?P<converter>[a-z]+):)?(?P<name>\w+)>")


def _patterns() -> list[tuple[str, str]]:
    """(namespaced name, route) of every URL pattern of the project, in resolver order."""
    found: list[tuple[str, str]] = []

    def walk(patterns: list[Any], prefix: str, namespace: str) -> None:
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                inner = f"{namespace}{p.namespace}:" if p.namespace else namespace
                walk(p.url_patterns, route, inner)
            elif isinstance(p, URLPattern) and p.name and not route.startswith(OUTSIDE):
                found.append((namespace + p.name, route))

    walk(get_resolver().url_patterns, "", "")
    return found


@pytest.fixture
def world(club: Any, organiser: Any) -> dict[str, str]:
    """A published contest with teams, a partie with its sheets, a player alone, a season."""
    contest = make_contest(club)
    add_teams(contest, 8)
    first = services.generate_round(contest, seed=1)
    services.publish_round(first)
    publishing_services.set_visibility(
        first, show_draw=True, show_results=True, show_standings=True
    )
    prize = publishing_services.add_prize(contest, rank_from=1, rank_to=1, label="Jambon")
    alone = Player.objects.create(club=club, first_name="Solo", last_name="Seul")
    solo = SoloEntry.objects.create(contest=contest, number=1, player=alone)
    season = season_services.create_season(club, name="Challenge d'hiver")
    sheet = ScoreSheet.objects.filter(table__round=first).select_related("table").first()
    assert sheet is not None
    entry = contest.entries.get(number=1)
    job = ExportJob.objects.create(contest=contest, kind="entries", format="csv")
    return {
        "club_slug": club.slug,
        "contest_id": str(contest.pk),
        "contest_slug": contest.slug,
        "round_number": "1",
        "table_number": str(sheet.table.number),
        "token": sheet.token,
        "code": sheet.short_code,
        "number": "1",
        "entry_id": str(entry.pk),
        "solo_id": str(solo.pk),
        "player_id": str(entry.player1_id),
        "prize_id": str(prize.pk),
        "season_id": str(season.pk),
        "job_id": str(job.pk),
        "action": "payer",
        "fmt": "csv",
    }


def _path(route: str, world: dict[str, str]) -> str:
    missing = [m["name"] for m in ARG.finditer(route) if m["name"] not in world]
    assert not missing, f"add a value for {missing} in the world fixture ({route})"
    return "/" + ARG.sub(lambda m: world[m["name"]], route)


def _answer(client: Client, path: str) -> tuple[int, list[str]]:
    """The final status of a GET and the permanent redirects followed to get there."""
    hops: list[str] = []
    response = client.get(path)
    while response.status_code in PERMANENT and len(hops) < 3:
        hops.append(response["Location"])
        response = client.get(response["Location"])
    return response.status_code, hops


def _client(route: str, organiser: Any) -> Client:
    return login(organiser) if route.startswith("orga/") else Client()


@pytest.mark.django_db
def test_every_address_of_the_previous_layout_still_answers(
    world: dict[str, str], organiser: Any
) -> None:
    if os.environ.get("ATOUT_RECORD_URLS"):
        rows = [
            {
                "name": name,
                "route": route,
                "status": _answer(_client(route, organiser), _path(route, world))[0],
            }
            for name, route in _patterns()
        ]
        LIST.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        pytest.skip(f"recorded {len(rows)} addresses in {LIST.name}")
    previous = json.loads(LIST.read_text(encoding="utf-8"))
    assert len(previous) > 100
    changed = []
    for row in previous:
        status, hops = _answer(_client(row["route"], organiser), _path(row["route"], world))
        if status != row["status"]:
            changed.append((row["name"], row["route"], row["status"], status, hops))
    assert changed == []


def test_the_list_still_names_pages_that_answer() -> None:
    previous = json.loads(LIST.read_text(encoding="utf-8"))
    statuses = {row["status"] for row in previous}
    # Most addresses are pages (200); POST-only actions answer 405 to a GET, links that lead
    # on 302, a season with nothing to export yet 409.
    assert sum(row["status"] == 200 for row in previous) > len(previous) // 2, statuses
    assert statuses <= {200, 302, 404, 405, 409}, statuses


def _new_page(request: HttpRequest) -> HttpResponse:
    return HttpResponse("la page")


# The URLconf of the test below: an address moved permanently, one moved for a while.
urlpatterns = [
    path("ancienne/", RedirectView.as_view(url="/nouvelle/", permanent=True)),
    path("provisoire/", RedirectView.as_view(url="/nouvelle/", permanent=False)),
    path("nouvelle/", _new_page),
]


@pytest.mark.urls(__name__)
def test_only_a_permanent_redirect_counts_as_the_same_page() -> None:
    assert _answer(Client(), "/ancienne/") == (200, ["/nouvelle/"])
    assert _answer(Client(), "/provisoire/") == (302, [])  # 302 is not the page: the walk fails
