"""A validated CSV import written as teams, in short batches (players found or created).

Owns the write of an import that ``tournaments.entries.imports`` validated as a whole: the teams are
registered at most :data:`BATCH_SIZE` at a time, each batch in its own short transaction (the
contest locked only for that batch), so that a phone's deal never waits behind a 2,000-team
import for the database's write lock. A batch reads what it needs once and writes in bulk
(``import_batch``), with the rules of a team registered alone. A batch is all or nothing; when
one is refused (the data changed since the check), the batches before it stay and
:class:`ImportInterrupted` says what was imported and from which line nothing was.

Must not parse files nor validate them (``tournaments.entries.imports`` does, before this runs).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Contest, Entry
from tournaments.services.base import ServiceError, lock_contest
from tournaments.services.clubs.players import get_or_create_player
from tournaments.services.entries import import_batch
from tournaments.services.entries.registration import add_entry

# At most this many teams per transaction, and a batch ends after BATCH_SECONDS: the write lock
# is held well under a second even on a busy machine.
BATCH_SIZE = 100
BATCH_SECONDS = 0.25


class ImportInterrupted(ServiceError):
    """A later batch was refused: ``created`` (the earlier batches) stay, the rest does not."""

    def __init__(self, cause: ServiceError, created: list[Entry], stopped_at_line: Any) -> None:
        message = ngettext(
            "%(count)s équipe a été importée ; ",
            "%(count)s équipes ont été importées ; ",
            len(created),
        ) % {"count": len(created)} + _(
            "l'import s'est arrêté à la ligne %(line)s, qui n'a pas été importée, ni les "
            "suivantes : %(reason)s"
        ) % {"line": stopped_at_line, "reason": cause.message}
        super().__init__(cause.code, message, status=cause.status)
        self.cause = cause
        self.created = created
        self.stopped_at_line = stopped_at_line


def _write_rows(contest: Contest, rows: Sequence[Any], deadline: float) -> list[Entry]:
    """Register ``rows`` one by one, as a team registered alone (about 40 queries a team)."""
    created: list[Entry] = []
    for row in rows:
        p1, _new1 = get_or_create_player(contest.club, *row.player1)
        p2, _new2 = get_or_create_player(contest.club, *row.player2)
        created.append(add_entry(contest, import_batch.row_values(row, p1, p2)))
        if time.monotonic() > deadline:
            break
    return created


def _write_batch(contest: Contest, rows: Sequence[Any], seconds: float) -> list[Entry]:
    """Register ``rows`` in one transaction, stopping early once ``seconds`` have passed: the
    batch is read and written in a dozen queries, whatever its size (``import_batch``)."""
    deadline = time.monotonic() + seconds
    with transaction.atomic():
        locked = lock_contest(contest)
        if not import_batch.plannable(rows):
            return _write_rows(locked, rows, deadline)
        planned = import_batch.plan(locked, rows, deadline)
        try:
            with transaction.atomic():
                return import_batch.write(locked, planned)
        except IntegrityError:
            # A player of the batch was saved meanwhile by another request (the register is
            # not locked): row by row, get_or_create_player finds the one saved.
            return _write_rows(locked, rows[: len(planned.entries)], math.inf)


def import_entries(
    contest: Contest,
    rows: Iterable[Any],
    *,
    batch_size: int = BATCH_SIZE,
    batch_seconds: float = BATCH_SECONDS,
) -> list[Entry]:
    """Register the validated rows of a CSV import: at most ``batch_size`` teams and about
    ``batch_seconds`` per transaction (a busy machine writes smaller batches).

    Each row has ``line``, ``player1``/``player2`` as ``(first_name, last_name, licence)``,
    ``name``, ``home_club``, ``paid``, ``checked_in``. A refusal in the first batch leaves
    nothing (``ServiceError``); in a later one, :class:`ImportInterrupted`.
    """
    rows = list(rows)
    created: list[Entry] = []
    while len(created) < len(rows):
        batch = rows[len(created) : len(created) + batch_size]
        try:
            created += _write_batch(contest, batch, batch_seconds)
        except ServiceError as exc:
            if not created:
                raise
            raise ImportInterrupted(
                exc, created, getattr(batch[0], "line", len(created) + 1)
            ) from exc
    return created
