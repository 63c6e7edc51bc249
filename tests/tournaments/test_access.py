"""Access: every organiser URL of a club, walked from the URL resolver, with every persona.

New views cannot escape: the list of URLs is read from the ``tournaments`` namespace, and the
test fails if a URL parameter has no value below.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from seasons import services as season_services
from seasons.models import Season
from tests.conftest import PASSWORD
from tests.tournaments.conftest import login, make_contest
from tournaments import access, services
from tournaments.models import Club, Contest, Entry, Player, Round, RoundEdit, Table


def _namespace_patterns(namespace: str) -> list[URLPattern]:
    found: list[URLPattern] = []

    def walk(patterns: list[Any], inside: bool) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, inside or p.namespace == namespace)
            elif inside and isinstance(p, URLPattern):
                found.append(p)

    walk(get_resolver().url_patterns, False)
    return found


def _converters(pattern: URLPattern) -> list[str]:
    return list(pattern.pattern.converters)


@pytest.fixture
def world(club: Any, other_club: Any) -> dict[str, Any]:
    """A contest of ``club`` with teams, a published round 1 and a draft round 2."""
    contest = make_contest(club)
    from tests.tournaments.conftest import add_teams

    add_teams(contest, 8)
    first = services.generate_round(contest, seed=1)
    services.publish_round(first)
    second = services.generate_round(contest, seed=2)
    entry = contest.entries.get(number=1)
    from tournaments.models import Player, SoloEntry

    alone = Player.objects.create(club=club, first_name="Solo", last_name="Seul")
    solo = SoloEntry.objects.create(contest=contest, number=1, player=alone)
    season = season_services.create_season(club, name="Challenge d'hiver")
    return {
        "club_slug": club.slug,
        "contest_id": contest.pk,
        "round_number": second.number,
        "entry_id": entry.pk,
        "solo_id": solo.pk,
        "player_id": entry.player1_id,
        "action": "payer",
        "season_id": season.pk,
    }


def _club_urls(world: dict[str, Any]) -> list[tuple[str, str]]:
    urls = []
    for pattern in _namespace_patterns("tournaments"):
        names = _converters(pattern)
        if "club_slug" not in names:
            assert pattern.name == "dashboard", f"{pattern.name} is not scoped to a club"
            continue
        missing = [n for n in names if n not in world]
        assert not missing, f"add a value for {missing} (URL {pattern.name}) in the world fixture"
        kwargs = {n: world[n] for n in names}
        urls.append((pattern.name, reverse(f"tournaments:{pattern.name}", kwargs=kwargs)))
    return urls


def _snapshot() -> tuple[Any, ...]:
    return (
        list(Contest.objects.values_list("id", "status", "name", "ruleset", "rules_frozen_at")),
        list(Entry.objects.values_list("id", "paid", "checked_in", "withdrawn_after_round")),
        list(Round.objects.values_list("id", "status", "seed", "show_draw")),
        list(Table.objects.values_list("id", "entry_a", "entry_b")),
        Player.objects.count(),
        Season.objects.count(),
        RoundEdit.objects.count(),
    )


def test_the_walk_covers_the_app(world: dict[str, Any]) -> None:
    names = {name for name, _url in _club_urls(world)}
    assert {"contest", "entries", "round_swap", "round_publish", "round_delete"} <= names
    assert len(names) >= 25


@pytest.mark.parametrize("persona", ["outsider", "scorer"])
def test_non_organisers_get_404_everywhere_and_change_nothing(
    world: dict[str, Any], persona: str, request: pytest.FixtureRequest
) -> None:
    client = login(request.getfixturevalue(persona))
    before = _snapshot()
    for name, url in _club_urls(world):
        for method in ("get", "post"):
            response = getattr(client, method)(url, {"seed": "1", "first": "1", "second": "2"})
            assert response.status_code == 404, (
                f"{persona} {method.upper()} {name}: {response.status_code}"
            )
    assert _snapshot() == before


def test_anonymous_is_sent_to_login_and_changes_nothing(world: dict[str, Any]) -> None:
    client = Client()
    before = _snapshot()
    for name, url in _club_urls(world):
        for method in ("get", "post"):
            response = getattr(client, method)(url)
            assert response.status_code == 302, f"anonymous {method.upper()} {name}"
            assert response["Location"].startswith(reverse("login")), name
    assert _snapshot() == before


def test_unknown_club_is_404_for_everyone(world: dict[str, Any], organiser: Any) -> None:
    client = login(organiser)
    for name, url in _club_urls(world):
        other = url.replace(f"/{world['club_slug']}/", "/nexiste-pas/", 1)
        assert client.get(other).status_code == 404, name


@pytest.mark.parametrize("persona", ["organiser", "club_admin"])
def test_organisers_reach_every_url_without_a_server_error(
    world: dict[str, Any], persona: str, request: pytest.FixtureRequest
) -> None:
    client = login(request.getfixturevalue(persona))
    for name, url in _club_urls(world):
        for method in ("get", "post"):
            response = getattr(client, method)(url)
            assert response.status_code not in (404, 500), f"{method.upper()} {name}"
            assert response.status_code in (200, 302, 400, 405, 409), (name, response.status_code)


def test_every_post_needs_a_csrf_token(world: dict[str, Any], organiser: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    assert client.login(username=organiser.username, password=PASSWORD)
    before = _snapshot()
    for name, url in _club_urls(world):
        assert client.post(url, {"seed": "3"}).status_code == 403, name
    assert _snapshot() == before


def test_objects_of_another_club_are_404_through_my_club_slug(
    world: dict[str, Any], other_club: Any, outsider: Any, organiser: Any
) -> None:
    """An organiser of club A asking for club B's contest id under A's slug gets 404."""
    theirs = make_contest(other_club, slug="chez-eux")
    client = login(organiser)
    url = reverse(
        "tournaments:contest", kwargs={"club_slug": world["club_slug"], "contest_id": theirs.pk}
    )
    assert client.get(url).status_code == 404
    with pytest.raises(Exception) as caught:
        access.contest_for(organiser, world["club_slug"], theirs.pk)
    assert caught.value.__class__.__name__ == "Http404"


def test_access_functions_check_role(world: dict[str, Any], scorer: Any, organiser: Any) -> None:
    from django.http import Http404

    slug = world["club_slug"]
    assert access.club_for(organiser, slug).slug == slug
    with pytest.raises(Http404):
        access.club_for(scorer, slug)
    assert access.club_for(scorer, slug, roles=access.ANY_MEMBER).slug == slug
    table = access.table_for(scorer, slug, world["contest_id"], world["round_number"], 1)
    assert table.round.number == world["round_number"]
    anonymous = get_user_model()(username="x")
    anonymous.is_active = False
    with pytest.raises(Http404):
        access.club_for(anonymous, slug)
    assert list(access.clubs_of(organiser)) == [Club.objects.get(slug=slug)]
