"""Every season address of the former layout still answers: a permanent redirect to the same page.

``OLD`` is the season URLs as the urls files before the seasons app wrote them
(``tournaments/urls.py`` and ``publishing/urls.py`` under ``/orga/``, ``publishing/urls_public.py``
at the root), each with the page that now serves it. For an organiser, each former organiser
address answers 301 (GET, HEAD; query string kept) or 308 (a POST, repeated as it was) to the new
address, which answers 200 (a page) or does what the former did (a POST-only action). The public
addresses did not move: they answer 200 themselves. A stranger gets 404 at a former address, as
at the new one, and an anonymous visitor is sent to log in.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import get_resolver, resolve, reverse

from seasons import services as season_services
from seasons.standings.rebuild import rebuild_season
from tests.seasons.factory import contest_of, players
from tests.tournaments.conftest import login
from tournaments.models import Club

pytestmark = pytest.mark.django_db

# (former address, its method then, the page that serves it now, that page's other arguments)
OLD: list[tuple[str, str, str, dict[str, str]]] = [
    # tournaments/urls.py, under /orga/
    ("/orga/{club}/saisons/nouvelle/", "POST", "seasons:create", {}),
    ("/orga/{club}/saisons/{season}/reglages/", "GET", "seasons:settings", {}),
    ("/orga/{club}/saisons/{season}/clubs/", "POST", "seasons:clubs", {}),
    ("/orga/{club}/saisons/{season}/concours/", "POST", "seasons:contests", {}),
    ("/orga/{club}/saisons/{season}/finale/", "POST", "seasons:final", {}),
    # publishing/urls.py, under /orga/
    ("/orga/{club}/saisons/{season}/", "GET", "seasons:season", {}),
    ("/orga/{club}/saisons/{season}/recalculer/", "POST", "seasons:rebuild", {}),
    ("/orga/{club}/saisons/{season}/qualification/", "POST", "seasons:qualify", {}),
    ("/orga/{club}/saisons/{season}/impression/", "GET", "seasons:print", {}),
    ("/orga/{club}/saisons/{season}/export.csv", "GET", "seasons:export", {"fmt": "csv"}),
    ("/orga/{club}/saisons/{season}/export.xlsx", "GET", "seasons:export", {"fmt": "xlsx"}),
    ("/orga/{club}/saisons/{season}/export.ods", "GET", "seasons:export", {"fmt": "ods"}),
    # publishing/urls_public.py, at the root: the same addresses today
    ("/saisons/{club}/{season}/", "PUBLIC", "seasons:public", {}),
    ("/saisons/{club}/{season}/projecteur/", "PUBLIC", "seasons:projector", {}),
]


@pytest.fixture
def season(club: Club) -> Any:
    season = season_services.create_season(club, name="Challenge d'hiver")
    a, b, c, d = players(club, 4)
    contest_of(club, season, 3, [(a, b), (c, d)], [{1: (1200, 744)}])
    rebuild_season(season.pk)
    return season


def _addresses(club: Club, season: Any) -> list[tuple[str, str, str, str]]:
    """(former address, method, name now, new address) for the club's season."""
    out = []
    for old, method, name, extra in OLD:
        kwargs: dict[str, Any] = {"club_slug": club.slug, **extra}
        if "{season}" in old:
            kwargs["season_id"] = season.pk
        out.append(
            (
                old.format(club=club.slug, season=season.pk),
                method,
                name,
                reverse(name, kwargs=kwargs),
            )
        )
    return out


def test_the_redirects_are_the_former_organiser_addresses_no_more() -> None:
    """Every former organiser address resolves to a redirect, and every redirect the app serves
    is the route of a former address."""
    legacy = next(
        p for p in get_resolver().url_patterns if getattr(p, "namespace", None) == "seasons_legacy"
    )
    served = {str(legacy.pattern) + str(p.pattern) for p in legacy.url_patterns}
    reached = set()
    for old, method, _name, _extra in OLD:
        match = resolve(old.format(club="lorient", season=7))
        if method == "PUBLIC":
            assert match.namespace == "seasons", old
            continue
        assert match.namespace == "seasons_legacy", old
        reached.add(match.route)
    assert reached == served


def test_an_organiser_is_sent_to_the_same_page_at_its_new_address(
    season: Any, club: Club, organiser: Any
) -> None:
    client = login(organiser)
    for old, method, name, new in _addresses(club, season):
        if method == "PUBLIC":
            continue
        assert resolve(old).namespace == "seasons_legacy", old
        moved = client.get(old + "?tri=points&page=2")
        assert moved.status_code == 301, (old, moved.status_code)
        assert moved["Location"] == new + "?tri=points&page=2", (old, moved["Location"])
        assert client.head(old).status_code == 301, old
        if method == "GET":
            assert client.get(new).status_code == 200, (name, new)
            continue
        # A form posted from a page opened before the move: the POST is repeated there (308).
        posted = client.post(old, {})
        assert posted.status_code == 308 and posted["Location"] == new, (old, posted.status_code)
        assert client.get(new).status_code in (200, 405), name  # a POST-only action: 405
        through = client.post(old, {}, follow=True)  # the POST repeated, then its own answer
        assert through.redirect_chain[0] == (new, 308), old
        assert through.status_code == client.post(new, {}, follow=True).status_code, old


def test_the_public_addresses_did_not_move(season: Any, club: Club) -> None:
    anonymous = Client()
    for old, method, name, new in _addresses(club, season):
        if method != "PUBLIC":
            continue
        assert old == new, name
        assert anonymous.get(old).status_code == 200, old


def test_a_former_address_tells_a_stranger_nothing(season: Any, club: Club, outsider: Any) -> None:
    stranger, anonymous = login(outsider), Client()
    for old, method, _name, _new in _addresses(club, season):
        if method == "PUBLIC":
            continue
        for verb in ("get", "post", "head"):
            assert getattr(stranger, verb)(old).status_code == 404, (old, verb)
        sent = anonymous.get(old)
        assert sent.status_code == 302 and sent["Location"].startswith("/compte/connexion/"), old
