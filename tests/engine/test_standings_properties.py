"""engine.standings: hypothesis properties over random contests, and the speed budget.

Properties: every team appears once; ranks start at 1, never decrease and skip after a shared
rank; a rank is shared exactly when every key is equal; the rows are sorted on their keys; the
rank history agrees with the standings as of each round; the order of the input does not
matter.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.standings import (
    TIEBREAKS,
    AwardMode,
    ByePolicy,
    ForfeitPolicy,
    GameResult,
    MatchPointsScale,
    RankingMethod,
    ResultKind,
    StandingRow,
    StandingsConfig,
    UnplayedRounds,
    compute_standings,
    rank_history,
)

# Few distinct scores, so that ties are common.
SCORES = st.sampled_from([0, 100, 500, 500, 810, 1000])


@st.composite
def contests(draw: st.DrawFn) -> tuple[list[GameResult], list[int]]:
    n = draw(st.integers(min_value=1, max_value=9))
    teams = draw(
        st.lists(st.integers(min_value=1, max_value=99), min_size=n, max_size=n, unique=True)
    )
    rounds = draw(st.integers(min_value=0, max_value=4))
    results: list[GameResult] = []
    for rnd in range(1, rounds + 1):
        present = [t for t in draw(st.permutations(teams)) if draw(st.integers(0, 9)) > 0]
        for i in range(0, len(present) - 1, 2):
            a, b = present[i], present[i + 1]
            if draw(st.integers(0, 7)) == 0:
                loser = draw(st.sampled_from([a, b]))
                results.append(
                    GameResult(
                        rnd,
                        a,
                        b,
                        draw(SCORES),
                        draw(SCORES),
                        ResultKind.FORFEIT,
                        forfeit_loser=loser,
                    )
                )
            else:
                results.append(GameResult(rnd, a, b, draw(SCORES), draw(SCORES)))
        if len(present) % 2:
            results.append(GameResult(rnd, present[-1], None, draw(SCORES), 0, ResultKind.BYE))
    return results, teams


configs = st.builds(
    StandingsConfig,
    method=st.sampled_from(list(RankingMethod)),
    tiebreaks=st.lists(st.sampled_from(sorted(TIEBREAKS)), unique=True, max_size=5).map(tuple),
    bye=st.builds(
        ByePolicy,
        award=st.sampled_from(list(AwardMode)),
        value=st.sampled_from([0, 500, 1944]),
        counts_as_win=st.booleans(),
    ),
    forfeit=st.builds(
        ForfeitPolicy,
        award=st.sampled_from(list(AwardMode)),
        value=st.sampled_from([0, 1000]),
        loser_points=st.sampled_from([0, 50]),
    ),
    match_points=st.builds(
        MatchPointsScale,
        win=st.integers(0, 4),
        draw=st.integers(0, 2),
        loss=st.integers(0, 1),
        bye=st.integers(0, 4),
        forfeit_win=st.integers(0, 4),
        forfeit_loss=st.integers(0, 1),
        add_score=st.booleans(),
        score_divisor=st.sampled_from([1, 10, 100]),
    ),
    unplayed_rounds=st.sampled_from(list(UnplayedRounds)),
)


def full_key(row: StandingRow, config: StandingsConfig) -> tuple[int, ...]:
    """The row's keys as one ascending tuple: what the ranking orders by."""
    if config.method is RankingMethod.POINTS:
        primary: tuple[int, ...] = (-row.points_for,)
    elif config.method is RankingMethod.WINS_THEN_POINTS:
        primary = (-row.wins, -row.points_for, row.points_against)
    else:
        primary = (-row.match_points,)
    signs = [-1 if TIEBREAKS[n].higher_is_better else 1 for n in config.tiebreaks]
    return primary + tuple(s * v for s, v in zip(signs, row.tiebreak_values, strict=True))


def lots_for(teams: list[int], seed: int) -> dict[int, int]:
    shuffled = random.Random(seed).sample(teams, len(teams))
    return {t: i for i, t in enumerate(shuffled)}


