"""Time's up on a timed partie, through the engine's game fold, for each ``time_up`` rule.

A 40-minute partie of 12 deals starts at T0; the table enters deals from its phone. Once the
clock is over, the next deal arriving (or a page read after the end) calls time: the sheet
stores the deals it held, and the engine's ``GameState.call_time`` with the contest's rule
says where the game ends. Every sheet is checked against the engine folding the same deals.
The clock is fixed (``django.utils.timezone.now`` patched), nothing sleeps.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest

from engine.belote.deal import score_deal
from engine.belote.game import GameState
from scoring import adapters, services
from scoring.adapters import DealFacts
from scoring.models import ScoreSheet
from scoring.services.common import fold_deals
from tests.scoring.conftest import _entries, make_contest, make_round
from tests.scoring.helpers import link_deal
from tournaments.journal import sentences as journal
from tournaments.models import AuditEvent
from tournaments.services.rounds import clock

T0 = datetime.datetime(2026, 12, 5, 20, 0, tzinfo=datetime.UTC)


@contextmanager
def at(minutes: float) -> Iterator[None]:
    with mock.patch(
        "django.utils.timezone.now", return_value=T0 + datetime.timedelta(minutes=minutes)
    ):
        yield


# Taker A makes 100 / 90 / 110… card points: a game whose totals move every deal.
def facts(n: int) -> DealFacts:
    return DealFacts(taker="a" if n % 3 else "b", trump="hearts", taker_points=90 + (n % 4) * 10)


def timed_sheet(club: Any, slug: str, **rules: Any) -> ScoreSheet:
    contest = make_contest(club, "club_contest", slug, **rules)
    a, b, c, d = _entries(contest, club, 4)
    round_ = make_round(contest, 1, [(a, b), (c, d)])
    clock.set_duration(round_, 40)
    round_ = clock.start_clock(round_, now=T0)
    return services.sheet_of_table(round_.tables.get(number=1))


def enter(sheet: ScoreSheet, n: int) -> Any:
    """Deal ``n`` (1-based) from the table's phone, as the table view sends it."""
    sheet = ScoreSheet.objects.select_related("table__round__contest").get(pk=sheet.pk)
    return link_deal(sheet, facts(n), version=sheet.version, client_id=uuid.uuid4())


def engine_fold(sheet: ScoreSheet, deals: int, called_after: int | None) -> GameState:
    """The engine alone: ``deals`` deals, time called (the rules' own rule) after some."""
    rules = services.rules_of(sheet)
    state = GameState(rules)
    for index in range(deals):
        if index == called_after and not state.game_over:
            state = state.call_time()
        state = state.apply(adapters.engine_deal(facts(index + 1)))
    if called_after == deals and not state.game_over:
        state = state.call_time()
    return state


# (rule options, deals entered after the end, deals accepted after the end, winner check)
RULES = [
    ({"time_up": "as_it_stands"}, 1, 0),
    ({"time_up": "after_current_deal"}, 2, 1),
    ({"time_up": "after_more_deals", "time_up_deals": 3}, 4, 3),
    # The game of 12 deals ends on its own first: after 5 + 7 = 12 deals, not 5 + 9.
    ({"time_up": "after_more_deals", "time_up_deals": 9}, 8, 7),
]


@pytest.mark.parametrize(("rules", "tried", "accepted"), RULES)
def test_the_next_deal_after_the_end_calls_time(
    club: Any, rules: dict[str, Any], tried: int, accepted: int
) -> None:
    sheet = timed_sheet(club, "t" + str(abs(hash(str(rules))) % 10_000), **rules)
    with at(10):
        for n in range(1, 6):
            enter(sheet, n)
    refused = 0
    with at(41):
        for n in range(6, 6 + tried):
            try:
                enter(sheet, n)
            except services.ServiceError as exc:
                assert exc.code == "time_up" and "temps est écoulé" in exc.message.lower()
                refused += 1
    sheet.refresh_from_db()
    assert sheet.time_called_after == 5
    assert sheet.deal_count == 5 + accepted and refused == tried - accepted
    assert sheet.status == ScoreSheet.Status.FINISHED
    expected = engine_fold(sheet, 5 + accepted, 5)
    assert expected.game_over and expected.ended_at == 4 + accepted
    assert (sheet.total_a, sheet.total_b) == (expected.total_a, expected.total_b)
    assert sheet.winner == services.common.winner_of(expected)
    # The same fold as the sheet's services use for corrections.
    deals = [adapters.engine_deal(facts(n)) for n in range(1, 6 + accepted)]
    assert fold_deals(services.rules_of(sheet), deals, 5) == expected


def test_before_the_end_nothing_is_called(club: Any) -> None:
    sheet = timed_sheet(club, "avant", time_up="as_it_stands")
    with at(39):
        for n in range(1, 4):
            enter(sheet, n)
        assert services.call_time_for_round(sheet.table.round) == 0
    sheet.refresh_from_db()
    assert sheet.time_called_after is None and sheet.status == ScoreSheet.Status.OPEN


