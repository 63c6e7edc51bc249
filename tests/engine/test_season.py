"""engine.seasons: table-driven season rules (best N of M, attendance, barèmes, ties), the club
ranking, and coded errors. Every expected figure is worked out in the comments.
"""

from __future__ import annotations

import datetime
import json

import pytest

from engine.errors import EngineError, codes_with_prefix
from engine.seasons import (
    SEASON_ERROR_CODES,
    SEASON_TIEBREAKS,
    ContestKind,
    Credit,
    PartieBareme,
    PartieLine,
    PlacementFormula,
    PlacementTable,
    Placing,
    ScoreMode,
    SeasonContest,
    SeasonError,
    SeasonReportCode,
    SeasonRules,
    SeasonStandings,
    club_standings,
    compute_season_standings,
)

D = datetime.date


def contest(
    cid: int, day: int, *results: Placing, kind: str = "contest", club: int = 1
) -> SeasonContest:
    return SeasonContest(cid, club, D(2026, 1, day), ContestKind(kind), tuple(results))


def solo(player: int, rank: int, won: int = 0, points: int = 0) -> Placing:
    return Placing((player,), rank, played=3, won=won, points=points)


# Four journées of a challenge (players 1-4), with a table barème of 100 / 90 / 80:
#   C1 (Jan 1):  1 1st (3 won, 3000)   2 2nd (2, 2500)   3 3rd (1, 2000)
#   C2 (Jan 8):  2 1st (3, 3100)       1 2nd (2, 2600)   4 3rd (1, 1500)
#   C3 (Jan 15): 3 1st (3, 3200)       2 2nd (2, 2400)
#   C4 (Jan 22): 1 1st (3, 2900)       3 2nd (2, 2700)   4 3rd (1, 1800)
CHALLENGE = [
    contest(1, 1, solo(1, 1, 3, 3000), solo(2, 2, 2, 2500), solo(3, 3, 1, 2000)),
    contest(2, 8, solo(2, 1, 3, 3100), solo(1, 2, 2, 2600), solo(4, 3, 1, 1500)),
    contest(3, 15, solo(3, 1, 3, 3200), solo(2, 2, 2, 2400)),
    contest(4, 22, solo(1, 1, 3, 2900), solo(3, 2, 2, 2700), solo(4, 3, 1, 1800)),
]
TABLE = PlacementTable((100, 90, 80))

# (name, rules, expected rows as (rank, player, value, dropped contests))
CASES = [
    # Everything counts: 1 = 100+90+100, 2 = 90+100+90, 3 = 80+100+90, 4 = 80+80.
    (
        "all_count",
        SeasonRules(TABLE),
        [(1, 1, 290, ()), (2, 2, 280, ()), (3, 3, 270, ()), (4, 4, 160, ())],
    ),
    # Best 2 of 4: 1 drops C2 (90); 2 drops C3 (90 like C1, but 2400 < 2500); 3 drops C1 (80).
    # 2 and 3 are level on 190 and on wins (5); 3 scored 3200 + 2700 > 2 scored 3100 + 2500.
    (
        "best_2",
        SeasonRules(TABLE, best_of=2),
        [(1, 1, 200, (2,)), (2, 3, 190, (1,)), (3, 2, 190, (3,)), (4, 4, 160, ())],
    ),
    # Without tie-breaks 2 and 3 share the rank (listed by entrant).
    (
        "best_2_no_tiebreak",
        SeasonRules(TABLE, best_of=2, tiebreaks=()),
        [(1, 1, 200, (2,)), (2, 2, 190, (3,)), (2, 3, 190, (1,)), (4, 4, 160, ())],
    ),
    # Three journées needed for the final ranking: 4 (two) is listed last, unranked.
    (
        "attendance",
        SeasonRules(TABLE, min_contests=3),
        [(1, 1, 290, ()), (2, 2, 280, ()), (3, 3, 270, ()), (None, 4, 160, ())],
    ),
    # Points = entrants of the contest - rank + 1 (C3 has two): 1 = 3+2+3, 2 = 2+3+1,
    # 3 = 1+2+2, 4 = 1+1.
    (
        "formula_field",
        SeasonRules(PlacementFormula()),
        [(1, 1, 8, ()), (2, 2, 6, ()), (3, 3, 5, ()), (4, 4, 2, ())],
    ),
    # max(2, 10 - 3 x (rank - 1)) + 1: 1st 11, 2nd 8, 3rd 5.
    (
        "formula_linear",
        SeasonRules(PlacementFormula(first=10, step=3, floor=2, participation=1)),
        [(1, 1, 30, ()), (2, 2, 27, ()), (3, 3, 24, ()), (4, 4, 10, ())],
    ),
    # The table covers the 1st only; the others get "beyond" + participation.
    (
        "table_beyond",
        SeasonRules(PlacementTable((50,), beyond=10, participation=5)),
        [
            (1, 1, 55 + 15 + 55, ()),
            (2, 2, 15 + 55 + 15, ()),
            (3, 3, 15 + 55 + 15, ()),
            (4, 4, 30, ()),
        ],
    ),
]


