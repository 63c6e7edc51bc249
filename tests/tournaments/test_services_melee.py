"""Mêlée contests: solo players drawn into pairs and tables at every partie (services.solo.melee).

The draw stores each partie's pairs as entries formed for that partie, seats two of them per
table, keeps the exempt players as byes of one, never repeats a partner while avoidable, rotates
the exemptions, and a redraw or a deleted partie takes its pairs away.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.tournaments.conftest import make_contest
from tournaments import services
from tournaments.models import Contest, Entry, Player, Round, SoloBye, SoloEntry, Table
from tournaments.services.base import ServiceError


def add_solos(
    contest: Any, count: int, *, checked_in: bool = True, volunteers: int = 0
) -> list[Any]:
    """``count`` solo players (the last ``volunteers`` of them volunteers), through the service."""
    players = Player.objects.bulk_create(
        Player(
            club=contest.club,
            first_name=f"Prénom{i}",
            last_name=f"Seul{i:03d}",
            licence=f"S{contest.pk}-{i:04d}",
            name_key=f"seul{i:03d} prenom{i}",
        )
        for i in range(count)
    )
    return [
        services.add_solo(
            contest,
            services.SoloValues(
                player=p, checked_in=checked_in, is_volunteer=i >= count - volunteers
            ),
        )
        for i, p in enumerate(players)
    ]


def melee(club: Any, **values: Any) -> Any:
    return make_contest(club, entry_mode="melee", **values)


def partners_and_tables(round_: Round) -> tuple[list[frozenset[int]], list[set[int]]]:
    pairs, tables = [], []
    for t in Table.objects.filter(round=round_).select_related("entry_a", "entry_b"):
        a, b = t.entry_a, t.entry_b
        assert b is not None
        pairs += [frozenset((a.player1_id, a.player2_id)), frozenset((b.player1_id, b.player2_id))]
        tables.append({a.player1_id, a.player2_id, b.player1_id, b.player2_id})
    return pairs, tables


def play(contest: Any, parties: int, seed: int = 7) -> list[Round]:
    rounds = []
    for n in range(parties):
        round_ = services.generate_round(contest, seed=seed + n)
        services.publish_round(round_)
        rounds.append(round_)
    return rounds


@pytest.mark.django_db
def test_a_partie_seats_the_present_players_in_drawn_pairs(club: Any) -> None:
    contest = melee(club)
    solos = add_solos(contest, 12)
    round_ = services.generate_round(contest, seed=3)
    assert round_.method == "melee" and round_.seed == 3
    pairs = list(Entry.objects.filter(contest=contest).order_by("number"))
    assert len(pairs) == 6
    assert all(e.formed_for_round == 1 and not e.player2_is_volunteer for e in pairs)
    assert [e.number for e in pairs] == list(range(1, 7))
    _pairs, tables = partners_and_tables(round_)
    assert len(tables) == 3
    assert set().union(*tables) == {s.player_id for s in solos}
    codes = {item["code"] for item in round_.report}
    assert {"seed", "strategy", "constraint"} <= codes
    assert not SoloBye.objects.exists()


@pytest.mark.django_db
def test_same_seed_same_tables(club: Any) -> None:
    contest = melee(club)
    add_solos(contest, 16)
    round_ = services.generate_round(contest, seed=99)
    first = partners_and_tables(round_)
    services.redraw_round(round_, seed=99)
    assert partners_and_tables(round_) == first


@pytest.mark.django_db
def test_no_partner_twice_over_several_parties(club: Any) -> None:
    contest = melee(club, rounds_count=5)
    add_solos(contest, 16)
    rounds = play(contest, 5)
    seen: Counter[frozenset[int]] = Counter()
    for round_ in rounds:
        pairs, tables = partners_and_tables(round_)
        assert len(tables) == 4
        seen.update(pairs)
    assert max(seen.values()) == 1
    # Each partie's pairs are its own entries, numbered after the earlier ones.
    numbers = list(Entry.objects.filter(contest=contest).values_list("formed_for_round", "number"))
    assert len(numbers) == 40 and sorted(n for _r, n in numbers) == list(range(1, 41))


@pytest.mark.django_db
def test_exempt_players_rotate_as_byes_of_one(club: Any) -> None:
    contest = melee(club, rounds_count=5, leftover_policy="bye")
    solos = add_solos(contest, 10)
    rounds = play(contest, 5)
    per_round = [
        set(SoloBye.objects.filter(round=r).values_list("solo_id", flat=True)) for r in rounds
    ]
    assert all(len(byes) == 2 for byes in per_round)
    counts = Counter(s for byes in per_round for s in byes)
    assert set(counts.values()) == {1}  # 10 exemptions, 10 players: each sat out once
    for round_, byes in zip(rounds, per_round, strict=True):
        _pairs, tables = partners_and_tables(round_)
        seated = set().union(*tables)
        assert len(seated) == 8
        assert not seated & {s.player_id for s in solos if s.pk in byes}
    assert any(item["code"] == "exempt" for item in rounds[0].report)


@pytest.mark.django_db
def test_volunteers_complete_the_last_table_as_player_two(club: Any) -> None:
    contest = melee(club, leftover_policy="volunteer")
    solos = add_solos(contest, 12, volunteers=2)  # 10 players and 2 volunteers: 3 tables
    volunteers = {s.player_id for s in solos if s.is_volunteer}
    rounds = play(contest, 3)
    for round_ in rounds:
        _pairs, tables = partners_and_tables(round_)
        assert len(tables) == 3
        pairs = Entry.objects.filter(formed_for_round=round_.number)
        for e in pairs:
            assert e.player1_id not in volunteers  # never two volunteers together
            assert e.player2_is_volunteer == (e.player2_id in volunteers)
        assert sum(e.player2_is_volunteer for e in pairs) == 2
    assert not SoloBye.objects.exists()


@pytest.mark.django_db
def test_without_enough_volunteers_the_others_sit_out(club: Any) -> None:
    contest = melee(club, leftover_policy="volunteer")
    solos = add_solos(contest, 11, volunteers=1)  # 10 players, 1 volunteer: 2 would be needed
    round_ = services.generate_round(contest, seed=1)
    assert round_.tables.count() == 2
    byes = SoloBye.objects.filter(round=round_).select_related("solo")
    assert len(byes) == 2 and not any(b.solo.is_volunteer for b in byes)
    assert not Entry.objects.filter(player2_is_volunteer=True).exists()
    assert solos[-1].is_volunteer


@pytest.mark.django_db
def test_redraw_and_delete_take_the_partie_pairs_away(club: Any) -> None:
    contest = melee(club)
    add_solos(contest, 9)
    play(contest, 1)
    second = services.generate_round(contest, seed=5)
    first_ids = set(Entry.objects.filter(formed_for_round=2).values_list("pk", flat=True))
    assert len(first_ids) == 4 and SoloBye.objects.filter(round=second).count() == 1
    services.redraw_round(second, seed=6)
    now = set(Entry.objects.filter(formed_for_round=2).values_list("pk", flat=True))
    assert len(now) == 4 and not now & first_ids
    assert SoloBye.objects.filter(round=second).count() == 1
    services.delete_round(second)
    assert not Entry.objects.filter(formed_for_round=2).exists()
    assert not SoloBye.objects.filter(round__number=2).exists()
    assert Entry.objects.filter(formed_for_round=1).count() == 4


@pytest.mark.django_db
def test_late_player_and_withdrawal_change_the_field(club: Any) -> None:
    contest = melee(club)
    solos = add_solos(contest, 8)
    play(contest, 1)
    services.withdraw_solo(solos[0])
    late = services.add_solo(
        contest,
        services.SoloValues(
            player=Player.objects.create(club=club, first_name="Tard", last_name="Venu"),
            checked_in=True,
        ),
    )
    assert late.joined_at_round == 2
    second = services.generate_round(contest, seed=2)
    _pairs, tables = partners_and_tables(second)
    seated = set().union(*tables)
    assert late.player_id in seated and solos[0].player_id not in seated
    codes = {item["code"] for item in second.report}
    assert {"late_arrival", "departure"} <= codes


@pytest.mark.django_db
def test_too_few_players_is_refused_in_french(club: Any) -> None:
    contest = melee(club)
    add_solos(contest, 3)
    with pytest.raises(ServiceError) as exc:
        services.generate_round(contest)
    assert "au moins 4 joueurs" in exc.value.message
    assert not Round.objects.filter(contest=contest).exists()


@pytest.mark.django_db
def test_entry_mode_frozen_once_partie_one_is_drawn(club: Any) -> None:
    contest = melee(club)
    add_solos(contest, 4)
    services.update_contest(contest, {"leftover_policy": "volunteer"})
    services.generate_round(contest, seed=1)
    with pytest.raises(ServiceError) as exc:
        services.update_contest(contest, {"entry_mode": "pairs"})
    assert exc.value.code == "contest.entry_mode_drawn"
    assert Contest.objects.get(pk=contest.pk).entry_mode == "melee"


@pytest.mark.django_db
def test_solo_registration_rules(club: Any) -> None:
    pairs = make_contest(club, slug="equipes")
    player = Player.objects.create(club=club, first_name="Anne", last_name="Seule")
    with pytest.raises(ServiceError) as exc:
        services.add_solo(pairs, services.SoloValues(player=player))
    assert exc.value.code == "solo.pairs_only"
    contest = melee(club)
    solo = services.add_solo(contest, services.SoloValues(player=player))
    with pytest.raises(ServiceError) as exc:
        services.add_solo(contest, services.SoloValues(player=player))
    assert exc.value.code == "solo.player_taken" and "déjà inscrit" in exc.value.message
    services.set_solo_flag(solo, "checked_in", True)
    assert SoloEntry.objects.get(pk=solo.pk).checked_in
    services.delete_solo(solo)
    assert not SoloEntry.objects.filter(pk=solo.pk).exists()


@pytest.mark.django_db
def test_a_player_who_played_cannot_be_deleted(club: Any) -> None:
    contest = melee(club)
    solos = add_solos(contest, 4)
    play(contest, 1)
    with pytest.raises(ServiceError) as exc:
        services.delete_solo(solos[0])
    assert exc.value.code == "solo.has_played"


@pytest.mark.django_db
def test_withdraw_then_reinstate_before_the_next_partie(club: Any) -> None:
    contest = melee(club)
    solos = add_solos(contest, 5)
    play(contest, 1)
    left = services.withdraw_solo(solos[0])
    assert left.withdrawn_after_round == 1
    with pytest.raises(ServiceError) as exc:
        services.withdraw_solo(left)
    assert exc.value.code == "solo.already_withdrawn"
    back = services.reinstate_solo(left)
    assert back.withdrawn_after_round is None
    second = services.generate_round(contest, seed=3)
    seated = set().union(*partners_and_tables(second)[1])
    byes = set(SoloBye.objects.filter(round=second).values_list("solo__player_id", flat=True))
    assert solos[0].player_id in seated | byes
    # Who sat out partie 1 plays partie 2 (5 players: one sits out each partie).
    first_bye = SoloBye.objects.get(round__number=1).solo.player_id
    assert first_bye in seated


@pytest.mark.django_db
def test_registered_individual_scores_feed_the_draw_by_ranking(club: Any) -> None:
    from tournaments import melee_adapters, ports

    contest = melee(club, pairing_method="draw_then_ranking", leftover_policy="volunteer")
    solos = add_solos(contest, 8, volunteers=1)
    play(contest, 1)
    asked: list[int] = []

    def scores(contest_: Any, before: int) -> dict[int, float]:
        asked.append(before)
        return {s.player_id: float(s.number) for s in solos}

    with ports.player_scores.override(scores):
        data = melee_adapters.seating_request(contest, 2, seed=1)
    assert asked == [2] and data.request.options.similar_ranking
    by_id = {p.id: p.score for p in data.request.players}
    volunteer = solos[-1].player_id
    assert by_id[volunteer] is None  # a volunteer's points count for nobody
    assert by_id[solos[0].player_id] == 1.0
    assert melee_adapters.volunteer_player_ids(contest) == {volunteer}
    # A draw at every partie asks for no score.
    Contest.objects.filter(pk=contest.pk).update(pairing_method="draw_every_round")
    contest.refresh_from_db()
    assert not melee_adapters.seating_request(contest, 2, seed=1).request.options.similar_ranking


@pytest.mark.django_db
def test_merging_a_duplicate_moves_his_solo_registration(club: Any) -> None:
    contest = melee(club)
    duplicate = Player.objects.create(club=club, first_name="Jean", last_name="Martin")
    keep = Player.objects.create(club=club, first_name="Jean", last_name="Martin", licence="L7")
    solo = services.add_solo(contest, services.SoloValues(player=duplicate))
    services.merge_players(club, duplicate, keep)
    assert SoloEntry.objects.get(pk=solo.pk).player == keep
    other = melee(club, slug="autre")
    twin = Player.objects.create(club=club, first_name="Jean", last_name="Martin", licence="L8")
    services.add_solo(other, services.SoloValues(player=twin))
    services.add_solo(other, services.SoloValues(player=keep))
    with pytest.raises(ServiceError) as exc:
        services.merge_players(club, twin, keep)
    assert exc.value.code == "player.merge_same_contest"
    assert Player.objects.filter(pk=twin.pk).exists()
