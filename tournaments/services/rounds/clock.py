"""The clock of a timed partie: its duration, start, pauses, extensions, and the time left.

What it owns: :func:`clock_of` (the one computation of a round's clock: its state, its end
and the seconds left, from the ``Round.clock_*`` fields and ``now``), and the organiser's
writes: :func:`set_duration`, :func:`start_clock`, :func:`pause_clock`, :func:`resume_clock`,
:func:`extend_clock`, each journaled (``round.clock_*``, French sentences in
``tournaments.journal.sentences``). Every function takes ``now`` (default
``timezone.now()``) so that tests run on a fixed clock.

The end of a running clock is ``started + duration + extra minutes + seconds paused``; while
paused, the time spent in the current pause is counted too, so the time left stands still.
What time's up does to the sheets (the rules' ``time_up``) is ``scoring.services.time_up``'s:
this module must not import ``scoring``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.models import Round
from tournaments.services.base import ServiceError, lock_round

# A partie of more than ten hours is a typo; an extension of more than two hours too.
MAX_MINUTES = 600
MAX_EXTENSION = 120


class ClockState:
    """The states of a round's clock (plain strings, shown by templates as CSS keys)."""

    NONE = "none"  # not a timed partie
    READY = "ready"  # a duration, not started
    RUNNING = "running"
    PAUSED = "paused"
    OVER = "over"


@dataclass(frozen=True)
class Clock:
    """A round's clock at ``now``: ``ends_at`` is None unless it is running (or over)."""

    state: str
    minutes: int
    extra_minutes: int
    remaining: int  # whole seconds left (0 once over; the full duration before the start)
    ends_at: datetime.datetime | None
    now: datetime.datetime

    @property
    def timed(self) -> bool:
        return self.state != ClockState.NONE

    @property
    def over(self) -> bool:
        return self.state == ClockState.OVER

    @property
    def remaining_text(self) -> str:
        """ "39:58", or "1:02:03" past an hour."""
        hours, rest = divmod(max(0, self.remaining), 3600)
        minutes, seconds = divmod(rest, 60)
        if hours:
            return f"{hours}:{minutes:02d}:{seconds:02d}"
        return f"{minutes:02d}:{seconds:02d}"

    @property
    def short_label(self) -> str:
        """The clock's state in a few words, beside a ticking countdown ("fin à 21:40")."""
        if self.state == ClockState.READY:
            return _("Chrono de %(m)s min") % {"m": self.minutes + self.extra_minutes}
        if self.state in (ClockState.RUNNING, ClockState.OVER):
            return _("Fin à %(end)s") % {"end": local_time(self.ends_at)}
        if self.state == ClockState.PAUSED:
            return _("Chrono")
        return ""

    @property
    def label(self) -> str:
        """The clock's state in French, for the cockpit and the organiser's pages."""
        if self.state == ClockState.READY:
            return _("Chrono de %(m)s min, pas encore lancé.") % {"m": self.minutes}
        if self.state == ClockState.RUNNING:
            return _("Chrono en cours : %(left)s restantes (fin à %(end)s).") % {
                "left": self.remaining_text,
                "end": local_time(self.ends_at),
            }
        if self.state == ClockState.PAUSED:
            return _("Chrono en pause : %(left)s restantes.") % {"left": self.remaining_text}
        if self.state == ClockState.OVER:
            return _("Temps écoulé (à %(end)s).") % {"end": local_time(self.ends_at)}
        return ""


def local_time(moment: datetime.datetime | None) -> str:
    """A moment as the hall's clock shows it (the instance's time zone): "21:40"."""
    if moment is None:
        return ""
    return timezone.localtime(moment).strftime("%H:%M")


def _now(now: datetime.datetime | None) -> datetime.datetime:
    return now if now is not None else timezone.now()