@pytest.mark.parametrize(("name", "rules", "expected"), CASES, ids=[c[0] for c in CASES])
def test_season_rules(name: str, rules: SeasonRules, expected: list[tuple[object, ...]]) -> None:
    season = compute_season_standings(CHALLENGE, rules)
    got = [(r.rank, r.entrant[0], r.value, r.dropped) for r in season.rows]
    assert got == expected


def test_table_beyond_ties_by_wins_then_score() -> None:
    # 2 and 3 are level on 85; 2 won 2 + 3 + 2 = 7 parties, 3 won 1 + 3 + 2 = 6.
    rules = SeasonRules(PlacementTable((50,), beyond=10, participation=5))
    season = compute_season_standings(CHALLENGE, rules)
    two, three = season.row((2,)), season.row((3,))
    assert (two.value, two.wins, three.value, three.wins) == (85, 7, 85, 6)
    assert (two.rank, three.rank) == (2, 3)
    (broken,) = season.report.of(SeasonReportCode.TIE_BROKEN)
    assert broken.params == {"rank": 3, "entrant": (3,), "above": (2,), "key": "wins"}


def test_best_of_report_and_counted_lines() -> None:
    season = compute_season_standings(CHALLENGE, SeasonRules(TABLE, best_of=2))
    row = season.row((2,))
    assert row.counted == (1, 2) and row.dropped == (3,)
    assert [(c.contest, c.counted, c.value) for c in row.contests] == [
        (1, True, 90),
        (2, True, 100),
        (3, False, 90),
    ]
    assert (row.wins, row.score, row.attended, row.best_place, row.played) == (5, 5600, 3, 1, 6)
    dropped = season.report.of(SeasonReportCode.CONTEST_DROPPED)
    assert {(i.params["entrant"], i.params["contest"]) for i in dropped} == {
        ((1,), 2),
        ((2,), 3),
        ((3,), 1),
    }
    (broken,) = season.report.of(SeasonReportCode.TIE_BROKEN)
    assert broken.params["key"] == "score"
    assert row.to_json()["contests"][0]["date"] == "2026-01-01"


def test_prize_needs_attendance_but_the_ranking_does_not() -> None:
    season = compute_season_standings(CHALLENGE, SeasonRules(TABLE, prize_min_contests=3))
    four = season.row((4,))
    assert (four.rank, four.eligible, four.prize_eligible) == (4, True, False)
    (item,) = season.report.of(SeasonReportCode.NO_PRIZE)
    assert item.params == {"entrant": (4,), "attended": 2, "minimum": 3}
    season = compute_season_standings(CHALLENGE, SeasonRules(TABLE, min_contests=3))
    assert season.row((4,)).prize_eligible is False
    assert season.report.of(SeasonReportCode.BELOW_ATTENDANCE)[0].params["entrant"] == (4,)


def test_the_final_is_not_counted_by_default() -> None:
    contests = [*CHALLENGE[:2], contest(9, 30, solo(4, 1, 3, 4000), kind="final")]
    season = compute_season_standings(contests, SeasonRules(TABLE))
    assert season.contests == (1, 2)
    assert season.row((4,)).value == 80
    (item,) = season.report.of(SeasonReportCode.CONTEST_NOT_COUNTED)
    assert item.params == {"contest": 9, "kind": "final"}
    counted = SeasonRules(TABLE, counted_kinds=("contest", "final"))  # type: ignore[arg-type]
    assert compute_season_standings(contests, counted).row((4,)).value == 180


# --- the per-partie barème: win = 4 + score, loss = 2 + score, bye = 3 + 1000 --------------

W, L, BYE = "win", "loss", "bye"


def partie_contest(*entries: tuple[int, int, tuple[tuple[str, int], ...]]) -> SeasonContest:
    results = tuple(
        Placing(
            (p,),
            rank,
            played=len(lines),
            won=sum(o in (W, BYE) for o, _ in lines),
            points=sum(s for _, s in lines),
            parties=tuple(PartieLine(o, s) for o, s in lines),
        )  # type: ignore[arg-type]
        for p, rank, lines in entries
    )
    return SeasonContest(1, 1, D(2026, 2, 1), ContestKind.CONTEST, results)