@settings(max_examples=300, deadline=None)
@given(contests(), configs, st.integers(0, 1000))
def test_ranking_properties(
    contest: tuple[list[GameResult], list[int]], config: StandingsConfig, seed: int
) -> None:
    results, teams = contest
    lots = lots_for(teams, seed)
    rows = compute_standings(results, teams, config, lots=lots)

    assert sorted(r.team for r in rows) == sorted(teams)
    assert [(r.rank, r.team) for r in rows] == sorted((r.rank, r.team) for r in rows)
    keys = [full_key(r, config) for r in rows]
    assert keys == sorted(keys)
    for i, row in enumerate(rows):
        first = next(j for j, other in enumerate(rows) if other.rank == row.rank)
        assert row.rank == first + 1  # 1, 2, 2, 4
        same_rank = [other for other in rows if other.rank == row.rank]
        assert row.shared == (len(same_rank) > 1)
        for other in same_rank:
            assert keys[rows.index(other)] == keys[i]
        if i and rows[i - 1].rank != row.rank:
            assert keys[i - 1] != keys[i]
        assert row.difference == row.points_for - row.points_against
        # Every game decided is played (a bye counting as a win included): played = the sum.
        assert row.played == row.wins + row.draws + row.losses
        assert row.played <= 4 and row.byes + row.forfeits_won + row.forfeits_lost <= 4


@settings(max_examples=150, deadline=None)
@given(contests(), configs, st.integers(0, 1000))
def test_rank_history_agrees_with_standings_as_of_each_round(
    contest: tuple[list[GameResult], list[int]], config: StandingsConfig, seed: int
) -> None:
    results, teams = contest
    lots = lots_for(teams, seed)
    history = rank_history(results, teams, config, lots=lots)
    last = max((r.round for r in results), default=0)
    assert set(history) == set(teams)
    for rnd in range(1, last + 1):
        rows = compute_standings(results, teams, config, as_of_round=rnd, lots=lots)
        assert {r.team: r.rank for r in rows} == {t: h[rnd - 1] for t, h in history.items()}
    if last == 0:
        assert all(h == () for h in history.values())


@settings(max_examples=100, deadline=None)
@given(contests(), configs, st.randoms(use_true_random=False))
def test_input_order_does_not_matter(
    contest: tuple[list[GameResult], list[int]], config: StandingsConfig, rnd: random.Random
) -> None:
    results, teams = contest
    lots = lots_for(teams, 7)
    expected = compute_standings(results, teams, config, lots=lots)
    shuffled = rnd.sample(results, len(results))
    assert compute_standings(shuffled, rnd.sample(teams, len(teams)), config, lots=lots) == expected


# --------------------------------------------------------------------------------------------
# Speed: 512 teams x 8 rounds (2,048 results)
# --------------------------------------------------------------------------------------------


def big_contest() -> tuple[list[GameResult], list[int]]:
    rng = random.Random(512)
    teams = list(range(1, 513))
    results = []
    for rnd in range(1, 9):
        order = rng.sample(teams, len(teams))
        for i in range(0, 512, 2):
            results.append(
                GameResult(rnd, order[i], order[i + 1], rng.randint(0, 1944), rng.randint(0, 1944))
            )
    return results, teams


def test_512_teams_8_rounds_ranks_every_team() -> None:
    # Speed is measured by benchmarks/standings_bench.py, never asserted here (shared machines).
    results, teams = big_contest()
    lots = lots_for(teams, 1)
    heavy = StandingsConfig(
        method=RankingMethod.MATCH_POINTS,
        tiebreaks=("direct_encounter", "buchholz_wins", "median_buchholz_points", "lot"),
    )
    rows = compute_standings(results, teams, heavy, lots=lots)
    assert sorted(r.team for r in rows) == sorted(teams)
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    history = rank_history(results, teams, heavy, lots=lots)
    assert all(len(ranks) == 8 for ranks in history.values())
