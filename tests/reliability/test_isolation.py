"""Isolation: every URL of the project, walked from the URL resolver, with every persona and
every method. Nobody reads or changes what is not theirs, and a refused request changes nothing.

A new view cannot escape: the URL list comes from the resolver, and the test fails when a URL
parameter has no value in the world below.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.conftest import PASSWORD
from tests.reliability.fingerprint import database_fingerprint

METHODS = ("get", "post", "put", "patch", "delete")
SKIPPED_PREFIXES = ("admin/",)  # Django's admin has its own staff-only access
# The seasons app serves both audiences under one namespace: its organiser pages are the ones
# under /orga/, its public pages are walked as ``seasons-public``.
ORGANISER_NAMESPACES = ("tournaments", "scoring", "publishing", "seasons")
PUBLIC_NAMESPACES = ("public", "scores", "seasons-public")


def _patterns() -> Iterator[tuple[str, str, URLPattern]]:
    """(namespace, route, pattern) for every URL of the project."""

    def walk(patterns: list[Any], prefix: str, namespace: str) -> Iterator[Any]:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + str(p.pattern), p.namespace or namespace)
            elif isinstance(p, URLPattern):
                route = prefix + str(p.pattern)
                public = namespace == "seasons" and not route.startswith("orga/")
                yield ("seasons-public" if public else namespace), route, p

    yield from walk(get_resolver().url_patterns, "", "")


def _url(pattern: URLPattern, route: str, kwargs: dict[str, Any], **override: Any) -> str:
    names = list(pattern.pattern.converters)
    missing = [n for n in names if n not in kwargs]
    assert not missing, f"give {missing} a value in the world fixture ({route})"
    values = {n: override.get(n, kwargs[n]) for n in names}
    url = "/" + route
    for name, converter in pattern.pattern.converters.items():
        url = _replace(url, name, converter.to_url(values[name]))
    return url


def _replace(url: str, name: str, value: str) -> str:
    import re

    return re.sub(rf"<(?:\w+:)?{name}>", value, url, count=1)


def _client(username: str | None) -> Client:
    # CSRF checks off: what must stop an intruder is access control, not a missing token.
    client = Client(enforce_csrf_checks=False)
    if username:
        assert client.login(username=username, password=PASSWORD)
    return client


def _urls(
    world: dict[str, Any], namespaces: tuple[str, ...], *, club_only: bool = False
) -> list[tuple[str, str]]:
    """(name, URL) of the namespaces' URLs; ``club_only`` keeps those of one club."""
    found = []
    for namespace, route, pattern in _patterns():
        if namespace not in namespaces or route.startswith(SKIPPED_PREFIXES):
            continue
        if club_only and "club_slug" not in pattern.pattern.converters:
            continue
        found.append((f"{namespace}:{pattern.name}", _url(pattern, route, world["kwargs"])))
    assert found, f"no URL found in {namespaces}"
    return found


@pytest.mark.django_db
@pytest.mark.parametrize("username", ["voisin", "admin-voisin"])
def test_other_club_gets_404_everywhere_and_changes_nothing(
    world: dict[str, Any], username: str
) -> None:
    client = _client(username)
    before = database_fingerprint()
    for name, url in _urls(world, ORGANISER_NAMESPACES, club_only=True):
        for method in METHODS:
            response = getattr(client, method)(url)
            assert response.status_code == 404, (username, name, method, response.status_code)
    assert database_fingerprint() == before


@pytest.mark.django_db
def test_scorer_cannot_organise(world: dict[str, Any]) -> None:
    client = _client("marqueur")
    before = database_fingerprint()
    for name, url in _urls(world, ("tournaments", "publishing", "seasons"), club_only=True):
        for method in METHODS:
            response = getattr(client, method)(url)
            assert response.status_code == 404, (name, method, response.status_code)
    assert database_fingerprint() == before


@pytest.mark.django_db
def test_anonymous_is_sent_to_login_and_changes_nothing(world: dict[str, Any]) -> None:
    client = _client(None)
    before = database_fingerprint()
    for name, url in _urls(world, ORGANISER_NAMESPACES):
        for method in METHODS:
            response = getattr(client, method)(url)
            assert response.status_code in (302, 404, 405), (name, method, response.status_code)
            if response.status_code == 302:
                assert response.url.startswith("/compte/connexion/"), (name, response.url)
    assert database_fingerprint() == before


@pytest.mark.django_db
def test_table_link_of_another_table_opens_nothing(world: dict[str, Any]) -> None:
    client = _client(None)
    before = database_fingerprint()
    for name, url in _urls(world, ("table",)):
        codes = {m: getattr(client, m)(url, {"version": 1}).status_code for m in METHODS}
        # 405 comes from the URL's allowed methods, whatever the token: it reveals nothing.
        assert set(codes.values()) <= {404, 405}, (name, codes)
        assert 404 in codes.values(), (name, codes)
    assert database_fingerprint() == before


@pytest.mark.django_db
def test_public_pages_never_show_unpublished_rounds(world: dict[str, Any]) -> None:
    """Round 2 is a draft; round 1's results and standings are not public."""
    client = _client(None)
    before = database_fingerprint()
    for namespace, route, pattern in _patterns():
        if namespace not in PUBLIC_NAMESPACES:
            continue
        names = list(pattern.pattern.converters)
        url = _url(pattern, route, world["kwargs"], round_number=2)
        response = client.get(url)
        assert response.status_code in (200, 404), (pattern.name, response.status_code)
        body = response.content.decode(errors="replace")
        if "round_number" in names:
            assert response.status_code == 404, (pattern.name, "round 2 is a draft")
        if pattern.name in ("results", "standings", "standings_export"):
            assert response.status_code == 404, (pattern.name, "nothing published")
        # Round 2's draw must not appear anywhere (it would say "Partie 2", once "Manche 2").
        for words in ("Manche 2", "manche 2", "Partie 2", "partie 2"):
            assert words not in body, (pattern.name, words)
        for method in ("post", "put", "patch", "delete"):
            assert getattr(client, method)(url).status_code in (403, 404, 405), (
                pattern.name,
                method,
            )
    assert database_fingerprint() == before


@pytest.mark.django_db
def test_organiser_never_gets_a_server_error(world: dict[str, Any]) -> None:
    client = _client("organisatrice")
    for name, url in _urls(world, ORGANISER_NAMESPACES + PUBLIC_NAMESPACES):
        response = client.get(url)
        assert response.status_code < 500, (name, response.status_code)
        # An export's download is 404 until its job has written the file.
        public = name.startswith(tuple(f"{n}:" for n in PUBLIC_NAMESPACES))
        if not public and name != "publishing:export_download":
            assert response.status_code != 404, name


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [{}, {"name": "Jean\x00Martin", "first_name": "\x00", "player1": "A\x00 B", "q": "\x00"}],
    ids=["empty", "nul"],
)
def test_double_post_on_every_organiser_url_is_never_a_server_error(
    world: dict[str, Any], data: dict[str, str]
) -> None:
    """Every organiser URL posted twice in a row (a double click), empty or with NUL bytes:
    never a 500, and a refused second click changes nothing."""
    client = _client("organisatrice")
    for name, url in _urls(world, ORGANISER_NAMESPACES):
        first = client.post(url, data)
        assert first.status_code < 500, (name, "first", first.status_code)
        before = database_fingerprint()
        second = client.post(url, data)
        assert second.status_code < 500, (name, "second", second.status_code)
        if second.status_code >= 400:
            assert database_fingerprint() == before, name
