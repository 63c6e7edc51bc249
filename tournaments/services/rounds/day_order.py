"""The day's order: no partie drawn by ranking while the previous ones are still being played.

Owns :func:`tables_waiting` (the tables of earlier parties whose sheets are not finished, or not
confirmed when the contest asks for it, from ``adapters.round_progress``), the refusal
:class:`DrawTooEarly` that names them, :func:`check_draw_order` (called by ``rounds.
generate_round`` inside its transaction) and :func:`set_draw_waits_for_confirmation` (the
contest's setting). A forced draw needs a reason, which goes to the contest's journal.
Must not import ``scoring`` (the sheets' progress comes through ``tournaments.adapters``).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.pairing import PairingMethod
from tournaments import adapters, audit
from tournaments.models import Contest, Round
from tournaments.ports import RoundProgress, TableProgress
from tournaments.services.base import ServiceError, change_field, clean, lock_contest


class DrawTooEarly(ServiceError):
    """Drawing by ranking now would rank unfinished tables: ``tables`` names them."""

    def __init__(self, message: str, tables: list[TableProgress]) -> None:
        super().__init__("round.previous_unfinished", message)
        self.tables = tables


def draws_by_ranking(contest: Contest, number: int) -> bool:
    return adapters.engine_method(contest, number) is PairingMethod.RANKING


def tables_waiting(
    contest: Contest, number: int, progress: Mapping[int, RoundProgress] | None = None
) -> list[TableProgress]:
    """Tables of the published parties before ``number`` whose result is not there yet:
    not finished (in play, contested, to verify), or not confirmed when the contest waits
    for confirmations. Byes and forfeits never wait."""
    published = set(
        contest.rounds.filter(number__lt=number)
        .exclude(status=Round.Status.DRAFT)
        .values_list("number", flat=True)
    )
    strict = contest.draw_waits_for_confirmation
    waiting: list[TableProgress] = []
    found = adapters.round_progress(contest) if progress is None else progress
    for round_number, counted in sorted(found.items()):
        if round_number not in published:
            continue
        for table in counted.waiting:
            if table.state in ("bye", "forfeit") or table.confirmed:
                continue
            if table.finished and not strict:
                continue
            waiting.append(table)
    return waiting


def describe(tables: list[TableProgress]) -> str:
    """ "partie 1 table 3 (en jeu, 7 donne(s)), …" for the refusal and the journal."""
    return ", ".join(
        _("partie %(round)s table %(table)s (%(state)s)")
        % {"round": t.round, "table": t.table, "state": t.label}
        for t in tables
    )


def check_draw_order(contest: Contest, number: int, force_reason: str = "") -> list[TableProgress]:
    """Refuse (``DrawTooEarly``) a draw by ranking while tables are waiting, unless forced
    with a reason; returns the tables a forced draw went past (empty when none)."""
    if not draws_by_ranking(contest, number):
        return []
    waiting = tables_waiting(contest, number)
    if not waiting or clean(force_reason):
        return waiting
    if contest.draw_waits_for_confirmation:
        intro = ngettext(
            "Partie %(number)s non tirée : le classement n'est pas définitif, "
            "%(count)s table n'a pas de feuille confirmée : %(tables)s.",
            "Partie %(number)s non tirée : le classement n'est pas définitif, "
            "%(count)s tables n'ont pas de feuille confirmée : %(tables)s.",
            len(waiting),
        )
    else:
        intro = ngettext(
            "Partie %(number)s non tirée : le classement n'est pas définitif, "
            "%(count)s table n'a pas fini : %(tables)s.",
            "Partie %(number)s non tirée : le classement n'est pas définitif, "
            "%(count)s tables n'ont pas fini : %(tables)s.",
            len(waiting),
        )
    message = intro % {"number": number, "count": len(waiting), "tables": describe(waiting)}
    raise DrawTooEarly(message, waiting)


def record_forced_draw(
    contest: Contest, round_: Round, waiting: list[TableProgress], reason: str
) -> None:
    """The journal keeps why a partie was drawn before the previous ones were over."""
    audit.record(
        contest,
        "round.generate_forced",
        round_,
        after={
            "reason": clean(reason)[:300],
            "tables": describe(waiting),
        },
    )


@transaction.atomic
def set_draw_waits_for_confirmation(contest: Contest, value: bool) -> Contest:
    """The contest's rule: the next draw waits for finished, or for confirmed, sheets."""
    locked = lock_contest(contest)
    change_field(locked, "contest.update", locked, "draw_waits_for_confirmation", bool(value))
    return locked


__all__ = [
    "DrawTooEarly",
    "check_draw_order",
    "describe",
    "draws_by_ranking",
    "record_forced_draw",
    "set_draw_waits_for_confirmation",
    "tables_waiting",
]
