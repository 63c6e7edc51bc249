"""engine.phases qualification: first K per pool, best thirds, lower places, first N overall."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.phases import (
    BestAtPlace,
    FirstOverall,
    FirstPerPool,
    PhaseError,
    PhaseReportCode,
    PoolPlaces,
    PoolRanking,
    Qualification,
    QualificationRule,
    next_power_of_two,
    pool_name,
    qualify,
    single_ranking,
)
from engine.standings import StandingRow


def row(team: int, mp: int, diff: int = 0, pf: int = 0, wins: int = 0) -> StandingRow:
    return StandingRow(
        rank=0,
        team=team,
        shared=False,
        played=3,
        wins=wins,
        draws=0,
        losses=3 - wins,
        byes=0,
        forfeits_won=0,
        forfeits_lost=0,
        points_for=pf,
        points_against=pf - diff,
        difference=diff,
        match_points=mp,
        best_game=0,
        tiebreak_values=(),
    )


def pool(name: str, *rows: StandingRow) -> PoolRanking:
    return PoolRanking(name, rows, 6, 6)


# Three pools of four, pool C of three; teams: pool letter x 10 + place.
POOLS = (
    pool("A", row(11, 6, 300), row(12, 5, 100), row(13, 4, 50), row(14, 3, -450)),
    pool("B", row(21, 6, 200), row(22, 5, 150), row(23, 4, 80), row(24, 3, -430)),
    pool("C", row(31, 4, 90), row(32, 3, 10), row(33, 2, -100)),
)


@pytest.mark.parametrize(
    ("rules", "seeded"),
    [
        pytest.param([FirstPerPool(1)], [11, 21, 31], id="pool winners by match points"),
        pytest.param([FirstPerPool(2)], [11, 21, 31, 22, 12, 32], id="first two per pool"),
        pytest.param(
            [FirstPerPool(2), BestAtPlace(3, 2)],
            [11, 21, 31, 22, 12, 32, 23, 13],
            id="first two and the two best thirds",
        ),
        pytest.param([PoolPlaces(3)], [23, 13, 33, 24, 14], id="lower part for a consolante"),
        pytest.param([PoolPlaces(2, 2)], [22, 12, 32], id="runners-up only"),
        pytest.param(
            [FirstOverall(4, ("match_points", "difference"))],
            [11, 21, 22, 12],
            id="first 4 overall",
        ),
        pytest.param(
            [FirstPerPool(1), FirstOverall(2, ("match_points", "difference"))],
            [11, 21, 31, 22, 12],
            id="rules apply to the teams not yet taken",
        ),
    ],
)
def test_rules(rules: list[QualificationRule], seeded: list[int]) -> None:
    q = qualify(POOLS, rules, seed=1)
    assert list(q.ids()) == seeded
    assert [t.seed for t in q.teams] == list(range(1, len(seeded) + 1))
    everyone = {r.team for p in POOLS for r in p.rows}
    assert set(q.ids()) | set(q.eliminated) == everyone
    assert not set(q.ids()) & set(q.eliminated)
    assert [i.params["team"] for i in q.report.of(PhaseReportCode.QUALIFIED)] == seeded


def test_best_thirds_report_the_first_left_out() -> None:
    q = qualify(POOLS, [BestAtPlace(3, 2)], seed=1)
    (out,) = q.report.of(PhaseReportCode.NOT_QUALIFIED)
    assert out.params["team"] == 33 and out.params["pool"] == "C" and out.params["place"] == 3
    assert [(t.pool, t.place, t.values) for t in q.teams] == [
        ("B", 3, (4, 80, 0)),
        ("A", 3, (4, 50, 0)),
    ]


def test_equal_teams_are_ordered_by_a_seeded_lot_and_reported() -> None:
    pools = (pool("A", row(1, 6), row(2, 2)), pool("B", row(3, 6), row(4, 2)))
    orders = {qualify(pools, [FirstPerPool(1)], seed=s).ids() for s in range(20)}
    assert orders == {(1, 3), (3, 1)}
    q = qualify(pools, [FirstPerPool(1)], seed=4)
    assert qualify(pools, [FirstPerPool(1)], seed=q.seed).ids() == q.ids()
    (tie,) = q.report.of(PhaseReportCode.TIE_DRAWN)
    assert set(tie.params["teams"]) == {1, 3}  # type: ignore[arg-type]


def test_first_n_by_wins_then_points_from_a_swiss_ranking() -> None:
    rows = [row(1, 0, pf=9000, wins=5), row(2, 0, pf=9900, wins=4), row(3, 0, pf=9500, wins=5)]
    rows += [row(4, 0, pf=8000, wins=4), row(5, 0, pf=7000, wins=1)]
    q = qualify([single_ranking(rows)], [FirstOverall(4)], seed=0)
    assert q.ids() == (3, 1, 2, 4)
    assert q.eliminated == (5,)
    assert q.teams[0].pool == "" and q.teams[0].values == (5, 9500)


@pytest.mark.parametrize(
    ("rules", "code"),
    [
        ([FirstPerPool(4)], "phases.not_enough_qualified"),  # pool C has three teams
        ([BestAtPlace(4, 3)], "phases.not_enough_qualified"),  # only two fourths
        ([FirstOverall(12)], "phases.not_enough_qualified"),
        ([FirstPerPool(0)], "phases.invalid_rule"),
        ([BestAtPlace(3, True)], "phases.invalid_rule"),
        ([PoolPlaces(3, 2)], "phases.invalid_rule"),
        ([FirstOverall(2, ("nonsense",))], "phases.invalid_rule"),
        (["first two"], "phases.invalid_rule"),
    ],
)
def test_bad_rules_are_refused(rules: list[QualificationRule], code: str) -> None:
    with pytest.raises(PhaseError) as error:
        qualify(POOLS, rules, seed=0)
    assert error.value.code == code


def test_bad_compare_keys_and_seed_are_refused() -> None:
    with pytest.raises(PhaseError) as error:
        qualify(POOLS, [FirstPerPool(1)], compare=("lot",))
    assert error.value.code == "phases.invalid_rule"
    with pytest.raises(PhaseError) as error:
        qualify(POOLS, [FirstPerPool(1)], seed=-3)
    assert error.value.code == "phases.invalid_seed"


def first_round_clashes(q: Qualification) -> list[tuple[int, int]]:
    """First-round matches of the bracket built from the seeds that oppose two teams of a pool."""
    n = len(q.teams)
    size = next_power_of_two(n)
    pairs = [(s, size + 1 - s) for s in range(1, size // 2 + 1) if size + 1 - s <= n]
    return [
        (q.teams[a - 1].team, q.teams[b - 1].team)
        for a, b in pairs
        if q.teams[a - 1].pool == q.teams[b - 1].pool
    ]


def test_separate_pools_keeps_pool_mates_apart_in_the_first_round() -> None:
    # A's runner-up is the worst runner-up: seeds 1 (A1) and 8 (A2) would meet.
    pools = tuple(
        pool(name, row(10 * k + 1, 6, 100 * (4 - k)), row(10 * k + 2, 4, 100 - k if k else 0))
        for k, name in enumerate("ABCD")
    )
    plain = qualify(pools, [FirstPerPool(2)], seed=1)
    assert first_round_clashes(plain) == [(1, 2), (21, 22)]
    separated = qualify(pools, [FirstPerPool(2)], seed=1, separate_pools=True)
    assert first_round_clashes(separated) == []
    assert [t.place for t in separated.teams] == [1, 1, 1, 1, 2, 2, 2, 2]  # blocks kept
    assert separated.report.of(PhaseReportCode.SEEDS_SWAPPED)
    assert sorted(separated.ids()) == sorted(plain.ids())


@settings(max_examples=80, deadline=None)
@given(pools=st.integers(2, 12), per_pool=st.integers(2, 3), seed=st.integers(0, 10**6))
def test_separate_pools_property(pools: int, per_pool: int, seed: int) -> None:
    rng = random.Random(seed)
    rankings = tuple(
        pool(
            pool_name(k),
            *(row(100 * k + p, rng.randint(0, 6), rng.randint(-500, 500)) for p in range(4)),
        )
        for k in range(pools)
    )
    q = qualify(rankings, [FirstPerPool(per_pool)], seed=seed, separate_pools=True)
    assert first_round_clashes(q) == []
    assert [t.seed for t in q.teams] == list(range(1, len(q.teams) + 1))
