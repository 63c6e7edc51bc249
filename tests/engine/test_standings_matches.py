"""engine.standings with matches of several games: a result carries the games won, the match
is won on games won then on points (as ``engine.belote.match.fold_match`` decides it), and a contest
ranked on wins ranks on matches won, then on its tie-breaks.

Table-driven: each case is a small contest written as match results, and the expected ranking.
"""

from __future__ import annotations

import pytest

from engine.belote.deal import Team
from engine.belote.game import FinalScore
from engine.belote.match import fold_match
from engine.belote.rules import make_ruleset
from engine.errors import EngineError
from engine.standings import (
    GameResult,
    RankingMethod,
    ResultKind,
    StandingsConfig,
    StandingsError,
    compute_standings,
)


def match(rnd: int, a: int, b: int, games: list[tuple[int, int]]) -> GameResult:
    """A match result as the score sheet gives it: games won, and the sum of the games."""
    wins_a = sum(1 for x, y in games if x > y)
    wins_b = sum(1 for x, y in games if y > x)
    return GameResult(
        rnd,
        a,
        b,
        sum(x for x, _ in games),
        sum(y for _, y in games),
        games_a=wins_a,
        games_b=wins_b,
    )


WINS = StandingsConfig(method=RankingMethod.WINS_THEN_POINTS, tiebreaks=("difference",))


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        # Teams 1 (2-1) and 3 (2-0) won a match each: their points (2495, 2003) order them;
        # then the losers on points (2361, 1850).
        (
            [
                match(1, 1, 2, [(1012, 640), (480, 1001), (1003, 720)]),
                match(1, 3, 4, [(1001, 900), (1002, 950)]),
            ],
            [(1, 1), (2, 3), (3, 2), (4, 4)],
        ),
        # Won on games with fewer points: 2-1 beats more points. Team 2 has 2495 points in its
        # lost match, team 1 has 2193 and the win.
        (
            [match(1, 1, 2, [(1001, 0), (192, 1501), (1000, 994)])],
            [(1, 1), (2, 2)],
        ),
        # Two rounds: matches won first, then the difference tie-break.
        (
            [
                match(1, 1, 2, [(1001, 500), (1001, 500)]),
                match(1, 3, 4, [(1001, 990), (1001, 990)]),
                match(2, 1, 3, [(990, 1001), (1001, 900), (900, 1001)]),
                match(2, 2, 4, [(1001, 200), (1001, 300)]),
            ],
            [(1, 3), (2, 1), (3, 2), (4, 4)],
        ),
    ],
)
def test_matches_rank_on_matches_won_then_tiebreaks(
    results: list[GameResult], expected: list[tuple[int, int]]
) -> None:
    teams = sorted({t for r in results for t in (r.team_a, r.team_b) if t is not None})
    rows = compute_standings(results, teams, WINS)
    assert [(r.rank, r.team) for r in rows] == expected
    by_team = {r.team: r for r in rows}
    for team, row in by_team.items():
        # Points are the sum of the games; wins and losses count matches.
        assert row.points_for == sum(
            r.score_a if r.team_a == team else r.score_b
            for r in results
            if team in (r.team_a, r.team_b)
        )
        assert row.wins + row.losses + row.draws == row.played


@pytest.mark.parametrize(
    ("games", "winner"),
    [
        ([(1001, 0), (192, 1501), (1000, 994)], Team.A),  # 2-1 on games, fewer points
        ([(1000, 990), (500, 1001)], Team.B),  # 1-1 in all games: points decide
        ([(1000, 900), (900, 1000)], None),  # 1-1 and equal points: a draw
        ([(800, 800), (1001, 0)], Team.A),  # a drawn game and a win
    ],
)
def test_the_standings_decide_a_match_as_the_engine_folds_it(
    games: list[tuple[int, int]], winner: Team | None
) -> None:
    rules = make_ruleset("ffb_classic_2016", match_games=len(games), match_format="all_games")
    folded = fold_match(
        rules,
        [FinalScore(Team.A if a > b else Team.B if b > a else None, a, b, a, b) for a, b in games],
    )
    assert folded.winner is winner
    rows = {r.team: r for r in compute_standings([match(1, 1, 2, games)], [1, 2], WINS)}
    expected = {Team.A: (1, 0), Team.B: (0, 1), None: (0, 0)}[winner]
    assert (rows[1].wins, rows[2].wins) == expected
    assert rows[1].draws == (winner is None)
    assert rows[1].points_for == folded.points_a and rows[2].points_for == folded.points_b


@pytest.mark.parametrize(
    "bad",
    [
        GameResult(1, 1, 2, 10, 5, games_a=-1, games_b=0),
        GameResult(1, 1, 2, 10, 5, games_a=1, games_b=None),
        GameResult(1, 1, 2, 10, 5, games_a=True, games_b=0),
        GameResult(1, 1, 2, 10, 5, ResultKind.FORFEIT, forfeit_loser=2, games_a=1, games_b=0),
    ],
)
def test_malformed_games_are_refused(bad: GameResult) -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings([bad], [1, 2], WINS)
    assert isinstance(info.value, EngineError)
    assert info.value.code == "standings.invalid_result"
