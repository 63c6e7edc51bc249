"""The contest log's sentences for the contest itself, its teams, its solo players and the
merge of two players (``contest.*``, ``entry.*``, ``solo.*``, ``player.merge``).

``BUILDERS`` maps each of these actions to its sentence builder;
``tournaments.journal.sentences`` merges it into the journal's. Reads nothing but the event;
never writes.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.journal.parts import (
    Builder,
    Names,
    done,
    get_value,
    reason_of,
    state_of,
    team_of,
    with_changes,
)
from tournaments.models import AuditEvent


def _contest_create(event: AuditEvent, names: Names) -> str:
    return done(event, _("Concours « %(name)s » créé") % {"name": get_value(event, "name", "")})


def _contest_update(event: AuditEvent, names: Names) -> str:
    return with_changes(event, _("Concours modifié"))


def _contest_finish(event: AuditEvent, names: Names) -> str:
    return done(event, _("Concours clos"))


def _entry_create(event: AuditEvent, names: Names) -> str:
    return done(event, _("%(team)s inscrite") % {"team": team_of(event, names)})


def _entry_update(event: AuditEvent, names: Names) -> str:
    return with_changes(event, _("%(team)s modifiée") % {"team": team_of(event, names)})


def _entry_paid(event: AuditEvent, names: Names) -> str:
    text = _("%(team)s a payé") if get_value(event, "paid") else _("%(team)s n'a plus payé")
    return done(event, text % {"team": team_of(event, names)})


def _entry_checked_in(event: AuditEvent, names: Names) -> str:
    text = _("%(team)s pointée") if get_value(event, "checked_in") else _("%(team)s dépointée")
    return done(event, text % {"team": team_of(event, names)})


def _entry_withdraw(event: AuditEvent, names: Names) -> str:
    after = state_of(event.after).get("withdrawn_after_round")
    # 0 is a withdrawal before the first partie; None only in an event written without it.
    if after == 0:
        text = _("%(team)s retirée avant la première partie")
    else:
        text = _("%(team)s retirée après la partie %(round)s")
    return done(event, text % {"team": team_of(event, names), "round": after or "?"})


def _entry_replace(event: AuditEvent, names: Names) -> str:
    # The names are those written by the service: the journal reads as it was that day.
    text = _(
        "%(incoming)s remplace %(outgoing)s dans l'équipe %(number)s à partir de la partie %(round)s"
    ) % {
        "incoming": get_value(event, "incoming") or "?",
        "outgoing": get_value(event, "outgoing") or "?",
        "number": get_value(event, "number") or "?",
        "round": get_value(event, "from_round") or "?",
    }
    return done(event, text + reason_of(event))


def _entry_reinstate(event: AuditEvent, names: Names) -> str:
    return done(event, _("%(team)s réintégrée") % {"team": team_of(event, names)})


def _entry_delete(event: AuditEvent, names: Names) -> str:
    return done(event, _("%(team)s supprimée") % {"team": team_of(event, names)})


def _player_merge(event: AuditEvent, names: Names) -> str:
    # target_repr is "Duplicate → Kept", written by the merge service with both full names.
    text = _("Joueurs fusionnés : %(who)s") % {"who": event.target_repr or "—"}
    return done(event, text)


def _solo_text(message: str) -> Builder:
    """A builder for a solo player's sentence ("Jean Martin (n° 3) pointé(e) présent(e)")."""

    def build(event: AuditEvent, names: Names) -> str:
        who = event.target_repr.split(". ", 1)[-1] or "—"
        return done(event, _(message) % {"player": who, "seed": get_value(event, "seed", "?")})

    return build


def _solo_flag(yes: str, no: str, flag: str) -> Builder:
    """A solo player's flag set or unset ("Jean Martin pointé(e) présent(e)")."""

    def build(event: AuditEvent, names: Names) -> str:
        who = event.target_repr.split(". ", 1)[-1] or "—"
        message = yes if state_of(event.after).get(flag) else no
        return done(event, _(message) % {"player": who})

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
    "player.merge": _player_merge,
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