# P: a win (1500) and a loss (900): 4 + 2 = 6 points, score 2400, one win.
# Q: two byes: 3 + 3 = 6 points, score 1000 + 1000 = 2000, two wins (byes count as wins).
# R: two losses (1100, 1000): 2 + 2 = 4 points, score 2100.
PARTIES = partie_contest(
    (1, 1, ((W, 1500), (L, 900))),
    (2, 2, ((BYE, 0), (BYE, 0))),
    (3, 3, ((L, 1100), (L, 1000))),
)

BAREME_CASES = [
    # "Points then score as a tie-break": P and Q level on 6, P's score is higher; the score
    # comes before the wins (Q has more).
    ("points_then_score", PartieBareme(), [(1, 1, 6, 2400), (2, 2, 6, 2000), (3, 3, 4, 2100)]),
    # "Points + score / 1000 in one number": kept exact as points x 1000 + score.
    (
        "combined_1000",
        PartieBareme(score_mode=ScoreMode.COMBINED),
        [(1, 1, 8400, 2400), (2, 2, 8000, 2000), (3, 3, 6100, 2100)],
    ),
    # "4 + score" read literally (divisor 1): the score swamps the points, R passes Q.
    (
        "combined_literal",
        PartieBareme(score_mode=ScoreMode.COMBINED, score_divisor=1),
        [(1, 1, 2406, 2400), (2, 3, 2104, 2100), (3, 2, 2006, 2000)],
    ),
    # A bye credited with the score the contest recorded (0 here): Q keeps 6 points, score 0.
    (
        "bye_recorded",
        PartieBareme(bye_score=None),
        [(1, 1, 6, 2400), (2, 2, 6, 0), (3, 3, 4, 2100)],
    ),
    # Other constants: win 3, loss 1, bye 2 + 500.
    (
        "other_constants",
        PartieBareme(win=3, loss=1, bye=2, bye_score=500),
        [(1, 1, 4, 2400), (2, 2, 4, 1000), (3, 3, 2, 2100)],
    ),
]


@pytest.mark.parametrize(
    ("name", "bareme", "expected"), BAREME_CASES, ids=[c[0] for c in BAREME_CASES]
)
def test_partie_bareme(name: str, bareme: PartieBareme, expected: list[tuple[int, ...]]) -> None:
    season = compute_season_standings([PARTIES], SeasonRules(bareme, tiebreaks=()))
    got = [(r.rank, r.entrant[0], r.value, r.score) for r in season.rows]
    assert got == expected
    assert season.value_divisor == (bareme.score_divisor if bareme.score_mode == "combined" else 1)


def test_points_then_score_key_order_in_the_report() -> None:
    season = compute_season_standings([PARTIES], SeasonRules(PartieBareme()))
    (broken,) = season.report.of(SeasonReportCode.TIE_BROKEN)
    assert broken.params == {"rank": 2, "entrant": (2,), "above": (1,), "key": "score"}
    assert season.row((2,)).wins == 2 > season.row((1,)).wins


# --- credit per pair or per player ------------------------------------------------------------

PAIRS = [
    contest(1, 1, Placing((1, 2), 1, 3, 3, 3000), Placing((3, 4), 2, 3, 1, 2000)),
    contest(2, 8, Placing((2, 1), 2, 3, 2, 2500), Placing((3, 5), 1, 3, 3, 3100)),
]


def test_pair_credit_keeps_the_same_pair_across_contests() -> None:
    season = compute_season_standings(PAIRS, SeasonRules(TABLE, credit=Credit.PAIR))
    assert [(r.rank, r.entrant, r.value) for r in season.rows] == [
        (1, (1, 2), 190),
        (2, (3, 5), 100),
        (3, (3, 4), 90),
    ]


def test_player_credit_gives_each_player_his_pairs_result() -> None:
    season = compute_season_standings(PAIRS, SeasonRules(TABLE))
    values = {r.entrant[0]: r.value for r in season.rows}
    assert values == {1: 190, 2: 190, 3: 190, 4: 90, 5: 100}
    # 3 and 1/2 level on 190: wins 1 + 3 = 4 against 3 + 2 = 5.
    assert [r.entrant[0] for r in season.rows][:3] == [1, 2, 3]


