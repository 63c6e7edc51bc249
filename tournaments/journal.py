"""The contest's journal read as French sentences.

Each event of the log (``AuditEvent``) becomes one sentence: "Résultats de la partie 2 publiés
par demo à 15 h 42", "Équipe 12 « Morel – Thomas » retirée après la partie 3 par demo". Teams
and tables are named as the players know them (never database ids or field names) and times
are in the instance's time zone (``TIME_ZONE``). One small builder per action kind lives in
``BUILDERS``; an action without one gets a generic sentence naming the changed fields in French
(their ``verbose_name``).

The names are looked up once per page (``Names.for_events``), never once per event.
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

from tournaments import journal_seasons
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
        sheet_ids = {sid for e in events if (sid := _sheet_id(e)) is not None}
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


def _sheet_id(event: AuditEvent) -> int | None:
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


def _state(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _get(event: AuditEvent, key: str, default: Any = None) -> Any:
    """A value of the state after the change, else before it."""
    after, before = _state(event.after), _state(event.before)
    return after.get(key, before.get(key, default))


def _reason(event: AuditEvent) -> str:
    reason = _get(event, "reason") or ""
    return " " + _("(motif : %(reason)s)") % {"reason": reason} if reason else ""


def _round_number(event: AuditEvent, names: Names) -> Any:
    if event.target_id in names.rounds:
        return names.rounds[event.target_id]
    return _get(event, "number") or _number_in(event.target_repr)


def _number_in(text: str) -> str:
    """The partie's number from a stored description ("Concours — partie 3" → "3")."""
    words = text.replace(",", " ").split()
    for before, word in itertools.pairwise(words):
        if before.lower() in ("partie", "manche") and word.isdigit():
            return word
    return "?"


def _team(event: AuditEvent, names: Names) -> str:
    if event.target_id in names.teams:
        return names.teams[event.target_id]
    number = _get(event, "number")
    if number is not None:
        return team_name(number, _get(event, "name") or "")
    return event.target_repr or _("une équipe")


def _table(event: AuditEvent, names: Names) -> str:
    """ "de la table 7 (partie 2)" """
    sheet = _sheet_id(event)
    if event.target_type == DEAL and event.target_id in names.deals:
        sheet = names.deals[event.target_id]
    if sheet in names.tables:
        round_number, table = names.tables[sheet]
        return _("de la table %(table)s (partie %(round)s)") % {
            "table": table,
            "round": round_number,
        }
    return _("de « %(what)s »") % {"what": event.target_repr} if event.target_repr else ""


def _done(event: AuditEvent, text: str) -> str:
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
    before, after = _state(event.before), _state(event.after)
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


def _with_changes(event: AuditEvent, text: str) -> str:
    lines = changes(event)
    sentence = _done(event, text)
    return f"{sentence[:-1]} : {' ; '.join(lines)}." if lines else sentence


# --- one builder per action kind ----------------------------------------------------------------

Builder = Callable[[AuditEvent, Names], str]


def _contest_create(event: AuditEvent, names: Names) -> str:
    return _done(event, _("Concours « %(name)s » créé") % {"name": _get(event, "name", "")})


def _contest_update(event: AuditEvent, names: Names) -> str:
    return _with_changes(event, _("Concours modifié"))


def _contest_finish(event: AuditEvent, names: Names) -> str:
    return _done(event, _("Concours clos"))


def _entry_create(event: AuditEvent, names: Names) -> str:
    return _done(event, _("%(team)s inscrite") % {"team": _team(event, names)})


def _entry_update(event: AuditEvent, names: Names) -> str:
    return _with_changes(event, _("%(team)s modifiée") % {"team": _team(event, names)})


def _entry_paid(event: AuditEvent, names: Names) -> str:
    text = _("%(team)s a payé") if _get(event, "paid") else _("%(team)s n'a plus payé")
    return _done(event, text % {"team": _team(event, names)})


