"""engine.standings: ranking methods, tie-breaks one by one and in order, the direct encounter,
shared ranks (as-of-round, byes, forfeits, errors and the config: ``test_standings_policies.py``).

Table-driven: each case is a small contest written as results, and the expected ranking.
"""

from __future__ import annotations

import pytest

from engine import standings as st
from engine.standings import (
    AwardMode,
    ByePolicy,
    ForfeitPolicy,
    GameResult,
    MatchPointsScale,
    RankingMethod,
    ResultKind,
    StandingsConfig,
    compute_standings,
    rank_history,
)


def game(rnd: int, a: int, b: int, sa: int, sb: int) -> GameResult:
    return GameResult(rnd, a, b, sa, sb)


def bye(rnd: int, team: int, score: int = 0) -> GameResult:
    return GameResult(rnd, team, None, score, 0, ResultKind.BYE)


def forfeit(rnd: int, a: int, b: int, loser: int, sa: int = 0, sb: int = 0) -> GameResult:
    return GameResult(rnd, a, b, sa, sb, ResultKind.FORFEIT, forfeit_loser=loser)


def order(rows: tuple[st.StandingRow, ...]) -> list[tuple[int, int]]:
    """[(rank, team), ...] in row order."""
    return [(r.rank, r.team) for r in rows]


def by_team(rows: tuple[st.StandingRow, ...]) -> dict[int, st.StandingRow]:
    return {r.team: r for r in rows}


# --------------------------------------------------------------------------------------------
# Ranking methods
# --------------------------------------------------------------------------------------------

METHOD_CASES = [
    pytest.param(
        RankingMethod.POINTS,
        [game(1, 1, 2, 1000, 900), game(1, 3, 4, 1100, 500)],
        [(1, 3), (2, 1), (3, 2), (4, 4)],
        id="points: the sum of points scored",
    ),
    pytest.param(
        RankingMethod.WINS_THEN_POINTS,
        [
            game(1, 1, 2, 1000, 900),
            game(1, 3, 4, 1100, 500),
            game(2, 1, 4, 600, 700),
            game(2, 2, 3, 1200, 300),
        ],
        # wins: 1:1 2:1 3:1 4:1; points: 1:1600 2:2100 3:1400 4:1200
        [(1, 2), (2, 1), (3, 3), (4, 4)],
        id="wins_then_points: all one win, points decide",
    ),
    pytest.param(
        RankingMethod.WINS_THEN_POINTS,
        [
            game(1, 1, 2, 1000, 400),
            game(1, 3, 4, 500, 1200),
            game(2, 1, 4, 400, 300),
            game(2, 2, 3, 1100, 500),
        ],
        # wins: 1:2 2:1 3:0 4:1; 2 and 4 both 1 win and 1500 points; 2 conceded 1500, 4 900
        [(1, 1), (2, 4), (3, 2), (4, 3)],
        id="wins_then_points: points conceded, lower first",
    ),
    pytest.param(
        RankingMethod.MATCH_POINTS,
        [game(1, 1, 2, 500, 1500), game(1, 3, 4, 800, 800), game(2, 1, 3, 900, 100)],
        # default barème 2/1/0: 1: 2, 2: 2, 3: 1, 4: 1 -> exact ties share
        [(1, 1), (1, 2), (3, 3), (3, 4)],
        id="match_points: barème, draws and shared ranks",
    ),
]


@pytest.mark.parametrize(("method", "results", "expected"), METHOD_CASES)
def test_ranking_method(
    method: RankingMethod, results: list[GameResult], expected: list[tuple[int, int]]
) -> None:
    rows = compute_standings(results, [1, 2, 3, 4], StandingsConfig(method=method))
    assert order(rows) == expected


