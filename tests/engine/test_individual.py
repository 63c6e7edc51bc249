"""engine.individual: each player credited with his pair's result; individual tie-breaks.

The partner-less opponents' Buchholz is computed by hand below (every sum written out), a
replacement mid-contest goes through the lineups of a fixed-pairs contest, and volunteers are
credited nothing.
"""

from __future__ import annotations

import pytest

from engine.errors import EngineError, codes_with_prefix
from engine.individual import (
    INDIVIDUAL_ERROR_CODES,
    INDIVIDUAL_TIEBREAKS,
    IndividualConfig,
    IndividualError,
    IndividualRow,
    Lineup,
    PartieResult,
    Side,
    compute_individual_standings,
    results_from_games,
)
from engine.standings import (
    AwardMode,
    ByePolicy,
    ForfeitPolicy,
    GameResult,
    MatchPointsScale,
    RankingMethod,
    ResultKind,
    StandingsConfig,
    UnplayedRounds,
    compute_standings,
)

R = PartieResult
BYE = ResultKind.BYE
FORFEIT = ResultKind.FORFEIT

# Five players, two parties, one exempt at each (a bye worth 500).
#   partie 1: (1, 2) 1000 v (3, 4) 600, 5 exempt
#   partie 2: (1, 3) 700 v (2, 5) 900, 4 exempt
MELEE = [
    R(1, (1, 2), (3, 4), 1000, 600),
    R(1, (5,), kind=BYE),
    R(2, (1, 3), (2, 5), 700, 900),
    R(2, (4,), kind=BYE),
]
PLAYERS = [1, 2, 3, 4, 5]
TOTAL = {1: 1000 + 700, 2: 1000 + 900, 3: 600 + 700, 4: 600 + 500, 5: 500 + 900}


def _config(*tiebreaks: str, **scoring: object) -> IndividualConfig:
    base: dict[str, object] = {"bye": ByePolicy(value=500)}
    base.update(scoring)
    return IndividualConfig(StandingsConfig(**base), tiebreaks)  # type: ignore[arg-type]


def _by_player(rows: tuple[IndividualRow, ...]) -> dict[int, IndividualRow]:
    return {r.player: r for r in rows}


def test_each_player_gets_his_pairs_result() -> None:
    rows = _by_player(compute_individual_standings(MELEE, PLAYERS, _config()))
    assert {p: r.points_for for p, r in rows.items()} == TOTAL
    one = rows[1]
    assert (one.played, one.wins, one.losses, one.byes) == (2, 1, 1, 0)
    assert (one.points_against, one.first_partie, one.best_game) == (600 + 900, 1000, 1000)
    assert one.partners == (2, 3) and one.opponents == (2, 3, 4, 5)
    four = rows[4]
    assert (four.played, four.wins, four.losses, four.byes, four.parties) == (1, 1, 1, 1, (1, 2))
    assert four.first_partie == 600 and four.partners == (3,)


def test_ranked_by_points() -> None:
    rows = compute_individual_standings(MELEE, PLAYERS, _config())
    assert [(r.rank, r.player) for r in rows] == [(1, 2), (2, 1), (3, 5), (4, 3), (5, 4)]


@pytest.mark.parametrize(
    ("mode", "dummy"),
    [(UnplayedRounds.ZERO, 0), (UnplayedRounds.SELF, 1), (UnplayedRounds.IGNORE, 0)],
)
def test_opponents_buchholz_leaves_partners_out(mode: UnplayedRounds, dummy: int) -> None:
    t = TOTAL
    by_hand = {
        # partie 1 opponents + partie 2 opponents; the partners (2 then 3 for player 1) are
        # not added, even though 2 and 3 are counted where they were opponents.
        1: (t[3] + t[4]) + (t[2] + t[5]),
        2: (t[3] + t[4]) + (t[1] + t[3]),
        3: (t[1] + t[2]) + (t[2] + t[5]),
        # an exempt partie stands for two opponents worth the player's own total (self)
        4: (t[1] + t[2]) + dummy * 2 * t[4],
        5: dummy * 2 * t[5] + (t[1] + t[3]),
    }
    assert by_hand[1] == 1300 + 1100 + 1900 + 1400 == 5700
    config = _config("opponents_buchholz_points", unplayed_rounds=mode)
    rows = compute_individual_standings(MELEE, PLAYERS, config)
    assert {r.player: r.tiebreak_values[0] for r in rows} == by_hand
    # A Buchholz over everyone at the table would have added the partners.
    assert by_hand[1] != 5700 + t[2] + t[3]


