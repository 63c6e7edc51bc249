"""The contest's journal read as French sentences.

Each event of the log (``AuditEvent``) becomes one sentence: "Résultats de la partie 2 publiés
par demo à 15 h 42", "Équipe 12 « Morel – Thomas » retirée après la partie 3 par demo". Teams
and tables are named as the players know them (never database ids or field names) and times
are in the instance's time zone (``TIME_ZONE``). One small builder per action kind lives in
``BUILDERS``, gathered from ``journal.people`` (the contest, its teams and solo players) and
``journal.play`` (parties, deals, sheets, plan changes); an app above adds the builders of its
own actions with :func:`register_builders` in its ``AppConfig.ready`` (``seasons.journal``: the
``season.*`` actions). An action without one gets a generic sentence naming the changed fields
in French (their ``verbose_name``). The pieces of every sentence (names, "par … à …", fields in
French) live in ``journal.parts``.

The names are looked up once per page (``Names.for_events``), never once per event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

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
Done = Callable[[AuditEvent, str], str]  # the log's usual ending, given to a higher app's builders


def register_builders(make: Callable[[Done], Mapping[str, Builder]]) -> None:
    """Add the sentence builders of a higher app's actions: ``make`` is given the log's usual
    ending ("par … à …", :func:`~tournaments.journal.parts.done`) and returns a builder per
    action. Refuses to replace a builder of this app (two meanings for one action)."""
    added = dict(make(done))
    taken = sorted(set(added) & set(_OWN))
    if taken:
        raise ValueError(f"journal: actions already described by tournaments: {taken}")
    BUILDERS.update(added)


def generic(event: AuditEvent, names: Names) -> str:
    """An action without a builder: its label, what it is about, and the fields it changed."""
    text = action_label(event.action)
    if event.target_repr:
        text += f" ({event.target_repr})"
    return with_changes(event, text)


# The phases' plan names what it is about in target_repr ("Poules → Tableau principal").
BUILDERS["phases.plan"] = generic
_OWN = frozenset(BUILDERS)


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
    "Done",
    "Names",
    "author",
    "changes",
    "french_datetime",
    "french_time",
    "generic",
    "register_builders",
    "sentence",
    "sentences",
    "team_name",
]