def _entry_checked_in(event: AuditEvent, names: Names) -> str:
    text = _("%(team)s pointée") if _get(event, "checked_in") else _("%(team)s dépointée")
    return _done(event, text % {"team": _team(event, names)})


def _entry_withdraw(event: AuditEvent, names: Names) -> str:
    text = _("%(team)s retirée après la partie %(round)s") % {
        "team": _team(event, names),
        "round": _state(event.after).get("withdrawn_after_round") or "?",
    }
    return _done(event, text)


def _entry_replace(event: AuditEvent, names: Names) -> str:
    # The names are those written by the service: the journal reads as it was that day.
    text = _(
        "%(incoming)s remplace %(outgoing)s dans l'équipe %(number)s à partir de la partie %(round)s"
    ) % {
        "incoming": _get(event, "incoming") or "?",
        "outgoing": _get(event, "outgoing") or "?",
        "number": _get(event, "number") or "?",
        "round": _get(event, "from_round") or "?",
    }
    return _done(event, text + _reason(event))


def _entry_reinstate(event: AuditEvent, names: Names) -> str:
    return _done(event, _("%(team)s réintégrée") % {"team": _team(event, names)})


def _entry_delete(event: AuditEvent, names: Names) -> str:
    return _done(event, _("%(team)s supprimée") % {"team": _team(event, names)})


def _round_text(message: str) -> Builder:
    """A builder for a sentence that only names the partie ("Partie 2 supprimée")."""

    def build(event: AuditEvent, names: Names) -> str:
        return _done(event, _(message) % {"round": _round_number(event, names)})

    return build


def _round_generate_forced(event: AuditEvent, names: Names) -> str:
    text = _("Partie %(round)s tirée avant la fin de la précédente") % {
        "round": _round_number(event, names)
    }
    waiting = _get(event, "tables")
    if waiting:
        text += " " + _("(en cours : %(tables)s)") % {"tables": waiting}
    return _done(event, text + _reason(event))


def _round_edit(event: AuditEvent, names: Names) -> str:
    text = _("Tirage de la partie %(round)s modifié") % {"round": _round_number(event, names)}
    description = _state(event.after).get("description")
    if description:
        text += f" ({description})"
    return _done(event, text)


def _round_undo(event: AuditEvent, names: Names) -> str:
    text = _("Modification du tirage de la partie %(round)s annulée") % {
        "round": _round_number(event, names)
    }
    undone = _state(event.after).get("undone")
    if undone:
        text += f" ({undone})"
    return _done(event, text)


# What the public sees of a partie: (field, its noun, plural noun?).
_SHOWN = (
    ("show_draw", gettext_noop("tirage"), False),
    ("show_results", gettext_noop("résultats"), True),
    ("show_standings", gettext_noop("classement"), False),
)


def _shown_part(nouns: list[tuple[str, bool]], shown: bool, number: Any) -> str:
    words = [_(noun) for noun, _plural in nouns]
    plural = len(nouns) > 1 or nouns[0][1]
    listed = ", ".join(words[:-1]) + " " + _("et") + " " + words[-1] if len(words) > 1 else words[0]
    if shown:
        verb = _("publiés") if plural else _("publié")
    else:
        verb = _("retirés du public") if plural else _("retiré du public")
    return _("%(what)s de la partie %(round)s %(verb)s") % {
        "what": listed,
        "round": number,
        "verb": verb,
    }


def _round_visibility(event: AuditEvent, names: Names) -> str:
    before, after = _state(event.before), _state(event.after)
    shown = [(n, p) for key, n, p in _SHOWN if after.get(key) and not before.get(key)]
    hidden = [(n, p) for key, n, p in _SHOWN if before.get(key) and not after.get(key)]
    number = _round_number(event, names)
    groups = ((shown, True), (hidden, False))
    parts = [_shown_part(group, flag, number) for group, flag in groups if group]
    if not parts:
        return _done(event, _("Publication de la partie %(round)s inchangée") % {"round": number})
    text = " ; ".join(parts)
    return _done(event, text[0].upper() + text[1:])


