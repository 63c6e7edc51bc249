"""The team totals' fast path gives exactly what the general path gives.

``engine.standings.fast.fold_results`` folds a played game on its own without the general path's
entry tuples and sends every other result to the general check and ``entries``. Here both are
run on the same random inputs (byes, forfeits, matches, every award mode, the barème with and
without the score, ``as_of_round``, results in any order) and on the same inputs spoiled in
every way the general check refuses: every team's totals must be equal field by field (the
lists of opponents and encounters holding the same items), the last round folded the same, and
a refusal the same error with the same code and parameters.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.standings import (
    AwardMode,
    ByePolicy,
    ForfeitPolicy,
    GameResult,
    MatchPointsScale,
    ResultKind,
    StandingsConfig,
    StandingsError,
)
from engine.standings.entries import entries
from engine.standings.fast import fold_results
from engine.standings.totals import Acc, fold


class _Result(GameResult):
    """A subclass: the general check accepts it, the fast path leaves it to the general one."""

    __slots__ = ()


def _config(rng: random.Random) -> StandingsConfig:
    awards = list(AwardMode)
    return StandingsConfig(
        bye=ByePolicy(rng.choice(awards), rng.choice([0, 400, 801]), rng.random() < 0.5),
        forfeit=ForfeitPolicy(rng.choice(awards), rng.choice([0, 500]), rng.choice([0, 100])),
        match_points=MatchPointsScale(
            win=rng.choice([2, 3, 4]),
            draw=rng.choice([0, 1]),
            loss=rng.choice([0, -1]),
            add_score=rng.random() < 0.5,
            score_divisor=rng.choice([1, 10, 100]),
        ),
    )


def _results(rng: random.Random, teams: list[int]) -> list[GameResult]:
    """Random rounds: games (some matches, some level), forfeits, a bye for the odd team."""
    out: list[GameResult] = []
    for rnd in range(1, rng.randint(1, 5) + 1):
        seats = list(teams)
        rng.shuffle(seats)
        while len(seats) >= 2:
            a, b = seats.pop(), seats.pop()
            sa, sb = rng.choice([0, 80, 500, 820]), rng.choice([0, 80, 500, 820])
            roll = rng.random()
            if roll < 0.08:
                loser = rng.choice([a, b])
                out.append(GameResult(rnd, a, b, sa, sb, ResultKind.FORFEIT, loser))
            elif roll < 0.16:
                ga, gb = rng.randint(0, 2), rng.randint(0, 2)
                out.append(GameResult(rnd, a, b, sa, sb, games_a=ga, games_b=gb))
            else:
                out.append(GameResult(rnd, a, b, sa, sb))
        for t in seats:
            out.append(GameResult(rnd, t, None, rng.choice([0, 300]), kind=ResultKind.BYE))
    if rng.random() < 0.5:
        rng.shuffle(out)
    return out


def _spoil(rng: random.Random, r: GameResult, teams: list[int]) -> Any:
    """``r`` with one thing changed that the general check refuses (or, for a few, accepts
    through another road: a subclass, the kind as its string)."""
    change: dict[str, Any] = rng.choice(
        [
            {"round": 0},
            {"round": -1},
            {"round": True},
            {"round": 1.0},
            {"score_a": -1},
            {"score_b": True},
            {"score_a": 1.5},
            {"kind": "chess"},
            {"kind": "played"},
            {"kind": ResultKind.BYE},
            {"forfeit_loser": r.team_a},
            {"team_a": True},
            {"team_b": r.team_a},
            {"team_b": None},
            {"team_b": max(teams) + 100},
            {"team_a": max(teams) + 100},
            {"games_a": 1},
            {"games_a": -1, "games_b": 0},
        ]
    )
    if rng.random() < 0.05:
        return "not a result"
    spoilt = r._replace(**change)
    if rng.random() < 0.1:
        return _Result(*spoilt)
    return spoilt


def _run(
    fast: bool, results: list[Any], teams: list[int], config: StandingsConfig, as_of: int | None
) -> tuple[dict[int, Acc], int]:
    accs = {t: Acc(t) for t in teams}
    if fast:
        return accs, fold_results(accs, results, set(teams), config, as_of)
    by_round = entries(results, set(teams), config, as_of)
    for rnd in sorted(by_round):
        fold(accs, rnd, by_round[rnd])
    return accs, max(by_round, default=0)


def _fields(a: Acc) -> tuple[Any, ...]:
    """Every field; the lists as multisets (the fast path keeps the results' order)."""
    return (
        a.team,
        a.played,
        a.wins,
        a.draws,
        a.losses,
        a.byes,
        a.forfeits_won,
        a.forfeits_lost,
        a.points_for,
        a.points_against,
        a.match_points,
        a.best_game,
        a.first_game,
        a.unplayed,
        Counter(a.opponents),
        Counter(a.encounters),
    )


def _outcome(
    fast: bool, results: list[Any], teams: list[int], config: StandingsConfig, as_of: int | None
) -> Any:
    try:
        accs, last = _run(fast, results, teams, config, as_of)
    except StandingsError as exc:
        return ("error", exc.code, exc.params)
    return ({t: _fields(a) for t, a in accs.items()}, last)


@pytest.mark.parametrize("seed", range(300))
def test_the_fast_path_folds_what_the_general_path_folds(seed: int) -> None:
    rng = random.Random(seed)
    teams = rng.sample(range(1, 60), rng.randint(2, 12))
    config = _config(rng)
    results = _results(rng, teams)
    as_of = rng.choice([None, None, 0, 1, 2, 3])
    general = _outcome(False, results, teams, config, as_of)
    assert general[0] != "error"
    assert _outcome(True, results, teams, config, as_of) == general


@pytest.mark.parametrize("seed", range(400))
def test_a_spoilt_result_is_refused_alike_by_both_paths(seed: int) -> None:
    rng = random.Random(seed)
    teams = rng.sample(range(1, 60), rng.randint(2, 12))
    config = _config(rng)
    results: list[Any] = _results(rng, teams)
    for _ in range(rng.randint(1, 2)):
        i = rng.randrange(len(results))
        if isinstance(results[i], GameResult):
            results[i] = _spoil(rng, results[i], teams)
    if rng.random() < 0.2:  # a team twice in a round
        results.append(results[rng.randrange(len(results))])
    as_of = rng.choice([None, 1, 2])
    general = _outcome(False, results, teams, config, as_of)
    assert _outcome(True, results, teams, config, as_of) == general
