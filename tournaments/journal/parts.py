"""The pieces every sentence of the contest's journal is made of (``journal.sentences``).

This module owns how the journal names what an event is about (``Names``: teams, parties and
tables looked up once per page), the sentence's end ("par demo à 15 h 42", ``done``), and the
generic list of changed fields in French (``changes``: verbose names, choices, related rows,
dates). The sentence builders of ``journal.people`` and ``journal.play`` are made of them.
Reads, never writes.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.models import AuditEvent, Entry, Round, Table

SHEET = "scoresheet"
DEAL = "dealrecord"


# --- names of the things an event is about ------------------------------------------------------


@dataclass
class Names:
    """Teams by entry id, parties by round id and (partie, table) by score sheet id."""

    teams: dict[int, str] = field(default_factory=dict)
    rounds: dict[int, int] = field(default_factory=dict)
    tables: dict[int, tuple[int, int]] = field(default_factory=dict)
    # A deal's events name the deal: its sheet by the deal's id.
    deals: dict[int, int] = field(default_factory=dict)

    @classmethod
    def for_events(cls, events: Iterable[AuditEvent]) -> Names:
        events = list(events)
        entry_ids = {e.target_id for e in events if e.target_type == "entry" and e.target_id}
        round_ids = {e.target_id for e in events if e.target_type == "round" and e.target_id}
        sheet_ids = {sid for e in events if (sid := sheet_id(e)) is not None}
        names = cls()
        for entry in Entry.objects.filter(pk__in=entry_ids).select_related("player1", "player2"):
            names.teams[entry.pk] = team_name(entry.number, entry.display_name.split(". ", 1)[-1])
        names.rounds = dict(Round.objects.filter(pk__in=round_ids).values_list("pk", "number"))
        rows = Table.objects.filter(score_sheet__pk__in=sheet_ids).values_list(
            "score_sheet__pk", "round__number", "number"
        )
        names.tables = {sheet: (round_number, table) for sheet, round_number, table in rows}
        deal_ids = {e.target_id for e in events if e.target_type == DEAL and e.target_id}
        deal_rows = Table.objects.filter(score_sheet__deals__pk__in=deal_ids).values_list(
            "score_sheet__deals__pk", "score_sheet__pk", "round__number", "number"
        )
        for deal, sheet, round_number, table in deal_rows:
            names.deals[deal] = sheet
            names.tables[sheet] = (round_number, table)
        return names


def team_name(number: Any, label: str = "") -> str:
    """ "Équipe 12 « Morel – Thomas »" (the entry's own name when it has one)."""
    if label and label != str(number):
        return _("Équipe %(number)s « %(name)s »") % {"number": number, "name": label}
    return _("Équipe %(number)s") % {"number": number}


def sheet_id(event: AuditEvent) -> int | None:
    if event.target_type == SHEET:
        return event.target_id
    if event.target_type == DEAL:
        for state in (event.after, event.before):
            if isinstance(state, dict) and isinstance(state.get("sheet"), int):
                return state["sheet"]
    return None


# --- pieces of sentences ----------------------------------------------------------------------


def french_time(moment: datetime.datetime) -> str:
    """ "15 h 42", in the instance's time zone."""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return f"{local.hour} h {local.minute:02d}"


def french_datetime(moment: datetime.datetime) -> str:
    """ "01/12/2026 à 15 h 42", in the instance's time zone."""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return _("%(date)s à %(time)s") % {
        "date": local.strftime("%d/%m/%Y"),
        "time": french_time(local),
    }


def author(event: AuditEvent) -> str:
    """ "par demo", "par la table", "automatiquement"."""
    if event.actor is not None:
        return _("par %(who)s") % {"who": event.actor.get_username()}
    label = event.actor_label or "système"
    if label == "système":
        return _("automatiquement")
    if label.lower().startswith("table"):
        return _("par la table")
    return _("par %(who)s") % {"who": label}


def state_of(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def get_value(event: AuditEvent, key: str, default: Any = None) -> Any:
    """A value of the state after the change, else before it."""
    after, before = state_of(event.after), state_of(event.before)
    return after.get(key, before.get(key, default))


def reason_of(event: AuditEvent) -> str:
    reason = get_value(event, "reason") or ""
    return " " + _("(motif : %(reason)s)") % {"reason": reason} if reason else ""


def round_of(event: AuditEvent, names: Names) -> Any:
    if event.target_id in names.rounds:
        return names.rounds[event.target_id]
    return get_value(event, "number") or number_in(event.target_repr)


def number_in(text: str) -> str:
    """The partie's number from a stored description ("Concours — partie 3" → "3")."""
    words = text.replace(",", " ").split()
    for before, word in itertools.pairwise(words):
        if before.lower() in ("partie", "manche") and word.isdigit():
            return word
    return "?"


def team_of(event: AuditEvent, names: Names) -> str:
    if event.target_id in names.teams:
        return names.teams[event.target_id]
    number = get_value(event, "number")
    if number is not None:
        return team_name(number, get_value(event, "name") or "")
    return event.target_repr or _("une équipe")


def table_of(event: AuditEvent, names: Names) -> str:
    """ "de la table 7 (partie 2)" """
    sheet = sheet_id(event)
    if event.target_type == DEAL and event.target_id in names.deals:
        sheet = names.deals[event.target_id]
    if sheet in names.tables:
        round_number, table = names.tables[sheet]
        return _("de la table %(table)s (partie %(round)s)") % {
            "table": table,
            "round": round_number,
        }
    return _("de « %(what)s »") % {"what": event.target_repr} if event.target_repr else ""


def done(event: AuditEvent, text: str) -> str:
    """The sentence's end: who, and when."""
    return _("%(text)s %(who)s à %(time)s.") % {
        "text": text,
        "who": author(event),
        "time": french_time(event.created_at),
    }


# --- values and fields in French (the generic sentence) -----------------------------------------


def _model_of(event: AuditEvent) -> type[models.Model] | None:
    for model in apps.get_models():
        if model._meta.model_name == event.target_type:
            return model
    return None


def field_label(model: type[models.Model] | None, name: str) -> str:
    if name in FRENCH_FIELDS:
        return _(FRENCH_FIELDS[name])
    if model is not None:
        try:
            found = model._meta.get_field(name)
        except FieldDoesNotExist:  # a field removed since the event: its own name
            found = None
        if isinstance(found, models.Field):
            return str(found.verbose_name)
    return {"reason": _("motif"), "note": _("remarque"), "cause": _("cause")}.get(name, name)


# Fields whose verbose_name is their (English) name: their French label in the journal.
FRENCH_FIELDS = {"season": gettext_noop("saison"), "club": gettext_noop("club")}


def french_value(model: type[models.Model] | None, name: str, value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    if isinstance(value, str) and (moment := _iso(value)) is not None:
        return moment
    related = _related(model, name, value)
    text = related if related is not None else str(_choices(model, name).get(value, value))
    return text if len(text) <= 60 else text[:57] + "…"


def _iso(value: str) -> str | None:
    """An ISO date or date-time of a snapshot, the French way (else None)."""
    try:
        if len(value) == 10 and value[4] == "-":
            return datetime.date.fromisoformat(value).strftime("%d/%m/%Y")
        if len(value) >= 19 and value[4] == "-" and value[10] == "T":
            return french_datetime(datetime.datetime.fromisoformat(value))
    except ValueError:
        return None
    return None


def _related(model: type[models.Model] | None, name: str, value: Any) -> str | None:
    """A foreign key's row by its name, not its id (None when not a foreign key)."""
    if model is None:
        return None
    try:
        field = model._meta.get_field(name)
    except FieldDoesNotExist:
        return None
    target = field.related_model if isinstance(field, models.ForeignKey) else None
    if not isinstance(target, type):  # not a foreign key ("self" is resolved by Django)
        return None
    row = target._default_manager.filter(pk=value).first()
    return str(row) if row is not None else "—"


def _choices(model: type[models.Model] | None, name: str) -> dict[Any, Any]:
    if model is None:
        return {}
    try:
        found = model._meta.get_field(name)
    except FieldDoesNotExist:  # not a field
        return {}
    return dict(found.flatchoices) if isinstance(found, models.Field) else {}


def changes(event: AuditEvent) -> list[str]:
    """ "nombre de parties : 4 → 5" for each field that differs."""
    model = _model_of(event)
    before, after = state_of(event.before), state_of(event.after)
    keys = [k for k in {**before, **after} if before.get(k) != after.get(k)]
    lines = []
    for key in keys:
        label = field_label(model, key)
        if key in before and key in after:
            old, new = french_value(model, key, before[key]), french_value(model, key, after[key])
            lines.append(f"{label} : {old} → {new}")
        else:
            lines.append(f"{label} : {french_value(model, key, after.get(key, before.get(key)))}")
    return lines


def with_changes(event: AuditEvent, text: str) -> str:
    lines = changes(event)
    sentence = done(event, text)
    return f"{sentence[:-1]} : {' ; '.join(lines)}." if lines else sentence


# --- one builder per action kind ----------------------------------------------------------------

Builder = Callable[[AuditEvent, Names], str]