def clock_of(round_: Round, now: datetime.datetime | None = None) -> Clock:
    """The clock of ``round_`` at ``now``: the one place the time left is computed."""
    now = _now(now)
    minutes = round_.clock_minutes or 0
    extra = round_.clock_extra_minutes or 0
    if not minutes:
        return Clock(ClockState.NONE, 0, 0, 0, None, now)
    total = (minutes + extra) * 60
    started = round_.clock_started_at
    if started is None:
        return Clock(ClockState.READY, minutes, extra, total, None, now)
    paused = datetime.timedelta(seconds=round_.clock_paused_seconds or 0)
    if round_.clock_paused_at is not None:
        paused += max(datetime.timedelta(0), now - round_.clock_paused_at)
    ends_at = started + datetime.timedelta(seconds=total) + paused
    left = ends_at - now
    remaining = max(0, int(-(-left.total_seconds() // 1)))  # whole seconds, rounded up
    if round_.clock_paused_at is not None:
        return Clock(ClockState.PAUSED, minutes, extra, remaining, None, now)
    if remaining <= 0:
        return Clock(ClockState.OVER, minutes, extra, 0, ends_at, now)
    return Clock(ClockState.RUNNING, minutes, extra, remaining, ends_at, now)


def _clock_fields(round_: Round) -> dict[str, object]:
    return (
        audit.snapshot(
            round_,
            [
                "number",
                "clock_minutes",
                "clock_started_at",
                "clock_paused_at",
                "clock_paused_seconds",
                "clock_extra_minutes",
            ],
        )
        or {}
    )


_CLOCK_FIELDS = [
    "clock_minutes",
    "clock_started_at",
    "clock_paused_at",
    "clock_paused_seconds",
    "clock_extra_minutes",
]


def _save(locked: Round, action: str, before: dict[str, object], **extra: object) -> Round:
    locked.save(update_fields=_CLOCK_FIELDS)
    after = {**_clock_fields(locked), **extra}
    audit.record(locked.contest_id, action, locked, before=before, after=after)
    return locked


def _refuse(code: str, message: str, status: int = 409) -> ServiceError:
    return ServiceError(f"clock.{code}", message, status=status)


def _check_open(locked: Round) -> None:
    if locked.status == Round.Status.CLOSED:
        raise _refuse("closed", _("Cette partie est close : son chrono ne change plus."))


@transaction.atomic
def set_duration(round_: Round, minutes: int | None) -> Round:
    """Make the partie timed (``minutes``) or not (``None``/0), while its clock has not started."""
    locked = lock_round(round_)
    _check_open(locked)
    if locked.clock_started_at is not None:
        raise _refuse(
            "started",
            _("Le chrono est déjà lancé : prolongez-le plutôt que de changer sa durée."),
        )
    value = int(minutes or 0)
    if not 0 <= value <= MAX_MINUTES:
        raise _refuse(
            "invalid_minutes",
            _("Une durée va de 1 à %(max)s minutes.") % {"max": MAX_MINUTES},
            400,
        )
    if (locked.clock_minutes or 0) == value:
        return locked
    before = _clock_fields(locked)
    locked.clock_minutes = value or None
    return _save(locked, "round.clock_duration", before)


@transaction.atomic
def start_clock(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    """Start the clock of a published timed partie."""
    now = _now(now)
    locked = lock_round(round_)
    _check_open(locked)
    if not locked.clock_minutes:
        raise _refuse("not_timed", _("Cette partie n'a pas de durée : fixez-la d'abord."))
    if locked.status != Round.Status.PUBLISHED:
        raise _refuse("draft", _("Publiez la partie avant de lancer son chrono."))
    if locked.clock_started_at is not None:
        raise _refuse("started", _("Le chrono de cette partie est déjà lancé."))
    before = _clock_fields(locked)
    locked.clock_started_at = now
    return _save(locked, "round.clock_start", before)


@transaction.atomic
def pause_clock(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    """Stop the time running (a dispute in the hall, a break)."""
    now = _now(now)
    locked = lock_round(round_)
    _check_open(locked)
    clock = clock_of(locked, now)
    if clock.state != ClockState.RUNNING:
        raise _refuse("not_running", _("Le chrono ne tourne pas : rien à mettre en pause."))
    before = _clock_fields(locked)
    locked.clock_paused_at = now
    return _save(locked, "round.clock_pause", before, remaining=clock.remaining)


@transaction.atomic
def resume_clock(round_: Round, *, now: datetime.datetime | None = None) -> Round:
    """Let the time run again after a pause: the time left is what it was at the pause."""
    now = _now(now)
    locked = lock_round(round_)
    _check_open(locked)
    if locked.clock_paused_at is None:
        raise _refuse("not_paused", _("Le chrono n'est pas en pause."))
    clock = clock_of(locked, now)
    before = _clock_fields(locked)
    paused = max(0, int((now - locked.clock_paused_at).total_seconds()))
    locked.clock_paused_seconds = (locked.clock_paused_seconds or 0) + paused
    locked.clock_paused_at = None
    return _save(locked, "round.clock_resume", before, remaining=clock.remaining)


@transaction.atomic
def extend_clock(round_: Round, minutes: int, *, now: datetime.datetime | None = None) -> Round:
    """Give the partie ``minutes`` more, while its time is not over.

    Once it is over, time has been called on the tables (the rules' time's-up applies from
    that moment): the clock is not extended then, so that every sheet keeps one end.
    """
    now = _now(now)
    locked = lock_round(round_)
    _check_open(locked)
    if type(minutes) is not int or not 1 <= minutes <= MAX_EXTENSION:
        raise _refuse(
            "invalid_minutes",
            _("Prolongez de 1 à %(max)s minutes.") % {"max": MAX_EXTENSION},
            400,
        )
    clock = clock_of(locked, now)
    if clock.state == ClockState.NONE:
        raise _refuse("not_timed", _("Cette partie n'a pas de durée : fixez-la d'abord."))
    if clock.state == ClockState.OVER:
        raise _refuse(
            "over",
            _("Le temps est écoulé et a été appelé aux tables : il ne peut plus être prolongé."),
        )
    before = _clock_fields(locked)
    locked.clock_extra_minutes = (locked.clock_extra_minutes or 0) + minutes
    return _save(locked, "round.clock_extend", before, added=minutes)


__all__ = [
    "MAX_EXTENSION",
    "MAX_MINUTES",
    "Clock",
    "ClockState",
    "clock_of",
    "extend_clock",
    "local_time",
    "pause_clock",
    "resume_clock",
    "set_duration",
    "start_clock",
]
