"""A mêlée's pairs drawn for one partie are no teams: the team standings and the team export
leave them out, while the points of their games reach each player (the next draw by ranking
seats players of close scores together from them)."""

from __future__ import annotations

from typing import Any

import pytest

from publishing.exports import contest as exports
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


def test_public_pages_and_the_table_phone_name_the_four_players(
    club: Any, client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from django.db.models import Q
    from django.urls import reverse

    from tournaments.models import Round

    contest = make_contest(club, entry_mode="melee", slug="jeudi", rounds_count=2)
    add_solos(contest, 9)
    round_ = services.generate_round(contest, seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        services.publish_round(round_)
        services.set_round_visibility(
            Round.objects.get(pk=round_.pk), show_draw=True, show_results=True, show_standings=True
        )
    pair = Entry.objects.filter(formed_for_round=1).select_related("player1", "player2").first()
    assert pair is not None
    names = f"{pair.player1.full_name} – {pair.player2.full_name}"
    keys = {"club_slug": club.slug, "contest_slug": contest.slug}
    pages = {
        "draw": reverse("public:round", kwargs=keys | {"round_number": 1}),
        "results": reverse("scores:results", kwargs=keys | {"round_number": 1}),
        "standings": reverse("scores:standings", kwargs=keys),
        "projector": reverse("scores:projector", kwargs=keys),
        "home": reverse("public:contest", kwargs=keys),
    }
    for name, url in pages.items():
        response = client.get(url, follow=True)
        assert response.status_code == 200, name
    # A mêlée's standings are its players' ranking: the team standings' address leads there.
    redirect = client.get(pages["standings"])
    assert redirect.status_code == 302
    assert redirect["Location"] == reverse("scores:players", kwargs=keys)
    assert names in client.get(pages["draw"]).content.decode()
    sheet = ScoreSheet.objects.get(Q(table__entry_a=pair) | Q(table__entry_b=pair))
    table = sheet.table
    phone = client.get(
        reverse(
            "table:sheet",
            kwargs={"round_number": 1, "table_number": table.number, "token": sheet.token},
        )
    ).content.decode()
    for entry in (table.entry_a, table.entry_b):
        assert entry is not None
        assert entry.player1.full_name in phone and entry.player2.full_name in phone