def test_row_counters_for_a_played_contest() -> None:
    results = [
        game(1, 1, 2, 1000, 900),
        game(1, 3, 4, 800, 800),
        game(2, 1, 3, 700, 1100),
        bye(2, 2),
        forfeit(2, 4, 5, loser=5),
    ]
    config = StandingsConfig(
        bye=ByePolicy(AwardMode.FIXED, 500), forfeit=ForfeitPolicy(AwardMode.FIXED, 600, 10)
    )
    rows = by_team(compute_standings(results, [1, 2, 3, 4, 5], config))
    r1 = rows[1]
    assert (r1.played, r1.wins, r1.draws, r1.losses, r1.byes) == (2, 1, 0, 1, 0)
    assert (r1.points_for, r1.points_against, r1.difference, r1.best_game) == (
        1700,
        2000,
        -300,
        1000,
    )
    # Team 2: lost 900-1000, then a bye of 500 that counts as a game won (played 2 = 1 won +
    # 1 lost) and concedes its 500: 900 + 500 for, 1000 + 500 against.
    r2 = rows[2]
    assert (r2.played, r2.wins, r2.losses, r2.byes, r2.points_for, r2.points_against) == (
        2,
        1,
        1,
        1,
        1400,
        1500,
    )
    # Team 4: drew 800-800, then won by forfeit (600 for, the loser's 10 against): 2 decided.
    r4 = rows[4]
    assert (r4.played, r4.draws, r4.wins, r4.forfeits_won, r4.points_for, r4.points_against) == (
        2,
        1,
        1,
        1,
        1400,
        810,
    )
    # Team 5: lost by forfeit, its only game: played 1 = 1 lost.
    r5 = rows[5]
    assert (r5.played, r5.losses, r5.forfeits_lost, r5.points_for, r5.points_against) == (
        1,
        1,
        1,
        10,
        600,
    )
    assert r5.best_game == 0  # a forfeit is not a game played


BAREME_CASES = [
    pytest.param(MatchPointsScale(), {1: 2, 2: 0, 3: 1, 4: 1, 5: 2}, id="default 2/1/0, bye 2"),
    pytest.param(
        MatchPointsScale(win=3, draw=1, loss=0, bye=3), {1: 3, 2: 0, 3: 1, 4: 1, 5: 3}, id="3/1/0"
    ),
    pytest.param(
        MatchPointsScale(win=4, draw=2, loss=0, bye=4, add_score=True),
        {1: 4 + 1000, 2: 0 + 900, 3: 2 + 800, 4: 2 + 800, 5: 4 + 500},
        id="win = 4 + score",
    ),
    pytest.param(
        MatchPointsScale(win=4, draw=2, loss=1, bye=4, add_score=True, score_divisor=100),
        {1: 4 + 10, 2: 1 + 9, 3: 2 + 8, 4: 2 + 8, 5: 4 + 5},
        id="win = 4 + score / 100, floored",
    ),
]


@pytest.mark.parametrize(("scale", "expected"), BAREME_CASES)
def test_match_points_bareme(scale: MatchPointsScale, expected: dict[int, int]) -> None:
    results = [game(1, 1, 2, 1000, 900), game(1, 3, 4, 800, 800), bye(1, 5)]
    config = StandingsConfig(
        method=RankingMethod.MATCH_POINTS, match_points=scale, bye=ByePolicy(value=500)
    )
    rows = by_team(compute_standings(results, range(1, 6), config))
    assert {t: r.match_points for t, r in rows.items()} == expected


def test_match_points_for_forfeits_jwebarteam_3_2_1_0() -> None:
    # JWEBARTEAM (rules.md §4): win 3, forfeit win 2, loss 1, forfeit loss 0.
    scale = MatchPointsScale(win=3, forfeit_win=2, loss=1, forfeit_loss=0)
    results = [game(1, 1, 2, 1000, 900), forfeit(1, 3, 4, loser=4)]
    config = StandingsConfig(method=RankingMethod.MATCH_POINTS, match_points=scale)
    rows = compute_standings(results, [1, 2, 3, 4], config)
    assert [(r.rank, r.team, r.match_points) for r in rows] == [
        (1, 1, 3),
        (2, 3, 2),
        (3, 2, 1),
        (4, 4, 0),
    ]


# --------------------------------------------------------------------------------------------
# Tie-breaks, each in isolation
# --------------------------------------------------------------------------------------------