def test_lot_tiebreak() -> None:
    rules = SeasonRules(TABLE, tiebreaks=("lot",))
    lots = {(1,): 3, (2,): 1, (3,): 2, (4,): 4, (5,): 5}
    season = compute_season_standings(PAIRS, rules, lots=lots)
    assert [r.entrant[0] for r in season.rows][:3] == [2, 3, 1]
    with pytest.raises(EngineError) as err:
        compute_season_standings(PAIRS, rules, lots={(1,): 1})
    assert err.value.code == "season.missing_lot"


def test_other_tiebreaks_are_registered() -> None:
    assert set(SEASON_TIEBREAKS) == {"wins", "score", "attended", "best_place", "lot"}
    rules = SeasonRules(TABLE, best_of=2, tiebreaks=("best_place", "attended"))
    season = compute_season_standings(CHALLENGE, rules)
    assert season.row((2,)).tiebreak_values == (1, 3)


# --- the club ranking ------------------------------------------------------------------------


def best_two_season() -> SeasonStandings:
    return compute_season_standings(CHALLENGE, SeasonRules(TABLE, best_of=2))


def test_club_ranking_sums_the_best_k_players() -> None:
    season = best_two_season()  # 1: 200, 3: 190, 2: 190, 4: 160
    clubs = club_standings(season, {1: 7, 2: 8, 3: 7, 4: 8}, best=1)
    assert [(c.rank, c.club, c.value, c.players, c.not_counted) for c in clubs.rows] == [
        (1, 7, 200, (1,), (3,)),
        (2, 8, 190, (2,), (4,)),
    ]
    clubs = club_standings(season, {1: 7, 2: 8, 3: 7, 4: 8}, best=2)
    assert [(c.club, c.value, c.wins, c.score) for c in clubs.rows] == [
        (7, 390, 11, 11800),
        (8, 350, 7, 8900),
    ]
    not_counted = club_standings(season, {1: 7, 2: 8, 3: 7}, best=1).report
    assert not_counted.of(SeasonReportCode.NO_CLUB)[0].params == {"entrant": (4,)}


def test_club_ranking_ties_by_wins_then_score() -> None:
    # One contest, everyone worth 10: wins 3, 1, 2, 2; scores 100, 900, 500, 400.
    one = [
        contest(
            1, 1, solo(1, 1, 3, 100), solo(2, 1, 1, 900), solo(3, 1, 2, 500), solo(4, 1, 2, 400)
        )
    ]
    season = compute_season_standings(one, SeasonRules(PlacementTable((10,))))
    assert [r.entrant[0] for r in season.rows] == [1, 3, 4, 2]
    clubs = club_standings(season, {1: 7, 2: 8, 3: 9, 4: 6}, best=1)
    assert [(c.rank, c.club) for c in clubs.rows] == [(1, 7), (2, 9), (3, 6), (4, 8)]
    clubs = club_standings(season, {1: 7, 2: 8, 3: 8, 4: 7}, best=2)
    assert [(c.rank, c.club, c.shared, c.wins) for c in clubs.rows] == [
        (1, 7, False, 5),
        (2, 8, False, 3),
    ]


def test_club_ranking_leaves_ineligible_players_out() -> None:
    season = compute_season_standings(CHALLENGE, SeasonRules(TABLE, min_contests=3))
    clubs = club_standings(season, {1: 7, 2: 8, 3: 7, 4: 9}, best=2)
    assert {c.club: c.value for c in clubs.rows} == {7: 560, 8: 280, 9: 0}
    item = clubs.report.of(SeasonReportCode.CLUB_MEMBER_NOT_COUNTED)[0]
    assert item.params == {"club": 9, "entrant": (4,), "best": 2, "reason": "not_eligible"}
    clubs = club_standings(season, {1: 7, 2: 8, 3: 7, 4: 9}, best=2, eligible_only=False)
    assert {c.club: c.value for c in clubs.rows}[9] == 160


def test_rules_json_round_trip() -> None:
    for rules in (
        SeasonRules(TABLE, best_of=12, min_contests=8, prize_min_contests=10),
        SeasonRules(PlacementFormula(first=20, step=2), credit=Credit.PAIR, tiebreaks=("lot",)),
        SeasonRules(PartieBareme(score_mode=ScoreMode.COMBINED), counted_kinds=("final",)),  # type: ignore[arg-type]
    ):
        assert SeasonRules.from_json(rules.to_json()) == rules
        assert SeasonRules.from_json(json.dumps(rules.to_json())) == rules
    assert SeasonRules.from_json({"bareme": {"kind": "partie"}}).bareme == PartieBareme()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"bareme": {"kind": "podium"}},
        {"bareme": {"kind": "partie", "wins": 4}},
        {"bareme": {"kind": "placement_table", "points": [100]}, "best": 3},
        {"bareme": {"kind": "placement_table", "points": [100]}, "version": 2},
        {"bareme": {"kind": "placement_table", "points": ["100"]}},
        "not json",
        [],
    ],
)
def test_rules_json_refuses_unknown_or_bad_values(data: object) -> None:
    with pytest.raises(EngineError) as err:
        SeasonRules.from_json(data)  # type: ignore[arg-type]
    assert err.value.code == "season.invalid_rules"


