"""The contest's journal read as French sentences.

Each event of the log (``AuditEvent``) becomes one sentence: "Résultats de la partie 2 publiés
par demo à 15 h 42", "Équipe 12 « Morel – Thomas » retirée après la partie 3 par demo". Teams
and tables are named as the players know them (never database ids or field names) and times
are in the instance's time zone (``TIME_ZONE``). One small builder per action kind lives in
``BUILDERS``, gathered from ``journal.people`` (the contest, its teams and solo players),
``journal.play`` (parties, deals, sheets, plan changes) and ``tournaments.journal_seasons``;
an action without one gets a generic sentence naming the changed fields in French (their
``verbose_name``). The pieces of every sentence (names, "par … à …", fields in French) live in
``journal.parts``.

The names are looked up once per page (``Names.for_events``), never once per event.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments import journal_seasons
from tournaments.audit import action_label
from tournaments.journal import people as journal_people
from tournaments.journal import play as journal_play
from tournaments.journal.parts import (
    DEAL,
    SHEET,
    Builder,
    Names,
    author,
    changes,
    done,
    french_datetime,
    french_time,
    team_name,
    with_changes,
)
from tournaments.models import AuditEvent

BUILDERS: dict[str, Builder] = {**journal_people.BUILDERS, **journal_play.BUILDERS}
BUILDERS.update(journal_seasons.builders(done))  # the season.* actions


def generic(event: AuditEvent, names: Names) -> str:
    """An action without a builder: its label, what it is about, and the fields it changed."""
    text = action_label(event.action)
    if event.target_repr:
        text += f" ({event.target_repr})"
    return with_changes(event, text)


# The phases' plan names what it is about in target_repr ("Poules → Tableau principal").
BUILDERS["phases.plan"] = generic


def sentence(event: AuditEvent, names: Names | None = None) -> str:
    names = names if names is not None else Names.for_events([event])
    return BUILDERS.get(event.action, generic)(event, names)


def sentences(events: Iterable[AuditEvent]) -> list[tuple[AuditEvent, str]]:
    events = list(events)
    names = Names.for_events(events)
    return [(event, sentence(event, names)) for event in events]


__all__ = [
    "BUILDERS",
    "DEAL",
    "SHEET",
    "Builder",
    "Names",
    "author",
    "changes",
    "french_datetime",
    "french_time",
    "generic",
    "sentence",
    "sentences",
    "team_name",
]