# Teams 1 and 2 tie on the primary key in each case; the tie-break alone must order them.
ISOLATION_CASES = [
    pytest.param(
        "wins",
        RankingMethod.POINTS,
        # 1: 1000 (1 win), 2: 1000 (0 wins)
        [
            game(1, 1, 3, 600, 500),
            game(2, 1, 4, 400, 900),
            game(1, 2, 4, 500, 600),
            game(2, 2, 3, 500, 500),
        ],
        [1, 2],
        id="wins",
    ),
    pytest.param(
        "points_for",
        RankingMethod.MATCH_POINTS,
        [game(1, 1, 3, 900, 100), game(1, 2, 4, 800, 100)],
        [1, 2],
        id="points_for",
    ),
    pytest.param(
        "points_against",
        RankingMethod.POINTS,
        [game(1, 1, 3, 800, 700), game(1, 2, 4, 800, 100)],
        [2, 1],
        id="points_against: lower first",
    ),
    pytest.param(
        "difference",
        RankingMethod.POINTS,
        [game(1, 1, 3, 800, 700), game(1, 2, 4, 800, 100)],
        [2, 1],
        id="difference",
    ),
    pytest.param(
        "match_points",
        RankingMethod.POINTS,
        [game(1, 1, 3, 800, 900), game(1, 2, 4, 800, 700)],
        [2, 1],
        id="match_points",
    ),
    pytest.param(
        "best_game",
        RankingMethod.POINTS,
        [
            game(1, 1, 3, 1000, 0),
            game(2, 1, 4, 200, 0),
            game(1, 2, 4, 600, 0),
            game(2, 2, 3, 600, 0),
        ],
        [1, 2],
        id="best_game",
    ),
    pytest.param(
        "first_game",
        RankingMethod.POINTS,
        [
            game(1, 1, 3, 300, 0),
            game(2, 1, 4, 900, 0),
            game(1, 2, 4, 700, 0),
            game(2, 2, 3, 500, 0),
        ],
        [2, 1],
        id="first_game",
    ),
    pytest.param(
        "direct_encounter",
        RankingMethod.POINTS,
        # 1 and 2 both 1500; 2 beat 1 in round 1.
        [game(1, 1, 2, 500, 700), game(2, 1, 3, 1000, 0), game(2, 2, 4, 800, 0)],
        [2, 1],
        id="direct_encounter",
    ),
    pytest.param(
        "buchholz_wins",
        RankingMethod.WINS_THEN_POINTS,
        # 1 beat 3 (who then won), 2 beat 4 (who then lost): equal wins and points.
        [
            game(1, 1, 3, 900, 100),
            game(1, 2, 4, 900, 100),
            game(2, 3, 5, 500, 400),
            game(2, 4, 6, 400, 500),
        ],
        [1, 2],
        id="buchholz_wins",
    ),
    pytest.param(
        "buchholz_points",
        RankingMethod.POINTS,
        [game(1, 1, 3, 900, 400), game(1, 2, 4, 900, 100)],
        [1, 2],
        id="buchholz_points",
    ),
    pytest.param(
        "lot",
        RankingMethod.POINTS,
        [game(1, 1, 3, 900, 400), game(1, 2, 4, 900, 400)],
        [2, 1],
        id="lot: lower lot first",
    ),
]


@pytest.mark.parametrize(("name", "method", "results", "expected"), ISOLATION_CASES)
def test_tiebreak_in_isolation(
    name: str, method: RankingMethod, results: list[GameResult], expected: list[int]
) -> None:
    teams = [1, 2, 3, 4, 5, 6]
    lots = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
    without = compute_standings(results, teams, StandingsConfig(method=method), lots=lots)
    tied = [r for r in without if r.team in (1, 2)]
    assert tied[0].rank == tied[1].rank, "the case must tie teams 1 and 2 on the method"
    rows = compute_standings(
        results, teams, StandingsConfig(method=method, tiebreaks=(name,)), lots=lots
    )
    ranked = [r for r in rows if r.team in (1, 2)]
    assert [r.team for r in ranked] == expected
    assert ranked[0].rank < ranked[1].rank


def test_tiebreak_values_follow_the_config_order() -> None:
    results = [game(1, 1, 2, 1000, 600), game(1, 3, 4, 700, 500)]
    config = StandingsConfig(tiebreaks=("points_against", "difference", "wins", "best_game"))
    rows = by_team(compute_standings(results, [1, 2, 3, 4], config))
    assert rows[1].tiebreak_values == (600, 400, 1, 1000)
    assert rows[4].tiebreak_values == (700, -200, 0, 500)


# --------------------------------------------------------------------------------------------
# Tie-breaks in order
# --------------------------------------------------------------------------------------------

