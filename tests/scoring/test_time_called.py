"""What calling time left a sheet, read once (``services.time_called_of``) and worded by each
page: the organiser's sheet page and the table phone, whose scoreboard poll and countdown poll
say it too, so an open phone learns it without a reload.

Times are fixed by patching ``django.utils.timezone.now``; nothing sleeps.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from django.test import Client

from scoring import services
from scoring.models import ScoreSheet
from tests.scoring.conftest import _entries, make_contest, make_round, page_text, table_url
from tests.scoring.helpers import play_deals
from tournaments.services.rounds import clock

pytestmark = pytest.mark.django_db

T0 = datetime.datetime.now(datetime.UTC).replace(second=0, microsecond=0)


@contextmanager
def at(minutes: float) -> Iterator[None]:
    with mock.patch(
        "django.utils.timezone.now", return_value=T0 + datetime.timedelta(minutes=minutes)
    ):
        yield


def _sheet(club: Any, slug: str, **rules: Any) -> ScoreSheet:
    contest = make_contest(club, "club_contest", slug, **rules)
    a, b = _entries(contest, club, 2)
    round_ = make_round(contest, 1, [(a, b)])
    clock.set_duration(round_, 40)
    round_ = clock.start_clock(round_, now=T0)
    return services.sheet_of_table(round_.tables.get())


def _fresh(sheet: ScoreSheet) -> ScoreSheet:
    return ScoreSheet.objects.select_related("table__round").get(pk=sheet.pk)


def test_the_fact_after_which_deal_and_what_is_left(club: Any) -> None:
    sheet = _sheet(club, "fait", time_up="after_more_deals", time_up_deals=2)
    with at(5):
        play_deals(sheet, 3)
    rules = services.rules_of(sheet)
    assert services.time_called_of(_fresh(sheet), rules) is None
    with at(41):
        assert services.call_time_on_sheet(sheet.pk)
    called = services.time_called_of(_fresh(sheet), rules)
    assert called == services.TimeCalled(after=3, deals_left=2) and not called.finished
    with at(42):
        play_deals(sheet, 1)
    assert services.time_called_of(_fresh(sheet), rules) == services.TimeCalled(3, 1)
    with at(43):
        play_deals(sheet, 1)
    over = services.time_called_of(_fresh(sheet), rules)
    assert _fresh(sheet).status == ScoreSheet.Status.FINISHED
    assert over == services.TimeCalled(3, 0) and over.finished
    # Rules that cannot be read leave nothing to play (the organiser's "la partie est terminée").
    assert services.time_called_of(_fresh(sheet), None) == services.TimeCalled(3, 0)


def test_the_phone_polls_learn_that_time_ran_out(club: Any) -> None:
    sheet = _sheet(club, "sondage", time_up="after_more_deals", time_up_deals=2)
    phone = Client()
    with at(5):
        play_deals(sheet, 2)
        state = page_text(phone.get(table_url(sheet, "state")))
        source = page_text(phone.get(table_url(sheet, "clock")))
    assert "Temps écoulé" not in state and "data-time-called" not in source
    assert 'hx-trigger="every 15s, clock-changed from:body"' in state
    with at(41):  # the countdown's poll is the first request after the end: it calls time
        source = page_text(phone.get(table_url(sheet, "clock")))
        state = page_text(phone.get(table_url(sheet, "state")))
    assert 'data-state="over"' in source and 'data-time-called="2"' in source
    assert _fresh(sheet).time_called_after == 2
    assert "Temps écoulé : encore 2 donnes à jouer." in state
    assert state.count("data-time-note") == 1
    # The whole page says it once, inside the scoreboard the polls refresh.
    with at(41):
        page = page_text(phone.get(table_url(sheet)))
    assert page.count("Temps écoulé : encore 2 donnes à jouer.") == 1
    board = page[page.index('id="sheet-state"') :]
    assert "Temps écoulé : encore 2 donnes à jouer." in board
    assert 'data-time-called="2"' in page


def test_time_called_at_the_table_shows_on_the_phone_polls(club: Any, organiser: Any) -> None:
    sheet = _sheet(club, "table", time_up="after_current_deal")
    phone = Client()
    with at(5):
        play_deals(sheet, 1)
        services.call_time_at_table(sheet.pk, version=_fresh(sheet).version, user=organiser)
        source = page_text(phone.get(table_url(sheet, "clock")))
        state = page_text(phone.get(table_url(sheet, "state")))
    assert 'data-state="running"' in source and 'data-time-called="1"' in source
    assert "Temps écoulé : encore 1 donne à jouer." in state
    with at(6):
        play_deals(sheet, 1)  # the deal in play: the game is over, nothing left to say here
        state = page_text(phone.get(table_url(sheet, "state")))
    assert _fresh(sheet).status == ScoreSheet.Status.FINISHED
    assert "Temps écoulé" not in state
