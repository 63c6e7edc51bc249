"""``seed_demo_results`` plays the demo contest to a published final ranking, idempotently."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from scoring.models import DealRecord, ScoreSheet
from standings import services as standings
from tournaments.models import Contest, Round


@pytest.mark.django_db
def test_demo_contest_is_finished_with_published_standings(capsys: Any) -> None:
    call_command("seed_demo")
    call_command("seed_demo_results")
    contest = Contest.objects.get(slug="concours-d-automne")
    assert contest.status == Contest.Status.FINISHED
    rounds = list(contest.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    # "Concours clos" closed every round (issue 13, item 4): their links are read-only.
    assert all(r.status == Round.Status.CLOSED and r.show_standings for r in rounds)
    assert set(ScoreSheet.objects.values_list("status", flat=True)) == {"confirmed"}
    deals = DealRecord.objects.count()
    assert deals == 4 * 12 * 12  # 24 teams: 12 tables of 12 deals in each round
    # No rematch: every pair of teams met at most once.
    pairs = [frozenset(p) for p in contest.rounds.values_list("tables__entry_a", "tables__entry_b")]
    assert len(pairs) == len(set(pairs)) == 48
    snapshot = standings.public_snapshot(contest)
    assert snapshot.as_of_round == 4 and snapshot.results_count == 48
    assert len(snapshot.rows) == 24
    assert all(len(ranks) == 4 for ranks in standings.rank_history(snapshot).values())
    page = Client().get(f"/concours/saint-aubin/{contest.slug}/classement/")
    assert page.status_code == 200 and snapshot.rows[0]["name"] in page.content.decode()
    out = capsys.readouterr().out
    assert "4 parties" in out and "576 donne(s)" in out

    call_command("seed_demo_results")
    assert DealRecord.objects.count() == deals
    assert "0 donne(s)" in capsys.readouterr().out


@pytest.mark.django_db
def test_needs_the_demo_first() -> None:
    with pytest.raises(CommandError, match="seed_demo"):
        call_command("seed_demo_results")