def test_error_views() -> None:
    assert codes_with_prefix("season.") == SEASON_ERROR_CODES
    assert len(SEASON_ERROR_CODES) == 9
    with pytest.raises(ValueError):
        SeasonError("individual.invalid_result")
    with pytest.raises(KeyError):
        best_two_season().row((99,))


# --- errors ----------------------------------------------------------------------------------


def _code(call: object) -> str:
    try:
        call()  # type: ignore[operator]
    except EngineError as exc:
        return exc.code
    return "no error"


def _season(*contests: object, rules: SeasonRules | None = None) -> object:
    return lambda: compute_season_standings(contests, rules or SeasonRules(TABLE))  # type: ignore[arg-type]


ERRORS = [
    (_season(contest(1, 1), contest(1, 2)), "season.invalid_contest"),
    (_season(SeasonContest(1, 1, "2026-01-01")), "season.invalid_contest"),  # type: ignore[arg-type]
    (_season(SeasonContest(1, 1, D(2026, 1, 1), "league")), "season.invalid_contest"),  # type: ignore[arg-type]
    (_season(SeasonContest(1, None, D(2026, 1, 1))), "season.invalid_contest"),  # type: ignore[arg-type]
    (_season("contest"), "season.invalid_contest"),
    (_season(contest(1, 1, solo(1, 0))), "season.invalid_result"),
    (_season(contest(1, 1, Placing((1,), 1, played=2, won=3))), "season.invalid_result"),
    (_season(contest(1, 1, Placing((1, 2, 3), 1))), "season.invalid_result"),
    (_season(contest(1, 1, Placing((1,), 1, points=-5))), "season.invalid_result"),
    (
        _season(contest(1, 1, Placing((1,), 1, parties=(PartieLine("slam"),)))),  # type: ignore[arg-type]
        "season.invalid_result",
    ),
    (_season(contest(1, 1, solo(1, 1), solo(1, 2))), "season.entrant_twice"),
    (_season(contest(1, 1, Placing((1, 2), 1), Placing((2, 3), 2))), "season.entrant_twice"),
    (
        _season(contest(1, 1, solo(1, 1)), rules=SeasonRules(PartieBareme())),
        "season.missing_parties",
    ),
    (lambda: SeasonRules(TABLE, best_of=0), "season.invalid_rules"),
    (lambda: SeasonRules("table"), "season.invalid_rules"),  # type: ignore[arg-type]
    (lambda: SeasonRules(TABLE, credit="club"), "season.invalid_rules"),  # type: ignore[arg-type]
    (lambda: SeasonRules(TABLE, min_contests=True), "season.invalid_rules"),
    (lambda: SeasonRules(TABLE, tiebreaks=("wins", "wins")), "season.invalid_rules"),
    (lambda: PlacementTable(()), "season.invalid_rules"),
    (lambda: PlacementTable((100, -1)), "season.invalid_rules"),
    (lambda: PlacementFormula(step=-1), "season.invalid_rules"),
    (lambda: PartieBareme(score_divisor=0), "season.invalid_rules"),
    (lambda: PartieBareme(score_mode="sum"), "season.invalid_rules"),  # type: ignore[arg-type]
    (lambda: compute_season_standings([], "rules"), "season.invalid_rules"),  # type: ignore[arg-type]
    (lambda: SeasonRules(TABLE, tiebreaks=("buchholz",)), "season.unknown_tiebreak"),
    (
        lambda: club_standings(
            compute_season_standings(PAIRS, SeasonRules(TABLE, credit="pair")), {}, best=1
        ),
        "season.invalid_clubs",
    ),
    (lambda: club_standings(best_two_season(), {}, best=0), "season.invalid_clubs"),
    (lambda: club_standings(best_two_season(), {1: "7"}, best=1), "season.invalid_clubs"),  # type: ignore[dict-item]
]


@pytest.mark.parametrize(("call", "code"), ERRORS)
def test_malformed_input_is_refused_with_a_code(call: object, code: str) -> None:
    assert _code(call) == code
