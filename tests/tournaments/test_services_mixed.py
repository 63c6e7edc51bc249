"""Mixed contests: solo players paired for the whole contest (services.solo.mixed), by hand or by a
seeded draw; a player left over gets a volunteer partner or sits out, per the contest."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import add_teams, make_contest
from tests.tournaments.test_services_melee import add_solos
from tournaments import services
from tournaments.models import AuditEvent, Entry, Player, SoloEntry
from tournaments.services.base import ServiceError
from tournaments.services.solo import mixed

pytestmark = pytest.mark.django_db


def mixed_contest(club: Any, policy: str = "bye", slug: str = "mixte") -> Any:
    return make_contest(club, entry_mode="mixed", leftover_policy=policy, slug=slug)


def test_the_organiser_pairs_two_solo_players(club: Any) -> None:
    contest = mixed_contest(club)
    add_teams(contest, 2)
    a, b = add_solos(contest, 2)
    entry = mixed.pair_solos(contest, a, b)
    assert (entry.number, entry.formed_for_round, entry.player2_is_volunteer) == (3, None, False)
    assert {entry.player1_id, entry.player2_id} == {a.player_id, b.player_id}
    assert set(SoloEntry.objects.values_list("entry_id", flat=True)) == {entry.pk}
    assert AuditEvent.objects.filter(action="solo.pair", target_id=entry.pk).exists()
    # A normal team of the contest: the pairing draws it with the others.
    round_ = services.generate_round(contest, seed=1)
    seated = set(round_.tables.values_list("entry_a", flat=True)) | set(
        round_.tables.values_list("entry_b", flat=True)
    )
    assert entry.pk in seated
    with pytest.raises(ServiceError) as exc:
        mixed.pair_solos(contest, a, b)
    assert exc.value.code == "mixed.not_alone"


def test_a_seeded_draw_pairs_the_present_players_reproducibly(club: Any) -> None:
    def draw(slug: str) -> tuple[list[tuple[int, int]], str | None]:
        contest = mixed_contest(club, slug=slug)
        solos = add_solos(contest, 8)
        services.set_solo_flag(solos[7], "checked_in", False)  # absent: not drawn
        result = mixed.draw_pairs(contest, seed=2024)
        assert result.seed == 2024 and len(result.teams) == 3
        numbers = {s.player_id: s.number for s in solos}
        teams = [
            tuple(sorted((numbers[t.player1_id], numbers[t.player2_id]))) for t in result.teams
        ]
        leftover = result.leftover
        assert leftover is not None and leftover.number != 8
        assert SoloEntry.objects.get(pk=leftover.pk).entry_id is None
        return teams, str(leftover.number)

    assert draw("un") == draw("deux")  # same seed, same players: same teams


def test_a_leftover_gets_a_volunteer_partner_whose_points_do_not_count(club: Any) -> None:
    contest = mixed_contest(club, policy="volunteer")
    solos = add_solos(contest, 3)
    result = mixed.draw_pairs(contest, seed=5)
    assert result.leftover is not None
    volunteer = Player.objects.create(club=club, first_name="Paul", last_name="Bénévole")
    entry = mixed.lend_volunteer(contest, result.leftover, volunteer)
    assert entry.player1_id == result.leftover.player_id and entry.player2 == volunteer
    assert entry.player2_is_volunteer and entry.formed_for_round is None
    assert Entry.objects.filter(contest=contest).count() == 2
    assert {s.entry_id for s in SoloEntry.objects.filter(pk__in=[s.pk for s in solos])} <= {
        e.pk for e in Entry.objects.all()
    }
    # A player already in the contest cannot be lent.
    other = Player.objects.create(club=club, first_name="Eve", last_name="Seule")
    late = services.add_solo(contest, services.SoloValues(player=other))
    with pytest.raises(ServiceError) as exc:
        mixed.lend_volunteer(contest, late, solos[0].player)
    assert exc.value.code == "solo.player_taken"


def test_with_the_bye_policy_no_volunteer_is_lent(club: Any) -> None:
    contest = mixed_contest(club, policy="bye")
    solo = add_solos(contest, 1)[0]
    volunteer = Player.objects.create(club=club, first_name="Paul", last_name="Bénévole")
    with pytest.raises(ServiceError) as exc:
        mixed.lend_volunteer(contest, solo, volunteer)
    assert exc.value.code == "mixed.no_volunteers" and "exempt" in exc.value.message
    assert not Entry.objects.exists()


def test_a_registered_volunteer_may_be_lent(club: Any) -> None:
    contest = mixed_contest(club, policy="volunteer")
    alone, helper = add_solos(contest, 2, volunteers=1)
    entry = mixed.lend_volunteer(contest, alone, helper.player)
    assert entry.player2_is_volunteer and entry.player2_id == helper.player_id


def test_only_a_mixed_contest_pairs_solo_players(club: Any) -> None:
    contest = make_contest(club, entry_mode="melee", slug="melee")
    a, b = add_solos(contest, 2)
    with pytest.raises(ServiceError) as exc:
        mixed.pair_solos(contest, a, b)
    assert exc.value.code == "mixed.not_mixed"


def test_a_team_formed_after_partie_one_enters_at_the_next(club: Any) -> None:
    contest = mixed_contest(club)
    add_teams(contest, 2)
    services.publish_round(services.generate_round(contest, seed=1))
    a, b = add_solos(contest, 2)
    entry = mixed.pair_solos(contest, a, b)
    assert entry.joined_at_round == 2


def test_undo_a_team_that_has_not_played(club: Any) -> None:
    contest = mixed_contest(club)
    a, b = add_solos(contest, 2)
    entry = mixed.pair_solos(contest, a, b)
    mixed.unpair(contest, entry)
    assert not Entry.objects.exists()
    assert not SoloEntry.objects.filter(entry__isnull=False).exists()
    fixed = add_teams(contest, 1)[0]
    with pytest.raises(ServiceError) as exc:
        mixed.unpair(contest, fixed)
    assert exc.value.code == "mixed.not_solo_team"
