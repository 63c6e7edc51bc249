"""engine.seasons.qualification: the final's list from the qualifiers and the season ranking,
skipping entrants already qualified and taking the next, with the reason for each."""

from __future__ import annotations

import datetime

import pytest

from engine.errors import EngineError
from engine.seasons import (
    ContestKind,
    Credit,
    FirstOfEachContest,
    FirstOfSeason,
    PlacementTable,
    Placing,
    SeasonContest,
    SeasonReportCode,
    SeasonRules,
    compute_season_standings,
    qualify_from_season,
)


def pair(a: int, b: int, rank: int) -> Placing:
    return Placing((a, b), rank)


# Q1 (Jan 1): (1,2) 1st, (3,4) 2nd, (5,6) and (7,8) 3rd equal, (9,10) 5th.
# Q2 (Jan 8, given out of order): (3,4) 1st, (1,2) 2nd, (11,12) 3rd, (5,6) 4th.
Q1 = SeasonContest(
    1,
    10,
    datetime.date(2026, 1, 1),
    ContestKind.QUALIFIER,
    (pair(1, 2, 1), pair(3, 4, 2), pair(5, 6, 3), pair(7, 8, 3), pair(9, 10, 5)),
)
Q2 = SeasonContest(
    2,
    11,
    datetime.date(2026, 1, 8),
    ContestKind.QUALIFIER,
    (pair(11, 12, 3), pair(3, 4, 1), pair(2, 1, 2), pair(5, 6, 4)),
)
JOURNEE = SeasonContest(3, 10, datetime.date(2026, 1, 15), ContestKind.CONTEST, (pair(9, 10, 1),))


def test_first_k_of_each_qualifier_skips_the_already_qualified() -> None:
    q = qualify_from_season([Q2, Q1, JOURNEE], [FirstOfEachContest(2)])
    assert q.entrants() == ((1, 2), (3, 4), (11, 12), (5, 6))
    assert [(e.order, e.contest, e.place) for e in q.qualified] == [
        (1, 1, 1),
        (2, 1, 2),
        (3, 2, 3),
        (4, 2, 4),
    ]
    skipped = q.report.of(SeasonReportCode.ALREADY_QUALIFIED)
    assert [i.params["entrant"] for i in skipped] == [(3, 4), (1, 2)]
    assert skipped[1].params == {
        "entrant": (1, 2),
        "rule": 0,
        "contest": 2,
        "place": 2,
        "by_rule": 0,
        "by_contest": 1,
    }


def test_a_cut_through_equal_places_is_reported() -> None:
    q = qualify_from_season([Q1], [FirstOfEachContest(3)])
    assert q.entrants() == ((1, 2), (3, 4), (5, 6))
    (tie,) = q.report.of(SeasonReportCode.TIE_AT_CUT)
    assert tie.params == {"rule": 0, "contest": 1, "place": 3, "taken": (5, 6), "left": (7, 8)}


def test_short_qualifier_takes_all_it_has() -> None:
    q = qualify_from_season([Q1, Q2], [FirstOfEachContest(3), FirstOfEachContest(5)])
    shorts = q.report.of(SeasonReportCode.SHORT)
    # Rule 0 over Q2 finds only (11,12) (the others are in from Q1); rule 1 over Q1 finds
    # (7,8) and (9,10), over Q2 nobody.
    assert [(i.params["rule"], i.params["contest"], i.params["found"]) for i in shorts] == [
        (0, 2, 1),
        (1, 1, 2),
        (1, 2, 0),
    ]
    assert q.entrants()[3:] == ((11, 12), (7, 8), (9, 10))


def test_already_qualified_entrants_are_skipped() -> None:
    q = qualify_from_season([Q1], [FirstOfEachContest(1)], already_qualified=[(1, 2)])
    assert q.entrants() == ((3, 4),)
    item = q.report.of(SeasonReportCode.ALREADY_QUALIFIED)[0]
    assert (item.params["by_rule"], item.params["by_contest"]) == (None, None)


def test_first_k_of_the_season_after_the_qualifiers() -> None:
    # Season (pairs, 100/90/80): (1,2) 100+90, (3,4) 90+100, (5,6) 80+0, (7,8) 80,
    # (11,12) 80, (9,10) 0 + 100 (the journée).
    rules = SeasonRules(PlacementTable((100, 90, 80)), credit=Credit.PAIR)
    season = compute_season_standings([Q1, Q2, JOURNEE], rules)
    assert [(r.rank, r.entrant) for r in season.rows][:3] == [
        (1, (1, 2)),
        (1, (3, 4)),
        (3, (9, 10)),
    ]
    q = qualify_from_season(
        [Q1, Q2, JOURNEE], [FirstOfEachContest(1), FirstOfSeason(2)], season=season
    )
    assert q.entrants() == ((1, 2), (3, 4), (9, 10), (5, 6))
    last = q.qualified[-1]
    assert (last.source, last.contest, last.place, last.rule) == ("season", None, 4, 1)
    (tie,) = q.report.of(SeasonReportCode.TIE_AT_CUT)
    assert tie.params["left"] == (7, 8)


def test_player_credit_qualifies_players() -> None:
    q = qualify_from_season([Q1], [FirstOfEachContest(3)], credit=Credit.PLAYER)
    assert q.entrants() == ((1,), (2,), (3,))


@pytest.mark.parametrize(
    "call",
    [
        lambda: qualify_from_season([Q1], [FirstOfEachContest(0)]),
        lambda: qualify_from_season([Q1], [FirstOfSeason(3)]),
        lambda: qualify_from_season([Q1], FirstOfEachContest(3)),
        lambda: qualify_from_season([Q1], ["first 12"]),
        lambda: qualify_from_season([Q1], [FirstOfEachContest(2, kinds=("cup",))]),  # type: ignore[arg-type]
        lambda: qualify_from_season(
            [Q1],
            [FirstOfSeason(1)],
            credit=Credit.PAIR,
            season=compute_season_standings([Q1], SeasonRules(PlacementTable((1,)))),
        ),
    ],
)
def test_bad_rules_are_refused(call: object) -> None:
    with pytest.raises(EngineError) as err:
        call()  # type: ignore[operator]
    assert err.value.code == "season.invalid_qualification"
