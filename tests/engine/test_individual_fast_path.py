"""The individual credits' fast path gives exactly what the general path gives.

``engine.individual.fast.fold_results`` folds the common table (a played partie of two pairs of
four distinct credited players) without the general path's credit tuples and sends every other
result to the general check and crediter. Here both are run on the same random inputs (mêlées,
pairs contests with volunteers and solo players, byes, forfeits, every award mode, the barème
with and without the score, ``as_of_partie``) and on the same inputs spoiled in every way the
general check refuses: the players' totals must be equal field by field (lists in the same
order), and a refusal must be the same error with the same code and parameters. The lineups'
shortcut for a team with one lineup is checked against a plain search over the lineups.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.individual import IndividualError, Lineup, PartieResult, Side, results_from_games
from engine.individual.credit import credits
from engine.individual.fast import fold_results
from engine.individual.totals import PlayerAcc, fold
from engine.standings import (
    AwardMode,
    ByePolicy,
    ForfeitPolicy,
    GameResult,
    MatchPointsScale,
    ResultKind,
    StandingsConfig,
)


class _Result(PartieResult):
    """A subclass: the general check accepts it, the fast path leaves it to the general one."""

    __slots__ = ()


class _Tuple(tuple):  # type: ignore[type-arg]
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


def _results(rng: random.Random, players: list[int], extra: list[int]) -> list[PartieResult]:
    """Random parties: tables of four (some with a volunteer or a solo side), byes, forfeits."""
    out: list[PartieResult] = []
    for partie in range(1, rng.randint(1, 5) + 1):
        seats = players + rng.sample(extra, k=min(len(extra), rng.randint(0, 2)))
        rng.shuffle(seats)
        while len(seats) >= 4:
            size_a, size_b = rng.choice([(2, 2)] * 8 + [(1, 2), (2, 1), (1, 1)])
            side_a = tuple(seats.pop() for _ in range(size_a))
            side_b = tuple(seats.pop() for _ in range(size_b))
            sa, sb = rng.choice([0, 80, 500, 820]), rng.choice([0, 80, 500, 820])
            roll = rng.random()
            if roll < 0.08:
                loser = rng.choice([Side.A, Side.B])
                out.append(PartieResult(partie, side_a, side_b, sa, sb, ResultKind.FORFEIT, loser))
            else:
                out.append(PartieResult(partie, side_a, side_b, sa, sb))
        for p in seats:
            out.append(PartieResult(partie, (p,), (), rng.choice([0, 300]), 0, ResultKind.BYE))
    rng.shuffle(out)
    return out


def _spoil(rng: random.Random, r: PartieResult, players: list[int]) -> Any:
    """``r`` with one thing changed that the general check refuses (or, for a few, accepts
    through another road: a subclass, a tuple subclass, the kind as its string)."""
    change: dict[str, Any] = rng.choice(
        [
            {"partie": 0},
            {"partie": -1},
            {"partie": True},
            {"partie": 1.0},
            {"score_a": -1},
            {"score_b": True},
            {"score_a": 1.5},
            {"kind": "chess"},
            {"kind": "played"},
            {"kind": ResultKind.BYE},
            {"forfeit_loser": Side.A},
            {"side_a": ()},
            {"side_a": (1, 2, 3)},
            {"side_a": [players[0], players[1]]},
            {"side_a": (True, players[1])},
            {"side_a": (players[0], players[0])},
            {"side_b": (max(players) + 100, players[1])},
            {"side_a": _Tuple(r.side_a)},
        ]
    )
    if rng.random() < 0.05:
        return "not a result"
    spoilt = r._replace(**change)
    if rng.random() < 0.1:
        return _Result(*spoilt)
    return spoilt


def _run(
    fast: bool,
    results: list[Any],
    players: list[int],
    volunteers: set[int],
    config: Any,
    as_of: int | None,
) -> Any:
    accs = {p: PlayerAcc(p) for p in players}
    try:
        if fast:
            fold_results(accs, results, set(players), volunteers, config, as_of)
        else:
            fold(accs, credits(results, set(players), volunteers, config, as_of))
    except IndividualError as exc:
        return ("error", exc.code, exc.params)
    return accs


def _case(seed: int) -> tuple[list[Any], list[int], set[int], StandingsConfig, int | None]:
    rng = random.Random(seed)
    n = rng.randint(4, 24)
    players = list(range(1, n + 1))
    volunteers = set(range(100, 100 + rng.randint(0, 3)))
    results: list[Any] = _results(rng, players, sorted(volunteers))
    if results and rng.random() < 0.3:
        # A player twice in a partie: the same table again, or one of its players elsewhere.
        r = rng.choice(results)
        results.insert(rng.randrange(len(results) + 1), r)
    if results and rng.random() < 0.4:
        i = rng.randrange(len(results))
        results[i] = _spoil(rng, results[i], players)
    as_of = rng.choice([None, None, 0, 1, 2, 3])
    return results, players, volunteers, _config(rng), as_of


@pytest.mark.parametrize("chunk", range(8))
def test_fast_path_equals_the_general_path(chunk: int) -> None:
    errors = totals = 0
    for seed in range(chunk * 250, (chunk + 1) * 250):
        results, players, volunteers, config, as_of = _case(seed)
        general = _run(False, results, players, volunteers, config, as_of)
        fast = _run(True, results, players, volunteers, config, as_of)
        assert fast == general, seed
        if isinstance(general, tuple):
            errors += 1
        else:
            totals += 1
    # Both roads were walked: refusals and rankings.
    assert errors > 20
    assert totals > 100


def test_fast_path_takes_the_common_table_and_the_general_path_the_rest() -> None:
    """The shortcut is taken (no Credit tuples for a table of four credited players) and an
    uncommon result still reaches the general crediter (a volunteer's table)."""
    config = StandingsConfig()
    accs = {p: PlayerAcc(p) for p in (1, 2, 3, 4, 5)}
    common = PartieResult(1, (1, 2), (3, 4), 500, 300)
    with_volunteer = PartieResult(2, (1, 9), (3, 4), 100, 200)
    bye = PartieResult(1, (5,), (), 0, 0, ResultKind.BYE)
    fold_results(accs, [common, with_volunteer, bye], {1, 2, 3, 4, 5}, {9}, config, None)
    assert accs[1].partners == [2]  # the volunteer is nobody's partner
    assert accs[3].opponents == [1, 2, 1]
    assert (accs[1].wins, accs[1].losses, accs[5].byes) == (1, 1, 1)


def _reference_lineup(lineups: list[Lineup], team: int, partie: int) -> tuple[int, ...] | None:
    starts = [lu for lu in lineups if lu.team == team and lu.from_partie <= partie]
    return max(starts, key=lambda lu: lu.from_partie).players if starts else None


def test_lineup_shortcut_equals_a_plain_search() -> None:
    rng = random.Random(7)
    for _ in range(300):
        teams = list(range(1, rng.randint(2, 8) + 1))
        lineups = []
        for t in teams:
            starts = [1, *sorted(rng.sample(range(2, 6), k=rng.choice([0, 0, 1, 2])))]
            if rng.random() < 0.1 and 2 not in starts:
                starts[0] = 2  # a team without a lineup for partie 1
            lineups += [Lineup(t, (t * 10 + s, t * 10 + s + 5), s) for s in starts]
        games = []
        for _ in range(rng.randint(1, 10)):
            a, b = rng.sample(teams, 2)
            partie = rng.choice([1, 2, 3, 4, 5, 6, 0, -1, True])
            games.append(GameResult(partie, a, rng.choice([b, b, None]), 10, 20))
        expected: Any
        try:
            expected = []
            for g in games:
                side_a = _reference_lineup(lineups, g.team_a, g.round)
                side_b = () if g.team_b is None else _reference_lineup(lineups, g.team_b, g.round)
                if side_a is None or side_b is None:
                    raise LookupError
                expected.append((side_a, side_b))
        except LookupError:
            expected = "no_lineup"
        try:
            got: Any = [(r.side_a, r.side_b) for r in results_from_games(games, lineups)]
        except IndividualError as exc:
            assert exc.params["reason"] == "no_lineup"
            got = "no_lineup"
        assert got == expected
