"""Every organiser page of a contest has breadcrumbs back to its cockpit and its styles.

Beside the two-clicks reachability test (``test_cockpit.py``), this test walks the URL
resolver too: every organiser URL pattern that takes a contest, on a seeded contest in play
(with a round, a table, an entry, a deal, a prize and an export for the patterns that name
one), is fetched; every HTML page must carry the breadcrumbs with a link to the cockpit and link
the project's stylesheet. What is left out is listed below, with the reason.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.templatetags.static import static
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from publishing import services as publishing
from publishing.models import ExportJob
from scoring.models import ScoreSheet
from tests.scoring.conftest import page_text
from tests.scoring.helpers import finish_game, play_deals
from tests.tournaments.conftest import add_teams, login, make_contest
from tournaments import services

ORGANISER_NAMESPACES = ("tournaments", "scoring", "publishing")
# GET answers that are not pages, each with why: a downloaded file, and the htmx fragment that
# the follow page polls (``hx-get`` inside ``scoring:round_sheets``, not a page of its own).
NOT_PAGES = {
    "publishing:export_download": "the export's file (CSV / XLSX / PDF)",
    "scoring:round_sheets_state": "htmx fragment of scoring:round_sheets",
}
# POST-only actions (the view answers GET with 405): buttons of the pages, not pages. Listed so
# that a new GET page is never skipped by mistake.
POST_ONLY = {
    "tournaments:round_clock",
    "tournaments:round_format",
    "tournaments:solo_action",
    "tournaments:solo_draw",
    "tournaments:solo_pair",
    "tournaments:solo_unpair",
    "tournaments:solo_volunteer",
    "tournaments:contest_finish",
    "tournaments:draw_rule",
    "tournaments:entries_import_confirm",
    "tournaments:solos_import_confirm",
    "tournaments:entry_action",
    "tournaments:round_generate",
    "tournaments:round_swap",
    "tournaments:round_move",
    "tournaments:round_undo",
    "tournaments:round_redraw",
    "tournaments:round_publish",
    "tournaments:round_visibility",
    "tournaments:round_close",
    "tournaments:round_reopen",
    "scoring:sheet_deal",
    "scoring:sheet_preview",
    "scoring:sheet_delete",
    "scoring:sheet_penalty",
    "scoring:sheet_totals",
    "scoring:sheet_call_time",
    "scoring:sheet_forfeit",
    "scoring:sheet_confirm",
    "scoring:sheet_reopen",
    "scoring:sheet_token",
    "scoring:sheet_tie_winner",
    "publishing:publication_round",
    "publishing:standings_rebuild",
    "publishing:prize_delete",
}


def _patterns() -> list[tuple[str, URLPattern]]:
    found: list[tuple[str, URLPattern]] = []

    def walk(patterns: list[Any], namespace: str | None) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, p.namespace or namespace)
            elif namespace in ORGANISER_NAMESPACES and isinstance(p, URLPattern):
                found.append((f"{namespace}:{p.name}", p))

    walk(get_resolver().url_patterns, None)
    return [(n, p) for n, p in found if "contest_id" in p.pattern.converters]


@pytest.fixture
def seeded(club: Any) -> dict[str, Any]:
    """A contest in play: nine teams, partie 1 published, table 1 finished, table 2 in play,
    a prize and a finished export; the values of every URL parameter of its pages."""
    contest = make_contest(club)
    entries = add_teams(contest, 9)
    first = services.publish_round(services.generate_round(contest, seed=3))
    sheets = {
        s.table.number: s
        for s in ScoreSheet.objects.filter(table__round=first).select_related("table__round")
    }
    finish_game(sheets[1])
    play_deals(sheets[2], 4)
    prize = publishing.add_prize(contest, rank_from=1, rank_to=1, label="Un jambon")
    job = ExportJob.objects.create(contest=contest, kind="standings", format="csv")
    from publishing.exports import contest as exports

    exports.run_job(job.pk)
    from tournaments.models import SoloEntry

    solo = SoloEntry.objects.create(contest=contest, number=1, player=entries[0].player1)
    return {
        "contest": contest,
        "kwargs": {
            "club_slug": club.slug,
            "contest_id": contest.pk,
            "round_number": 1,
            "table_number": 1,
            "entry_id": entries[0].pk,
            "number": 1,
            "prize_id": prize.pk,
            "job_id": job.pk,
            "solo_id": solo.pk,
            "action": "retirer",
        },
    }


_CRUMBS = re.compile(r'<nav class="breadcrumbs[^"]*"[^>]*>(.*?)</nav>', re.S)


def _crumbs_link_to(html: str, url: str) -> bool:
    return any(f'href="{url}"' in nav for nav in _CRUMBS.findall(html))


@pytest.mark.django_db
def test_every_organiser_page_of_a_contest_has_breadcrumbs_to_the_cockpit_and_its_styles(
    seeded: dict[str, Any], organiser: Any
) -> None:
    client: Client = login(organiser)
    cockpit = seeded["contest"].get_absolute_url()
    stylesheet = f'<link rel="stylesheet" href="{static("css/atout.css")}"'
    checked, post_only, not_pages, failures = set(), set(), set(), []
    for name, pattern in _patterns():
        params = set(pattern.pattern.converters)
        url = reverse(name, kwargs={k: seeded["kwargs"][k] for k in params})
        response = client.get(url)
        if response.status_code == 405:
            post_only.add(name)
            continue
        if name in NOT_PAGES:
            not_pages.add(name)
            continue
        html = page_text(response)
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            failures.append(f"{name}: {response.status_code} {response['Content-Type']}")
            continue
        checked.add(name)
        if not _crumbs_link_to(html, cockpit):
            failures.append(f"{name}: no breadcrumbs back to the cockpit")
        if stylesheet not in html:
            failures.append(f"{name}: no stylesheet")
    assert not failures, failures
    # The skip lists are exact: a new POST-only action or a new non-page is named here.
    assert post_only == POST_ONLY, sorted(post_only ^ POST_ONLY)
    assert not_pages == set(NOT_PAGES)
    assert {
        "tournaments:contest",
        "tournaments:round_print",
        "tournaments:round_projector",
        "tournaments:entry_edit",
        "scoring:sheet_correct",
        "publishing:print_sheets",
        "publishing:print_posters",
        "publishing:print_ranking",
        "publishing:export",
    } <= checked, sorted(checked)


@pytest.mark.django_db
def test_a_refused_action_of_a_contest_leads_back_to_its_cockpit(
    seeded: dict[str, Any], organiser: Any
) -> None:
    """The page of a refused POST (``tournaments.responses.refused``) has the way back too."""
    client: Client = login(organiser)
    kwargs = seeded["kwargs"]
    at = {"club_slug": kwargs["club_slug"], "contest_id": kwargs["contest_id"]}
    cockpit = seeded["contest"].get_absolute_url()
    for response in (
        client.post(
            reverse(
                "tournaments:entry_action",
                kwargs=at | {"entry_id": kwargs["entry_id"], "action": "inconnue"},
            )
        ),
        client.post(reverse("tournaments:entries_import_confirm", kwargs=at)),
    ):
        html = page_text(response)
        assert response.status_code in (400, 404) and "Action refusée" in html
        assert _crumbs_link_to(html, cockpit), html
        assert f'href="{static("css/atout.css")}"' in html
