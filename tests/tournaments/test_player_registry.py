"""The player register without homonym traps (issue 15, item 6): quick add asks which homonym,
a duplicate is merged, a player of another club joins the register by licence (not copied)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import add_teams, login, make_contest


def _player(club: Any, first: str, last: str, licence: str = "") -> Any:
    from tournaments.models import Player

    return Player.objects.create(club=club, first_name=first, last_name=last, licence=licence)


def _entries_url(contest: Any) -> str:
    return reverse(
        "tournaments:entries", kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk}
    )


# --- quick add: 0, 1 and 2 players of the typed name ------------------------------------------


@pytest.mark.django_db
def test_quick_add_no_match_creates_the_players(contest: Any, organiser_client: Client) -> None:
    from tournaments.models import Entry, Player

    response = organiser_client.post(
        _entries_url(contest), {"player1": "Nina Simon", "player2": "Paul Roux"}
    )
    assert response.status_code == 302
    entry = Entry.objects.get(contest=contest)
    assert {entry.player1.full_name, entry.player2.full_name} == {"Nina Simon", "Paul Roux"}
    assert Player.objects.count() == 2


@pytest.mark.django_db
def test_quick_add_one_match_uses_that_player(contest: Any, organiser_client: Client) -> None:
    from tournaments.models import Entry, Player

    nina = _player(contest.club, "Nina", "Simon", "L1")
    response = organiser_client.post(
        _entries_url(contest), {"player1": "nina SIMON", "player2": "Paul Roux"}
    )
    assert response.status_code == 302
    assert Entry.objects.get(contest=contest).player1 == nina
    assert Player.objects.filter(name_key=nina.name_key).count() == 1


@pytest.mark.django_db
def test_quick_add_two_matches_asks_which_one(contest: Any, organiser_client: Client) -> None:
    from tournaments import services
    from tournaments.models import Entry, Player

    first = _player(contest.club, "Jean", "Martin", "L100")
    second = _player(contest.club, "Jean", "Martin", "L200")
    other = _player(contest.club, "Zoé", "Blanc")
    before = make_contest(
        contest.club, name="Concours d'hiver", slug="hiver", date=datetime.date(2026, 1, 10)
    )
    services.add_entry(before, services.EntryValues(player1=second, player2=other))
    response = organiser_client.post(
        _entries_url(contest), {"player1": "Jean Martin", "player2": "Paul Roux"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Plusieurs joueurs du club s&#x27;appellent Jean Martin" in page
    assert "plusieurs joueurs s'appellent Jean Martin. Lequel joue ?" in page
    assert "L100" in page and "L200" in page
    assert contest.club.name in page
    assert "Concours d&#x27;hiver" in page  # the last contest of the second one
    assert f'name="player1_choice" value="{first.pk}"' in page
    assert 'name="player1_choice" value="new"' in page
    assert not Entry.objects.filter(contest=contest).exists()

    chosen = organiser_client.post(
        _entries_url(contest),
        {"player1": "Jean Martin", "player1_choice": str(second.pk), "player2": "Paul Roux"},
    )
    assert chosen.status_code == 302
    assert Entry.objects.get(contest=contest).player1 == second
    assert Player.objects.filter(name_key=first.name_key).count() == 2


@pytest.mark.django_db
def test_quick_add_two_matches_can_create_a_new_homonym(
    contest: Any, organiser_client: Client
) -> None:
    from tournaments.models import Entry, Player

    _player(contest.club, "Jean", "Martin", "L100")
    _player(contest.club, "Jean", "Martin", "L200")
    response = organiser_client.post(
        _entries_url(contest),
        {
            "player1": "Jean Martin",
            "player1_choice": "new",
            "player1_licence": "L300",
            "player2": "Paul Roux",
        },
    )
    assert response.status_code == 302
    assert Entry.objects.get(contest=contest).player1.licence == "L300"
    assert Player.objects.filter(last_name="Martin").count() == 3


@pytest.mark.django_db
def test_a_stale_choice_is_asked_again(contest: Any, organiser_client: Client) -> None:
    from tournaments.models import Entry

    _player(contest.club, "Jean", "Martin", "L100")
    _player(contest.club, "Jean", "Martin", "L200")
    stranger = _player(contest.club, "Léa", "Morel")
    response = organiser_client.post(
        _entries_url(contest),
        {"player1": "Jean Martin", "player1_choice": str(stranger.pk), "player2": "Paul Roux"},
    )
    assert response.status_code == 400
    assert not Entry.objects.exists()


@pytest.mark.django_db
def test_get_or_create_never_takes_the_first_homonym(club: Any) -> None:
    from tournaments import services

    _player(club, "Jean", "Martin", "L100")
    _player(club, "Jean", "Martin", "L200")
    assert services.find_player(club, "Jean", "Martin") is None
    with pytest.raises(services.ServiceError) as refused:
        services.get_or_create_player(club, "Jean", "Martin")
    assert refused.value.code == "player.homonyms"
    found, created = services.get_or_create_player(club, "Jean", "Martin", "L200")
    assert (found.licence, created) == ("L200", False)


# --- merging a duplicate ----------------------------------------------------------------------


def _merge_url(player: Any, club: Any | None = None) -> str:
    return reverse(
        "tournaments:player_merge",
        kwargs={"club_slug": (club or player.club).slug, "player_id": player.pk},
    )


def _ranking(contest: Any) -> list[tuple[Any, ...]]:
    from standings.rebuild import compute_rows, entry_infos

    rows = compute_rows(contest, entry_infos(contest.pk), [], [1])[1]
    return [(r["rank"], r["entry"], r["number"], r["match_points"]) for r in rows]


@pytest.mark.django_db
def test_merge_moves_every_team_and_logs_both_names(contest: Any, organiser_client: Client) -> None:
    from tournaments import services
    from tournaments.models import AuditEvent, Entry, Player

    add_teams(contest, 4)
    keep = _player(contest.club, "Élodie", "Dupont", "L1")
    twin = _player(contest.club, "Elodie", "DUPONT")
    a, b = (_player(contest.club, "P", n) for n in ("Aa", "Bb"))
    e1 = services.add_entry(contest, services.EntryValues(player1=twin, player2=a))
    later = make_contest(contest.club, name="Concours d'été", slug="ete")
    e2 = services.add_entry(later, services.EntryValues(player1=b, player2=twin))
    ranking = _ranking(contest)

    page = organiser_client.get(_merge_url(twin))
    assert page.status_code == 200
    preview = organiser_client.post(_merge_url(twin), {"into": keep.pk})
    assert preview.status_code == 200
    assert "Confirmer la fusion" in preview.content.decode()
    assert Player.objects.filter(pk=twin.pk).exists()  # nothing merged before the confirmation

    done = organiser_client.post(_merge_url(twin), {"into": keep.pk, "confirm": "1"})
    assert done.status_code == 302
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert Entry.objects.get(pk=e1.pk).player1 == keep
    assert Entry.objects.get(pk=e2.pk).player2 == keep
    assert _ranking(contest) == ranking
    events = AuditEvent.objects.filter(action="player.merge")
    assert sorted(e.contest_id for e in events) == sorted([contest.pk, later.pk])
    assert all(e.target_repr == "Elodie DUPONT → Élodie Dupont" for e in events)
    assert events[0].before["joueur"] == "Elodie DUPONT"
    assert events[0].after["joueur"] == "Élodie Dupont"


@pytest.mark.django_db
def test_merge_by_a_club_admin_takes_the_duplicate_licence(
    club: Any, admin_client_club: Client
) -> None:
    from tournaments.models import Player

    keep = _player(club, "Marc", "Roy")
    twin = _player(club, "Marc", "Roy", "L77")
    response = admin_client_club.post(_merge_url(twin), {"into": keep.pk, "confirm": "1"})
    assert response.status_code == 302
    assert Player.objects.get(pk=keep.pk).licence == "L77"


@pytest.mark.django_db
def test_merge_refuses_two_players_of_one_team(contest: Any, organiser_client: Client) -> None:
    from tournaments import services
    from tournaments.models import Player

    keep = _player(contest.club, "Marc", "Roy", "L1")
    twin = _player(contest.club, "Marc", "Roy", "L2")
    services.add_entry(contest, services.EntryValues(player1=twin, player2=keep))
    response = organiser_client.post(_merge_url(twin), {"into": keep.pk, "confirm": "1"})
    assert response.status_code == 409
    assert Player.objects.filter(pk=twin.pk).exists()


@pytest.mark.django_db
def test_merge_refused_across_clubs(
    club: Any, other_club: Any, organiser_client: Client, outsider: Any
) -> None:
    from tournaments.models import Player

    ours = _player(club, "Marc", "Roy", "L1")
    theirs = _player(other_club, "Marc", "Roy", "L2")
    # Their player in our URL, or ours in theirs: 404.
    assert organiser_client.get(_merge_url(theirs, club)).status_code == 404
    assert organiser_client.post(_merge_url(theirs, club), {"into": ours.pk}).status_code == 404
    assert organiser_client.get(_merge_url(theirs)).status_code == 404
    assert (
        login(outsider).post(_merge_url(ours), {"into": theirs.pk, "confirm": "1"}).status_code
        == 404
    )
    # Our duplicate into their player (not in our register): refused, nothing changes.
    response = organiser_client.post(_merge_url(ours), {"into": theirs.pk, "confirm": "1"})
    assert response.status_code == 400
    assert Player.objects.count() == 2


# --- one player in several clubs' registers ---------------------------------------------------


@pytest.mark.django_db
def test_a_club_adds_another_clubs_player_by_exact_licence(
    contest: Any, other_club: Any, organiser_client: Client
) -> None:
    from tournaments.models import Entry, Player, PlayerClub

    guest = _player(other_club, "Anne", "Vidal", "56-0042")
    club = contest.club
    add_url = reverse("tournaments:player_registry_add", kwargs={"club_slug": club.slug})
    assert organiser_client.post(add_url, {"licence": "56-004"}).status_code == 404  # exact only
    assert organiser_client.post(add_url, {"licence": "Anne Vidal"}).status_code == 404
    assert organiser_client.post(add_url, {"licence": " 56-0042 "}).status_code == 302
    assert organiser_client.post(add_url, {"licence": "56-0042"}).status_code == 409  # already
    assert Player.objects.count() == 1  # not copied
    assert guest.club == other_club  # the home club stays
    assert PlayerClub.objects.filter(player=guest, club=club).exists()

    players_page = organiser_client.get(
        reverse("tournaments:players", kwargs={"club_slug": club.slug})
    ).content.decode()
    assert "Vidal" in players_page and other_club.name in players_page
    # Only the home club edits or merges the player.
    edit = reverse(
        "tournaments:player_edit", kwargs={"club_slug": club.slug, "player_id": guest.pk}
    )
    assert organiser_client.get(edit).status_code == 404
    # The guest plays for this club, typed by name (one match) or chosen in the list (#id).
    response = organiser_client.post(
        _entries_url(contest), {"player1": "Anne Vidal", "player2": "Paul Roux"}
    )
    assert response.status_code == 302
    assert Entry.objects.get(contest=contest).player1 == guest
    suggestions = organiser_client.get(
        reverse("tournaments:player_suggestions", kwargs={"club_slug": club.slug}),
        {"q": "vidal"},
    )
    assert f"#{guest.pk}" in suggestions.content.decode()


@pytest.mark.django_db
def test_a_club_sees_only_its_register(
    club: Any, other_club: Any, organiser_client: Client
) -> None:
    stranger = _player(other_club, "Hugo", "Lenoir", "99-1")
    players_page = organiser_client.get(
        reverse("tournaments:players", kwargs={"club_slug": club.slug}), {"q": "lenoir"}
    )
    assert "Lenoir" not in players_page.content.decode()
    suggestions = organiser_client.get(
        reverse("tournaments:player_suggestions", kwargs={"club_slug": club.slug}),
        {"q": "lenoir"},
    )
    assert f"#{stranger.pk}" not in suggestions.content.decode()
    contest = make_contest(club)
    typed = organiser_client.post(
        _entries_url(contest), {"player1": f"Hugo Lenoir #{stranger.pk}", "player2": "Paul Roux"}
    )
    assert typed.status_code == 400


@pytest.mark.django_db
def test_every_new_player_is_in_its_home_register(club: Any) -> None:
    from tournaments import services
    from tournaments.models import PlayerClub

    player = services.save_player(club, first_name="Yves", last_name="Garnier")
    assert list(PlayerClub.objects.filter(player=player).values_list("club_id", flat=True)) == [
        club.pk
    ]


@pytest.mark.django_db(transaction=True)
def test_migration_puts_every_player_in_its_club() -> None:
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("tournaments", "0008_words_partie_not_manche")]
    after = [("tournaments", "0009_player_registry_in_several_clubs")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club_model, player_model = (
        old.get_model("tournaments", "Club"),
        old.get_model("tournaments", "Player"),
    )
    one = club_model.objects.create(name="Un", slug="un")
    two = club_model.objects.create(name="Deux", slug="deux")
    p1 = player_model.objects.create(club=one, first_name="A", last_name="B", name_key="b a")
    p2 = player_model.objects.create(club=two, first_name="C", last_name="D", name_key="d c")
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    rows = set(
        new.get_model("tournaments", "PlayerClub").objects.values_list("player_id", "club_id")
    )
    assert rows == {(p1.pk, one.pk), (p2.pk, two.pk)}
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