def test_buchholz_of_wins_and_match_points() -> None:
    config = _config(
        "opponents_buchholz_wins", "opponents_buchholz_match_points", unplayed_rounds="zero"
    )
    rows = _by_player(compute_individual_standings(MELEE, PLAYERS, config))
    wins = {p: r.wins for p, r in rows.items()}
    assert wins == {1: 1, 2: 2, 3: 0, 4: 1, 5: 2}
    assert rows[1].tiebreak_values[0] == wins[3] + wins[4] + wins[2] + wins[5]
    mp = {p: r.match_points for p, r in rows.items()}
    assert rows[3].tiebreak_values[1] == mp[1] + mp[2] + mp[2] + mp[5]


def test_tiebreaks_in_order_first_partie_wins_points_conceded() -> None:
    # 1 and 3 finish level on 1500; 1 had the better first partie.
    results = [
        R(1, (1, 2), (3, 4), 900, 700),
        R(2, (1, 4), (2, 3), 600, 800),
    ]
    rows = compute_individual_standings(results, [1, 2, 3, 4], _config("first_partie"))
    assert [(r.player, r.points_for) for r in rows] == [(2, 1700), (1, 1500), (3, 1500), (4, 1300)]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    # Without tie-breaks they share the rank, listed by id.
    rows = compute_individual_standings(results, [1, 2, 3, 4], _config())
    assert [(r.rank, r.player, r.shared) for r in rows][1:3] == [(2, 1, True), (2, 3, True)]


def test_points_conceded_lower_first_and_wins() -> None:
    results = [
        R(1, (1, 2), (3, 4), 800, 800),  # a draw
        R(2, (1, 3), (2, 4), 900, 700),
    ]
    config = _config("wins", "points_against")
    rows = compute_individual_standings(results, [1, 2, 3, 4], config)
    values = {r.player: r.tiebreak_values for r in rows}
    assert values[1] == (1, 800 + 700) and values[2] == (0, 800 + 900)
    assert rows[0].player == 1 and rows[0].draws == 1


def test_lot_is_needed_for_every_player() -> None:
    results = [R(1, (1, 2), (3, 4), 800, 800)]
    config = _config("lot")
    rows = compute_individual_standings(
        results, [1, 2, 3, 4], config, lots={1: 4, 2: 3, 3: 2, 4: 1}
    )
    assert [r.player for r in rows] == [4, 3, 2, 1]
    with pytest.raises(EngineError) as err:
        compute_individual_standings(results, [1, 2, 3, 4], config, lots={1: 1})
    assert err.value.code == "individual.missing_lot"


def test_replacement_mid_contest_credits_each_player_his_parties() -> None:
    games = [
        GameResult(1, 10, 20, 1000, 600),
        GameResult(2, 10, 20, 500, 900),
        GameResult(3, 10, 20, 800, 700),
        GameResult(4, 20, None, kind=BYE),
    ]
    # Player 2 of team 10 is replaced by player 3 from partie 3 (the journal's entry).
    lineups = [Lineup(10, (1, 2)), Lineup(10, (1, 3), from_partie=3), Lineup(20, (4, 5))]
    results = results_from_games(games, lineups)
    assert results[2] == R(3, (1, 3), (4, 5), 800, 700)
    config = _config()
    rows = _by_player(compute_individual_standings(results, [1, 2, 3, 4, 5], config))
    assert (rows[2].parties, rows[2].points_for, rows[2].played) == ((1, 2), 1500, 2)
    assert (rows[3].parties, rows[3].points_for, rows[3].first_partie) == ((3,), 800, 0)
    assert rows[1].parties == (1, 2, 3) and rows[1].partners == (2, 3)
    assert rows[4].byes == 1 and rows[4].points_for == 600 + 900 + 700 + 500
    # The player who stayed matches the team's own standings.
    teams = compute_standings(games, [10, 20], config.scoring)
    assert {t.team: t.points_for for t in teams} == {10: 2300, 20: 2700}
    assert rows[1].points_for == 2300 and rows[5].points_for == 2700


