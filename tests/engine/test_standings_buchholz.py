"""engine.standings: Buchholz, Buchholz cut-1 and median-Buchholz, worked cases.

Definitions (FIDE tie-break regulations, article 8 and the cut modifiers of article 14):
Buchholz is the sum of the opponents' scores; cut-1 drops the least significant value;
median drops the least and the most significant values. Unplayed rounds (byes, forfeits)
count as a "dummy opponent" per ``StandingsConfig.unplayed_rounds``, and low cuts remove them
first (article 14.6).

Each case builds a contest in which team 1 ("P") plays one opponent per round and wins, and each
opponent then wins the requested number of games against fresh filler teams, so that the
opponents' final wins are exactly the worked numbers.
"""

from __future__ import annotations

import itertools

import pytest

from engine.standings import (
    ByePolicy,
    ForfeitPolicy,
    GameResult,
    RankingMethod,
    ResultKind,
    StandingsConfig,
    UnplayedRounds,
    compute_standings,
)

P = 1
FAMILY = ("buchholz_wins", "buchholz_cut1_wins", "median_buchholz_wins")


def contest(
    opponent_wins: list[int], unplayed: tuple[str, ...] = ()
) -> tuple[list[GameResult], list[int]]:
    """P beats opponents 101, 102, ... in rounds 1, 2, ...; then P has the ``unplayed`` rounds
    ("bye", "forfeit_won", "forfeit_lost"); each opponent then beats fresh fillers."""
    results: list[GameResult] = []
    teams = [P]
    filler = itertools.count(1001)
    rnd = 0
    for i, _ in enumerate(opponent_wins):
        rnd += 1
        opp = 101 + i
        teams.append(opp)
        results.append(GameResult(rnd, P, opp, 500, 400))
    for kind in unplayed:
        rnd += 1
        if kind == "bye":
            results.append(GameResult(rnd, P, None, kind=ResultKind.BYE))
        else:
            other = next(filler)
            teams.append(other)
            loser = other if kind == "forfeit_won" else P
            results.append(GameResult(rnd, P, other, kind=ResultKind.FORFEIT, forfeit_loser=loser))
    first_filler_round = rnd + 1
    for i, wins in enumerate(opponent_wins):
        for k in range(wins):
            other = next(filler)
            teams.append(other)
            results.append(GameResult(first_filler_round + k, 101 + i, other, 500, 400))
    return results, teams


def p_values(
    results: list[GameResult],
    teams: list[int],
    tiebreaks: tuple[str, ...] = FAMILY,
    **config: object,
) -> tuple[int, ...]:
    rows = compute_standings(results, teams, StandingsConfig(tiebreaks=tiebreaks, **config))  # type: ignore[arg-type]
    return next(r.tiebreak_values for r in rows if r.team == P)


def test_worked_median_buchholz_case() -> None:
    # Six opponents who finished 4-2, 2-4, 3-3, 4-2, 5-1 and 6-0 (a common worked example of
    # median-Buchholz): Buchholz 24; cut-1 drops the 2: 22; median drops the 2 and the 6: 16.
    results, teams = contest([4, 2, 3, 4, 5, 6])
    assert p_values(results, teams) == (24, 22, 16)


@pytest.mark.parametrize(
    ("opponent_wins", "expected"),
    [
        pytest.param([], (0, 0, 0), id="no opponent"),
        pytest.param([3], (3, 0, 0), id="one opponent: every cut empties the list"),
        pytest.param([3, 1], (4, 3, 0), id="two opponents"),
        pytest.param([2, 2, 2], (6, 4, 2), id="equal values: one of each is cut"),
        pytest.param([0, 5, 1, 5], (11, 11, 6), id="cuts take one value each, not all equal"),
    ],
)
def test_buchholz_family_table(opponent_wins: list[int], expected: tuple[int, ...]) -> None:
    results, teams = contest(opponent_wins)
    assert p_values(results, teams) == expected


