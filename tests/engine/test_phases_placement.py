"""engine.phases final placement: brackets and rankings to a prize list, each team once; and
whole contests (pools -> main bracket + consolante -> palmarès) as properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.phases import (
    BracketSpec,
    BracketTier,
    FirstPerPool,
    PhaseError,
    PhaseReportCode,
    PlaceTitle,
    PoolMethod,
    PoolsSpec,
    RankingTier,
    build_bracket,
    consolante_of_losers,
    consolante_of_pools,
    draw_pools,
    final_placement,
    pool_standings,
    qualify,
)

from .phases_helpers import play, pool_results


def favourite(m: object) -> int:
    return min(m.team_a, m.team_b)  # type: ignore[attr-defined]


def test_main_consolante_and_pools_make_one_prize_list() -> None:
    main, _ = play(BracketSpec((1, 2, 3, 4), third_place=True), favourite)
    consolante, _ = play(BracketSpec((5, 6, 7, 8), name="consolante"), favourite)
    placement = final_placement(
        [BracketTier(main), BracketTier(consolante), RankingTier("pools", (9, 10, 11))]
    )
    got = [(p.team, p.place, p.tier, p.title.value) for p in placement.places]
    assert got == [
        (1, 1, "main", "winner"),
        (2, 2, "main", "finalist"),
        (3, 3, "main", "third"),
        (4, 4, "main", "fourth"),
        (5, 5, "consolante", "winner"),  # vainqueur de la consolante
        (6, 6, "consolante", "finalist"),
        (7, 7, "consolante", "semi_finalist"),
        (8, 7, "consolante", "semi_finalist"),
        (9, 9, "pools", "ranked"),
        (10, 10, "pools", "ranked"),
        (11, 11, "pools", "ranked"),
    ]
    assert placement.of(7).shared and not placement.of(6).shared
    assert [i.params["team"] for i in placement.report.of(PhaseReportCode.PLACED)] == list(
        range(1, 12)
    )


def test_first_round_losers_are_placed_by_the_consolante() -> None:
    main, _ = play(BracketSpec(tuple(range(1, 9))), favourite)
    consolante, _ = play(consolante_of_losers(main), favourite)
    placement = final_placement([BracketTier(main), BracketTier(consolante)])
    assert [(p.team, p.place) for p in placement.places] == [
        (1, 1), (2, 2), (3, 3), (4, 3), (5, 5), (6, 6), (7, 7), (8, 7),
    ]  # fmt: skip
    assert placement.of(5).tier == "consolante" and placement.of(5).title is PlaceTitle.WINNER


def test_rankings_place_only_the_teams_no_bracket_places() -> None:
    main, _ = play(BracketSpec((1, 2)), favourite)
    placement = final_placement([RankingTier("swiss", (2, 3, 1, 4)), BracketTier(main)])
    assert [(p.team, p.place, p.tier) for p in placement.places] == [
        (3, 1, "swiss"), (4, 2, "swiss"), (1, 3, "main"), (2, 4, "main"),
    ]  # fmt: skip
    shared = final_placement([RankingTier("pools", (7, 8, 9), ranks=(1, 1, 3))])
    assert [(p.place, p.shared) for p in shared.places] == [(1, True), (1, True), (3, False)]


def test_placement_refuses_unfinished_brackets_and_bad_rankings() -> None:
    partial = build_bracket(BracketSpec((1, 2, 3)), {"main.p1.r1.m1": 2})  # final not played
    with pytest.raises(PhaseError) as error:
        final_placement([BracketTier(partial)])
    assert error.value.code == "phases.bracket_not_finished"
    for bad in (RankingTier("x", (1, 2), ranks=(1,)), RankingTier("x", (1, 2), ranks=(2, 1))):
        with pytest.raises(PhaseError) as error:
            final_placement([bad])
        assert error.value.code == "phases.invalid_teams"


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(8, 48),
    size=st.integers(3, 5),
    method=st.sampled_from(list(PoolMethod)),
    lower=st.booleans(),
    places=st.one_of(st.none(), st.sampled_from([2, 4, 8])),
    seed=st.integers(0, 10**6),
)
def test_a_whole_contest_places_every_team_exactly_once(
    n: int, size: int, method: PoolMethod, lower: bool, places: int | None, seed: int
) -> None:
    rng = random.Random(seed)
    field = tuple(rng.sample(range(1, 10_000), n))
    plan = draw_pools(PoolsSpec(field, method, pool_size=size, seed=seed))
    rankings = pool_standings(plan, pool_results(plan, rng))
    main_q = qualify(rankings, [FirstPerPool(2)], seed=seed)
    main, _ = play(BracketSpec(main_q.ids(), places=places), None, rng)
    tiers: list[BracketTier | RankingTier] = [BracketTier(main)]
    rest: tuple[int, ...] = main_q.eliminated  # placed by their pools unless a bracket has them
    if lower:  # consolante for the lower part of the pools
        spec, _ = consolante_of_pools(rankings, 3, places=places, seed=seed)
        if len(spec.entrants) >= 2:
            tiers.append(BracketTier(play(spec, None, rng)[0]))
    else:  # consolante for the main bracket's first-round losers
        consolante, _ = play(consolante_of_losers(main, places=places), None, rng)
        tiers.append(BracketTier(consolante))
    tiers.append(RankingTier("pools", tuple(rest)))
    placement = final_placement(tiers)
    assert sorted(p.team for p in placement.places) == sorted(field)
    assert [p.place for p in placement.places] == sorted(p.place for p in placement.places)
    assert placement.places[0].title is PlaceTitle.WINNER and placement.places[0].place == 1
    for p in placement.places:  # a place counts the teams above it
        assert p.place == 1 + sum(1 for o in placement.places if o.place < p.place)
