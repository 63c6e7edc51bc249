"""The contest log's sentences for the play: the parties (draw, publication, clock, format),
the deals and score sheets, and the changes of a running contest's plan (``round.*``,
``deal.*``, ``sheet.*``, ``plan.*``).

``BUILDERS`` maps each of these actions to its sentence builder;
``tournaments.journal.sentences`` merges it into the journal's. Reads nothing but the event;
never writes.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from tournaments.audit import action_label
from tournaments.journal.parts import (
    Builder,
    Names,
    done,
    get_value,
    reason_of,
    round_of,
    state_of,
    table_of,
    team_name,
)
from tournaments.models import AuditEvent, Phase
from tournaments.rules.format import overrides_text


def _round_text(message: str) -> Builder:
    """A builder for a sentence that only names the partie ("Partie 2 supprimée")."""

    def build(event: AuditEvent, names: Names) -> str:
        return done(event, _(message) % {"round": round_of(event, names)})

    return build


def _round_generate_forced(event: AuditEvent, names: Names) -> str:
    text = _("Partie %(round)s tirée avant la fin de la précédente") % {
        "round": round_of(event, names)
    }
    waiting = get_value(event, "tables")
    if waiting:
        text += " " + _("(en cours : %(tables)s)") % {"tables": waiting}
    return done(event, text + reason_of(event))


def _round_edit(event: AuditEvent, names: Names) -> str:
    text = _("Tirage de la partie %(round)s modifié") % {"round": round_of(event, names)}
    description = state_of(event.after).get("description")
    if description:
        text += f" ({description})"
    return done(event, text)


def _round_undo(event: AuditEvent, names: Names) -> str:
    text = _("Modification du tirage de la partie %(round)s annulée") % {
        "round": round_of(event, names)
    }
    undone = state_of(event.after).get("undone")
    if undone:
        text += f" ({undone})"
    return done(event, text)


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
    before, after = state_of(event.before), state_of(event.after)
    shown = [(n, p) for key, n, p in _SHOWN if after.get(key) and not before.get(key)]
    hidden = [(n, p) for key, n, p in _SHOWN if before.get(key) and not after.get(key)]
    number = round_of(event, names)
    groups = ((shown, True), (hidden, False))
    parts = [_shown_part(group, flag, number) for group, flag in groups if group]
    if not parts:
        return done(event, _("Publication de la partie %(round)s inchangée") % {"round": number})
    text = " ; ".join(parts)
    return done(event, text[0].upper() + text[1:])


def _round_close(event: AuditEvent, names: Names) -> str:
    causes = {
        "next_round": _("à la publication de la suivante"),
        "contest_finished": _("à la clôture du concours"),
    }
    text = _("Partie %(round)s close") % {"round": round_of(event, names)}
    cause = causes.get(state_of(event.after).get("cause", ""))
    return done(event, f"{text} {cause}" if cause else text)


def _round_reopen(event: AuditEvent, names: Names) -> str:
    text = _("Partie %(round)s rouverte") % {"round": round_of(event, names)}
    return done(event, text + reason_of(event))


def _deal_text(message: str) -> Builder:
    """A builder for a deal's sentence ("Donne 4 de la table 7 (partie 2) corrigée")."""

    def build(event: AuditEvent, names: Names) -> str:
        text = _(message) % {
            "deal": get_value(event, "number") or "?",
            "table": table_of(event, names),
        }
        return done(event, text + reason_of(event))

    return build


def _sheet_text(message: str) -> Builder:
    """A builder for a score sheet's sentence ("Feuille de la table 7 (partie 2) confirmée")."""

    def build(event: AuditEvent, names: Names) -> str:
        return done(event, _(message) % {"table": table_of(event, names)} + reason_of(event))

    return build


def _sheet_dispute(event: AuditEvent, names: Names) -> str:
    text = _("Feuille %(table)s contestée") % {"table": table_of(event, names)}
    note = state_of(event.after).get("note")
    if note:
        text += " " + _("(« %(note)s »)") % {"note": note}
    return done(event, text)


def _sheet_totals(event: AuditEvent, names: Names) -> str:
    after = state_of(event.after)
    text = _("Totaux %(table)s saisis") % {"table": table_of(event, names)}
    if "total_a" in after and "total_b" in after:
        text += f" ({after['total_a']} – {after['total_b']})"
    return done(event, text + reason_of(event))


def _sheet_tie_winner(event: AuditEvent, names: Names) -> str:
    """A knockout's level game settled: the team named through (``scoring.services.tie_winner``)."""
    after = state_of(event.after)
    team = team_name(after.get("team_number", "?"), str(after.get("team_label", "")))
    text = _("Égalité %(table)s : %(team)s désignée qualifiée") % {
        "table": table_of(event, names),
        "team": team,
    }
    return done(event, text + reason_of(event))


def _clock(event: AuditEvent, names: Names) -> str:
    """A partie's clock: its duration, start, pause, restart, extension (services.clock)."""
    after = state_of(event.after)
    number = round_of(event, names)
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
    return done(event, text % values)


def _round_format(event: AuditEvent, names: Names) -> str:
    overrides = state_of(event.after).get("rules_overrides")
    text = _("Format de la partie %(round)s : %(format)s") % {
        "round": round_of(event, names),
        "format": overrides_text(overrides if isinstance(overrides, dict) else {}),
    }
    return done(event, text)


def _sheet_time_up(event: AuditEvent, names: Names) -> str:
    after = state_of(event.after)
    values = {"table": table_of(event, names), "n": after.get("deals", "?")}
    if after.get("finished"):
        text = _("Temps écoulé %(table)s après %(n)s donnes : partie arrêtée au score atteint")
    else:
        text = _("Temps écoulé %(table)s après %(n)s donnes : encore %(more)s donne(s)")
        values["more"] = after.get("more_deals", "?")
    return done(event, text % values)


def _plan(message: str) -> Builder:
    """A change of a running contest's plan (``services.plan_rounds``, ``latecomers``,
    ``table_moves``): ``message`` filled from the event's state, then its reason."""

    def build(event: AuditEvent, names: Names) -> str:
        before, after = state_of(event.before), state_of(event.after)
        values = {"round": round_of(event, names), "old": "?", **after}
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
        return done(event, text + reason_of(event))

    return build


def _phase_title(facts: dict[str, Any]) -> str:
    """The organiser's name for the phase, else its kind ("poules (toutes rondes)")."""
    kinds = dict(Phase.Kind.choices)
    return str(facts.get("name") or kinds.get(facts.get("kind", ""), ""))


def _phase_start(event: AuditEvent, names: Names) -> str:
    """A phase's first partie drawn: its name, the partie and its teams, in the reader's
    language (events written before these facts were stored keep their French label)."""
    facts = state_of(event.after)
    if "teams" not in facts:
        return done(event, f"{action_label(event.action)} ({event.target_repr})")
    what = ngettext(
        "%(phase)s, partie %(n)s : %(count)s équipe",
        "%(phase)s, partie %(n)s : %(count)s équipes",
        facts["teams"],
    ) % {"phase": _phase_title(facts), "n": facts.get("partie", ""), "count": facts["teams"]}
    return done(event, f"{action_label(event.action)} ({what})")


BUILDERS: dict[str, Builder] = {
    "phase.start": _phase_start,
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
    "sheet.tie_winner": _sheet_tie_winner,
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
}