# Teams 1-5 all on 1000 points (method "points"); teams 6-15 are their opponents.
#   1: two wins, conceded 800, best game 500     2: one win, conceded 800, best game 700
#   3: two wins, conceded 600, best game 600     4: two wins, conceded 900, best game 500
#   5: one win, conceded 900, best game 800
IN_ORDER_RESULTS = [
    game(1, 1, 6, 500, 400),
    game(2, 1, 7, 500, 400),  # 1: two wins, 1000 for, 800 against, best 500
    game(1, 2, 8, 700, 300),
    game(2, 2, 9, 300, 500),  # 2: one win, 1000, 800, best 700
    game(1, 3, 10, 600, 300),
    game(2, 3, 11, 400, 300),  # 3: two wins, 1000, 600, best 600
    game(1, 4, 12, 500, 450),
    game(2, 4, 13, 500, 450),  # 4: two wins, 1000, 900, best 500
    game(1, 5, 14, 800, 450),
    game(2, 5, 15, 200, 450),  # 5: one win, 1000, 900, best 800
]
TEAMS_15 = list(range(1, 16))

ORDER_CASES = [
    pytest.param(("wins",), [1, 3, 4, 2, 5], [1, 1, 1, 4, 4], id="wins alone leaves ties"),
    pytest.param(("points_against",), [3, 1, 2, 4, 5], [1, 2, 2, 4, 4], id="against alone"),
    pytest.param(("wins", "points_against"), [3, 1, 4, 2, 5], [1, 2, 3, 4, 5], id="wins, against"),
    pytest.param(
        ("points_against", "wins"), [3, 1, 2, 4, 5], [1, 2, 3, 4, 5], id="against, then wins"
    ),
    pytest.param(
        ("wins", "best_game"),
        [3, 1, 4, 5, 2],
        [1, 2, 2, 4, 5],
        id="wins, then best game",
    ),
    pytest.param(
        ("best_game", "wins"), [5, 2, 3, 1, 4], [1, 2, 3, 4, 4], id="best game, then wins"
    ),
]


@pytest.mark.parametrize(("tiebreaks", "teams", "ranks"), ORDER_CASES)
def test_tiebreaks_in_order(tiebreaks: tuple[str, ...], teams: list[int], ranks: list[int]) -> None:
    rows = compute_standings(IN_ORDER_RESULTS, TEAMS_15, StandingsConfig(tiebreaks=tiebreaks))
    top = [r for r in rows if r.team <= 5]
    assert [r.team for r in top] == teams
    assert [r.rank for r in top] == ranks
    assert [r.shared for r in top] == [ranks.count(k) > 1 for k in ranks]


def test_a_later_tiebreak_only_splits_what_earlier_ones_left_tied() -> None:
    # Lot would put 5 first, but points conceded already separated 3 from the others.
    lots = dict.fromkeys(TEAMS_15, 99) | {5: 1, 4: 2, 2: 3, 1: 4, 3: 5}
    config = StandingsConfig(tiebreaks=("points_against", "lot"))
    rows = compute_standings(IN_ORDER_RESULTS, TEAMS_15, config, lots=lots)
    assert [r.team for r in rows if r.team <= 5] == [3, 2, 1, 5, 4]


# --------------------------------------------------------------------------------------------
# Direct encounter
# --------------------------------------------------------------------------------------------


def test_direct_encounter_three_tied_teams_who_all_met_in_match_points() -> None:
    # 1 beat 2, 2 beat 3, 3 beat 1, and 4 beat everyone: 1, 2, 3 on 2 match points each,
    # and 2 match points each among themselves, so the encounter leaves them tied.
    results = [
        game(1, 1, 2, 900, 500),
        game(1, 3, 4, 100, 900),
        game(2, 2, 3, 900, 800),
        game(2, 1, 4, 100, 900),
        game(3, 3, 1, 900, 100),
        game(3, 2, 4, 100, 900),
    ]
    config = StandingsConfig(method=RankingMethod.MATCH_POINTS, tiebreaks=("direct_encounter",))
    rows = compute_standings(results, [1, 2, 3, 4], config)
    assert order(rows) == [(1, 4), (2, 1), (2, 2), (2, 3)]
    assert [r.tiebreak_values for r in rows] == [(0,), (2,), (2,), (2,)]