def _round_close(event: AuditEvent, names: Names) -> str:
    causes = {
        "next_round": _("à la publication de la suivante"),
        "contest_finished": _("à la clôture du concours"),
    }
    text = _("Partie %(round)s close") % {"round": _round_number(event, names)}
    cause = causes.get(_state(event.after).get("cause", ""))
    return _done(event, f"{text} {cause}" if cause else text)


def _round_reopen(event: AuditEvent, names: Names) -> str:
    text = _("Partie %(round)s rouverte") % {"round": _round_number(event, names)}
    return _done(event, text + _reason(event))


def _deal_text(message: str) -> Builder:
    """A builder for a deal's sentence ("Donne 4 de la table 7 (partie 2) corrigée")."""

    def build(event: AuditEvent, names: Names) -> str:
        text = _(message) % {"deal": _get(event, "number") or "?", "table": _table(event, names)}
        return _done(event, text + _reason(event))

    return build


def _sheet_text(message: str) -> Builder:
    """A builder for a score sheet's sentence ("Feuille de la table 7 (partie 2) confirmée")."""

    def build(event: AuditEvent, names: Names) -> str:
        return _done(event, _(message) % {"table": _table(event, names)} + _reason(event))

    return build


def _sheet_dispute(event: AuditEvent, names: Names) -> str:
    text = _("Feuille %(table)s contestée") % {"table": _table(event, names)}
    note = _state(event.after).get("note")
    if note:
        text += " " + _("(« %(note)s »)") % {"note": note}
    return _done(event, text)


def _sheet_totals(event: AuditEvent, names: Names) -> str:
    after = _state(event.after)
    text = _("Totaux %(table)s saisis") % {"table": _table(event, names)}
    if "total_a" in after and "total_b" in after:
        text += f" ({after['total_a']} – {after['total_b']})"
    return _done(event, text + _reason(event))


def _clock(event: AuditEvent, names: Names) -> str:
    """A partie's clock: its duration, start, pause, restart, extension (services.clock)."""
    after = _state(event.after)
    number = _round_number(event, names)
    left = after.get("remaining")
    left_text = f"{left // 60:02d}:{left % 60:02d}" if isinstance(left, int) else "?"
    match event.action:
        case "round.clock_duration" if after.get("clock_minutes"):
            text = _("Durée de la partie %(round)s fixée à %(m)s minutes")
        case "round.clock_duration":
            text = _("Partie %(round)s sans chrono")
        case "round.clock_start":
            text = _("Chrono de la partie %(round)s lancé (%(m)s minutes)")
        case "round.clock_pause":
            text = _("Chrono de la partie %(round)s mis en pause (%(left)s restantes)")
        case "round.clock_resume":
            text = _("Chrono de la partie %(round)s relancé (%(left)s restantes)")
        case _:
            text = _("Partie %(round)s prolongée de %(added)s minutes")
    values = {
        "round": number,
        "m": after.get("clock_minutes"),
        "left": left_text,
        "added": after.get("added", "?"),
    }
    return _done(event, text % values)


def _round_format(event: AuditEvent, names: Names) -> str:
    from tournaments.forms_format import overrides_text

    overrides = _state(event.after).get("rules_overrides")
    text = _("Format de la partie %(round)s : %(format)s") % {
        "round": _round_number(event, names),
        "format": overrides_text(overrides if isinstance(overrides, dict) else {}),
    }
    return _done(event, text)


def _sheet_time_up(event: AuditEvent, names: Names) -> str:
    after = _state(event.after)
    values = {"table": _table(event, names), "n": after.get("deals", "?")}
    if after.get("finished"):
        text = _("Temps écoulé %(table)s après %(n)s donnes : partie arrêtée au score atteint")
    else:
        text = _("Temps écoulé %(table)s après %(n)s donnes : encore %(more)s donne(s)")
        values["more"] = after.get("more_deals", "?")
    return _done(event, text % values)


