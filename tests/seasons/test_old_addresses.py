"""Every season address of the former layouts still answers: a permanent redirect to the same page.

``OLD`` is the season URLs as the urls files before the seasons app wrote them
(``tournaments/urls.py`` and ``publishing/urls.py`` under ``/orga/``, then publishing's under
``/orga/publication/`` for a while, ``publishing/urls_public.py`` at the root), each with the
page that now serves it. For an organiser, each former organiser address answers 301 (GET,
HEAD; query string kept) or 308 (a POST, repeated as it was) to the new address
(``config/moved/urls.py``), which answers 200 (a page) or does what the former did (a POST-only
action). The public addresses did not move: they answer 200 themselves. A stranger is led to the
new address, which answers 404, as every organiser page of a club not his; an anonymous visitor
ends on the login page.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import resolve, reverse

from config.moved import urls as moved_urls
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
    # publishing/urls.py, under /orga/publication/ (before the seasons app)
    ("/orga/publication/{club}/saisons/{season}/", "GET", "seasons:season", {}),
    ("/orga/publication/{club}/saisons/{season}/recalculer/", "POST", "seasons:rebuild", {}),
    ("/orga/publication/{club}/saisons/{season}/qualification/", "POST", "seasons:qualify", {}),
    ("/orga/publication/{club}/saisons/{season}/impression/", "GET", "seasons:print", {}),
    (
        "/orga/publication/{club}/saisons/{season}/export.csv",
        "GET",
        "seasons:export",
        {"fmt": "csv"},
    ),
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
        new = reverse(name, kwargs=kwargs)
        out.append((old.format(club=club.slug, season=season.pk), method, name, new))
    return out


def test_the_season_redirects_are_the_former_organiser_addresses_no_more() -> None:
    """Every former organiser address resolves to a moved route, and every moved route of a
    season page is reached by a former address."""
    served = {str(p.pattern) for p in moved_urls.urlpatterns if "/saisons/" in str(p.pattern)}
    reached = set()
    for old, method, _name, _extra in OLD:
        match = resolve(old.format(club="lorient", season=7))
        if method == "PUBLIC":
            assert match.namespace == "seasons", old
            continue
        assert match.url_name is None and match.route in served, old
        reached.add(match.route)
    assert reached == served


def test_an_organiser_is_sent_to_the_same_page_at_its_new_address(
    season: Any, club: Club, organiser: Any
) -> None:
    client = login(organiser)
    for old, method, name, new in _addresses(club, season):
        if method == "PUBLIC":
            continue
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
    for old, method, _name, new in _addresses(club, season):
        if method == "PUBLIC":
            continue
        for verb in ("get", "post"):
            answer = getattr(stranger, verb)(old, follow=True)
            assert answer.status_code == 404, (old, verb)
            assert answer.redirect_chain[-1][0] == new, (old, verb)
        sent = anonymous.get(old, follow=True)
        assert sent.redirect_chain[-1][0].startswith("/compte/connexion/"), old
