"""A mêlée's pairs drawn for one partie are no teams: the team standings and the team export
leave them out, while the points of their games reach each player (the next draw by ranking
seats players of close scores together from them)."""

from __future__ import annotations

from typing import Any

import pytest

from publishing import exports
from scoring import services as scoring
from scoring.models import ScoreSheet
from standings import services as standings
from tests.tournaments.conftest import make_contest
from tests.tournaments.test_services_melee import add_solos
from tournaments import melee_adapters, services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def test_team_standings_ignore_the_drawn_pairs(
    club: Any, django_capture_on_commit_callbacks: Any
) -> None:
    contest = make_contest(club, entry_mode="melee", slug="melee", rounds_count=2)
    add_solos(contest, 8)
    round_ = services.generate_round(contest, seed=8)
    with django_capture_on_commit_callbacks(execute=True):
        services.publish_round(round_)
    sheets = list(ScoreSheet.objects.filter(table__round=round_).select_related("table"))
    assert len(sheets) == 2
    scores = {1: (1100, 520), 2: (700, 920)}
    for sheet in sheets:
        a, b = scores[sheet.table.number]
        with django_capture_on_commit_callbacks(execute=True):
            scoring.record_totals(
                sheet.pk, total_a=a, total_b=b, deals_played=10, belotes=0, version=sheet.version
            )
    standings.rebuild(contest.pk, force=True)
    snapshot = standings.live_snapshot(contest.pk)
    assert snapshot is not None and snapshot.rows == []
    assert exports.entries_dataset(contest).height == 0
    points = melee_adapters.points_so_far(contest, 2)
    table1 = sheets[0].table if sheets[0].table.number == 1 else sheets[1].table
    a = Entry.objects.get(pk=table1.entry_a_id)
    assert points[a.player1_id] == points[a.player2_id] == 1100
    assert sorted(points.values()) == [520, 520, 700, 700, 920, 920, 1100, 1100]
    # Partie 2 is drawn "then by ranking": the players' scores go to the engine.
    data = melee_adapters.seating_request(contest, 2, seed=1)
    assert data.request.options.similar_ranking
    assert {p.id: p.score for p in data.request.players} == points
