"""Whole public pages cached under the contest's version: no SQL once warm, and every
publication change or new snapshot shows at once (``publishing.cache.versions``, ``pagecache``)."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest
from django.test import Client, override_settings

from publishing.cache import pages as pagecache
from publishing.cache import versions
from standings import services as standings
from tests.standings.factory import played_contest
from tournaments import services as tournaments_services
from tournaments.models import Round

# Commits must really happen: the counters are bumped after the commit.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _state_cache_on(settings: Any) -> None:
    # The test cache is LocMemCache, shared by everything in this one process.
    settings.ATOUT_PUBLIC_STATE_CACHE = True


@pytest.fixture
def contest(club: Any) -> Any:
    contest = played_contest(club, teams=12, rounds=2)
    standings.rebuild(contest.pk)
    return contest


def _url(contest: Any) -> str:
    return f"/concours/{contest.club.slug}/{contest.slug}/classement/"


def _warm(client: Client, url: str) -> None:
    assert client.get(url).status_code == 200  # rendered and cached


def test_warm_page_runs_no_sql(
    client: Client, contest: Any, django_assert_num_queries: Any
) -> None:
    url = _url(contest)
    _warm(client, url)
    with django_assert_num_queries(0):
        response = client.get(url)
    assert response.status_code == 200 and "Après la partie 2" in response.content.decode()
    # Another sort is another page: rendered once, then served without SQL too.
    assert client.get(url + "?sort=-wins").status_code == 200
    with django_assert_num_queries(0):
        assert client.get(url + "?sort=-wins").status_code == 200
    # Junk parameters are answered, but never cached (they cannot fill the cache).
    assert client.get(url + "?sort=garbage").status_code == 200
    assert client.get(url + "?page=01").status_code == 200
    with django_assert_num_queries(3):
        assert client.get(url + "?sort=garbage").status_code == 200


def test_hiding_the_standings_answers_404_at_once(client: Client, contest: Any) -> None:
    url = _url(contest)
    _warm(client, url)
    for round_ in contest.rounds.order_by("-number"):
        tournaments_services.set_round_visibility(
            round_, show_draw=True, show_results=True, show_standings=False
        )
    response = client.get(url)
    assert response.status_code == 404
    assert "Équipe 1" not in response.content.decode()
    # Published again: shown again, at once.
    tournaments_services.set_round_visibility(
        Round.objects.get(contest=contest, number=2),
        show_draw=True,
        show_results=True,
        show_standings=True,
    )
    response = client.get(url)
    assert response.status_code == 200 and "Après la partie 2" in response.content.decode()


def test_hiding_the_last_round_never_shows_it(client: Client, contest: Any) -> None:
    url = _url(contest)
    _warm(client, url)
    round_2 = Round.objects.get(contest=contest, number=2)
    round_2.show_standings = False
    round_2.save()  # a plain save, outside the services, is seen too
    response = client.get(url)
    assert "Après la partie 2" not in response.content.decode()
    assert response.status_code in (200, 404)  # 200 once the standings after round 1 exist
    standings.rebuild(contest.pk)
    response = client.get(url)
    assert response.status_code == 200 and "Après la partie 1" in response.content.decode()


def test_private_contest_answers_404_at_once(client: Client, contest: Any) -> None:
    url = _url(contest)
    _warm(client, url)
    contest.is_public = False
    contest.save()
    assert client.get(url).status_code == 404


def test_new_snapshot_shows_at_once(client: Client, contest: Any) -> None:
    url = _url(contest)
    _warm(client, url)
    sheet = Round.objects.get(contest=contest, number=2).tables.first().score_sheet
    sheet.total_a += 20
    sheet.save()
    standings.rebuild(contest.pk, force=True)
    number = sheet.table.entry_a.number
    row = next(r for r in standings.live_snapshot(contest.pk).rows if r["number"] == number)
    page = client.get(url).content.decode()
    start = page.index(f'id="equipe-{number}"')
    assert f">{row['points_for']}</td>" in page[start : page.index("</tr>", start)]


def test_writes_without_signals_are_seen_after_the_page_expires(
    client: Client, contest: Any, monkeypatch: Any
) -> None:
    url = _url(contest)
    _warm(client, url)
    contest.rounds.update(show_standings=False)  # QuerySet.update sends no signal
    assert client.get(url).status_code == 200  # the cached page is served a while...
    monkeypatch.setattr(pagecache, "PAGE_SECONDS", 1)
    client.get(url + "?sort=wins")  # (a page cached for one second)
    contest.rounds.update(show_standings=True)
    assert client.get(url + "?sort=wins").status_code == 200
    contest.rounds.update(show_standings=False)
    time.sleep(1.1)
    assert client.get(url + "?sort=wins").status_code == 404  # ...never longer than PAGE_SECONDS


def test_cache_outage_reads_the_database(client: Client, contest: Any) -> None:
    url = _url(contest)
    _warm(client, url)
    with mock.patch.object(pagecache, "cache") as broken:
        broken.get_many.side_effect = ConnectionError("redis down")
        broken.get.side_effect = ConnectionError("redis down")
        broken.add.side_effect = ConnectionError("redis down")
        assert client.get(url).status_code == 200
        contest.rounds.update(show_standings=False)
        assert client.get(url).status_code == 404


def test_process_local_cache_is_never_trusted() -> None:
    def configured(backend: str) -> Any:
        return SimpleNamespace(CACHES={"default": {"BACKEND": backend}})

    with mock.patch.object(
        versions, "settings", configured("django.core.cache.backends.locmem.LocMemCache")
    ):
        assert not versions.shared()  # another process would never hear of a change
    with mock.patch.object(
        versions, "settings", configured("django.core.cache.backends.redis.RedisCache")
    ):
        assert versions.shared()


def test_redis_down_serves_every_public_page(client: Client, contest: Any) -> None:
    down = {
        "default": {
            "BACKEND": "config.outages.cache.ResilientRedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2},
        }
    }
    base = f"/concours/{contest.club.slug}/{contest.slug}/"
    paths = ["classement/", "classement/?sort=-wins", "classement/export.xlsx", "resultats/1/"]
    paths += ["equipe/1/", "projecteur/", "projecteur/contenu/"]
    with override_settings(CACHES=down):
        for path in paths:
            assert client.get(base + path).status_code == 200, path
