"""engine.standings: the rules a club signs (issue 15 item 5), with expected numbers by hand.

* A bye's figure comes from one function (:func:`bye_points`), concedes what it credits (so
  the exempt team gains nothing under a difference tie-break), and counts as a game played
  and won when it counts as a win (played = wins + draws + losses).
* A withdrawn team leaves the ranking as of the round after its withdrawal, or is ranked
  after every team still playing (``WithdrawalRule``); its games still count for others.
"""

from __future__ import annotations

import pytest

from engine.standings import (
    AwardMode,
    ByePolicy,
    GameResult,
    RankingMethod,
    StandingsConfig,
    WithdrawalRule,
    bye_points,
    compute_standings,
    rank_history,
)

from .test_standings import by_team, bye, game


@pytest.mark.parametrize(
    ("policy", "scores", "recorded", "expected"),
    [
        pytest.param(ByePolicy(AwardMode.FIXED, 500), [1200, 800], 0, 500, id="fixed"),
        pytest.param(ByePolicy(AwardMode.HALF_GAME, 1944), [], 0, 972, id="half of 12 x 162"),
        pytest.param(ByePolicy(AwardMode.HALF_GAME, 2001), [], 0, 1000, id="half of 2001"),
        pytest.param(
            ByePolicy(AwardMode.ROUND_AVERAGE, 333), [1200, 800, 900, 1100], 0, 1000, id="average"
        ),
        pytest.param(ByePolicy(AwardMode.ROUND_AVERAGE, 333), [501, 500], 0, 501, id="half up"),
        pytest.param(ByePolicy(AwardMode.ROUND_AVERAGE, 333), [], 0, 333, id="no game: value"),
        pytest.param(ByePolicy(AwardMode.RECORDED), [1200, 800], 640, 640, id="recorded"),
    ],
)
def test_bye_points_is_the_one_rule(
    policy: ByePolicy, scores: list[int], recorded: int, expected: int
) -> None:
    assert bye_points(policy, scores, recorded) == expected


def test_bye_points_agree_with_the_standings() -> None:
    # Round 1: 1 v 2 1200-800, 3 v 4 900-1100, bye for 5: average 4000 / 4 = 1000.
    results = [game(1, 1, 2, 1200, 800), game(1, 3, 4, 900, 1100), bye(1, 5)]
    policy = ByePolicy(AwardMode.ROUND_AVERAGE, 333)
    row = by_team(compute_standings(results, range(1, 6), StandingsConfig(bye=policy)))[5]
    assert row.points_for == bye_points(policy, [1200, 800, 900, 1100]) == 1000


# Round 1: 1 v 2 1200-800, 3 v 4 900-1100, bye for 5 (average 1000).
# Round 2: 5 v 1 1100-900, 2 v 3 1000-1000, bye for 4 (average 4000 / 4 = 1000).
TWO_ROUNDS = [
    game(1, 1, 2, 1200, 800),
    game(1, 3, 4, 900, 1100),
    bye(1, 5),
    game(2, 5, 1, 1100, 900),
    game(2, 2, 3, 1000, 1000),
    bye(2, 4),
]


def test_a_bye_has_the_difference_of_a_real_game_with_the_matching_points_conceded() -> None:
    config = StandingsConfig(bye=ByePolicy(AwardMode.ROUND_AVERAGE, 333))
    rows = by_team(compute_standings(TWO_ROUNDS, range(1, 6), config))
    five = rows[5]
    # Bye 1000 for, 1000 against; then 1100-900: 2100 for, 1900 against, difference 200.
    assert (five.points_for, five.points_against, five.difference) == (2100, 1900, 200)
    # Team 4: 1100-900, then a bye of 1000 / 1000: 2100 for, 1900 against.
    four = rows[4]
    assert (four.points_for, four.points_against, four.difference) == (2100, 1900, 200)
    # The same contest with team 5's bye played as a real game of 1000-1000 against team 6.
    real = [r for r in TWO_ROUNDS if r != bye(1, 5)] + [game(1, 5, 6, 1000, 1000)]
    as_game = by_team(compute_standings(real, range(1, 7), config))[5]
    assert (as_game.points_for, as_game.points_against, as_game.difference) == (2100, 1900, 200)


def test_a_fixed_bye_gains_nothing_under_a_difference_tiebreak() -> None:
    # Team 1: a fixed bye of 1000 (1000 against too), then 1000-800: 2000 for, 1800 against.
    # Team 2: 1000-1000, then 1000-800: 2000 for, 1800 against. Exactly tied: rank 1 shared.
    results = [
        bye(1, 1),
        game(1, 2, 3, 1000, 1000),
        game(2, 1, 3, 1000, 800),
        game(2, 2, 4, 1000, 800),
    ]
    config = StandingsConfig(
        bye=ByePolicy(AwardMode.FIXED, 1000), tiebreaks=("difference", "points_against")
    )
    rows = by_team(compute_standings(results, range(1, 5), config))
    assert (rows[1].difference, rows[2].difference) == (200, 200)
    assert (rows[1].rank, rows[1].shared, rows[2].rank, rows[2].shared) == (1, True, 1, True)


