"""Fixtures of the reliability tests: a club's running contest with every kind of object."""

from __future__ import annotations

import datetime
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import PASSWORD


@pytest.fixture
def world(club: Any, other_club: Any, organiser: Any, scorer: Any, outsider: Any) -> dict[str, Any]:
    """A running contest: round 1 published (draw public, results and standings not), a deal on
    table 1, round 2 drawn but not published, a prize and an export."""
    from scoring import services as scoring_services
    from scoring.adapters import DealFacts
    from scoring.models import ScoreSheet
    from scoring.models_standings import ExportJob, Prize
    from tournaments import services
    from tournaments.models import Membership

    admin_elsewhere = get_user_model().objects.create_user("admin-voisin", password=PASSWORD)
    Membership.objects.create(user=admin_elsewhere, club=other_club, role="admin")
    contest = services.create_contest(
        club, {"name": "Concours privé", "slug": "prive", "date": datetime.date(2027, 2, 6)}
    )
    for n in range(1, 7):
        p1 = services.save_player(club, first_name=f"Prénom{n}", last_name=f"Secret{n}")
        p2 = services.save_player(club, first_name=f"Autre{n}", last_name=f"Caché{n}")
        services.add_entry(
            contest, services.EntryValues(player1=p1, player2=p2, checked_in=True, paid=True)
        )
    first = services.generate_round(contest, seed=11)
    services.publish_round(first)
    sheet1 = ScoreSheet.objects.get(table__round=first, table__number=1)
    sheet2 = ScoreSheet.objects.get(table__round=first, table__number=2)
    scoring_services.record_deal(
        sheet1.pk,
        DealFacts(taker="a", trump="hearts", taker_points=100),
        version=sheet1.version,
        client_id=uuid.uuid4(),
    )
    services.generate_round(contest, seed=12)  # round 2: a draft
    prize = Prize.objects.create(contest=contest, rank_from=1, rank_to=1, label="Jambon")
    job = ExportJob.objects.create(contest=contest, kind="entries", format="csv")
    entry = contest.entries.order_by("number").first()
    return {
        "contest": contest,
        "kwargs": {
            "club_slug": club.slug,
            "contest_id": contest.pk,
            "contest_slug": contest.slug,
            "round_number": 1,
            "table_number": 1,
            "number": 1,
            "entry_id": entry.pk,
            "player_id": entry.player1_id,
            "action": "payer",
            "prize_id": prize.pk,
            "job_id": job.pk,
            # The token of ANOTHER table: a scorer link must only open its own sheet.
            "token": sheet2.token,
            "fmt": "csv",
        },
    }