# P beats opponents with 1, 2 and 3 wins, and has one unplayed round; P's own wins: 4 with a
# bye that counts as a win or a forfeit won, 3 with a forfeit lost.
UNPLAYED_CASES = [
    # mode, unplayed, (buchholz, cut-1, median)
    pytest.param(UnplayedRounds.SELF, ("bye",), (1 + 2 + 3 + 4, 6, 3), id="self: bye"),
    pytest.param(UnplayedRounds.SELF, ("forfeit_won",), (10, 6, 3), id="self: forfeit won"),
    pytest.param(UnplayedRounds.SELF, ("forfeit_lost",), (1 + 2 + 3 + 3, 6, 3), id="self: lost"),
    pytest.param(UnplayedRounds.ZERO, ("bye",), (6, 6, 3), id="zero: bye"),
    pytest.param(UnplayedRounds.IGNORE, ("bye",), (6, 5, 2), id="ignore: bye"),
    pytest.param(
        UnplayedRounds.SELF, ("bye", "bye"), (1 + 2 + 3 + 5 + 5, 11, 6), id="self: two byes"
    ),
    pytest.param(UnplayedRounds.ZERO, ("bye", "bye"), (6, 6, 3), id="zero: two byes"),
    pytest.param(UnplayedRounds.IGNORE, ("bye", "bye"), (6, 5, 2), id="ignore: two byes"),
]


@pytest.mark.parametrize(("mode", "unplayed", "expected"), UNPLAYED_CASES)
def test_unplayed_rounds(
    mode: UnplayedRounds, unplayed: tuple[str, ...], expected: tuple[int, ...]
) -> None:
    # With "self", the dummy opponent is worth P's own wins, yet the low cut removes it first
    # (FIDE 14.6), even though a real opponent is lower; the high cut then takes the best
    # remaining value.
    results, teams = contest([1, 2, 3], unplayed)
    assert p_values(results, teams, unplayed_rounds=mode) == expected


def test_a_bye_that_is_not_a_win_lowers_the_dummy_opponent() -> None:
    results, teams = contest([1, 2, 3], ("bye",))
    values = p_values(results, teams, bye=ByePolicy(counts_as_win=False))
    assert values == (1 + 2 + 3 + 3, 6, 3)


def test_opponents_scores_include_their_own_byes_per_policy() -> None:
    # Opponent 101 also had a bye: it is one of its wins only when the policy says so.
    results, teams = contest([1, 2])
    results.append(GameResult(50, 101, None, kind=ResultKind.BYE))
    assert p_values(results, teams, ("buchholz_wins",)) == (1 + 1 + 2,)
    config = {"bye": ByePolicy(counts_as_win=False)}
    assert p_values(results, teams, ("buchholz_wins",), **config) == (1 + 2,)


def test_buchholz_points_and_match_points() -> None:
    # Opponents 101 (400 v P, then 500 v a filler) and 102 (400 v P).
    results, teams = contest([1, 0])
    tiebreaks = ("buchholz_points", "buchholz_cut1_points", "median_buchholz_points")
    assert p_values(results, teams, tiebreaks) == (900 + 400, 900, 0)
    tiebreaks = ("buchholz_match_points", "buchholz_cut1_match_points")
    assert p_values(results, teams, tiebreaks) == (2, 2)


def test_buchholz_points_dummy_opponent_is_own_points() -> None:
    results, teams = contest([0, 0], ("forfeit_won",))
    config = {"forfeit": ForfeitPolicy(value=700)}
    values = p_values(results, teams, ("buchholz_points", "buchholz_cut1_points"), **config)
    assert values == (400 + 400 + (500 + 500 + 700), 800)


def test_buchholz_uses_the_opponents_scores_as_of_the_round() -> None:
    results, teams = contest([2, 0])  # opponents' filler games come in rounds 3 and 4
    config = StandingsConfig(tiebreaks=("buchholz_wins",))
    as_of = {
        rnd: next(
            r.tiebreak_values
            for r in compute_standings(results, teams, config, as_of_round=rnd)
            if r.team == P
        )
        for rnd in (1, 2, 3, 4)
    }
    assert as_of == {1: (0,), 2: (0,), 3: (1,), 4: (2,)}


def test_buchholz_orders_tied_teams() -> None:
    # P (1) and Q (2) both win two games; P's opponents won more afterwards.
    results = [
        GameResult(1, 1, 11, 500, 400),
        GameResult(2, 1, 12, 500, 400),
        GameResult(1, 2, 21, 500, 400),
        GameResult(2, 2, 22, 500, 400),
        GameResult(3, 11, 21, 500, 400),
        GameResult(4, 12, 22, 500, 400),
    ]
    teams = [1, 2, 11, 12, 21, 22]
    config = StandingsConfig(method=RankingMethod.WINS_THEN_POINTS, tiebreaks=("buchholz_wins",))
    rows = compute_standings(results, teams, config)
    assert [(r.rank, r.team, r.tiebreak_values) for r in rows[:2]] == [(1, 1, (2,)), (2, 2, (0,))]
