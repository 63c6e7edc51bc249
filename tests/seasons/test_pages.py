"""Season pages end to end: circuit privacy, recompute on commit, qualification, page contents.

A circuit of two clubs: Lorient owns the season, Vannes takes part. Each club has a contest in
the season with published standings. Vannes's organiser sees the season's results, never
Lorient's entries, players' pages, sheets, journal or cockpit.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from seasons import services as season_services
from seasons.models import Season, SeasonSnapshot
from seasons.standings.rebuild import rebuild_season
from tests.conftest import _member
from tests.seasons.factory import contest_of, players
from tests.tournaments.conftest import login
from tournaments.models import Club, Contest, Entry, Player, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def circuit(club: Club, other_club: Club) -> dict[str, Any]:
    season = season_services.create_season(club, name="Circuit des villages")
    season_services.add_season_club(season, other_club.slug)
    season_services.update_season(
        season, {"rules": {"bareme": {"kind": "partie"}, "credit": "pair"}}
    )
    a, b, c, d = players(club, 4, "Lo")
    e, f, g, h = players(other_club, 4, "Va")
    ours = contest_of(
        club, season, 4, [(a, b), (c, d)], [{1: (1200, 744)}], name="Journée de Lorient"
    )
    theirs = contest_of(
        other_club, season, 11, [(e, f), (g, h)], [{1: (1100, 844)}], name="Journée de Vannes"
    )
    rebuild_season(season.pk)
    return {"season": season, "ours": ours, "theirs": theirs, "players": (a, b, c, d, e, f, g, h)}


def _season_url(club_slug: str, season: Season, name: str = "seasons:season", **kw: Any) -> str:
    return reverse(name, kwargs={"club_slug": club_slug, "season_id": season.pk, **kw})


def test_a_participant_sees_the_results_but_nothing_of_the_other_clubs_contest(
    circuit: dict[str, Any], outsider: Any, club: Club, other_club: Club
) -> None:
    season, ours = circuit["season"], circuit["ours"]
    client = login(outsider)  # an organiser of Vannes
    page = client.get(_season_url(other_club.slug, season))
    assert page.status_code == 200
    body = page.content.decode()
    a = circuit["players"][0]
    assert a.full_name in body  # Lorient's players' season results are shared
    assert "Journée de Lorient" in body  # its contest is listed by name
    # ... but never linked: no URL of Lorient's organiser pages on the page.
    assert f"/orga/{club.slug}/" not in body
    assert f"/orga/saisons/{club.slug}/" not in body
    assert (
        reverse(
            "tournaments:contest",
            kwargs={"club_slug": other_club.slug, "contest_id": circuit["theirs"].pk},
        )
        in body
    )
    round_ = ours.rounds.get(number=1)
    table = round_.tables.get(number=1)
    for url in (
        reverse("tournaments:contest", kwargs={"club_slug": club.slug, "contest_id": ours.pk}),
        reverse("tournaments:entries", kwargs={"club_slug": club.slug, "contest_id": ours.pk}),
        reverse("tournaments:contest_log", kwargs={"club_slug": club.slug, "contest_id": ours.pk}),
        reverse("tournaments:player_edit", kwargs={"club_slug": club.slug, "player_id": a.pk}),
        reverse(
            "scoring:round_sheets",
            kwargs={"club_slug": club.slug, "contest_id": ours.pk, "round_number": 1},
        ),
        reverse(
            "scoring:sheet",
            kwargs={
                "club_slug": club.slug,
                "contest_id": ours.pk,
                "round_number": 1,
                "table_number": table.number,
            },
        ),
        reverse("publishing:exports", kwargs={"club_slug": club.slug, "contest_id": ours.pk}),
        # Through its own club's slug, the other club's contest is not found either.
        reverse(
            "tournaments:entries", kwargs={"club_slug": other_club.slug, "contest_id": ours.pk}
        ),
        # The owner's view of the season is the owner's.
        _season_url(club.slug, season),
    ):
        assert client.get(url).status_code == 404, url


def test_a_participant_changes_only_its_own_contests(
    circuit: dict[str, Any], outsider: Any, other_club: Club
) -> None:
    season = circuit["season"]
    client = login(outsider)
    rules_before = Season.objects.get(pk=season.pk).rules
    for name in (
        "seasons:clubs",
        "seasons:final",
        "seasons:qualify",
    ):
        assert (
            client.post(_season_url(other_club.slug, season, name), {"club_slug": "x"}).status_code
            == 404
        ), name
    response = client.post(
        _season_url(other_club.slug, season, "seasons:settings"), {"name": "Pris"}
    )
    assert response.status_code == 404
    assert Season.objects.get(pk=season.pk).rules == rules_before
    # Its own new contest joins; the owner's contest cannot be taken out by it.
    mine = contest_of(
        other_club, None, 20, [tuple(players(other_club, 2, "Nv"))], [], name="Vannes 2"
    )
    response = client.post(
        _season_url(other_club.slug, season, "seasons:contests"), {"contest": mine.pk}
    )
    assert response.status_code == 302
    assert Contest.objects.get(pk=mine.pk).season_id == season.pk
    response = client.post(
        _season_url(other_club.slug, season, "seasons:contests"),
        {"remove": circuit["ours"].pk},
    )
    assert response.status_code == 400
    assert Contest.objects.get(pk=circuit["ours"].pk).season_id == season.pk
    # An attach is journaled on the contest.
    assert mine.audit_events.filter(action="season.join").exists()
    # Its club page lists the circuit, linked to its own view of the season.
    home = client.get(other_club.dashboard_url).content.decode()
    assert _season_url(other_club.slug, season) in home and "circuit de" in home


def test_a_club_outside_the_circuit_sees_nothing(circuit: dict[str, Any]) -> None:
    third = Club.objects.create(name="Club d'Auray", slug="auray")
    client = login(_member(third, "auray", "organiser"))
    assert client.get(_season_url("auray", circuit["season"])).status_code == 404
    assert (
        client.get(_season_url("auray", circuit["season"], "seasons:settings")).status_code == 404
    )


def test_the_season_is_recomputed_on_commit(
    club: Club, django_capture_on_commit_callbacks: Any
) -> None:
    from standings import services as standings

    season = season_services.create_season(club, name="Challenge")
    a, b, c, d = players(club, 4)
    contest = contest_of(club, None, 2, [(a, b), (c, d)], [{1: (1200, 744)}])
    with django_capture_on_commit_callbacks(execute=True):
        season_services.attach_contest(season, contest, club)  # joins: rebuilt
    assert [r["value"] for r in SeasonSnapshot.objects.get(season=season).rows] == [2, 2, 1, 1]
    with django_capture_on_commit_callbacks(execute=True):  # the rules change: rebuilt
        season_services.update_season(
            season, {"rules": {"bareme": {"kind": "placement_table", "points": [7, 3]}}}
        )
    assert [r["value"] for r in SeasonSnapshot.objects.get(season=season).rows] == [7, 7, 3, 3]
    # A result changes and the contest's standings are written: the season follows.
    from scoring.models import ScoreSheet

    ScoreSheet.objects.filter(table__round__contest=contest).update(
        total_a=700, total_b=1244, winner="b"
    )
    with django_capture_on_commit_callbacks(execute=True):
        standings.rebuild(contest.pk, force=True)
    rows = SeasonSnapshot.objects.get(season=season).rows
    assert rows[0]["names"][0] == c.full_name and rows[0]["value"] == 7
    # It leaves: nothing left to rank.
    with django_capture_on_commit_callbacks(execute=True):
        season_services.detach_contest(season, contest, club)
    assert SeasonSnapshot.objects.get(season=season).rows == []


def _final(club: Club, season: Season, each: int = 1, best: int | None = None) -> Contest:
    final = Contest.objects.create(
        club=club,
        name="Grande finale",
        slug="finale",
        date="2027-03-01",
        status=Contest.Status.REGISTRATION,
    )
    season_services.set_final(season, final, first_of_each=each, first_of_season=best)
    return final


def test_qualification_creates_the_final_teams_once(
    circuit: dict[str, Any], club: Club, organiser: Any
) -> None:
    season = circuit["season"]
    final = _final(club, season, each=1, best=1)
    rebuild_season(season.pk)
    client = login(organiser)
    page = client.get(_season_url(club.slug, season))
    assert "qualifié(e) : 1re de Journée de Lorient" in page.content.decode()
    response = client.post(_season_url(club.slug, season, "seasons:qualify"))
    assert response.status_code == 200
    a, b, _c, _d, e, f, _g, _h = circuit["players"]
    pairs = {frozenset((x.player1_id, x.player2_id)) for x in Entry.objects.filter(contest=final)}
    # The winners of both journées, then the season's best not yet qualified (G-H: 2 + 844).
    assert frozenset((a.pk, b.pk)) in pairs and frozenset((e.pk, f.pk)) in pairs
    assert len(pairs) == 3
    # Vannes's players joined Lorient's register for the final, their club written on the team.
    assert Player.objects.registry_of(club).filter(pk=e.pk).exists()
    assert Entry.objects.get(contest=final, player1=e).home_club == e.club.name
    assert "3 équipes créées dans la finale" in response.content.decode()
    again = client.post(_season_url(club.slug, season, "seasons:qualify"))
    assert again.status_code == 200 and Entry.objects.filter(contest=final).count() == 3
    assert "3 déjà inscrites" in again.content.decode()
    assert final.audit_events.filter(action="season.qualify").count() == 2


def test_qualification_is_refused_once_the_final_started(
    circuit: dict[str, Any], club: Club, organiser: Any
) -> None:
    season = circuit["season"]
    final = _final(club, season)
    Round.objects.create(contest=final, number=1, status=Round.Status.PUBLISHED)
    response = login(organiser).post(_season_url(club.slug, season, "seasons:qualify"))
    assert response.status_code == 409
    assert "La finale a commencé" in response.content.decode()
    assert not Entry.objects.filter(contest=final).exists()


def test_a_per_player_season_lists_the_qualified_players(
    circuit: dict[str, Any], club: Club, organiser: Any
) -> None:
    season = circuit["season"]
    season_services.update_season(
        season, {"rules": {"bareme": {"kind": "partie"}, "credit": "player"}}
    )
    final = _final(club, season, each=2)
    response = login(organiser).post(_season_url(club.slug, season, "seasons:qualify"))
    assert response.status_code == 200
    assert not Entry.objects.filter(contest=final).exists()
    assert "4 joueurs qualifiés" in response.content.decode()
    e = circuit["players"][4]
    assert Player.objects.registry_of(club).filter(pk=e.pk).exists()


def test_a_per_player_season_registers_the_qualified_alone_in_a_melee_final(
    circuit: dict[str, Any], club: Club, organiser: Any
) -> None:
    from tournaments.models import SoloEntry

    season = circuit["season"]
    season_services.update_season(
        season, {"rules": {"bareme": {"kind": "partie"}, "credit": "player"}}
    )
    final = _final(club, season, each=2)
    Contest.objects.filter(pk=final.pk).update(entry_mode=Contest.EntryMode.MELEE)
    client = login(organiser)
    response = client.post(_season_url(club.slug, season, "seasons:qualify"))
    assert response.status_code == 200
    assert "4 joueurs qualifiés inscrits seuls dans la finale" in response.content.decode()
    solos = SoloEntry.objects.filter(contest=final)
    assert solos.count() == 4 and not Entry.objects.filter(contest=final).exists()
    # Twice: nobody is registered a second time.
    again = client.post(_season_url(club.slug, season, "seasons:qualify"))
    assert again.status_code == 200 and solos.count() == 4
    assert "4 déjà inscrits" in again.content.decode()


def test_settings_form_stores_engine_rules_and_refuses_bad_input(
    club: Club, organiser: Any
) -> None:
    season = season_services.create_season(club, name="Challenge d'hiver")
    client = login(organiser)
    url = _season_url(club.slug, season, "seasons:settings")
    base = {
        "name": "Challenge d'hiver",
        "credit": "player",
        "bareme": "partie",
        "win": 4,
        "draw": 3,
        "loss": 2,
        "bye": 3,
        "forfeit_win": 4,
        "forfeit_loss": 0,
        "bye_score": 1000,
        "score_mode": "tiebreak",
        "score_divisor": 1000,
        "best_of": 10,
        "min_contests": 8,
        "prize_min_contests": 10,
        "tiebreak_1": "wins",
        "tiebreak_2": "score",
        "club_best": 5,
        "planned_contests": 12,
    }
    assert client.post(url, base).status_code == 302
    season.refresh_from_db()
    assert season.rules["bareme"]["kind"] == "partie" and season.rules["best_of"] == 10
    assert season.club_best == 5 and season.planned_contests == 12
    bad = client.post(url, {**base, "bareme": "placement_table", "table_points": "100, dix"})
    assert bad.status_code == 400
    assert "nombres entiers" in bad.content.decode()
    twice = client.post(url, {**base, "tiebreak_2": "wins"})
    assert twice.status_code == 400 and "qu'une fois" in twice.content.decode().replace(
        "&#x27;", "'"
    )
    season.refresh_from_db()
    assert season.rules["bareme"]["kind"] == "partie"  # nothing saved by a refused form
    # The page shows the stored rules back.
    assert 'value="10"' in client.get(url).content.decode()


def test_cockpit_line_and_club_page_lead_to_the_season(
    circuit: dict[str, Any], club: Club, organiser: Any
) -> None:
    season = circuit["season"]
    season_services.update_season(season, {"planned_contests": 12})
    client = login(organiser)
    cockpit = client.get(circuit["ours"].get_absolute_url()).content.decode()
    assert "Circuit des villages : 1re journée sur 12" in cockpit
    assert _season_url(club.slug, season) in cockpit
    assert _season_url(club.slug, season) in client.get(club.dashboard_url).content.decode()


def test_public_page_projector_print_and_export(
    circuit: dict[str, Any], club: Club, organiser: Any
) -> None:
    season = circuit["season"]
    a = circuit["players"][0]
    Player.objects.filter(pk=a.pk).update(first_name="=HYPERLINK(1)")
    rebuild_season(season.pk)
    public = Client().get(
        reverse("seasons:public", kwargs={"club_slug": club.slug, "season_id": season.pk})
    )
    assert public.status_code == 200
    body = public.content.decode()
    assert "Circuit des villages" in body and circuit["players"][4].full_name in body
    assert "/orga/" not in body
    projector = Client().get(
        reverse("seasons:projector", kwargs={"club_slug": club.slug, "season_id": season.pk})
    )
    assert projector.status_code == 200 and 'class="projector' in projector.content.decode()
    client = login(organiser)
    printed = client.get(_season_url(club.slug, season, "seasons:print"))
    assert printed.status_code == 200 and "season-standings" in printed.content.decode()
    csv = client.get(_season_url(club.slug, season, "seasons:export", fmt="csv"))
    assert csv.status_code == 200
    text = csv.content.decode("utf-8-sig")
    assert "'=HYPERLINK(1)" in text and "Journée de Lorient" in text
    for fmt in ("xlsx", "ods"):
        assert (
            client.get(_season_url(club.slug, season, "seasons:export", fmt=fmt)).status_code == 200
        )
    assert (
        client.get(_season_url(club.slug, season, "seasons:export", fmt="pdf")).status_code == 404
    )
    # Below the attendance minimum a pair is listed, unranked, and says so.
    season_services.update_season(
        season, {"rules": {"bareme": {"kind": "partie"}, "credit": "pair", "min_contests": 2}}
    )
    rebuild_season(season.pk)
    unranked = Client().get(
        reverse("seasons:public", kwargs={"club_slug": club.slug, "season_id": season.pk})
    )
    assert unranked.content.decode().count("hors classement") == 4
    Season.objects.filter(pk=season.pk).update(is_public=False)
    hidden = Client().get(
        reverse("seasons:public", kwargs={"club_slug": club.slug, "season_id": season.pk})
    )
    assert hidden.status_code == 404 and "pas publique" in hidden.content.decode()


def test_season_pages_read_a_bounded_number_of_queries(club: Club, organiser: Any) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    season = season_services.create_season(club, name="Challenge")
    people = players(club, 8)
    pairs = [(people[i], people[i + 1]) for i in range(0, 8, 2)]
    _final(club, season, each=1, best=2)
    client = login(organiser)
    urls = [
        _season_url(club.slug, season),
        _season_url(club.slug, season, "seasons:print"),
        reverse("seasons:public", kwargs={"club_slug": club.slug, "season_id": season.pk}),
    ]
    counts: list[list[int]] = []
    for day in (1, 2, 3, 4):
        contest_of(club, season, day, pairs, [{1: (1000, 944), 2: (900, 1044)}])
        rebuild_season(season.pk)
        row = []
        for url in urls:
            with CaptureQueriesContext(connection) as ctx:
                assert client.get(url).status_code == 200
            row.append(len(ctx.captured_queries))
        counts.append(row)
    assert counts[0] == counts[-1], counts  # one journée or four: the same queries
    assert max(max(r) for r in counts) <= 25, counts


def test_a_season_is_added_from_the_club_page(club: Club, organiser: Any) -> None:
    client = login(organiser)
    create = reverse("seasons:create", kwargs={"club_slug": club.slug})
    home = client.get(club.dashboard_url).content.decode()
    assert f'action="{create}"' in home and 'name="name"' in home
    added = client.post(create, {"name": "Challenge d'été", "starts_on": "2027-06-01"})
    assert added.status_code == 302 and added["Location"] == club.dashboard_url
    assert Season.objects.get(club=club).name == "Challenge d'été"
    again = client.post(create, {"name": "challenge d'été"})
    assert again.status_code == 400
    assert "porte déjà ce nom" in again.content.decode() and Season.objects.count() == 1
    assert client.get(create).status_code == 405  # a button of the club's page, not a page
