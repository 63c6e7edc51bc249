"""What every service shares: the refusal type, the locks, the audit of a change.

Owns ``ServiceError`` (a stable ``code`` and a French ``message``), the row locks taken at the
start of each write (``select_for_update`` on the contest or the round) and ``record_change``.
Must not write anything itself, check who the user is, or import another app.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.models import Contest, Entry, Round


class ServiceError(Exception):
    """A refused change: ``code`` is stable, ``message`` is French and shown to the organiser."""

    def __init__(self, code: str, message: str, *, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        # The HTTP status a view answers with: 409 "not possible now", 400 bad input, 404 gone.
        self.status = status

    def __str__(self) -> str:
        return self.message


def record_change(
    contest: Contest | int,
    action: str,
    target: Any,
    before: dict[str, Any] | None,
    fields: Iterable[str] | None = None,
) -> None:
    """Log ``target``'s change since ``before`` (nothing when nothing changed)."""
    after = audit.snapshot(target, fields)
    if after != before:
        audit.record(contest, action, target, before=before, after=after)


def change_field(contest: Contest | int, action: str, locked: Any, field: str, value: Any) -> None:
    """Set one field of a locked row, save only it, and log the change as ``action``."""
    before = audit.snapshot(locked, [field])
    setattr(locked, field, value)
    locked.save(update_fields=[field])
    record_change(contest, action, locked, before, [field])


def gone(what: str) -> ServiceError:
    """The refusal of a change to a row deleted meanwhile (a double click, another organiser)."""
    messages = {
        "contest": _("Ce concours n'existe plus."),
        "round": _("Cette partie n'existe plus : elle vient d'être supprimée."),
        "entry": _("Cette équipe n'existe plus : elle vient d'être supprimée."),
    }
    return ServiceError(f"{what}.gone", messages[what], status=404)


def lock_contest(contest: Contest) -> Contest:
    try:
        return Contest.objects.select_for_update().select_related("club").get(pk=contest.pk)
    except Contest.DoesNotExist:
        raise gone("contest") from None


def lock_round(round_: Round) -> Round:
    try:
        return Round.objects.select_for_update().select_related("contest__club").get(pk=round_.pk)
    except Round.DoesNotExist:
        raise gone("round") from None


def lock_entry(entry: Entry) -> Entry:
    try:
        return Entry.objects.select_for_update().get(pk=entry.pk)
    except Entry.DoesNotExist:
        raise gone("entry") from None


def clean(text: str) -> str:
    return " ".join((text or "").split())
