"""The public standings page is rendered once per snapshot version: no stampede, no leak."""

from __future__ import annotations

import threading
import time
from typing import Any
from unittest import mock

import pytest
from django.db import connection
from django.test import Client

from publishing.cache import pages as pagecache
from publishing.tables.standings import StandingsTable
from standings import events
from standings import services as standings
from tests.standings.factory import played_contest


def test_threads_on_a_cold_key_build_once() -> None:
    builds = []

    def build() -> tuple[int, str]:
        builds.append(1)
        time.sleep(0.3)
        return (1, "page")

    results: list[Any] = []
    threads = [
        threading.Thread(target=lambda: results.append(pagecache.render_once("k-cold", build)))
        for _ in range(40)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(builds) == 1
    assert results == [(1, "page")] * 40


def test_cache_outage_still_renders() -> None:
    with mock.patch.object(pagecache, "cache") as broken:
        broken.get.side_effect = ConnectionError("redis down")
        broken.add.side_effect = ConnectionError("redis down")
        assert pagecache.render_once("k", lambda: (1, "ok")) == (1, "ok")


@pytest.fixture
def contest(club: Any) -> Any:
    contest = played_contest(club, teams=30, rounds=2)
    standings.rebuild(contest.pk)
    return contest


def _url(contest: Any) -> str:
    return f"/concours/{contest.club.slug}/{contest.slug}/classement/"


@pytest.mark.django_db
def test_second_visit_is_served_from_cache_and_a_new_snapshot_renders_again(
    settings: Any,
    client: Client,
    contest: Any,
    django_assert_max_num_queries: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.ATOUT_PUBLIC_STATE_CACHE = True  # one process: the test's cache is shared
    spy = mock.patch.object(
        StandingsTable, "as_html", autospec=True, side_effect=StandingsTable.as_html
    )
    with spy as as_html:
        first = client.get(_url(contest))
        with django_assert_max_num_queries(1):
            second = client.get(_url(contest))
        assert as_html.call_count == 1
        assert first.status_code == second.status_code == 200
        client.get(_url(contest) + "?sort=-points_for")
        client.get(_url(contest), HTTP_ACCEPT_LANGUAGE="en")
        assert as_html.call_count == 3
        # A result changes: new snapshot, new fingerprint, new render.
        sheet = contest.rounds.get(number=2).tables.first().score_sheet
        sheet.total_a += 20
        sheet.save()
        events.mark_stale(contest.pk)
        with django_capture_on_commit_callbacks(execute=True):  # as if committed
            standings.rebuild(contest.pk)
        third = client.get(_url(contest))
        assert as_html.call_count == 4
        assert str(sheet.total_a) in third.content.decode()


@pytest.mark.django_db
def test_anonymous_cached_page_has_no_csrf_token_and_switches_language_by_link(
    contest: Any, organiser: Any
) -> None:
    first, second = Client(), Client()
    a = first.get(_url(contest))
    b = second.get(_url(contest))
    assert a.content == b.content  # one page for every anonymous visitor
    assert b"__atout_csrf" not in a.content
    assert b"csrfmiddlewaretoken" not in a.content and b"X-CSRFToken" not in a.content
    assert "csrftoken" not in a.cookies and "csrftoken" not in b.cookies
    assert "Cookie" not in a.headers.get("Vary", "")
    # The language switch is a link: it sets the cookie and comes back to the same page.
    assert b'href="?language=en"' in a.content
    switch = second.get(_url(contest) + "?page=1&sort=-wins&language=en&evil=1")
    assert switch.status_code == 302
    assert switch.headers["Location"] == _url(contest) + "?page=1&sort=-wins"
    assert switch.cookies["django_language"].value == "en"
    assert "no-store" in switch.headers["Cache-Control"]
    english = second.get(_url(contest))
    assert english.content.decode().startswith("<!DOCTYPE html>")
    assert '<html lang="en">' in english.content.decode()
    assert b'href="?language=fr"' in english.content
    assert "Cookie" not in english.headers.get("Vary", "")
    # An unknown language sets nothing.
    assert "django_language" not in Client().get(_url(contest) + "?language=xx").cookies
    # A signed-in organiser never gets the anonymous page: logout and language forms, with
    # a token; nor do others get theirs.
    member = Client()
    member.force_login(organiser)
    page = member.get(_url(contest)).content.decode()
    assert "Déconnexion" in page and "csrfmiddlewaretoken" in page and "X-CSRFToken" in page
    assert "Déconnexion" not in Client().get(_url(contest)).content.decode()
    # The usual language form still works for them.
    switch = member.post("/i18n/setlang/", {"language": "en", "next": _url(contest)})
    assert switch.status_code == 302


@pytest.mark.django_db(transaction=True)
def test_simultaneous_cold_requests_render_the_page_once(club: Any) -> None:
    contest = played_contest(club, teams=30, rounds=2)
    standings.rebuild(contest.pk)
    url = _url(contest)
    original = StandingsTable.as_html
    renders = []

    def slow_render(self: Any, request: Any) -> str:
        renders.append(1)
        time.sleep(0.3)
        return original(self, request)

    statuses: list[int] = []

    def visit() -> None:
        try:
            statuses.append(Client().get(url).status_code)
        finally:
            connection.close()

    with mock.patch.object(StandingsTable, "as_html", slow_render):
        threads = [threading.Thread(target=visit) for _ in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert statuses == [200] * 20
    assert len(renders) == 1


def test_a_waiter_takes_over_when_the_builder_fails() -> None:
    from django.core.cache import cache

    cache.add("k-fail:lock", 1)  # a builder is at work...
    threading.Timer(0.1, lambda: cache.delete("k-fail:lock")).start()  # ...and fails
    assert pagecache.render_once("k-fail", lambda: (1, "taken over"), wait=2.0) == (1, "taken over")
    assert cache.get("k-fail") == (1, "taken over")
