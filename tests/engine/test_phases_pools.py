"""engine.phases pools: drawing pools (serpentine, draw, pots), their schedule, pool standings."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.phases import (
    PhaseError,
    PhaseReportCode,
    PoolMethod,
    PoolsSpec,
    draw_pools,
    pool_config,
    pool_name,
    pool_standings,
)
from engine.standings import GameResult

from .phases_helpers import pool_results


def teams(n: int) -> tuple[int, ...]:
    return tuple(range(1, n + 1))


@pytest.mark.parametrize(
    ("n", "size", "count", "expected"),
    [
        pytest.param(8, 4, None, [(1, 4, 5, 8), (2, 3, 6, 7)], id="8 in pools of 4"),
        pytest.param(
            12, None, 3, [(1, 6, 7, 12), (2, 5, 8, 11), (3, 4, 9, 10)], id="12 in 3 pools"
        ),
        pytest.param(11, 4, None, [(1, 6, 7), (2, 5, 8, 11), (3, 4, 9, 10)], id="11: one of 3"),
        pytest.param(10, 4, None, [(1, 6, 7), (2, 5, 8), (3, 4, 9, 10)], id="10: two of 3"),
        pytest.param(5, 5, None, [(1, 2, 3, 4, 5)], id="one pool of 5"),
        pytest.param(7, None, 2, [(1, 4, 5), (2, 3, 6, 7)], id="7 in 2 pools"),
    ],
)
def test_serpentine_pools(
    n: int, size: int | None, count: int | None, expected: list[tuple[int, ...]]
) -> None:
    plan = draw_pools(PoolsSpec(teams(n), PoolMethod.SERPENTINE, size, count, seed=1))
    assert [p.teams for p in plan.pools] == expected
    assert [p.name for p in plan.pools] == [pool_name(i) for i in range(len(expected))]
    placed = plan.report.of(PhaseReportCode.POOL_PLACED)
    assert [i.params["rank"] for i in placed] == list(range(1, n + 1))


@pytest.mark.parametrize(
    ("size", "rounds", "matches", "byes"),
    [
        pytest.param(2, 1, 1, 0, id="pool of 2"),
        pytest.param(3, 3, 3, 3, id="pool of 3: a bye each partie"),
        pytest.param(4, 3, 6, 0, id="pool of 4"),
        pytest.param(5, 5, 10, 5, id="pool of 5"),
        pytest.param(6, 5, 15, 0, id="pool of 6"),
        pytest.param(7, 7, 21, 7, id="pool of 7"),
    ],
)
def test_a_pool_meets_every_pair_exactly_once(
    size: int, rounds: int, matches: int, byes: int
) -> None:
    plan = draw_pools(PoolsSpec(teams(size), pool_count=1))
    assert plan.rounds == rounds
    assert len(plan.matches) == matches and len(plan.byes) == byes
    pairs = Counter(frozenset((m.a, m.b)) for m in plan.matches)
    assert set(pairs) == {frozenset(p) for p in combinations(teams(size), 2)}
    assert set(pairs.values()) == {1}
    for rnd in range(1, rounds + 1):  # each team once per partie: at a table or on the bye
        seen = [t for m in plan.round_matches(rnd) for t in (m.a, m.b)]
        seen += [b.team for b in plan.byes if b.round == rnd]
        assert sorted(seen) == list(teams(size))
    assert len({b.team for b in plan.byes}) == byes  # nobody sits out twice
    assert len(plan.report.of(PhaseReportCode.POOL_BYE)) == byes


def test_tables_are_numbered_across_the_pools_of_a_partie() -> None:
    plan = draw_pools(PoolsSpec(teams(12), pool_size=4))
    for rnd in range(1, plan.rounds + 1):
        assert [m.table for m in plan.round_matches(rnd)] == list(range(1, 7))
    assert plan.matches[0].id == "A.r1.m1"


@pytest.mark.parametrize("method", [PoolMethod.DRAW, PoolMethod.POTS])
def test_draws_are_reproducible_from_their_seed(method: PoolMethod) -> None:
    spec = PoolsSpec(teams(20), method, pool_size=4)
    first = draw_pools(spec)
    again = draw_pools(PoolsSpec(teams(20), method, pool_size=4, seed=first.seed))
    assert again.pools == first.pools and again.matches == first.matches
    others = {draw_pools(PoolsSpec(teams(20), method, pool_size=4, seed=s)).pools for s in range(5)}
    assert len(others) > 1
    (seed_item,) = first.report.of(PhaseReportCode.SEED)
    assert seed_item.params == {"seed": first.seed, "what": method.value}


def test_pots_put_one_head_of_series_in_each_pool() -> None:
    for seed in range(10):
        plan = draw_pools(PoolsSpec(teams(16), PoolMethod.POTS, pool_count=4, seed=seed))
        for pot in range(4):
            heads = set(range(4 * pot + 1, 4 * pot + 5))
            assert [len(heads & set(p.teams)) for p in plan.pools] == [1, 1, 1, 1]


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        (PoolsSpec((1,), pool_size=2), "phases.not_enough_teams"),
        (PoolsSpec((1, 1, 2), pool_size=2), "phases.invalid_teams"),
        (PoolsSpec((1, True), pool_size=2), "phases.invalid_teams"),
        (PoolsSpec(teams(8)), "phases.invalid_pools"),
        (PoolsSpec(teams(8), pool_size=4, pool_count=2), "phases.invalid_pools"),
        (PoolsSpec(teams(8), pool_size=1), "phases.invalid_pools"),
        (PoolsSpec(teams(8), pool_count=5), "phases.invalid_pools"),
        (PoolsSpec(teams(3), pool_size=2), "phases.invalid_pools"),
        (PoolsSpec(teams(8), "swiss", pool_size=4), "phases.invalid_pools"),
        (PoolsSpec(teams(8), pool_size=4, seed=-1), "phases.invalid_seed"),
    ],
)
def test_bad_pool_specs_are_refused(spec: PoolsSpec, code: str) -> None:
    with pytest.raises(PhaseError) as error:
        draw_pools(spec)
    assert error.value.code == code


def test_pool_standings_count_two_a_win_one_a_loss() -> None:
    plan = draw_pools(PoolsSpec((1, 2, 3, 4), pool_count=1))
    score = {frozenset((1, 2)): (1, 1200), frozenset((1, 3)): (1, 1100)}
    score |= {frozenset((1, 4)): (4, 1000), frozenset((2, 3)): (2, 1300)}
    score |= {frozenset((2, 4)): (2, 1000), frozenset((3, 4)): (3, 990)}
    results = []
    for m in plan.matches:
        winner, points = score[frozenset((m.a, m.b))]
        loser_points = 1944 - points
        sa, sb = (points, loser_points) if m.a == winner else (loser_points, points)
        results.append(GameResult(m.round, m.a, m.b, sa, sb))
    (ranking,) = pool_standings(plan, results)
    assert ranking.complete and ranking.played == ranking.scheduled == 6
    # wins 1: 2, 2: 2, 3: 1, 4: 1 -> 2 x 2 + 1 = 5 for two wins, 4 for one
    assert {r.team: r.match_points for r in ranking.rows} == {1: 5, 2: 5, 3: 4, 4: 4}
    # 1 and 2 tied: direct encounter (1 beat 2); 3 and 4 tied: 3 beat 4
    assert [r.team for r in ranking.rows] == [1, 2, 3, 4]
    assert ranking.team_at(1) is not None and ranking.team_at(5) is None


def test_pool_standings_take_byes_and_refuse_foreign_results() -> None:
    plan = draw_pools(PoolsSpec((1, 2, 3), pool_count=1))
    results = pool_results(plan, random.Random(1))
    results += [GameResult(b.round, b.team, None, kind="bye") for b in plan.byes]
    (ranking,) = pool_standings(plan, results)
    # A bye counts as a game won, so as a game played: 2 games at a table + the bye.
    assert all(r.byes == 1 and r.played == 3 for r in ranking.rows)
    sits_out = {(b.team, b.round) for b in plan.byes}
    not_a_bye = next((1, r) for r in range(1, 4) if (1, r) not in sits_out)
    foreign = [
        GameResult(9, 1, 2, 1000, 944),  # not in the partie the plan gives them
        GameResult(not_a_bye[1], 1, None, kind="bye"),  # team 1 plays that partie
    ]
    for bad in foreign:
        with pytest.raises(PhaseError) as error:
            pool_standings(plan, [bad])
        assert error.value.code == "phases.result_outside_pool"


def test_pool_standings_accept_the_contest_config() -> None:
    plan = draw_pools(PoolsSpec(teams(8), pool_size=4))
    config = pool_config(("points_for",))
    rankings = pool_standings(plan, pool_results(plan, random.Random(3)), config)
    for ranking in rankings:
        assert [r.rank for r in ranking.rows] == sorted(r.rank for r in ranking.rows)
        assert all(len(r.tiebreak_values) == 1 for r in ranking.rows)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 60),
    size=st.integers(2, 7),
    method=st.sampled_from(list(PoolMethod)),
    seed=st.integers(0, 2**32 - 1),
)
def test_no_team_meets_the_same_team_twice_in_pools(
    n: int, size: int, method: PoolMethod, seed: int
) -> None:
    assume(n // -(-n // size) >= 2)  # else a pool of one: refused (test_bad_pool_specs)
    plan = draw_pools(PoolsSpec(teams(n), method, pool_size=size, seed=seed))
    assert sorted(t for p in plan.pools for t in p.teams) == list(teams(n))
    sizes = [len(p.teams) for p in plan.pools]
    assert max(sizes) - min(sizes) <= 1 and max(sizes) <= size and min(sizes) >= 2
    pairs = Counter(frozenset((m.a, m.b)) for m in plan.matches)
    assert set(pairs.values()) <= {1}
    expected = {frozenset(p) for pool in plan.pools for p in combinations(pool.teams, 2)}
    assert set(pairs) == expected


def test_the_phases_package_imports_only_the_standard_library_and_engine() -> None:
    import ast
    import sys
    from pathlib import Path

    import engine.phases

    paths = sorted(Path(engine.phases.__file__ or "").parent.glob("*.py"))
    assert {p.name for p in paths} >= {"__init__.py", "bracket.py", "pools.py", "placement.py"}
    imported: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
    assert imported - set(sys.stdlib_module_names) <= {"engine"}
