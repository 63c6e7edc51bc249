"""A mêlée contest's archive round-trips: its solo players (who may sit in no team), the
partie's drawn pairs and the players who sat out come back exactly."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from archive.contest_archive import dumps, export_contest, loads
from archive.contest_import import import_contest
from tests.archive.test_archive import _contest_rows
from tournaments import services
from tournaments.models import Club, Contest, Player, SoloBye, SoloEntry


@pytest.mark.django_db
def test_a_melee_round_trips(db: Any) -> None:
    club = Club.objects.create(name="Club de la mêlée", slug="melee-club")
    contest = services.create_contest(
        club,
        {
            "name": "Mêlée",
            "slug": "melee",
            "date": datetime.date(2026, 12, 17),
            "entry_mode": "melee",
            "rounds_count": 2,
        },
    )
    for i in range(9):
        player = Player.objects.create(club=club, first_name=f"P{i}", last_name=f"Seul{i}")
        services.add_solo(contest, services.SoloValues(player=player, checked_in=True))
    alone = Player.objects.create(club=club, first_name="Jamais", last_name="Venu")
    services.add_solo(contest, services.SoloValues(player=alone))  # in no pair, no bye
    services.publish_round(services.generate_round(contest, seed=1))
    before = _contest_rows(contest.pk)
    assert len(before["tournaments.SoloEntry"]) == 10
    assert len(before["tournaments.SoloBye"]) == 1
    text = dumps(export_contest(contest.pk))
    contest_id = contest.pk
    contest.delete()
    Player.objects.filter(pk=alone.pk).delete()
    assert import_contest(loads(text), club=club.slug) == contest_id
    assert _contest_rows(contest_id) == before
    assert SoloEntry.objects.filter(contest_id=contest_id, player__last_name="Venu").exists()
    assert SoloBye.objects.filter(round__contest_id=contest_id).count() == 1
    assert Contest.objects.get(pk=contest_id).entry_mode == "melee"