def test_a_bye_counts_as_played_and_won_or_as_neither() -> None:
    won = by_team(compute_standings(TWO_ROUNDS, range(1, 6), StandingsConfig()))[5]
    # Team 5: a bye (a game won), then a win: played 2, won 2.
    assert (won.played, won.wins, won.draws, won.losses, won.byes) == (2, 2, 0, 0, 1)
    neutral = StandingsConfig(bye=ByePolicy(AwardMode.FIXED, 0, counts_as_win=False))
    row = by_team(compute_standings(TWO_ROUNDS, range(1, 6), neutral))[5]
    # Not a win: not played either (played = won + drawn + lost), still a bye.
    assert (row.played, row.wins, row.draws, row.losses, row.byes) == (1, 1, 0, 0, 1)


# Team 2 withdraws after round 1.
# Round 1: 1 v 2 1000-1500, 3 v 4 800-700.
# Round 2: 1 v 3 600-900, bye for 4 (fixed 400, conceded 400).
# Points: 1 = 1600, 2 = 1500, 3 = 1700, 4 = 1100.
WITHDRAWAL = [
    game(1, 1, 2, 1000, 1500),
    game(1, 3, 4, 800, 700),
    game(2, 1, 3, 600, 900),
    bye(2, 4),
]
WITHDRAWN_AFTER = {2: 1}


def _config(rule: WithdrawalRule) -> StandingsConfig:
    return StandingsConfig(
        method=RankingMethod.POINTS,
        tiebreaks=("buchholz_points",),
        bye=ByePolicy(AwardMode.FIXED, 400),
        withdrawals=rule,
    )


def test_a_withdrawn_team_leaves_the_ranking_from_its_withdrawal_on() -> None:
    config = _config(WithdrawalRule.LEAVE)
    rows = compute_standings(WITHDRAWAL, range(1, 5), config, withdrawals=WITHDRAWN_AFTER)
    assert [(r.rank, r.team, r.points_for) for r in rows] == [
        (1, 3, 1700),
        (2, 1, 1600),
        (3, 4, 1100),
    ]
    # Its games still count for its opponents: team 1's Buchholz = 1500 (team 2) + 1700 (3).
    assert by_team(rows)[1].tiebreak_values == (3200,)
    # As of round 1 (it played it) it is ranked: 2 (1500), 1 (1000), 3 (800), 4 (700).
    before = compute_standings(
        WITHDRAWAL, range(1, 5), config, as_of_round=1, withdrawals=WITHDRAWN_AFTER
    )
    assert [(r.rank, r.team, r.withdrawn) for r in before] == [
        (1, 2, False),
        (2, 1, False),
        (3, 3, False),
        (4, 4, False),
    ]


def test_a_withdrawn_team_ranked_last() -> None:
    config = _config(WithdrawalRule.RANK_LAST)
    rows = compute_standings(WITHDRAWAL, range(1, 5), config, withdrawals=WITHDRAWN_AFTER)
    # 1500 points would put team 2 third: it comes after every team still playing.
    assert [(r.rank, r.team, r.points_for, r.withdrawn) for r in rows] == [
        (1, 3, 1700, False),
        (2, 1, 1600, False),
        (3, 4, 1100, False),
        (4, 2, 1500, True),
    ]


def test_withdrawn_teams_ranked_last_keep_their_order_among_themselves() -> None:
    results = [*WITHDRAWAL, GameResult(1, 5, 6, 300, 200)]
    config = _config(WithdrawalRule.RANK_LAST)
    rows = compute_standings(results, range(1, 7), config, withdrawals={2: 1, 5: 2, 6: 1})
    # Team 5 (300) withdrew after round 2: still playing as of round 2. Teams 2 (1500) and 6 (200)
    # withdrew after round 1: ranked last, 2 before 6.
    assert [(r.rank, r.team) for r in rows] == [(1, 3), (2, 1), (3, 4), (4, 5), (5, 2), (6, 6)]


def test_rank_history_with_a_withdrawal() -> None:
    leave = rank_history(
        WITHDRAWAL, range(1, 5), _config(WithdrawalRule.LEAVE), withdrawals=WITHDRAWN_AFTER
    )
    assert leave == {1: (2, 2), 2: (1,), 3: (3, 1), 4: (4, 3)}
    last = rank_history(
        WITHDRAWAL, range(1, 5), _config(WithdrawalRule.RANK_LAST), withdrawals=WITHDRAWN_AFTER
    )
    assert last == {1: (2, 2), 2: (1, 4), 3: (3, 1), 4: (4, 3)}


def test_withdrawal_rule_in_the_stored_config() -> None:
    config = StandingsConfig(withdrawals=WithdrawalRule.RANK_LAST)
    assert config.to_json()["withdrawals"] == "rank_last"
    assert StandingsConfig.from_json(config.to_json()) == config
    assert StandingsConfig.from_json({}).withdrawals is WithdrawalRule.LEAVE
    with pytest.raises(Exception, match="invalid_config"):
        StandingsConfig.from_json({"withdrawals": "hide"})
