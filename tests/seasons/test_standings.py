"""Season standings through the app: the rules table-driven (best N of M, attendance, barèmes,
ties, credit), the club ranking, the recompute on commit, and the bounded number of queries.

Three journées of the same players (A-B and C-D every time, E-F only the third, exempt):
journée 1 A-B beat C-D 1100-844, journée 2 C-D beat A-B 1144-800, journée 3 A-B beat C-D
1000-944 (ranks A-B, E-F, C-D by points).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from seasons import services as season_services
from seasons.models import Season, SeasonSnapshot
from seasons.standings.rebuild import rebuild_season
from tests.seasons.factory import contest_of, players
from tournaments.models import Club

pytestmark = pytest.mark.django_db

TABLE = {"kind": "placement_table", "points": [10, 5, 2]}
PARTIE = {"kind": "partie"}  # win 4 + score, loss 2 + score, bye 3 + 1000


@pytest.fixture
def season(club: Club) -> Season:
    season = season_services.create_season(club, name="Challenge d'hiver")
    a, b, c, d, e, f = players(club, 6)
    contest_of(club, season, 1, [(a, b), (c, d)], [{1: (1100, 844)}])
    contest_of(club, season, 8, [(a, b), (c, d)], [{1: (800, 1144)}])
    contest_of(club, season, 15, [(a, b), (c, d), (e, f)], [{1: (1000, 944)}])
    return season


def _ranking(season: Season) -> dict[str, tuple[Any, ...]]:
    snapshot = SeasonSnapshot.objects.get(season=season)
    assert snapshot.error == ""
    return {
        " & ".join(n.split()[0] for n in row["names"]): (row["rank"], row["value"], row["eligible"])
        for row in snapshot.rows
    }


CASES = [
    # (rules, expected {player: (rank, value, eligible)} for A, C and E)
    ({"bareme": TABLE}, {"J1": (1, 25, True), "J3": (3, 17, True), "J5": (5, 5, True)}),
    (
        {"bareme": TABLE, "best_of": 2},
        {"J1": (1, 20, True), "J3": (3, 15, True), "J5": (5, 5, True)},
    ),
    (
        {"bareme": TABLE, "min_contests": 2},
        {"J1": (1, 25, True), "J3": (3, 17, True), "J5": (None, 5, False)},
    ),
    ({"bareme": PARTIE}, {"J1": (1, 10, True), "J3": (3, 8, True), "J5": (5, 3, True)}),
    (
        {"bareme": {**PARTIE, "score_mode": "combined", "score_divisor": 1000}},
        {"J1": (1, 12900, True), "J3": (3, 10932, True), "J5": (5, 4000, True)},
    ),
    # Ties by wins then total score: A-B won two parties, C-D one.
    (
        {"bareme": {"kind": "placement_table", "points": [10, 10, 10]}},
        {"J1": (1, 30, True), "J3": (3, 30, True)},
    ),
    # ... and by total score alone, C-D scored more (2932 against 2900).
    (
        {"bareme": {"kind": "placement_table", "points": [10, 10, 10]}, "tiebreaks": ["score"]},
        {"J3": (1, 30, True), "J1": (3, 30, True)},
    ),
]


@pytest.mark.parametrize(("rules", "expected"), CASES)
def test_season_rules_through_the_app(
    season: Season, rules: dict[str, Any], expected: dict[str, Any]
) -> None:
    season_services.update_season(season, {"rules": rules})
    rebuild_season(season.pk)
    ranking = _ranking(season)
    for player, want in expected.items():
        assert ranking[player] == want, (player, ranking)
    # Player credit: both players of a team share its line (and its rank: 1, 1, 3, 3, 5, 5).
    assert ranking["J1"] == ranking["J2"] and ranking["J3"] == ranking["J4"]


def test_best_of_marks_the_dropped_journee(season: Season) -> None:
    season_services.update_season(season, {"rules": {"bareme": TABLE, "best_of": 2}})
    rebuild_season(season.pk)
    row = next(
        r for r in SeasonSnapshot.objects.get(season=season).rows if r["names"][0].startswith("J1 ")
    )
    assert [line["counted"] for line in row["lines"]] == [True, False, True]
    codes = [item["code"] for item in SeasonSnapshot.objects.get(season=season).report]
    assert "contest_dropped" in codes


def test_pair_credit_ranks_pairs(season: Season) -> None:
    season_services.update_season(season, {"rules": {"bareme": TABLE, "credit": "pair"}})
    rebuild_season(season.pk)
    rows = SeasonSnapshot.objects.get(season=season).rows
    assert [len(r["players"]) for r in rows] == [2, 2, 2]
    assert [r["value"] for r in rows] == [25, 17, 5]


def test_prize_minimum_keeps_the_rank_and_flags_it(season: Season) -> None:
    season_services.update_season(season, {"rules": {"bareme": TABLE, "prize_min_contests": 3}})
    rebuild_season(season.pk)
    rows = {r["names"][0].split()[0]: r for r in SeasonSnapshot.objects.get(season=season).rows}
    assert rows["J5"]["rank"] == 5 and rows["J5"]["prize_eligible"] is False
    assert rows["J1"]["prize_eligible"] is True


def test_club_ranking_from_the_players_home_clubs(club: Club, other_club: Club) -> None:
    season = season_services.create_season(club, name="Circuit")
    a, b = players(club, 2)
    c, d = players(other_club, 2)
    contest_of(club, season, 3, [(a, b), (c, d)], [{1: (1200, 744)}])
    season_services.update_season(season, {"rules": {"bareme": TABLE}, "club_best": 1})
    rebuild_season(season.pk)
    clubs = SeasonSnapshot.objects.get(season=season).clubs
    assert [(c["name"], c["value"]) for c in clubs] == [(club.name, 10), (other_club.name, 5)]
    assert len(clubs[0]["players"]) == 1  # best 1 counted


def test_a_volunteer_partner_is_credited_nothing(club: Club) -> None:
    season = season_services.create_season(club, name="Solo")
    a, b, c, d = players(club, 4)
    contest = contest_of(club, season, 3, [(a, b), (c, d)], [{1: (1200, 744)}])
    contest.entries.filter(number=1).update(player2_is_volunteer=True)
    rebuild_season(season.pk)
    names = [n for r in SeasonSnapshot.objects.get(season=season).rows for n in r["names"]]
    assert b.full_name not in names and a.full_name in names


def test_unpublished_standings_do_not_count(club: Club) -> None:
    season = season_services.create_season(club, name="Privé")
    a, b, c, d = players(club, 4)
    contest = contest_of(club, season, 3, [(a, b), (c, d)], [{1: (1200, 744)}])
    contest.rounds.update(show_standings=False)
    rebuild_season(season.pk)
    snapshot = SeasonSnapshot.objects.get(season=season)
    assert snapshot.rows == [] and snapshot.contests[0]["note"] == "unpublished"


def test_rebuild_is_idempotent(season: Season) -> None:
    assert rebuild_season(season.pk).status == "built"
    computed = SeasonSnapshot.objects.get(season=season).computed_at
    assert rebuild_season(season.pk).status == "up_to_date"
    assert SeasonSnapshot.objects.get(season=season).computed_at == computed
    assert SeasonSnapshot.objects.filter(season=season).count() == 1


@pytest.mark.parametrize("bareme", [TABLE, PARTIE])
def test_recompute_queries_do_not_grow_with_contests(club: Club, bareme: dict[str, Any]) -> None:
    season = season_services.create_season(club, name="Longue")
    people = players(club, 8)
    pairs = [(people[i], people[i + 1]) for i in range(0, 8, 2)]
    season_services.update_season(season, {"rules": {"bareme": bareme}})
    counts = []
    for day in (1, 2, 3, 4, 5, 6):
        contest_of(
            club,
            season,
            day,
            pairs,
            [{1: (1000, 944), 2: (900, 1044)}, {1: (1100, 844), 2: (700, 1244)}],
        )
        with CaptureQueriesContext(connection) as ctx:
            rebuild_season(season.pk)
        counts.append(len(ctx.captured_queries))
    assert max(counts) <= 8, counts
    assert len(set(counts)) == 1, counts  # the same number for 1 and for 6 journées


def test_moving_a_contest_between_seasons_reranks_both(
    club: Club, django_capture_on_commit_callbacks: Any
) -> None:
    from tournaments import services

    first = season_services.create_season(club, name="Automne")
    second = season_services.create_season(club, name="Hiver")
    a, b, c, d = players(club, 4)
    contest = contest_of(club, first, 5, [(a, b), (c, d)], [{1: (1200, 744)}])
    rebuild_season(first.pk)
    assert SeasonSnapshot.objects.get(season=first).rows
    with django_capture_on_commit_callbacks(execute=True):
        services.update_contest(contest, {"season": second})
    assert SeasonSnapshot.objects.get(season=first).rows == []
    assert len(SeasonSnapshot.objects.get(season=second).rows) == 4
