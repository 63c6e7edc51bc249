"""A contest of matches of several games, played through score entry: the standings rank on
matches won (then the contest's tie-breaks), with the sum of the games as points."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from scoring import adapters, services
from scoring.adapters import DealFacts
from standings import services as standings
from tests.scoring.conftest import _entries, make_contest, make_round
from tournaments import adapters as tournaments_adapters

pytestmark = pytest.mark.django_db

A = DealFacts(taker="a", trump="hearts", taker_points=100)  # A 100, B 62
B_CAPOT = DealFacts(taker="b", trump="hearts", capot_team="b")  # B 252, A 0
B = DealFacts(taker="b", trump="hearts", taker_points=100)


def play(sheet: Any, *deals: DealFacts) -> Any:
    for facts in deals:
        sheet.refresh_from_db()
        services.record_deal(sheet.pk, facts, version=sheet.version, client_id=uuid.uuid4())
    sheet.refresh_from_db()
    return sheet


def test_standings_rank_on_matches_won_then_points(club: Any) -> None:
    contest = make_contest(club, "club_contest", "matchs", deals_per_game=2, match_games=3)
    contest.tiebreaks = ["difference"]
    contest.save()
    t1, t2, t3, t4 = _entries(contest, club, 4)
    round_ = make_round(contest, 1, [(t1, t2), (t3, t4)])
    one, two = (services.sheet_of_table(t) for t in round_.tables.order_by("number"))
    # Table 1: team 1 loses the first game to two capots, then wins the revanche and the belle:
    # 2-1 with 400 points against 752.
    one = play(one, B_CAPOT, B_CAPOT, A, A, A, A)
    assert (one.games_a, one.games_b, one.total_a, one.total_b) == (2, 1, 400, 752)
    assert one.match_score == "2–1 (0–504, 200–124, 200–124)"
    # Table 2: team 4 wins 2-0 (no belle).
    two = play(two, B, B, B, B)
    assert (two.games_a, two.games_b, two.status) == (0, 2, "finished")

    results = adapters.finished_results(contest)
    assert [(r.games_a, r.games_b) for r in results] == [(2, 1), (0, 2)]
    # Ranked "on points", a contest of matches ranks on matches won first.
    config = tournaments_adapters.standings_config(contest)
    assert config.method.value == "wins_then_points"
    standings.rebuild(contest.pk)
    snapshot = standings.live_snapshot(contest.pk)
    assert snapshot is not None
    rows = [(r["rank"], r["number"], r["wins"], r["points_for"]) for r in snapshot.rows]
    # Teams 1 and 4 won their match with 400 points each: team 4 conceded fewer (248 v 752).
    # Team 2 scored 752 points and ranks below team 1, which beat it.
    assert [(rank, number) for rank, number, _, _ in rows] == [(1, 4), (2, 1), (3, 2), (4, 3)]
    assert {number: wins for _, number, wins, _ in rows} == {1: 1, 2: 0, 3: 0, 4: 1}
    assert {number: points for _, number, _, points in rows} == {1: 400, 2: 752, 3: 248, 4: 400}


def test_a_one_game_contest_ranks_as_before(club: Any) -> None:
    contest = make_contest(club, "club_contest", "simple")
    assert tournaments_adapters.standings_config(contest).method.value == "points"
