"""Contests in phases through the services: the plan checked, each phase kind drawn, the
qualification between phases, the final placement; a contest without phases unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import services as scoring
from scoring.models import ScoreSheet
from tests.tournaments.conftest import add_teams, make_contest
from tournaments import services
from tournaments.models import AuditEvent, Phase, Round
from tournaments.services import phases_plan
from tournaments.services.phases_read import read_phases

POOLS_PLAN = phases_plan.ready_plan("pools_main_consolante")


def play(round_: Round, winner_a: bool | dict[int, bool] = True) -> None:
    """Enter every table of a published partie as paper totals (A wins unless told)."""
    for sheet in ScoreSheet.objects.filter(table__round=round_).select_related("table"):
        if sheet.table.entry_b_id is None:
            continue
        a_wins = winner_a if isinstance(winner_a, bool) else winner_a.get(sheet.table.number, True)
        scoring.record_totals(
            sheet.pk,
            total_a=1100 if a_wins else 844,
            total_b=844 if a_wins else 1100,
            deals_played=12,
            version=sheet.version,
        )


def draw_and_play(contest: Any, winner_a: bool | dict[int, bool] = True) -> Round:
    round_ = services.generate_round(contest, seed=7)
    services.publish_round(round_)
    play(round_, winner_a)
    return round_


@pytest.mark.django_db
def test_pools_then_main_and_consolante_to_the_placement(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 16)
    assert POOLS_PLAN is not None
    phases_plan.save_plan(contest, POOLS_PLAN.phases)
    contest.refresh_from_db()
    assert contest.rounds_count == 6  # 3 pool parties, then quarters, semis, final
    first = draw_and_play(contest)
    assert first.phase is not None and first.phase.kind == "pools"
    assert first.tables.count() == 8  # 4 pools of 4: two matches each
    for _ in range(2):
        draw_and_play(contest)
    view = read_phases(contest)
    assert view is not None
    pools = view.phases[0]
    assert pools.complete and len(pools.rankings) == 4
    fourth = draw_and_play(contest)
    assert fourth.phase is not None and fourth.phase.kind == "knockout"
    assert fourth.tables.count() == 8  # 4 quarter-finals of the main, 4 of the consolante
    view = read_phases(contest)
    assert view is not None
    main, cons = view.phases[1], view.phases[2]
    qualified = {row.team for r in pools.rankings for row in r.rows[:2]}
    assert set(main.entrants) == qualified
    assert set(cons.entrants) == {row.team for r in pools.rankings for row in r.rows[2:]}
    assert AuditEvent.objects.filter(contest=contest, action="phase.start").count() == 2
    draw_and_play(contest)
    last = draw_and_play(contest)
    assert last.tables.count() == 3  # the final, the third-place match, the consolante's final
    with pytest.raises(services.ServiceError):
        services.generate_round(contest)
    view = read_phases(contest)
    assert view is not None and view.placement is not None
    places = view.placement.places
    assert len(places) == 16 and len({p.team for p in places}) == 16
    assert places[0].title == "winner" and places[0].tier == "main"
    final_main = view.phases[1].bracket
    assert final_main is not None and places[0].team == final_main.winner
    assert places[1].title == "finalist" and places[2].title == "third"
    cons_winner = next(p for p in places if p.tier == "consolante" and p.title == "winner")
    assert cons_winner.place == 9


@pytest.mark.django_db
def test_a_contest_without_phases_draws_as_before(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 9)
    round_ = services.generate_round(contest, seed=3)
    assert round_.phase is None and round_.method == "random"
    assert read_phases(contest) is None
    services.publish_round(round_)
    assert Phase.objects.filter(contest=contest).count() == 0