def test_direct_encounter_in_points_splits_a_three_way_tie_as_far_as_it_can() -> None:
    # 1, 2, 3 all on 1000 points; among themselves 1 made 600+300, 2 400+500, 3 300+500.
    results = [
        game(1, 1, 2, 600, 400),
        game(1, 3, 4, 200, 0),
        game(2, 2, 3, 500, 300),
        game(2, 1, 4, 100, 0),
        game(3, 3, 1, 500, 300),
        game(3, 2, 4, 100, 0),
    ]
    config = StandingsConfig(tiebreaks=("direct_encounter",))
    rows = compute_standings(results, [1, 2, 3, 4], config)
    assert order(rows) == [(1, 1), (1, 2), (3, 3), (4, 4)]
    assert [r.tiebreak_values for r in rows] == [(900,), (900,), (800,), (0,)]
    config = StandingsConfig(tiebreaks=("direct_encounter", "lot"))
    rows = compute_standings(results, [1, 2, 3, 4], config, lots={1: 4, 2: 3, 3: 2, 4: 1})
    assert order(rows) == [(1, 2), (2, 1), (3, 3), (4, 4)]


def test_direct_encounter_does_not_apply_unless_every_pair_met() -> None:
    # 1, 2, 3 tie on one win; 1 beat 2, but 3 met neither.
    results = [
        game(1, 1, 2, 700, 500),
        game(1, 3, 4, 700, 500),
        game(2, 2, 5, 700, 500),
        game(2, 1, 6, 500, 700),
        game(2, 3, 7, 500, 700),
    ]
    config = StandingsConfig(
        method=RankingMethod.WINS_THEN_POINTS, tiebreaks=("direct_encounter", "lot")
    )
    lots = {t: 10 - t for t in range(1, 8)}
    rows = compute_standings(results, range(1, 8), config, lots=lots)
    top = [r for r in rows if r.team in (1, 2, 3)]
    assert [r.tiebreak_values[0] for r in top] == [0, 0, 0]
    assert [r.team for r in top] == [3, 2, 1]  # decided by lot, not by 1's win over 2


def test_direct_encounter_counts_a_forfeit_as_an_encounter() -> None:
    results = [forfeit(1, 1, 2, loser=1), game(2, 1, 3, 900, 0), game(2, 2, 4, 0, 900)]
    config = StandingsConfig(
        method=RankingMethod.WINS_THEN_POINTS,
        tiebreaks=("direct_encounter",),
        forfeit=ForfeitPolicy(AwardMode.FIXED, 900, 0),
    )
    rows = compute_standings(results, [1, 2, 3, 4], config)
    tied = [r for r in rows if r.team in (1, 2)]
    assert [(r.team, r.tiebreak_values) for r in tied] == [(2, (1,)), (1, (0,))]
    assert tied[0].rank < tied[1].rank


# --------------------------------------------------------------------------------------------
# Shared ranks
# --------------------------------------------------------------------------------------------


def test_exact_ties_share_a_rank_and_the_next_rank_skips() -> None:
    results = [game(1, 1, 2, 1000, 800), game(1, 3, 4, 800, 800), game(1, 5, 6, 700, 600)]
    rows = compute_standings(results, range(1, 8), StandingsConfig())
    assert order(rows) == [(1, 1), (2, 2), (2, 3), (2, 4), (5, 5), (6, 6), (7, 7)]
    assert [r.shared for r in rows] == [False, True, True, True, False, False, False]


def test_tiebreak_breaks_only_what_it_can() -> None:
    results = [game(1, 1, 2, 1000, 800), game(1, 3, 4, 800, 800), game(1, 5, 6, 700, 600)]
    rows = compute_standings(results, range(1, 8), StandingsConfig(tiebreaks=("points_against",)))
    assert order(rows) == [(1, 1), (2, 3), (2, 4), (4, 2), (5, 5), (6, 6), (7, 7)]


def test_teams_without_games_appear_with_zeros_and_share_the_last_rank() -> None:
    rows = compute_standings([game(1, 1, 2, 500, 400)], [9, 1, 2, 7], StandingsConfig())
    assert order(rows) == [(1, 1), (2, 2), (3, 7), (3, 9)]
    row = by_team(rows)[9]
    assert (row.played, row.wins, row.points_for, row.match_points) == (0, 0, 0, 0)


def test_no_teams_and_no_results() -> None:
    assert compute_standings([], [], StandingsConfig()) == ()
    assert rank_history([], [], StandingsConfig()) == {}