def _player_merge(event: AuditEvent, names: Names) -> str:
    # target_repr is "Duplicate → Kept", written by the merge service with both full names.
    text = _("Joueurs fusionnés : %(who)s") % {"who": event.target_repr or "—"}
    return _done(event, text)


def _plan(message: str) -> Builder:
    """A change of a running contest's plan (``services.plan_rounds``, ``latecomers``,
    ``table_moves``): ``message`` filled from the event's state, then its reason."""

    def build(event: AuditEvent, names: Names) -> str:
        before, after = _state(event.before), _state(event.after)
        values = {"round": _round_number(event, names), "old": "?", **after}
        values["old"] = before.get("rounds_count", before.get("table", "?"))
        if isinstance(after.get("tables"), list) and len(after["tables"]) == 2:
            values["first"], values["second"] = after["tables"]
        if "team_number" in after:
            values["team"] = team_name(after["team_number"], after.get("team_label", ""))
            opponent = team_name(after.get("opponent_number", "?"), after.get("opponent_label", ""))
            how = (
                _("à la place de l'exempt, face à %(team)s")
                if after.get("against") == "bye"
                else _("face à %(team)s, qui attendait")
            )
            values["how"] = how % {"team": opponent}
        try:
            text = _(message) % values
        except (KeyError, TypeError, ValueError):  # an event written by an older version
            text = str(event.target_repr)
        return _done(event, text + _reason(event))

    return build


def _solo_text(message: str) -> Builder:
    """A builder for a solo player's sentence ("Jean Martin (n° 3) pointé(e) présent(e)")."""

    def build(event: AuditEvent, names: Names) -> str:
        who = event.target_repr.split(". ", 1)[-1] or "—"
        return _done(event, _(message) % {"player": who, "seed": _get(event, "seed", "?")})

    return build


def _solo_flag(yes: str, no: str, flag: str) -> Builder:
    """A solo player's flag set or unset ("Jean Martin pointé(e) présent(e)")."""

    def build(event: AuditEvent, names: Names) -> str:
        who = event.target_repr.split(". ", 1)[-1] or "—"
        message = yes if _state(event.after).get(flag) else no
        return _done(event, _(message) % {"player": who})

    return build


