"""Registration services: add, late entry, withdraw, reinstate, flags, delete, players."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import add_teams
from tournaments import services
from tournaments.models import Entry, Player


def _players(club: Any, *names: str) -> list[Player]:
    return [
        services.save_player(club, first_name=n.split()[0], last_name=n.split()[1]) for n in names
    ]


@pytest.mark.django_db
def test_add_entry_numbers_and_lot(contest: Any) -> None:
    a, b, c, d = _players(contest.club, "Jean Martin", "Marie Durand", "Paul Petit", "Anne Roux")
    first = services.add_entry(contest, services.EntryValues(a, b, paid=True))
    second = services.add_entry(contest, services.EntryValues(c, d, name="Les As"))
    assert (first.number, second.number) == (1, 2)
    assert first.joined_at_round == 1 and first.lot > 0
    assert second.display_name == "2. Les As"


@pytest.mark.django_db
def test_a_player_cannot_be_in_two_teams(contest: Any) -> None:
    a, b, c = _players(contest.club, "Jean Martin", "Marie Durand", "Paul Petit")
    services.add_entry(contest, services.EntryValues(a, b))
    with pytest.raises(services.ServiceError) as caught:
        services.add_entry(contest, services.EntryValues(c, a))
    assert caught.value.code == "entry.player_taken"
    assert "Jean Martin" in caught.value.message and "n° 1" in caught.value.message
    with pytest.raises(services.ServiceError) as caught:
        services.add_entry(contest, services.EntryValues(c, c))
    assert caught.value.code == "entry.same_player"
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_player_of_another_club_refused(contest: Any, other_club: Any) -> None:
    mine = _players(contest.club, "Jean Martin")[0]
    theirs = services.save_player(other_club, first_name="Luc", last_name="Vannetais")
    with pytest.raises(services.ServiceError) as caught:
        services.add_entry(contest, services.EntryValues(mine, theirs))
    assert caught.value.code == "entry.foreign_player"


@pytest.mark.django_db
def test_player_duplicates_by_name_and_licence(club: Any) -> None:
    services.save_player(club, first_name="Élodie", last_name="Dupont")
    with pytest.raises(services.ServiceError) as caught:
        services.save_player(club, first_name="elodie", last_name="DUPONT")
    assert caught.value.code == "player.duplicate_name"
    homonym = services.save_player(club, first_name="Elodie", last_name="Dupont", licence="L1")
    assert homonym.licence == "L1"
    with pytest.raises(services.ServiceError) as caught:
        services.save_player(club, first_name="Autre", last_name="Personne", licence="l1")
    assert caught.value.code == "player.duplicate_licence"
    with pytest.raises(services.ServiceError):
        services.save_player(club, first_name=" ", last_name="X")


@pytest.mark.django_db
def test_get_or_create_player_reuses_accents_and_case(club: Any) -> None:
    first, created = services.get_or_create_player(club, "Gérard", "Lefèvre")
    again, created_again = services.get_or_create_player(club, "gerard", "LEFEVRE")
    assert created and not created_again and first == again


@pytest.mark.django_db
def test_late_entry_joins_the_next_round(contest: Any) -> None:
    add_teams(contest, 6)
    services.publish_round(services.generate_round(contest, seed=1))
    a, b = _players(contest.club, "Tardif Un", "Tardif Deux")
    late = services.add_entry(contest, services.EntryValues(a, b, checked_in=True))
    assert late.joined_at_round == 2
    round2 = services.generate_round(contest, seed=2)
    seated = set(round2.tables.values_list("entry_a", flat=True)) | set(
        round2.tables.values_list("entry_b", flat=True)
    )
    assert late.pk in seated
    assert any(item["code"] == "late_entry" for item in round2.report)


@pytest.mark.django_db
def test_withdrawn_team_leaves_the_next_draws(contest: Any) -> None:
    teams = add_teams(contest, 6)
    services.publish_round(services.generate_round(contest, seed=1))
    gone = services.withdraw_entry(teams[0])
    assert gone.withdrawn_after_round == 1
    with pytest.raises(services.ServiceError):
        services.withdraw_entry(gone)
    round2 = services.generate_round(contest, seed=2)
    assert not round2.tables.filter(entry_a=gone).exists()
    assert not round2.tables.filter(entry_b=gone).exists()
    assert round2.tables.filter(entry_b__isnull=True).count() == 1  # 5 teams: one bye
    assert any(item["code"] == "withdrawal" for item in round2.report)


@pytest.mark.django_db
def test_withdraw_before_start_and_reinstate(contest: Any) -> None:
    team = add_teams(contest, 2)[0]
    services.withdraw_entry(team)
    team.refresh_from_db()
    assert team.withdrawn_after_round == 0
    services.reinstate_entry(team)
    team.refresh_from_db()
    assert team.withdrawn_after_round is None


@pytest.mark.django_db
def test_flags_and_delete(contest: Any) -> None:
    teams = add_teams(contest, 4, checked_in=False)
    services.set_entry_flag(teams[0], "paid", True)
    services.set_entry_flag(teams[0], "checked_in", True)
    teams[0].refresh_from_db()
    assert teams[0].paid and teams[0].checked_in
    with pytest.raises(services.ServiceError):
        services.set_entry_flag(teams[0], "lot", True)
    services.delete_entry(teams[3])
    assert not Entry.objects.filter(pk=teams[3].pk).exists()
    for team in teams[:3]:
        services.set_entry_flag(team, "checked_in", True)
    services.generate_round(contest, seed=5)
    with pytest.raises(services.ServiceError) as caught:
        services.delete_entry(teams[0])
    assert caught.value.code == "entry.has_tables"


@pytest.mark.django_db
def test_unchecked_teams_are_not_drawn(contest: Any) -> None:
    present = add_teams(contest, 4)
    absent = add_teams(contest, 2, checked_in=False, start=100)
    round_ = services.generate_round(contest, seed=9)
    seated = set(round_.tables.values_list("entry_a", flat=True)) | set(
        round_.tables.values_list("entry_b", flat=True)
    )
    assert {e.pk for e in present} <= seated
    assert not {e.pk for e in absent} & seated
