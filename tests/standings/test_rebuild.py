"""Rebuilding a contest's standings snapshot: few queries, idempotent, as of the public round."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.models import ScoreSheet
from standings import events, readers
from standings import services as standings
from standings.models import StandingsSnapshot
from tests.standings.factory import add_round, finish_round, make_contest, played_contest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("teams", [20, 200])
def test_rebuild_takes_at_most_five_queries(
    club: Any, teams: int, django_assert_max_num_queries: Any
) -> None:
    contest = played_contest(club, teams=teams, rounds=4, tiebreaks=["buchholz_points", "lot"])
    events.mark_stale(contest.pk)
    with django_assert_max_num_queries(5):
        outcome = standings.rebuild(contest.pk)
    assert outcome.status == "built"
    snapshot = standings.live_snapshot(contest.pk)
    assert snapshot is not None
    assert snapshot.as_of_round == 4
    assert len(snapshot.rows) == teams
    assert snapshot.results_count == teams * 4 // 2
    assert [r["rank"] for r in snapshot.rows] == sorted(r["rank"] for r in snapshot.rows)
    history = standings.rank_history(snapshot)
    assert sorted(history) == sorted(r["entry"] for r in snapshot.rows)
    assert all(history[r["entry"]][-1] == r["rank"] for r in snapshot.rows)
    assert all(len(ranks) == 4 for ranks in history.values())


def test_up_to_date_rebuild_is_one_query_and_changes_nothing(
    club: Any, django_assert_num_queries: Any
) -> None:
    contest = played_contest(club, teams=8, rounds=2)
    events.mark_stale(contest.pk)
    first = standings.rebuild(contest.pk)
    snapshot = standings.live_snapshot(contest.pk)
    with django_assert_num_queries(1):
        again = standings.rebuild(contest.pk)
    assert again.status == "up_to_date"
    assert standings.live_snapshot(contest.pk).computed_at == snapshot.computed_at
    forced = standings.rebuild(contest.pk, force=True)
    assert forced.status == "built"
    assert forced.fingerprint == first.fingerprint  # same inputs, same rows
    assert standings.live_snapshot(contest.pk).rows == snapshot.rows


def test_rows_follow_the_engine_with_shared_ranks(club: Any) -> None:
    contest = make_contest(club, teams=4)
    round_ = add_round(contest, 1, [(1, 2), (3, 4)], show_standings=True)
    finish_round(round_, {1: (1000, 944), 2: (1000, 944)})
    standings.rebuild(contest.pk)
    rows = standings.live_snapshot(contest.pk).rows
    assert [(r["number"], r["rank"], r["shared"]) for r in rows] == [
        (1, 1, True),
        (3, 1, True),
        (2, 3, True),
        (4, 3, True),
    ]
    assert rows[0]["points_for"] == 1000 and rows[0]["points_against"] == 944


def test_lot_tiebreak_separates_the_tie(club: Any) -> None:
    contest = make_contest(club, teams=4, tiebreaks=["lot"])
    round_ = add_round(contest, 1, [(1, 2), (3, 4)])
    finish_round(round_, {1: (1000, 944), 2: (1000, 944)})
    standings.rebuild(contest.pk)
    rows = standings.live_snapshot(contest.pk).rows
    lots = {e.number: e.lot for e in contest.entries.all()}
    winners = sorted([1, 3], key=lambda n: lots[n])
    assert [r["number"] for r in rows[:2]] == winners
    assert not rows[0]["shared"] and rows[0]["tiebreaks"] == [lots[winners[0]]]


def test_public_snapshot_never_counts_an_unpublished_round(club: Any) -> None:
    contest = make_contest(club, teams=4)
    finish_round(add_round(contest, 1, [(1, 2), (3, 4)], show_standings=True), {1: (1200, 744)})
    finish_round(add_round(contest, 2, [(1, 3), (2, 4)]), {1: (100, 1844), 2: (1000, 944)})
    outcome = standings.rebuild(contest.pk)
    assert outcome.as_of_rounds == (1, 2)
    public = standings.public_snapshot(contest)
    live = standings.live_snapshot(contest.pk)
    assert public.as_of_round == 1 and live.as_of_round == 2
    team1 = next(r for r in public.rows if r["number"] == 1)
    assert team1["points_for"] == 1200 and team1["rank"] == 1
    assert standings.rank_history(public)[team1["entry"]] == [1]
    team1_live = next(r for r in live.rows if r["number"] == 1)
    assert team1_live["points_for"] == 1300
    assert standings.rank_history(live)[team1["entry"]] == [1, team1_live["rank"]]


def test_no_public_snapshot_without_published_standings(club: Any) -> None:
    contest = played_contest(club, teams=6, rounds=1)
    contest.rounds.update(show_standings=False)
    standings.rebuild(contest.pk, force=True)
    assert standings.live_snapshot(contest.pk) is not None
    assert standings.public_snapshot(contest) is None


def test_draft_round_standings_flag_is_ignored(club: Any) -> None:
    contest = make_contest(club, teams=4)
    finish_round(add_round(contest, 1, [(1, 2), (3, 4)], show_standings=True))
    add_round(contest, 2, [(1, 3), (2, 4)], status="draft", show_standings=True)
    standings.rebuild(contest.pk)
    assert standings.public_snapshot(contest).as_of_round == 1


def test_a_newer_rebuild_supersedes_older_snapshots(club: Any) -> None:
    contest = played_contest(club, teams=6, rounds=2)
    standings.rebuild(contest.pk)
    # Round 2's sheets are removed (entered in the wrong contest): the snapshot "after round 2"
    # becomes a placeholder in the same statement, and no reader may see it again.
    ScoreSheet.objects.filter(table__round__contest=contest, table__round__number=2).delete()
    events.mark_stale(contest.pk)
    standings.rebuild(contest.pk)
    after_two = StandingsSnapshot.objects.get(contest=contest, as_of_round=2)
    assert not after_two.is_valid and after_two.rows == []
    assert list(standings.valid_snapshots(contest.pk).values_list("as_of_round", flat=True)) == [1]
    assert standings.public_snapshot(contest).as_of_round == 1
    assert standings.live_snapshot(contest.pk).results_count == 3


def test_an_older_rebuild_written_last_is_found_stale(club: Any) -> None:
    contest = played_contest(club, teams=6, rounds=1)
    events.mark_stale(contest.pk)
    assert standings.rebuild(contest.pk).version == 1
    assert not standings.is_stale(contest.pk)
    # A result changes while a slow rebuild (which read version 1) is still writing: its rows
    # carry version 1 < 2, so the reconciliation finds the contest and rebuilds it.
    events.mark_stale(contest.pk)
    StandingsSnapshot.objects.filter(contest=contest).update(source_version=1)
    assert standings.is_stale(contest.pk)
    assert [o.status for o in standings.reconcile()] == ["built"]
    assert not standings.is_stale(contest.pk)
    assert standings.live_snapshot(contest.pk).source_version == 2


def test_one_statement_writes_every_round(club: Any, django_assert_num_queries: Any) -> None:
    contest = played_contest(club, teams=6, rounds=2, rounds_count=5)
    # contest (with whether it has replacements or exempt players), teams, games, one upsert
    with django_assert_num_queries(4):
        standings.rebuild(contest.pk)
    rows = dict(
        StandingsSnapshot.objects.filter(contest=contest).values_list("as_of_round", "is_valid")
    )
    assert rows == {0: False, 1: False, 2: True, 3: False, 4: False, 5: False}


def test_stale_contests_are_found_and_reconciled(club: Any) -> None:
    fresh = played_contest(club, teams=4, rounds=1, slug="frais")
    stale = played_contest(club, teams=4, rounds=1, slug="perime")
    events.mark_stale(fresh.pk)
    events.mark_stale(stale.pk)
    standings.rebuild(fresh.pk)
    assert list(standings.stale_states().values_list("contest_id", flat=True)) == [stale.pk]
    outcomes = standings.reconcile()
    assert [(o.contest_id, o.status) for o in outcomes] == [(stale.pk, "built")]
    assert not standings.stale_states().exists()


def test_visibility_changed_elsewhere_makes_the_standings_stale(club: Any) -> None:
    contest = played_contest(club, teams=4, rounds=2)
    events.mark_stale(contest.pk)
    standings.rebuild(contest.pk)
    assert not standings.stale_states().exists()
    contest.rounds.filter(number=2).update(show_standings=False)  # e.g. the round page
    assert list(standings.stale_states().values_list("contest_id", flat=True)) == [contest.pk]


def test_missing_contest() -> None:
    assert standings.rebuild(999_999).status == "missing"


def test_teams_that_never_came_are_not_ranked(club: Any) -> None:
    contest = make_contest(club, teams=5)
    contest.entries.filter(number=5).update(checked_in=False)
    finish_round(add_round(contest, 1, [(1, 2), (3, 4)]))
    standings.rebuild(contest.pk)
    assert sorted(r["number"] for r in standings.live_snapshot(contest.pk).rows) == [1, 2, 3, 4]


def test_contest_read_carries_the_versions_and_entries_their_names(club: Any) -> None:
    """The one query that decides whether a rebuild is due, and the teams' display names."""
    first = played_contest(club, teams=6, rounds=2, slug="premier")
    second = played_contest(club, teams=4, rounds=1, slug="second")
    events.mark_stale(second.pk)
    standings.rebuild(second.pk)
    loaded = readers.contest_with_versions(second.pk).get()
    assert (loaded.results_version, loaded.built_version) == (1, 1)
    assert loaded.public_round == loaded.built_public_round == 1
    fresh = readers.contest_with_versions(first.pk).get()
    assert fresh.built_version is None and fresh.results_version == 0
    infos = standings.entry_infos(first.pk)
    assert [i.number for i in infos] == list(range(1, 7))
    assert all(" – " in i.players and i.name for i in infos)
    assert readers.contest_with_versions(999_999).first() is None
    assert standings.entry_infos(999_999) == []
