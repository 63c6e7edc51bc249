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
from tournaments.services.phases import plan as phases_plan
from tournaments.services.phases.core import PhaseSpec
from tournaments.services.phases.read import read_phases

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


def _plan(contest: Any, *specs: PhaseSpec) -> None:
    phases_plan.save_plan(contest, list(specs))


@pytest.mark.django_db
def test_a_knockout_with_byes_and_a_consolante_of_its_first_round_losers(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 6)
    _plan(
        contest,
        PhaseSpec("knockout", "Tableau", 1, {"places": 2}),
        PhaseSpec("consolante", "Consolante", 1, {"source": "losers", "places": 2}),
    )
    first = draw_and_play(contest)
    layout = list(first.tables.values_list("entry_b_id", flat=True))
    assert len(layout) == 4 and layout.count(None) == 2  # 2 matches, the top 2 seeds exempt
    second = draw_and_play(contest)
    # the semi-finals of the main and the consolante's final of the two first-round losers
    assert second.tables.count() == 3
    third = draw_and_play(contest)
    assert third.tables.count() == 1
    view = read_phases(contest)
    assert view is not None and view.placement is not None
    assert len(view.placement.places) == 6
    titles = [(p.tier, p.title.value) for p in view.placement.places]
    assert titles[:2] == [("main", "winner"), ("main", "finalist")]
    assert ("consolante", "winner") in titles
    with pytest.raises(services.ServiceError) as refused:
        services.generate_round(contest)
    assert "Toutes les phases" in refused.value.message


@pytest.mark.django_db
def test_swiss_parties_then_the_first_four_by_wins_then_points(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 8)
    _plan(
        contest,
        PhaseSpec("swiss", "Qualificatives", 2),
        PhaseSpec(
            "knockout",
            "Finales",
            1,
            {"places": 2},
            {"rules": [{"kind": "first_overall", "count": 4}]},
        ),
    )
    draw_and_play(contest)
    draw_and_play(contest)
    view = read_phases(contest)
    assert view is not None and view.phases[0].complete
    leaders = [row.team for row in view.phases[0].rankings[0].rows if row.wins == 2]
    semi = draw_and_play(contest)
    assert semi.phase is not None and semi.phase.kind == "knockout"
    seated = set(semi.tables.values_list("entry_a_id", flat=True)) | set(
        semi.tables.values_list("entry_b_id", flat=True)
    )
    assert semi.tables.count() == 2 and set(leaders) <= seated  # the two unbeaten teams are in
    assert "phase.qualified" in [i["code"] for i in semi.report]


@pytest.mark.django_db
def test_a_drawn_first_partie_then_a_repechage_to_a_power_of_two(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 12)
    _plan(contest, PhaseSpec("draw", "Premier tour", 1), PhaseSpec("repechage", "Tableau", 1))
    draw_and_play(contest)
    second = draw_and_play(contest)
    assert second.tables.count() == 4  # 6 winners + 2 losers drawn back: a bracket of 8
    codes = [i["code"] for i in second.report]
    assert codes.count("phase.repechage_drawn") == 2


@pytest.mark.django_db
def test_odd_pools_give_byes_and_no_pair_meets_twice(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 10)
    _plan(contest, PhaseSpec("pools", "Poules", 1, {"pool_size": 4, "method": "serpentine"}))
    pairs: list[frozenset[int]] = []
    for _ in range(3):
        round_ = draw_and_play(contest)
        tables = list(round_.tables.values_list("entry_a_id", "entry_b_id"))
        assert sum(1 for _a, b in tables if b is None) == 2  # the two pools of three
        seated = [t for pair in tables for t in pair if t is not None]
        assert len(seated) == len(set(seated)) == 10
        pairs += [frozenset(p) for p in tables if p[1] is not None]
    assert len(pairs) == len(set(pairs)) == 6 + 3 + 3
    view = read_phases(contest)
    assert view is not None and view.phases[0].complete and view.placement is not None


@pytest.mark.django_db
def test_the_best_runners_up_qualify_and_an_unfinished_bracket_waits(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 9)
    _plan(
        contest,
        PhaseSpec("pools", "Poules", 1, {"pool_size": 3, "method": "draw"}),
        PhaseSpec(
            "knockout",
            "Tableau",
            1,
            {"places": 2},
            {
                "rules": [
                    {"kind": "first_per_pool", "count": 1},
                    {"kind": "best_at_place", "place": 2, "count": 1},
                ]
            },
        ),
    )
    for _ in range(3):
        draw_and_play(contest)
    semi = services.generate_round(contest, seed=1)
    assert semi.tables.count() == 2
    view = read_phases(contest)
    assert view is not None
    q = view.phases[1]
    assert len(q.entrants) == 4
    firsts = {r.rows[0].team for r in view.phases[0].rankings}
    assert firsts < set(q.entrants)
    services.publish_round(semi)  # not played
    with pytest.raises(services.ServiceError) as refused:
        services.generate_round(contest)
    assert "n'ont pas encore de vainqueur" in refused.value.message


@pytest.mark.django_db
def test_the_next_phase_waits_for_the_pools_and_a_redraw_draws_the_pools_again(club: Any) -> None:
    contest = make_contest(club, pairing_method="draw_every_round")
    add_teams(contest, 8)
    assert POOLS_PLAN is not None
    phases_plan.save_plan(contest, POOLS_PLAN.phases)
    first = services.generate_round(contest, seed=1)
    before = Phase.objects.get(contest=contest, number=1).state["seed"]
    first = services.redraw_round(first, seed=2)
    assert Phase.objects.get(contest=contest, number=1).state["seed"] == 2 != before
    services.publish_round(first)
    play(first)
    for _ in range(2):  # parties 2 and 3 drawn, not played
        round_ = services.generate_round(contest, seed=3)
        services.publish_round(round_)
    with pytest.raises(services.ServiceError) as refused:
        services.generate_round(contest)
    assert "La phase « Poules » n'est pas terminée : 8 résultats manquent." in refused.value.message


@pytest.mark.django_db
def test_a_pool_partie_is_not_edited_by_hand(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 8)
    _plan(contest, PhaseSpec("pools", "Poules", 1, {"pool_size": 4, "method": "draw"}))
    round_ = services.generate_round(contest, seed=1)
    tables = list(round_.tables.select_related("entry_a", "entry_b"))
    with pytest.raises(services.ServiceError) as refused:
        services.swap_entries(round_, tables[0].entry_a, tables[1].entry_a)
    assert "fixés par la phase" in refused.value.message
    assert [t.entry_a_id for t in round_.tables.order_by("number")] == [
        t.entry_a_id for t in tables
    ]


def _queries_to_read(contest: Any) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        view = read_phases(contest)
    assert view is not None and view.phases[0].started
    return len(queries)


@pytest.mark.django_db
def test_reading_the_phases_takes_the_same_queries_for_16_or_64_teams(club: Any) -> None:
    counts = []
    for size, slug in ((16, "seize"), (64, "soixante-quatre")):
        contest = make_contest(club, slug=slug)
        add_teams(contest, size)
        assert POOLS_PLAN is not None
        phases_plan.save_plan(contest, POOLS_PLAN.phases)
        draw_and_play(contest)
        counts.append(_queries_to_read(contest))
    assert counts[0] == counts[1]
