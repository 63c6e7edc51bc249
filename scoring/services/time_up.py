"""Time's up on a timed partie: each sheet in play learns when time was called.

When a partie's clock (``tournaments.services.rounds.clock``) runs out, every sheet being played on
the phones (open, entered deal by deal, at least one deal) stores the number of deals it held
then (``ScoreSheet.time_called_after``). From there the engine applies the contest's time's-up
rule (``time_up``): the game stops and is scored as it stands, or after the deal in play, or
after ``time_up_deals`` more deals (``common.with_time_called``, ``common.fold_deals``); the
deal that ends it is scored as the game's last (exactly, with ``last_deal_exact``).

The organiser may also call time at one table (a slow table, with or without a clock:
:func:`call_time_at_table`); the same rule then applies to that sheet alone.

Time is called for a sheet at the first of: the next deal arriving after the end
(``deals.record_deal_locked``, the table link's deal POST, through :func:`call_time_if_over`:
the deal arriving is the one that was in play), or any page that reads the partie after the
end (:func:`call_time_for_round`: the follow page, the table phones' pages and polling). Sheets without any deal at the end
(paper sheets, typed later by the organiser) are left alone: their end is the paper's.
Idempotent: a sheet's time is called once. What calling time left a sheet (called after which
deal, the deals still to play or the game over) is read once here, :func:`time_called_of`, for
the organiser's page and the table phone to word it each their own way. This module must not
render anything.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine.belote.rules import Ruleset
from scoring.models import ScoreSheet
from scoring.services.common import (
    bump,
    check_version,
    game_state,
    is_user,
    lock,
    notify,
    require,
    rules_of,
    set_game_fields,
)
from scoring.services.errors import ServiceError, Written, refuse
from scoring.sheet_states import Action, Kind, Role, Status
from tournaments import audit
from tournaments.models import Round, Table
from tournaments.services.rounds.clock import clock_of


def _in_play(sheet: ScoreSheet) -> bool:
    return (
        sheet.time_called_after is None
        and sheet.status == Status.OPEN
        and sheet.kind == Kind.DEALS
        and sheet.deal_count > 0
    )


def _call(sheet: ScoreSheet, user: Any = None) -> bool:
    """Call time on the locked sheet (inside a transaction); False if it was not in play.
    ``user``: the organiser who called it at the table (else the clock did)."""
    if not _in_play(sheet):
        return False
    try:
        rules = rules_of(sheet)
    except ServiceError:
        return False  # a broken ruleset is shown where the sheet is scored
    was_result = sheet.status != Status.OPEN
    sheet.time_called_after = sheet.deal_count
    state = game_state(rules, sheet)  # with the deals still to play, or over as it stands
    fields = ["time_called_after", *set_game_fields(sheet, state)]
    bump(sheet, fields)
    table = sheet.table
    # The clock called time, not the person whose request noticed it: "automatiquement".
    author = {"user": user} if is_user(user) else {"label": "système"}
    audit.record(
        table.round.contest_id,
        "sheet.time_up",
        sheet,
        after={
            "deals": sheet.deal_count,
            "rule": str(rules.time_up),
            "more_deals": state.deals_left,
            "finished": state.game_over,
        },
        target_repr=_("Partie %(round)s, table %(table)s")
        % {"round": table.round.number, "table": table.number},
        **author,
    )
    notify(sheet, was_result)
    return True


def call_time_on_sheet(
    sheet_id: int, table: Table | None = None, now: datetime.datetime | None = None
) -> bool:
    """Call time on one sheet whose partie's time is over; True if it was called now."""
    with transaction.atomic():
        return call_time_if_over(lock(sheet_id, table), now)


def call_time_if_over(sheet: ScoreSheet, now: datetime.datetime | None = None) -> bool:
    """Call time on a sheet locked by the caller (inside its transaction) if its partie's
    time is over; True if it was called now."""
    round_ = sheet.table.round
    # A closed partie's sheets change no more (``sheet_states``), not even by the clock.
    if round_.status != Round.Status.PUBLISHED or not clock_of(round_, now).over:
        return False
    return _call(sheet)


def call_time_at_table(
    sheet_id: int, *, version: int | None, user: Any = None, role: Role | str = Role.ORGANISER
) -> Written:
    """The organiser calls time at one table: its game ends by the contest's time's-up rule,
    from the deals entered so far (refused before the first deal, or when already called)."""
    with transaction.atomic():
        sheet = lock(sheet_id)
        require(sheet, Action.CALL_TIME, Role(role))
        check_version(sheet, version)
        if sheet.time_called_after is not None:
            raise refuse("time_already_called", _("Le temps est déjà appelé à cette table."))
        if sheet.deal_count == 0:
            raise refuse(
                "no_deal_yet",
                _(
                    "Aucune donne n'est encore saisie à cette table : le temps s'appelle "
                    "une fois le jeu commencé."
                ),
            )
        rules_of(sheet)  # a ruleset the engine refuses is said, not skipped
        _call(sheet, user)
        return Written(sheet, None)


def call_time_for_round(round_: Round, now: datetime.datetime | None = None) -> int:
    """Call time on every sheet of ``round_`` still in play once its clock is over.

    One query when nothing is to do (the pages that poll call it every few seconds)."""
    if round_.status != Round.Status.PUBLISHED or not clock_of(round_, now).over:
        return 0
    ids = list(
        ScoreSheet.objects.filter(
            table__round=round_,
            time_called_after__isnull=True,
            status=Status.OPEN,
            kind=Kind.DEALS,
            deal_count__gt=0,
        ).values_list("pk", flat=True)
    )
    return sum(1 for pk in ids if call_time_on_sheet(pk, now=now))


@dataclass(frozen=True)
class TimeCalled:
    """What calling time left a sheet: called when it held ``after`` deals, ``deals_left``
    still to play (0: the game is over)."""

    after: int
    deals_left: int

    @property
    def finished(self) -> bool:
        return self.deals_left == 0


def time_called_of(sheet: ScoreSheet, rules: Ruleset | None) -> TimeCalled | None:
    """What calling time left ``sheet`` under ``rules`` (None when its time was not called).

    A sheet no longer open, or whose rules could not be read (``rules`` None), has nothing
    left to play; an open one has the engine's deals left (``common.game_state``)."""
    called = sheet.time_called_after
    if called is None:
        return None
    if sheet.status != Status.OPEN or rules is None:
        return TimeCalled(called, 0)
    return TimeCalled(called, game_state(rules, sheet).deals_left or 0)


def time_up_refusal(sheet: ScoreSheet) -> ServiceError | None:
    """Why no deal may be added to a sheet whose game time's-up ended (else None)."""
    if sheet.time_called_after is None or sheet.status == Status.OPEN:
        return None
    return ServiceError(
        "time_up",
        _(
            "Le temps est écoulé et la partie est terminée selon la règle du concours "
            "(%(n)d donnes jouées) : cette donne n'est pas ajoutée."
        )
        % {"n": sheet.deal_count},
    )


__all__ = [
    "TimeCalled",
    "call_time_at_table",
    "call_time_for_round",
    "call_time_if_over",
    "call_time_on_sheet",
    "time_called_of",
    "time_up_refusal",
]