def test_lineup_forfeit_side_and_missing_lineup() -> None:
    games = [GameResult(1, 10, 20, kind=FORFEIT, forfeit_loser=20)]
    (r,) = results_from_games(games, [Lineup(10, (1, 2)), Lineup(20, (3, 4))])
    assert r.forfeit_loser is Side.B
    with pytest.raises(EngineError) as err:
        results_from_games(games, [Lineup(10, (1, 2)), Lineup(20, (3, 4), from_partie=2)])
    assert err.value.code == "individual.invalid_lineup"


def test_volunteer_is_credited_nothing_and_counts_for_nobody() -> None:
    # Player 5 came alone; volunteer 99 partners him, his points do not count.
    results = [R(1, (1, 2), (5, 99), 700, 900), R(2, (1, 5), (2, 99), 800, 600)]
    config = _config("opponents_buchholz_points", unplayed_rounds="zero")
    rows = _by_player(compute_individual_standings(results, [1, 2, 5], config, volunteers=[99]))
    assert set(rows) == {1, 2, 5}
    assert rows[5].points_for == 900 + 800 and rows[5].partners == (1,)
    assert rows[2].opponents == (1, 5)
    # Player 2 faced 5 (and the volunteer, worth nothing) in partie 1, then 1 and 5 (his
    # partner 99 is nobody) in partie 2; his partner of partie 1, player 1, is not counted there.
    t1, t5 = rows[1].points_for, rows[5].points_for
    assert (t1, t5) == (1500, 1700)
    assert rows[2].tiebreak_values[0] == t5 + (t1 + t5)


def test_bye_policy_and_barème() -> None:
    results = [
        R(1, (1, 2), (3, 4), 1000, 600),
        R(1, (5,), kind=BYE),
    ]
    scale = MatchPointsScale(win=4, loss=2, bye=3, add_score=True, score_divisor=100)
    bye = ByePolicy(award=AwardMode.ROUND_AVERAGE, counts_as_win=False)
    config = _config(bye=bye, match_points=scale, method=RankingMethod.MATCH_POINTS)
    rows = _by_player(compute_individual_standings(results, PLAYERS, config))
    assert rows[5].points_for == 800  # the round's average side score
    assert rows[5].wins == 0 and rows[5].byes == 1
    assert rows[5].match_points == 3 + 8
    assert rows[1].match_points == 4 + 10 and rows[3].match_points == 2 + 6


def test_forfeit_credits_both_sides() -> None:
    results = [R(1, (1, 2), (3, 4), kind=FORFEIT, forfeit_loser=Side.A)]
    forfeit = ForfeitPolicy(value=700, loser_points=0)
    rows = _by_player(compute_individual_standings(results, [1, 2, 3, 4], _config(forfeit=forfeit)))
    assert rows[3].points_for == 700 and rows[3].forfeits_won == 1 and rows[3].wins == 1
    assert rows[1].forfeits_lost == 1 and rows[1].losses == 1 and rows[1].played == 0


def test_as_of_partie() -> None:
    rows = _by_player(compute_individual_standings(MELEE, PLAYERS, _config(), as_of_partie=1))
    assert rows[1].points_for == 1000 and rows[4].byes == 0


def test_player_without_result_gets_zeros() -> None:
    rows = _by_player(compute_individual_standings(MELEE, [*PLAYERS, 6], _config()))
    assert rows[6].rank == 6 and rows[6].parties == () and rows[6].points_for == 0


