"""The clock of a timed partie: start, pause, resume, extend, and the time left, on a fixed clock.

Every call passes ``now``: no sleep, no real time. The end of a running clock is
``start + duration + extensions + pauses``; the journal says each change in French.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone

from tournaments.journal import sentences as journal
from tournaments.models import AuditEvent, Round
from tournaments.services import ServiceError
from tournaments.services.rounds import clock
from tournaments.services.rounds.clock import ClockState, clock_of

T0 = datetime.datetime(2026, 12, 5, 20, 0, tzinfo=datetime.UTC)


def at(minutes: float) -> datetime.datetime:
    return T0 + datetime.timedelta(minutes=minutes)


@pytest.fixture
def timed_round(club: Any) -> Round:
    from tests.scoring.conftest import _entries, make_contest, make_round

    contest = make_contest(club, "club_contest", "chrono")
    a, b = _entries(contest, club, 2)
    round_ = make_round(contest, 1, [(a, b)])
    return clock.set_duration(round_, 40)


def _fresh(round_: Round) -> Round:
    return Round.objects.get(pk=round_.pk)


def test_a_round_without_duration_has_no_clock(club: Any) -> None:
    from tests.scoring.conftest import _entries, make_contest, make_round

    contest = make_contest(club, "club_contest", "sans")
    a, b = _entries(contest, club, 2)
    round_ = make_round(contest, 1, [(a, b)])
    state = clock_of(round_, T0)
    assert state.state == ClockState.NONE and not state.timed and state.label == ""
    with pytest.raises(ServiceError) as exc:
        clock.start_clock(round_, now=T0)
    assert exc.value.code == "clock.not_timed" and "durée" in exc.value.message


# (events as (minute, action, argument), minute read, state, seconds left, end minute)
CASES = [
    ([], 0, ClockState.READY, 40 * 60, None),
    ([(0, "start", None)], 10, ClockState.RUNNING, 30 * 60, 40),
    ([(0, "start", None)], 39.5, ClockState.RUNNING, 30, 40),
    ([(0, "start", None)], 40, ClockState.OVER, 0, 40),
    ([(0, "start", None)], 55, ClockState.OVER, 0, 40),
    # A pause from minute 10 to 15: the time left stands still, the end moves 5 minutes on.
    ([(0, "start", None), (10, "pause", None)], 14, ClockState.PAUSED, 30 * 60, None),
    ([(0, "start", None), (10, "pause", None), (15, "resume", None)], 15, ClockState.RUNNING,
     30 * 60, 45),
    ([(0, "start", None), (10, "pause", None), (15, "resume", None)], 44, ClockState.RUNNING,
     60, 45),
    # Two pauses add up.
    ([(0, "start", None), (10, "pause", None), (12, "resume", None), (20, "pause", None),
      (23, "resume", None)], 30, ClockState.RUNNING, 15 * 60, 45),
    # Extensions: 5 then 3 minutes more.
    ([(0, "start", None), (30, "extend", 5), (35, "extend", 3)], 40, ClockState.RUNNING,
     8 * 60, 48),
    # Extended while paused: the pause and the extension both count.
    ([(0, "start", None), (10, "pause", None), (11, "extend", 5), (12, "resume", None)], 12,
     ClockState.RUNNING, 35 * 60, 47),
    # Extended before the start: the whole partie is longer.
    ([(-5, "extend", 10)], 0, ClockState.READY, 50 * 60, None),
]  # fmt: skip


def _apply(round_: Round, events: list[tuple[float, str, Any]]) -> Round:
    for minute, action, argument in events:
        now = at(minute)
        if action == "extend":
            round_ = clock.extend_clock(round_, argument, now=now)
        else:
            round_ = getattr(clock, f"{action}_clock")(round_, now=now)
    return _fresh(round_)


@pytest.mark.parametrize(("events", "minute", "state", "left", "end"), CASES)
def test_time_left_and_end(
    timed_round: Round,
    events: list[tuple[float, str, Any]],
    minute: float,
    state: str,
    left: int,
    end: float | None,
) -> None:
    round_ = _apply(timed_round, events)
    now = at(minute)
    result = clock_of(round_, now)
    assert (result.state, result.remaining) == (state, left)
    assert result.ends_at == (at(end) if end is not None else None)


def test_seconds_left_are_rounded_up(timed_round: Round) -> None:
    round_ = _apply(timed_round, [(0, "start", None)])
    almost = T0 + datetime.timedelta(minutes=39, seconds=59, milliseconds=100)
    assert clock_of(round_, almost).remaining == 1
    assert clock_of(round_, almost).remaining_text == "00:01"


def test_remaining_text_past_an_hour(club: Any) -> None:
    round_ = Round(clock_minutes=90, clock_started_at=T0)
    assert clock_of(round_, at(10)).remaining_text == "1:20:00"


def test_label_shows_the_end_in_the_hall_time_zone(timed_round: Round, settings: Any) -> None:
    round_ = _apply(timed_round, [(0, "start", None)])
    label = clock_of(round_, at(10)).label
    # 20:40 UTC is 21:40 in Paris (the instance's TIME_ZONE) in December.
    assert "30:00" in label and "21:40" in label
    assert timezone.get_current_timezone_name() == settings.TIME_ZONE


@pytest.mark.parametrize(
    ("events", "action", "argument", "code"),
    [
        ([(0, "start", None)], "start", None, "clock.started"),
        ([], "pause", None, "clock.not_running"),
        ([(0, "start", None)], "resume", None, "clock.not_paused"),
        ([(0, "start", None), (5, "pause", None)], "pause", None, "clock.not_running"),
        ([(0, "start", None)], "extend", 0, "clock.invalid_minutes"),
        ([(0, "start", None)], "extend", 500, "clock.invalid_minutes"),
        # Time called at the tables: one end for every sheet, no extension afterwards.
        ([(0, "start", None)], "extend@41", 5, "clock.over"),
        ([(0, "start", None)], "pause@41", None, "clock.not_running"),
    ],
)
def test_refusals_change_nothing(
    timed_round: Round, events: list[Any], action: str, argument: Any, code: str
) -> None:
    round_ = _apply(timed_round, events)
    name, _, minute = action.partition("@")
    now = at(float(minute or 6))
    before = AuditEvent.objects.count()
    fields = Round.objects.values(*clock._CLOCK_FIELDS).get(pk=round_.pk)
    with pytest.raises(ServiceError) as exc:
        if name == "extend":
            clock.extend_clock(round_, argument, now=now)
        else:
            getattr(clock, f"{name}_clock")(round_, now=now)
    assert exc.value.code == code and exc.value.message
    assert Round.objects.values(*clock._CLOCK_FIELDS).get(pk=round_.pk) == fields
    assert AuditEvent.objects.count() == before


def test_a_draft_round_clock_does_not_start(timed_round: Round) -> None:
    Round.objects.filter(pk=timed_round.pk).update(status=Round.Status.DRAFT)
    with pytest.raises(ServiceError) as exc:
        clock.start_clock(_fresh(timed_round), now=T0)
    assert exc.value.code == "clock.draft"


def test_duration_cannot_change_once_started(timed_round: Round) -> None:
    round_ = _apply(timed_round, [(0, "start", None)])
    with pytest.raises(ServiceError) as exc:
        clock.set_duration(round_, 30)
    assert exc.value.code == "clock.started"
    with pytest.raises(ServiceError):
        clock.set_duration(Round.objects.get(pk=round_.pk), 601)


def test_every_change_is_journaled_in_french(timed_round: Round) -> None:
    _apply(
        timed_round,
        [(0, "start", None), (10, "pause", None), (15, "resume", None), (30, "extend", 5)],
    )
    events = AuditEvent.objects.filter(action__startswith="round.clock").order_by("pk")
    texts = [text for _event, text in journal.sentences(events)]
    assert [e.action for e in events] == [
        "round.clock_duration",
        "round.clock_start",
        "round.clock_pause",
        "round.clock_resume",
        "round.clock_extend",
    ]
    assert texts[0].startswith("Durée de la partie 1 fixée à 40 minutes")
    assert texts[1].startswith("Chrono de la partie 1 lancé (40 minutes)")
    assert texts[2].startswith("Chrono de la partie 1 mis en pause (30:00 restantes)")
    assert texts[3].startswith("Chrono de la partie 1 relancé (30:00 restantes)")
    assert texts[4].startswith("Partie 1 prolongée de 5 minutes")
