"""Byes and forfeits are scored by the contest's policy and feed results."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from engine.standings import ResultKind
from scoring import adapters, services
from scoring.models import ScoreSheet
from tests.conftest import PASSWORD
from tests.scoring.conftest import organiser_url


@pytest.mark.django_db
def test_bye_is_credited_when_the_round_sheets_are_prepared(round1: Any, contest: Any) -> None:
    services.ensure_round_sheets(round1)
    bye = ScoreSheet.objects.get(table__round=round1, table__number=3)
    assert bye.kind == ScoreSheet.Kind.BYE and bye.status == ScoreSheet.Status.CONFIRMED
    assert (bye.total_a, bye.winner) == (1000, "a")  # fixed policy: the contest's 1000 points
    services.ensure_round_sheets(round1)  # idempotent
    assert ScoreSheet.objects.filter(table__round=round1).count() == 3
    [result] = adapters.finished_results(contest)
    assert result.kind is ResultKind.BYE and result.team_b is None and result.score_a == 1000


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("policy", "points", "expected"), [("half_game", 0, 12 * 162 // 2), ("half_game", 1500, 750)]
)
def test_bye_half_game_policy(
    round1: Any, contest: Any, policy: str, points: int, expected: int
) -> None:
    contest.bye_policy, contest.bye_points = policy, points
    contest.save()
    services.ensure_round_sheets(round1)
    assert ScoreSheet.objects.get(table__number=3, table__round=round1).total_a == expected


@pytest.mark.django_db
def test_forfeit_scored_and_cancelled_by_the_organiser(
    sheet: Any, organiser: Any, contest: Any
) -> None:
    orga = Client()
    orga.login(username=organiser.username, password=PASSWORD)
    response = orga.post(
        organiser_url(sheet, "sheet_forfeit"),
        {"version": sheet.version, "forfeit_loser": "b", "reason": "équipe absente"},
    )
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert (sheet.kind, sheet.status, sheet.winner) == ("forfeit", "confirmed", "a")
    assert (sheet.total_a, sheet.total_b) == (1000, 0)
    [result] = [r for r in adapters.finished_results(contest) if r.kind is ResultKind.FORFEIT]
    assert result.forfeit_loser == sheet.table.entry_b_id
    response = orga.post(
        organiser_url(sheet, "sheet_forfeit"), {"version": sheet.version, "forfeit_loser": ""}
    )
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert (sheet.kind, sheet.status, sheet.total_a) == ("deals", "open", 0)
    assert [c.action for c in sheet.corrections.all()] == ["forfeit", "forfeit"]


@pytest.mark.django_db
def test_scorer_cannot_score_a_forfeit(sheet: Any, scorer: Any) -> None:
    client = Client()
    client.login(username=scorer.username, password=PASSWORD)
    response = client.post(
        organiser_url(sheet, "sheet_forfeit"), {"version": 0, "forfeit_loser": "b"}
    )
    assert response.status_code == 404
    sheet.refresh_from_db()
    assert sheet.kind == "deals"
