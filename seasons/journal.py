"""The contest log's sentences for the season actions (``season.*``, ``tournaments.audit``).

A season has no log of its own: its changes are journaled on the contests they concern (the
contest that joined or left, the owner club's contests for its rules and clubs, the final for
its qualification). :func:`builders` gives ``tournaments.journal.sentences`` one sentence
builder per action, ending with the log's usual "par … à …" (``done``); ``seasons.apps``
registers them (``tournaments.journal.sentences.register_builders``). Reads nothing; never
writes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.journal.sentences import Done
from tournaments.models import AuditEvent

__all__ = ["builders"]


def _after(event: AuditEvent) -> Mapping[str, Any]:
    return event.after if isinstance(event.after, dict) else {}


def builders(done: Done) -> dict[str, Callable[[AuditEvent, Any], str]]:
    def named(message: str) -> Callable[[AuditEvent, Any], str]:
        def build(event: AuditEvent, names: Any) -> str:
            return done(event, _(message) % {"season": event.target_repr or "—"})

        return build

    def clubs(event: AuditEvent, names: Any) -> str:
        after = _after(event)
        if after.get("added"):
            text = _("%(club)s invité dans le circuit « %(season)s »")
        else:
            text = _("%(club)s retiré du circuit « %(season)s »")
        club = after.get("added") or after.get("removed") or "—"
        return done(event, text % {"club": club, "season": event.target_repr or "—"})

    def final(event: AuditEvent, names: Any) -> str:
        after = _after(event)
        text = _(
            "Finale de la saison « %(season)s » réglée (par concours : %(each)s ; au classement de la saison : %(best)s)"
        ) % {
            "season": event.target_repr or "—",
            "each": after.get("each") or "—",
            "best": after.get("season") or "—",
        }
        return done(event, text)

    def qualify(event: AuditEvent, names: Any) -> str:
        after = _after(event)
        text = _(
            "Qualifiés de la saison « %(season)s » inscrits : %(created)s équipe(s) créée(s), %(already)s déjà là"
        ) % {
            "season": event.target_repr or "—",
            "created": after.get("created", 0),
            "already": after.get("already", 0),
        }
        return done(event, text)

    return {
        "season.join": named(gettext_noop("Concours ajouté à la saison « %(season)s »")),
        "season.leave": named(gettext_noop("Concours retiré de la saison « %(season)s »")),
        "season.rules": named(gettext_noop("Règles de la saison « %(season)s » modifiées")),
        "season.clubs": clubs,
        "season.final": final,
        "season.qualify": qualify,
    }
