"""Finished games reach pairing and standings through one adapter, in a constant number of
queries, registered with tournaments at start-up."""

from __future__ import annotations

from typing import Any

import pytest

from engine.standings import GameResult, ResultKind
from scoring import adapters, services
from scoring.models import ScoreSheet
from tests.scoring.conftest import _entries, make_round
from tests.scoring.helpers import finish_game, play_deals
from tournaments import adapters as tournaments_adapters
from tournaments import ports


@pytest.mark.django_db
def test_registered_with_tournaments(round1: Any, contest: Any, sheet: Any) -> None:
    assert ports.results_source.get() is adapters.finished_results
    assert ports.round_activity.get() is adapters.round_activity
    finish_game(sheet)
    results = tournaments_adapters.finished_results(contest)
    table = sheet.table
    played = [r for r in results if r.kind is ResultKind.PLAYED]
    assert played == [
        GameResult(
            round=1,
            team_a=table.entry_a_id,
            team_b=table.entry_b_id,
            score_a=sheet.total_a,
            score_b=sheet.total_b,
        )
    ]


@pytest.mark.django_db
def test_open_disputed_and_other_contests_are_left_out(
    round1: Any, contest: Any, sheet: Any, other_sheet: Any
) -> None:
    play_deals(sheet, 3)
    finish_game(other_sheet)
    services.dispute_sheet(other_sheet.pk, version=other_sheet.version)
    assert adapters.finished_results(contest) == []
    confirmed_only = adapters.finished_results(contest, statuses=(ScoreSheet.Status.CONFIRMED,))
    assert confirmed_only == []


@pytest.mark.django_db
def test_query_count_does_not_grow_with_the_contest(
    contest: Any, club: Any, django_assert_num_queries: Any
) -> None:
    entries = _entries(contest, club, 20)
    for number in (1, 2):
        round_ = make_round(
            contest, number, [(entries[i], entries[i + 1]) for i in range(0, 20, 2)]
        )
        services.ensure_round_sheets(round_)
    for sheet in ScoreSheet.objects.all()[:3]:
        finish_game(sheet)
    with django_assert_num_queries(1):
        small = adapters.finished_results(contest)
    for sheet in ScoreSheet.objects.filter(status="open"):
        finish_game(sheet)
    with django_assert_num_queries(1):
        large = adapters.finished_results(contest)
    assert len(small) == 3 and len(large) == 20
    assert [r.round for r in large] == sorted(r.round for r in large)


@pytest.mark.django_db
def test_round_activity_names_what_was_recorded(round1: Any, sheet: Any) -> None:
    assert adapters.round_activity(round1) == []
    services.ensure_round_sheets(round1)  # the bye is credited: one sheet with a result
    play_deals(sheet, 2)
    assert adapters.round_activity(round1) == [
        "2 feuilles de marque commencées",
        "2 donnes saisies",
    ]


@pytest.mark.django_db
def test_contest_rules_are_kept_on_the_instance_until_its_rules_change(contest: Any) -> None:
    from unittest import mock

    from engine.belote.rules import make_ruleset

    first = adapters.ruleset_of_contest(contest)
    with mock.patch.object(adapters.json, "dumps", side_effect=AssertionError("recomputed")):
        assert adapters.ruleset_of_contest(contest) is first  # same instance, same rules
    contest.ruleset = make_ruleset("club_contest", deals_per_game=8).to_json()
    changed = adapters.ruleset_of_contest(contest)
    assert changed.deals_per_game == 8 and first.deals_per_game == 12
    contest.preset, contest.ruleset = "ffb_contree_2016", {}
    assert adapters.ruleset_of_contest(contest) == tournaments_adapters.ruleset_of(contest)