def test_a_page_read_after_the_end_stops_the_sheets_in_play(club: Any) -> None:
    sheet = timed_sheet(club, "page", time_up="as_it_stands")
    other = services.sheet_of_table(sheet.table.round.tables.get(number=2))
    with at(10):
        for n in range(1, 4):
            enter(sheet, n)
    round_ = sheet.table.round
    with at(45):
        assert services.call_time_for_round(round_) == 1
        assert services.call_time_for_round(round_) == 0  # once only
    sheet.refresh_from_db()
    other.refresh_from_db()
    assert (sheet.time_called_after, sheet.status) == (3, ScoreSheet.Status.FINISHED)
    expected = engine_fold(sheet, 3, 3)
    assert (sheet.total_a, sheet.total_b) == (expected.total_a, expected.total_b)
    # A sheet without any deal is a paper sheet, typed later: its end is the paper's.
    assert (other.time_called_after, other.status) == (None, ScoreSheet.Status.OPEN)
    event = AuditEvent.objects.get(action="sheet.time_up")
    text = journal.sentence(event)
    assert "Temps écoulé de la table 1 (partie 1) après 3 donnes" in text
    assert "arrêtée au score atteint" in text and "automatiquement" in text


def test_after_more_deals_journal_says_how_many(club: Any) -> None:
    sheet = timed_sheet(club, "plus", time_up="after_more_deals", time_up_deals=2)
    with at(10):
        enter(sheet, 1)
    with at(41):
        services.call_time_for_round(sheet.table.round)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.OPEN and sheet.time_called_after == 1
    text = journal.sentence(AuditEvent.objects.get(action="sheet.time_up"))
    assert "encore 2 donne(s)" in text
    # The organiser's page (or a phone) sees that two deals remain.
    state = services.game_state(services.rules_of(sheet), sheet)
    assert state.deals_left == 2


def test_a_correction_after_time_is_called_keeps_the_end(club: Any) -> None:
    sheet = timed_sheet(club, "corr", time_up="after_current_deal")
    with at(10):
        for n in range(1, 5):
            enter(sheet, n)
    with at(41):
        enter(sheet, 5)  # the deal in play when time was called: the last
    sheet.refresh_from_db()
    assert (sheet.deal_count, sheet.status) == (5, ScoreSheet.Status.FINISHED)
    services.correct_deal(
        sheet.pk,
        5,
        DealFacts(taker="b", trump="spades", taker_points=120),
        version=sheet.version,
        client_id=uuid.uuid4(),
        organiser=True,
    )
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.FINISHED and sheet.deal_count == 5
    deals = [adapters.engine_deal(facts(n)) for n in range(1, 5)]
    deals.append(adapters.engine_deal(DealFacts(taker="b", trump="spades", taker_points=120)))
    expected = fold_deals(services.rules_of(sheet), deals, 4)
    assert expected.game_over and (sheet.total_a, sheet.total_b) == (
        expected.total_a,
        expected.total_b,
    )


def test_removing_the_last_deal_after_as_it_stands_reopens_one_deal(club: Any) -> None:
    sheet = timed_sheet(club, "suppr", time_up="as_it_stands")
    with at(10):
        for n in range(1, 5):
            enter(sheet, n)
    with at(41):
        services.call_time_for_round(sheet.table.round)
    sheet.refresh_from_db()
    services.delete_last_deal(
        sheet.pk, version=sheet.version, client_id=uuid.uuid4(), organiser=True
    )
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.OPEN and sheet.deal_count == 3
    # The deal typed again is the game's last: time was called after 4 deals.
    with at(42):
        enter(sheet, 4)
    sheet.refresh_from_db()
    assert (sheet.deal_count, sheet.status) == (4, ScoreSheet.Status.FINISHED)


def test_the_last_deal_is_scored_exactly(club: Any) -> None:
    """Cannes contrée (rounding, last deal exact): the deal after time is the last, exact."""
    contest = make_contest(club, "cannes_contree_2016", "cannes", time_up="after_current_deal")
    a, b = _entries(contest, club, 2)
    round_ = make_round(contest, 1, [(a, b)])
    clock.set_duration(round_, 40)
    round_ = clock.start_clock(round_, now=T0)
    sheet = services.sheet_of_table(round_.tables.get())
    deal = DealFacts(taker="a", trump="hearts", taker_points=87, bid=80, bid_kind="points")

    def post() -> Any:
        fresh = ScoreSheet.objects.select_related("table__round__contest").get(pk=sheet.pk)
        return link_deal(fresh, deal, version=fresh.version, client_id=uuid.uuid4())

    with at(10):
        first = post().deal
    with at(41):
        last = post().deal
    rules = services.rules_of(sheet)
    engine_deal = adapters.engine_deal(deal)
    rounded = score_deal(rules, engine_deal, 0)
    exact = score_deal(rules, engine_deal, 0, last_deal=True)
    assert (rounded.score_a, rounded.score_b) != (exact.score_a, exact.score_b)
    assert (first.score_a, first.score_b) == (rounded.score_a, rounded.score_b)
    assert (last.score_a, last.score_b) == (exact.score_a, exact.score_b)
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.FINISHED and sheet.time_called_after == 1


def test_a_closed_partie_is_left_as_it_is(club: Any) -> None:
    from tournaments.models import Round

    sheet = timed_sheet(club, "close", time_up="as_it_stands")
    with at(10):
        enter(sheet, 1)
    # The table as a phone's page read it, the partie still in play (``_time_checked``).
    read = ScoreSheet.objects.select_related("table__round__contest").get(pk=sheet.pk)
    Round.objects.filter(pk=sheet.table.round_id).update(status=Round.Status.CLOSED)
    with at(41):
        assert services.call_time_on_sheet(sheet.pk) is False
        # The round's state is read again with the lock: the closing is seen.
        assert services.call_time_on_sheet(sheet.pk, read.table) is False
    sheet.refresh_from_db()
    assert sheet.time_called_after is None and sheet.status == ScoreSheet.Status.OPEN
