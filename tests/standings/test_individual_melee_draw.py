"""The players' ranking of a mêlée drawn by the app (``tournaments.services.solo.melee``): the pairs
of each partie, the exempt players credited by the bye policy, the volunteers credited
nothing, and the next draw "by ranking" reading the players' standings."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import services as scoring
from scoring.models import ScoreSheet
from standings import services as standings
from tests.tournaments.conftest import make_contest
from tests.tournaments.test_services_melee import add_solos
from tournaments import melee_adapters, services
from tournaments.models import SoloBye

pytestmark = pytest.mark.django_db


def _play(round_: Any, scores: dict[int, tuple[int, int]], capture: Any) -> None:
    with capture(execute=True):
        services.publish_round(round_)
    for sheet in ScoreSheet.objects.filter(table__round=round_).select_related("table"):
        a, b = scores[sheet.table.number]
        with capture(execute=True):
            scoring.record_totals(
                sheet.pk, total_a=a, total_b=b, deals_played=10, belotes=0, version=sheet.version
            )


def test_exempt_players_are_credited_the_bye_and_the_next_draw_reads_the_ranking(
    club: Any, django_capture_on_commit_callbacks: Any
) -> None:
    contest = make_contest(
        club,
        entry_mode="melee",
        slug="melee-exempts",
        rounds_count=3,
        bye_points=700,
        bye_policy="fixed",
    )
    add_solos(contest, 10)  # two tables of four, two players sit out each partie
    first = services.generate_round(contest, seed=4)
    exempt = set(SoloBye.objects.filter(round=first).values_list("solo__player_id", flat=True))
    assert len(exempt) == 2
    _play(first, {1: (1100, 520), 2: (700, 920)}, django_capture_on_commit_callbacks)
    snapshot = standings.live_snapshot(contest.pk)
    rows = {r["player"]: r for r in snapshot.individual_rows}
    assert len(rows) == 10
    for player in exempt:
        assert (rows[player]["byes"], rows[player]["points_for"], rows[player]["played"]) == (
            1,
            700,
            0,
        )
    assert sorted(r["points_for"] for r in rows.values()) == [
        520,
        520,
        700,
        700,
        700,
        700,
        920,
        920,
        1100,
        1100,
    ]
    # Partie 2 drawn "then by ranking": the exempt players' 700 points count for the draw.
    scores = melee_adapters.player_scores(contest, 2)
    assert all(scores[p] == 700 for p in exempt)


def test_a_volunteer_completing_a_table_is_credited_nothing(
    club: Any, django_capture_on_commit_callbacks: Any
) -> None:
    contest = make_contest(
        club,
        entry_mode="melee",
        slug="melee-benevole",
        rounds_count=2,
        leftover_policy="volunteer",
    )
    solos = add_solos(contest, 8, volunteers=1)  # seven players and a volunteer
    volunteer = solos[-1].player_id
    first = services.generate_round(contest, seed=2)
    _play(first, {1: (1100, 520), 2: (700, 920)}, django_capture_on_commit_callbacks)
    rows = {r["player"]: r for r in standings.live_snapshot(contest.pk).individual_rows}
    assert volunteer not in rows
    assert len(rows) == 7
