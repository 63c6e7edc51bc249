"""engine.standings: as of a round and the rank over rounds, byes and forfeits under each policy,
coded errors, the config and its stored JSON, the registry, purity.

The ranking methods and tie-breaks are in ``test_standings.py`` (its helpers are shared here).
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from engine import standings as st
from engine.standings import (
    STANDINGS_ERROR_CODES,
    TIEBREAKS,
    AwardMode,
    ByePolicy,
    ForfeitPolicy,
    GameResult,
    MatchPointsScale,
    RankingMethod,
    ResultKind,
    StandingsConfig,
    StandingsError,
    UnplayedRounds,
    compute_standings,
    rank_history,
)

from .test_standings import by_team, bye, forfeit, game, order

# --------------------------------------------------------------------------------------------
# As of round N, and the rank over rounds
# --------------------------------------------------------------------------------------------

THREE_ROUNDS = [
    game(1, 1, 2, 1000, 500),
    game(1, 3, 4, 600, 550),
    game(2, 1, 3, 300, 900),
    game(2, 2, 4, 800, 700),
    game(3, 1, 4, 900, 100),
    game(3, 2, 3, 1000, 900),
]


@pytest.mark.parametrize(
    ("as_of", "expected"),
    [
        (0, [(1, 1), (1, 2), (1, 3), (1, 4)]),
        (1, [(1, 1), (2, 3), (3, 4), (4, 2)]),
        (2, [(1, 3), (2, 1), (2, 2), (4, 4)]),
        (3, [(1, 3), (2, 2), (3, 1), (4, 4)]),
        (None, [(1, 3), (2, 2), (3, 1), (4, 4)]),
        (9, [(1, 3), (2, 2), (3, 1), (4, 4)]),
    ],
)
def test_as_of_round(as_of: int | None, expected: list[tuple[int, int]]) -> None:
    # Points after round 1: 1000, 500, 600, 550; after 2: 1300, 1300 (one win each), 1500,
    # 1250; after 3: 2200, 2300, 2400, 1350.
    rows = compute_standings(
        THREE_ROUNDS, [1, 2, 3, 4], StandingsConfig(tiebreaks=("wins",)), as_of_round=as_of
    )
    assert order(rows) == expected


def test_rank_history_matches_standings_as_of_each_round() -> None:
    config = StandingsConfig(tiebreaks=("wins",))
    history = rank_history(THREE_ROUNDS, [1, 2, 3, 4, 5], config)
    for rnd in (1, 2, 3):
        rows = by_team(compute_standings(THREE_ROUNDS, [1, 2, 3, 4, 5], config, as_of_round=rnd))
        assert {t: h[rnd - 1] for t, h in history.items()} == {t: r.rank for t, r in rows.items()}
    assert history[5] == (5, 5, 5)
    assert rank_history(THREE_ROUNDS, [1, 2, 3, 4], config, as_of_round=2)[3] == (2, 1)


# --------------------------------------------------------------------------------------------
# Byes and forfeits under each policy
# --------------------------------------------------------------------------------------------

# Round 1: 1 v 2 1000-625, 3 v 4 800-800, bye for 5. Round average = 3225 / 4 = 806.25 -> 806.
BYE_ROUND = [game(1, 1, 2, 1000, 625), game(1, 3, 4, 800, 800), bye(1, 5, score=450)]

BYE_CASES = [
    pytest.param(ByePolicy(AwardMode.FIXED, 500), 500, 1, id="fixed"),
    pytest.param(ByePolicy(AwardMode.FIXED, 0, counts_as_win=False), 0, 0, id="fixed 0, no win"),
    pytest.param(ByePolicy(AwardMode.HALF_GAME, 12 * 162), 972, 1, id="half of 12 x 162"),
    pytest.param(ByePolicy(AwardMode.HALF_GAME, 1001), 500, 1, id="half of 1001, floored"),
    pytest.param(ByePolicy(AwardMode.ROUND_AVERAGE), 806, 1, id="round average, rounded"),
    pytest.param(ByePolicy(AwardMode.RECORDED), 450, 1, id="recorded score"),
]


@pytest.mark.parametrize(("policy", "points", "wins"), BYE_CASES)
def test_bye_policy(policy: ByePolicy, points: int, wins: int) -> None:
    rows = by_team(compute_standings(BYE_ROUND, range(1, 6), StandingsConfig(bye=policy)))
    row = rows[5]
    # A bye concedes what it credits (difference 0) and is played when it counts as a win.
    assert (row.points_for, row.points_against, row.wins, row.losses, row.byes) == (
        points,
        points,
        wins,
        0,
        1,
    )
    assert row.played == wins and row.difference == 0 and row.best_game == 0


def test_round_average_rounds_half_up_and_falls_back_to_value() -> None:
    results = [game(1, 1, 2, 501, 500), bye(1, 3), bye(2, 1)]  # 1001 / 2 = 500.5 -> 501
    policy = ByePolicy(AwardMode.ROUND_AVERAGE, value=333)
    rows = by_team(compute_standings(results, [1, 2, 3], StandingsConfig(bye=policy)))
    assert rows[3].points_for == 501
    assert rows[1].points_for == 501 + 333  # round 2 has no played game


# Round 1: forfeit, 2 did not come; 3 v 4 700-500.  Round average = 600.
FORFEIT_ROUND = [forfeit(1, 1, 2, loser=2, sa=0, sb=300), game(1, 3, 4, 700, 500)]

FORFEIT_CASES = [
    pytest.param(ForfeitPolicy(AwardMode.FIXED, 1000, 0), (1000, 0), id="fixed 1000 / 0"),
    pytest.param(ForfeitPolicy(AwardMode.FIXED, 0, 0), (0, 0), id="nothing"),
    pytest.param(ForfeitPolicy(AwardMode.HALF_GAME, 1944, 100), (972, 100), id="half game"),
    pytest.param(ForfeitPolicy(AwardMode.ROUND_AVERAGE, 0, 0), (600, 0), id="round average"),
    pytest.param(ForfeitPolicy(AwardMode.RECORDED, 999, 999), (0, 300), id="recorded scores"),
]


@pytest.mark.parametrize(("policy", "points"), FORFEIT_CASES)
def test_forfeit_policy(policy: ForfeitPolicy, points: tuple[int, int]) -> None:
    rows = by_team(compute_standings(FORFEIT_ROUND, [1, 2, 3, 4], StandingsConfig(forfeit=policy)))
    winner, loser = rows[1], rows[2]
    assert (winner.points_for, winner.points_against) == points
    assert (loser.points_for, loser.points_against) == points[::-1]
    # A forfeit is a game decided: played = wins + draws + losses on both sides.
    assert (winner.wins, winner.losses, winner.forfeits_won, winner.played) == (1, 0, 1, 1)
    assert (loser.wins, loser.losses, loser.forfeits_lost, loser.played) == (0, 1, 1, 1)


def test_forfeit_loser_may_be_team_a() -> None:
    results = [forfeit(1, 1, 2, loser=1, sa=10, sb=20)]
    config = StandingsConfig(forfeit=ForfeitPolicy(AwardMode.RECORDED))
    rows = by_team(compute_standings(results, [1, 2], config))
    assert (rows[2].wins, rows[2].points_for, rows[1].losses, rows[1].points_for) == (1, 20, 1, 10)


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------

INVALID_RESULTS = [
    pytest.param(GameResult(0, 1, 2, 1, 1), "standings.invalid_result", id="round 0"),
    pytest.param(GameResult(1, 1, 1, 1, 1), "standings.invalid_result", id="same team"),
    pytest.param(GameResult(1, 1, None, 1, 1), "standings.invalid_result", id="played, no b"),
    pytest.param(GameResult(1, 1, 2, -1, 1), "standings.invalid_result", id="negative score"),
    pytest.param(
        GameResult(1, 1, 2, kind=ResultKind.BYE), "standings.invalid_result", id="bye with b"
    ),
    pytest.param(
        GameResult(1, 1, 2, kind=ResultKind.FORFEIT), "standings.invalid_result", id="no loser"
    ),
    pytest.param(
        GameResult(1, 1, 2, kind=ResultKind.FORFEIT, forfeit_loser=3),
        "standings.invalid_result",
        id="loser not at the table",
    ),
    pytest.param(
        GameResult(1, 1, 2, forfeit_loser=1), "standings.invalid_result", id="played with loser"
    ),
    pytest.param(
        GameResult(1, 1, 2, kind="walkover"),  # type: ignore[arg-type]
        "standings.invalid_result",
        id="unknown kind",
    ),
    pytest.param(
        GameResult(1, 1, 2, 1.5, 1),  # type: ignore[arg-type]
        "standings.invalid_result",
        id="float score",
    ),
    pytest.param(GameResult(1, 1, 99, 1, 1), "standings.unknown_team", id="unknown team"),
]


@pytest.mark.parametrize(("result", "code"), INVALID_RESULTS)
def test_invalid_result(result: GameResult, code: str) -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings([result], [1, 2, 3], StandingsConfig())
    assert info.value.code == code


def test_team_twice_in_one_round() -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings([game(1, 1, 2, 1, 0), bye(1, 2)], [1, 2], StandingsConfig())
    assert info.value.code == "standings.team_twice_in_round"
    assert info.value.params == {"round": 1, "team": 2}


def test_invalid_round_and_missing_lot() -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings([], [1], StandingsConfig(), as_of_round=-1)
    assert info.value.code == "standings.invalid_round"
    with pytest.raises(StandingsError) as info:
        compute_standings([], [1, 2], StandingsConfig(tiebreaks=("lot",)), lots={1: 1})
    assert info.value.code == "standings.missing_lot"
    assert info.value.params == {"teams": [2]}


def test_errors_are_engine_errors_with_registered_codes() -> None:
    from engine.errors import EngineError

    assert issubclass(StandingsError, EngineError)
    assert all(code.startswith("standings.") for code in STANDINGS_ERROR_CODES)
    with pytest.raises(ValueError):
        StandingsError("standings.no_such_code")


# --------------------------------------------------------------------------------------------
# Config: validation and the stored JSON
# --------------------------------------------------------------------------------------------


def test_config_json_round_trip() -> None:
    config = StandingsConfig(
        method=RankingMethod.MATCH_POINTS,
        tiebreaks=("direct_encounter", "median_buchholz_points", "lot"),
        bye=ByePolicy(AwardMode.HALF_GAME, 1944, counts_as_win=False),
        forfeit=ForfeitPolicy(AwardMode.ROUND_AVERAGE, 0, 50),
        match_points=MatchPointsScale(4, 2, 0, 4, 3, 0, add_score=True, score_divisor=10),
        unplayed_rounds=UnplayedRounds.ZERO,
        withdrawals=st.WithdrawalRule.RANK_LAST,
    )
    data = config.to_json()
    assert json.loads(json.dumps(data)) == data
    assert StandingsConfig.from_json(data) == config
    assert StandingsConfig.from_json(json.dumps(data)) == config
    assert data == {
        "version": 1,
        "method": "match_points",
        "tiebreaks": ["direct_encounter", "median_buchholz_points", "lot"],
        "bye": {"award": "half_game", "value": 1944, "counts_as_win": False},
        "forfeit": {"award": "round_average", "value": 0, "loser_points": 50},
        "match_points": {
            "win": 4,
            "draw": 2,
            "loss": 0,
            "bye": 4,
            "forfeit_win": 3,
            "forfeit_loss": 0,
            "add_score": True,
            "score_divisor": 10,
        },
        "unplayed_rounds": "zero",
        "withdrawals": "rank_last",
    }


def test_row_to_json() -> None:
    config = StandingsConfig(tiebreaks=("wins", "points_against"))
    row = compute_standings([game(1, 1, 2, 700, 500)], [1, 2], config)[0]
    data = row.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["tiebreak_values"] == [1, 500]
    assert st.StandingRow(**{**data, "tiebreak_values": tuple(data["tiebreak_values"])}) == row


def test_config_from_empty_json_is_the_default() -> None:
    assert StandingsConfig.from_json({}) == StandingsConfig()
    assert StandingsConfig.from_json({"method": "wins_then_points"}).method is (
        RankingMethod.WINS_THEN_POINTS
    )


BAD_CONFIGS = [
    pytest.param({"method": "elo"}, "standings.unknown_method", id="unknown method"),
    pytest.param({"method": 1}, "standings.unknown_method", id="method not a string"),
    pytest.param({"tiebreaks": ["sonneborn"]}, "standings.unknown_tiebreak", id="unknown tb"),
    pytest.param({"tiebreaks": ["wins", "wins"]}, "standings.duplicate_tiebreak", id="dup tb"),
    pytest.param({"tiebreaks": "wins"}, "standings.invalid_config", id="tiebreaks a string"),
    pytest.param({"colour": "red"}, "standings.invalid_config", id="unknown key"),
    pytest.param({"bye": {"points": 5}}, "standings.invalid_config", id="unknown bye key"),
    pytest.param({"bye": {"value": -1}}, "standings.invalid_config", id="negative bye"),
    pytest.param({"bye": {"value": True}}, "standings.invalid_config", id="bool as int"),
    pytest.param({"bye": {"award": "lots"}}, "standings.invalid_config", id="bad award"),
    pytest.param({"bye": 5}, "standings.invalid_config", id="bye not an object"),
    pytest.param({"forfeit": {"loser_points": "0"}}, "standings.invalid_config", id="str int"),
    pytest.param(
        {"match_points": {"score_divisor": 0}}, "standings.invalid_config", id="divisor 0"
    ),
    pytest.param({"match_points": {"add_score": 1}}, "standings.invalid_config", id="int as bool"),
    pytest.param({"unplayed_rounds": "half"}, "standings.invalid_config", id="bad unplayed"),
    pytest.param({"version": 2}, "standings.invalid_config", id="future version"),
    pytest.param("{not json", "standings.invalid_config", id="not json"),
    pytest.param("[]", "standings.invalid_config", id="json, not an object"),
]


@pytest.mark.parametrize(("data", "code"), BAD_CONFIGS)
def test_bad_config(data: object, code: str) -> None:
    with pytest.raises(StandingsError) as info:
        StandingsConfig.from_json(data)  # type: ignore[arg-type]
    assert info.value.code == code


def test_registry_names_and_directions() -> None:
    assert set(TIEBREAKS) == {
        "wins",
        "points_for",
        "points_against",
        "difference",
        "match_points",
        "best_game",
        "first_game",
        "direct_encounter",
        "buchholz_wins",
        "buchholz_points",
        "buchholz_match_points",
        "buchholz_cut1_wins",
        "buchholz_cut1_points",
        "buchholz_cut1_match_points",
        "median_buchholz_wins",
        "median_buchholz_points",
        "median_buchholz_match_points",
        "lot",
    }
    lower_first = {n for n, m in TIEBREAKS.items() if not m.higher_is_better}
    assert lower_first == {"points_against", "lot"}
    for name, metric in TIEBREAKS.items():
        assert metric.name == name
        assert (metric.team_values is None) != (metric.group_values is None)


# --------------------------------------------------------------------------------------------
# Dependency rule
# --------------------------------------------------------------------------------------------


def test_standings_imports_only_the_standard_library_and_engine() -> None:
    paths = sorted(Path(st.__file__).parent.glob("*.py"))  # every module of the package
    assert {p.name for p in paths} >= {"__init__.py", "metrics.py", "rows.py"}
    imported: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
    assert imported - set(sys.stdlib_module_names) <= {"engine"}