BUILDERS: dict[str, Builder] = {
    "contest.create": _contest_create,
    "contest.update": _contest_update,
    "contest.finish": _contest_finish,
    "entry.create": _entry_create,
    "entry.update": _entry_update,
    "entry.paid": _entry_paid,
    "entry.checked_in": _entry_checked_in,
    "entry.withdraw": _entry_withdraw,
    "entry.reinstate": _entry_reinstate,
    "entry.replace": _entry_replace,
    "entry.delete": _entry_delete,
    "round.generate": _round_text(gettext_noop("Tirage de la partie %(round)s fait")),
    "round.generate_forced": _round_generate_forced,
    "round.redraw": _round_text(gettext_noop("Partie %(round)s tirée à nouveau")),
    "round.swap": _round_edit,
    "round.move": _round_edit,
    "round.undo": _round_undo,
    "round.publish": _round_text(gettext_noop("Tirage de la partie %(round)s publié")),
    "round.visibility": _round_visibility,
    "round.delete": _round_text(gettext_noop("Partie %(round)s supprimée")),
    "round.close": _round_close,
    "round.reopen": _round_reopen,
    "deal.record": _deal_text(gettext_noop("Donne %(deal)s %(table)s saisie")),
    "deal.correct": _deal_text(gettext_noop("Donne %(deal)s %(table)s corrigée")),
    "deal.delete": _deal_text(gettext_noop("Donne %(deal)s %(table)s supprimée")),
    "sheet.totals": _sheet_totals,
    "sheet.confirm": _sheet_text(gettext_noop("Feuille %(table)s confirmée")),
    "sheet.dispute": _sheet_dispute,
    "sheet.reopen": _sheet_text(gettext_noop("Feuille %(table)s rouverte")),
    "sheet.forfeit": _sheet_text(gettext_noop("Forfait ou exempt marqué sur la feuille %(table)s")),
    "sheet.token": _sheet_text(gettext_noop("Lien %(table)s renouvelé")),
    "player.merge": _player_merge,
    "plan.rounds_count": _plan(
        gettext_noop("Le concours se jouera en %(rounds_count)s parties au lieu de %(old)s")
    ),
    "plan.latecomer": _plan(
        gettext_noop("%(team)s placée à la partie %(round)s, table %(table)s, %(how)s")
    ),
    "plan.table_move": _plan(
        gettext_noop(
            "Partie %(round)s : le match de la table %(old)s (%(teams)s) déplacé à la table "
            "%(table)s"
        )
    ),
    "plan.table_swap": _plan(
        gettext_noop(
            "Partie %(round)s : les tables %(first)s et %(second)s échangent leurs numéros"
        )
    ),
    "sheet.bye_cancelled": _sheet_text(
        gettext_noop("Exempt annulé sur la feuille %(table)s : un retardataire y joue")
    ),
    "round.format": _round_format,
    "round.clock_duration": _clock,
    "round.clock_start": _clock,
    "round.clock_pause": _clock,
    "round.clock_resume": _clock,
    "round.clock_extend": _clock,
    "sheet.time_up": _sheet_time_up,
    "solo.create": _solo_text(gettext_noop("%(player)s inscrit(e) seul(e)")),
    "solo.paid": _solo_flag(
        gettext_noop("%(player)s a payé"), gettext_noop("%(player)s n'a pas payé"), "paid"
    ),
    "solo.checked_in": _solo_flag(
        gettext_noop("%(player)s pointé(e) présent(e)"),
        gettext_noop("%(player)s marqué(e) absent(e)"),
        "checked_in",
    ),
    "solo.is_volunteer": _solo_flag(
        gettext_noop("%(player)s désigné(e) bénévole"),
        gettext_noop("%(player)s n'est plus bénévole"),
        "is_volunteer",
    ),
    "solo.withdraw": _solo_text(gettext_noop("%(player)s retiré(e) des parties suivantes")),
    "solo.reinstate": _solo_text(gettext_noop("%(player)s réintégré(e)")),
    "solo.delete": _solo_text(gettext_noop("%(player)s supprimé(e) des joueurs seuls")),
    "solo.pair": _solo_text(gettext_noop("Équipe %(player)s formée de deux joueurs seuls")),
    "solo.volunteer": _solo_text(gettext_noop("Équipe %(player)s formée avec un bénévole")),
    "solo.unpair": _solo_text(gettext_noop("Équipe %(player)s de joueurs seuls défaite")),
    "solo.pair_draw": _solo_text(
        gettext_noop("Équipes des joueurs seuls tirées au sort (graine %(seed)s)")
    ),
}
BUILDERS.update(journal_seasons.builders(_done))  # the season.* actions


def generic(event: AuditEvent, names: Names) -> str:
    """An action without a builder: its label, what it is about, and the fields it changed."""
    from tournaments.audit import action_label

    text = action_label(event.action)
    if event.target_repr:
        text += f" ({event.target_repr})"
    return _with_changes(event, text)


# The phases' events name what they are about in target_repr ("Poules → Tableau principal").
BUILDERS["phases.plan"] = BUILDERS["phase.start"] = generic


def sentence(event: AuditEvent, names: Names | None = None) -> str:
    names = names if names is not None else Names.for_events([event])
    return BUILDERS.get(event.action, generic)(event, names)


def sentences(events: Iterable[AuditEvent]) -> list[tuple[AuditEvent, str]]:
    events = list(events)
    names = Names.for_events(events)
    return [(event, sentence(event, names)) for event in events]


__all__ = ["BUILDERS", "Names", "changes", "french_time", "sentence", "sentences"]