def test_config_json_round_trip_and_registry() -> None:
    config = _config("first_partie", "opponents_buchholz_points", method="wins_then_points")
    assert IndividualConfig.from_json(config.to_json()) == config
    assert IndividualConfig.from_json('{"tiebreaks": ["wins"]}').tiebreaks == ("wins",)
    assert IndividualConfig().tiebreaks == ("first_partie", "wins", "points_against")
    assert {"first_partie", "wins", "points_against", "opponents_buchholz_points"} <= set(
        INDIVIDUAL_TIEBREAKS
    )


def test_error_views() -> None:
    assert codes_with_prefix("individual.") == INDIVIDUAL_ERROR_CODES
    assert len(INDIVIDUAL_ERROR_CODES) == 8
    with pytest.raises(ValueError):
        IndividualError("season.invalid_rules")
    assert IndividualError("individual.missing_lot", players=[1]).params == {"players": [1]}


def _code(call: object) -> str:
    try:
        call()  # type: ignore[operator]
    except EngineError as exc:
        return exc.code
    return "no error"


def _standings(
    results: list[PartieResult], players: list[int] | None = None, **kw: object
) -> object:
    return lambda: compute_individual_standings(results, players or [1, 2, 3, 4], **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (_standings([R(0, (1, 2), (3, 4))]), "individual.invalid_result"),
        (_standings([R(1, (1, 2, 3), (4,))]), "individual.invalid_result"),
        (_standings([R(1, (1, 2), ())]), "individual.invalid_result"),
        (_standings([R(1, (1, 2), (3, 4), -1, 0)]), "individual.invalid_result"),
        (_standings([R(1, (1, 2), (3, 4), kind=BYE)]), "individual.invalid_result"),
        (_standings([R(1, (1, 2), (3, 4), kind=FORFEIT)]), "individual.invalid_result"),
        (_standings([R(1, (1, 2), (3, 4), kind="chess")]), "individual.invalid_result"),  # type: ignore[arg-type]
        (_standings([R(1, (True, 2), (3, 4))]), "individual.invalid_result"),
        (_standings(["nope"]), "individual.invalid_result"),  # type: ignore[list-item]
        (_standings([R(1, (1, 2), (3, 7))]), "individual.unknown_player"),
        (_standings([R(1, (1, 2), (3, 1))]), "individual.player_twice_in_partie"),
        (
            _standings([R(1, (1, 2), (3, 4)), R(1, (1,), kind=BYE)]),
            "individual.player_twice_in_partie",
        ),
        (_standings([], volunteers=[4]), "individual.invalid_config"),
        (_standings([], as_of_partie=-1), "individual.invalid_config"),
        (_standings([], config=StandingsConfig()), "individual.invalid_config"),
        (lambda: IndividualConfig(tiebreaks=("buchholz_points",)), "individual.unknown_tiebreak"),
        (lambda: IndividualConfig(tiebreaks=("wins", "wins")), "individual.duplicate_tiebreak"),
        (
            lambda: IndividualConfig(StandingsConfig(tiebreaks=("wins",))),
            "individual.invalid_config",
        ),
        (lambda: IndividualConfig.from_json({"colour": 1}), "individual.invalid_config"),
        (
            lambda: IndividualConfig.from_json({"scoring": {"method": "x"}}),
            "individual.invalid_config",
        ),
        (
            lambda: results_from_games([], [Lineup(1, (1, 2)), Lineup(1, (3, 4))]),
            "individual.invalid_lineup",
        ),
        (lambda: results_from_games([], [Lineup(1, (1, 1))]), "individual.invalid_lineup"),
        (
            lambda: results_from_games(
                [GameResult(1, 1, 2, kind=FORFEIT, forfeit_loser=3)],
                [Lineup(1, (1, 2)), Lineup(2, (3, 4))],
            ),
            "individual.invalid_lineup",
        ),
        (
            lambda: results_from_games([], [Lineup(1, (1, 2), from_partie=0)]),
            "individual.invalid_lineup",
        ),
    ],
)
def test_malformed_input_is_refused_with_a_code(call: object, code: str) -> None:
    assert _code(call) == code
