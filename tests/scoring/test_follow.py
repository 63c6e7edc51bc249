"""Following the tables live: deals, totals, finished, confirmed, contested and late tables."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import follow
from scoring import services as scoring_services
from scoring.models import DealRecord, ScoreSheet
from tests.scoring.conftest import page_text
from tests.scoring.helpers import finish_game, play_deals
from tests.tournaments.conftest import add_teams, login, make_contest
from tournaments import adapters, services
from tournaments.models import Round


@pytest.fixture
def partie(club: Any) -> dict[str, Any]:
    contest = make_contest(club)
    add_teams(contest, 9)
    first = services.publish_round(services.generate_round(contest, seed=5))
    sheets = {
        s.table.number: s
        for s in ScoreSheet.objects.filter(table__round=first).select_related("table__round")
    }
    return {"contest": contest, "round": first, "sheets": sheets}


def _ago(minutes: int) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(minutes=minutes)


@pytest.mark.django_db
def test_progress_counts_finished_confirmed_contested_and_late(partie: dict[str, Any]) -> None:
    sheets = partie["sheets"]
    play_deals(sheets[1], 3)
    DealRecord.objects.filter(sheet=sheets[1]).update(
        entered_at=_ago(follow.LATE_AFTER_MINUTES + 5)
    )
    finish_game(sheets[2])
    finish_game(sheets[3])
    sheets[3].refresh_from_db()
    scoring_services.confirm_sheet(sheets[3].pk, version=sheets[3].version, organiser=True)
    finish_game(sheets[4])
    sheets[4].refresh_from_db()
    scoring_services.dispute_sheet(sheets[4].pk, version=sheets[4].version, note="non")
    progress = adapters.round_progress(partie["contest"])[1]
    assert (progress.tables, progress.finished, progress.confirmed) == (4, 2, 1)
    assert (progress.disputed, progress.late, progress.started) == (1, 1, 4)
    assert {t.table for t in progress.waiting} == {1, 2, 4}  # the bye (5) is credited, confirmed


@pytest.mark.django_db
def test_a_table_not_started_long_after_the_draw_is_late(partie: dict[str, Any]) -> None:
    Round.objects.filter(pk=partie["round"].pk).update(published_at=_ago(30))
    rows = follow.table_rows(Round.objects.get(pk=partie["round"].pk))
    assert [r["late"] for r in rows if not r["is_bye"]] == [True, True, True, True]
    assert not [r for r in rows if r["is_bye"] and r["late"]]


@pytest.mark.django_db
def test_the_follow_page_shows_every_table_and_polls_every_15s(
    partie: dict[str, Any], organiser: Any, scorer: Any
) -> None:
    contest, sheets = partie["contest"], partie["sheets"]
    play_deals(sheets[1], 3)
    DealRecord.objects.filter(sheet=sheets[1]).update(entered_at=_ago(40))
    finish_game(sheets[2])
    kwargs = {"club_slug": contest.club.slug, "contest_id": contest.pk, "round_number": 1}
    url = reverse("scoring:round_sheets", kwargs=kwargs)
    text = page_text(login(organiser).get(url))
    assert 'hx-trigger="every 15s"' in text
    assert reverse("scoring:round_sheets_state", kwargs=kwargs) in text
    assert 'data-table="1" data-state="running" data-late="1"' in text
    assert 'data-table="2" data-state="finished"' in text
    assert "en jeu, 3 donne(s)" in text
    sheets[2].refresh_from_db()
    assert f"{sheets[2].total_a} / {sheets[2].total_b}" in text
    for number in (1, 2, 3, 4):
        table = kwargs | {"table_number": number}
        assert reverse("scoring:sheet", kwargs=table) in text
        assert reverse("scoring:sheet_token", kwargs=table) in text
    assert reverse("publishing:print_sheets", kwargs=kwargs) in text
    fragment = page_text(login(organiser).get(reverse("scoring:round_sheets_state", kwargs=kwargs)))
    assert fragment.startswith('<section id="round-tables"') and "<html" not in fragment
    # A scorer follows and types sheets, but neither prints nor renews links.
    scorer_text = page_text(login(scorer).get(url))
    assert reverse("scoring:sheet", kwargs=kwargs | {"table_number": 1}) in scorer_text
    assert "sheet_token" not in scorer_text and "/lien/" not in scorer_text
