"""Adding a deal to a sheet, and removing its last deal.

:func:`record_deal` locks the sheet (:func:`record_deal_locked`: the caller did, with the table
link's lookup), recognises a re-sent form by its client id (the deal it already recorded is
answered again, nothing is added), refuses a form shown before another
write (:class:`StaleSheet`) or a deal the sheet's state does not take, re-scores the deal with
the engine (whatever a form previewed), then saves the sheet's new totals and inserts the deal.
On the table link's path (:func:`record_deal_locked`) a timed partie whose time ran out has its
time called first (``time_up.call_time_if_over``): the deal arriving was the one in play.
Deal numbers are given here, never by the client: two phones posting at once get deals n and
n + 1 in the order the lock was taken, or one of them is told the sheet changed. The phone that
enters a sheet's first deal is bound to the sheet (``entry_device``): it may not confirm it.

This module must not render anything nor read the request.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.belote.deal import DealScore
from engine.belote.game import GameState
from engine.belote.rules import Ruleset
from engine.errors import EngineError
from scoring import adapters
from scoring.adapters import DealFacts
from scoring.models import DealCorrection, DealRecord, ScoreSheet
from scoring.services import matches, time_up
from scoring.services.common import (
    account,
    back_in_play,
    bump,
    check_version,
    game_state,
    history,
    is_result,
    lock,
    log,
    notify,
    require,
    role_of,
    rules_of,
    set_game_fields,
    snapshot,
)
from scoring.services.errors import DealRefused, Written, refuse
from scoring.sheet_states import Action, Role


def find_deal(sheet: ScoreSheet, client_id: uuid.UUID | None) -> DealRecord | None:
    """The deal a form with this client id already recorded on the sheet, if any."""
    if client_id is None:
        return None
    # No ordering: (sheet, client_id) is unique.
    return DealRecord.objects.filter(sheet_id=sheet.pk, client_id=client_id).order_by().first()


def preview_deal(sheet: ScoreSheet, facts: DealFacts) -> tuple[DealScore, GameState]:
    """Score a deal as the next one of ``sheet`` without saving (raises ``DealRefused``)."""
    rules = rules_of(sheet)
    try:
        state = game_state(rules, sheet).apply(adapters.engine_deal(facts))
    except EngineError as exc:
        raise DealRefused(exc) from None
    return state.entries[-1].score, state


@dataclass(frozen=True)
class NewDeal:
    """What ``record_deal`` was asked to add, and by whom."""

    facts: DealFacts
    client_id: uuid.UUID | None
    user: Any
    device: str
    source: str
    role: Role


def record_deal(
    sheet_id: int,
    facts: DealFacts,
    *,
    version: int | None,
    client_id: uuid.UUID | None,
    user: Any = None,
    device: str = "",
    source: str = DealRecord.Source.TABLE,
    role: Role | str | None = None,
) -> Written:
    """Add the next deal (or a penalty) to an open sheet, locking it here.

    A form re-sent with the same ``client_id`` gets the deal it already recorded
    (``created=False``), whatever the sheet's version or state now. ``role``: the table link
    by default, or the member's role for a deal entered on the organiser's page. Time is not
    called here: the table link's deal POST goes through :func:`record_deal_locked`, which
    calls it; the organiser's page and the scripts type deals as they were played.
    """
    acting = role_of(role, source == DealRecord.Source.ORGANISER)
    entry = NewDeal(facts, client_id, user, device[:64], source, acting)
    try:
        with transaction.atomic():
            return _record_locked(lock(sheet_id), version, entry)
    except IntegrityError:
        # The unique (sheet, client_id) backstop: the same form won a race against itself.
        written = deal_of_resent_form(sheet_id, client_id)
        if written is None:
            raise
        return written


def record_deal_locked(
    sheet: ScoreSheet,
    facts: DealFacts,
    *,
    version: int | None,
    client_id: uuid.UUID | None,
    device: str = "",
) -> Written:
    """Add the next deal from a table link to ``sheet``, whose row the caller locked in its
    transaction: ``access.sheet_for_link(lock=True)`` inside ``transaction.atomic``, one query
    that checks the link and takes the lock (the table link's deal POST).

    The same checks and writes as :func:`record_deal`; a timed partie whose time ran out has
    its time called first, under the same lock (the caller commits that even if the deal is
    then refused). The unique (sheet, client_id) backstop's ``IntegrityError`` leaves the
    caller's transaction unusable: the caller answers it, once out of its transaction, with
    :func:`deal_of_resent_form`.
    """
    if not transaction.get_connection().in_atomic_block:
        raise TransactionManagementError("record_deal_locked needs the caller's transaction.")
    entry = NewDeal(facts, client_id, None, device[:64], DealRecord.Source.TABLE, Role.TABLE)
    # A timed partie whose time ran out: this sheet learns it before its next deal (the deal
    # arriving was the one in play). That write moves the sheet's version on by one: a form
    # current before it still is.
    if time_up.call_time_if_over(sheet) and version is not None:
        version += 1
    return _record_locked(sheet, version, entry)


def deal_of_resent_form(sheet_id: int, client_id: uuid.UUID | None) -> Written | None:
    """The deal a form with ``client_id`` recorded, once the unique (sheet, client_id)
    constraint refused to record it again (the same form won a race against itself), with
    the sheet as it is now; None if there is none (the IntegrityError was another one)."""
    sheet = ScoreSheet.objects.get(pk=sheet_id)
    existing = find_deal(sheet, client_id)
    if existing is None:
        return None
    return Written(sheet, existing, created=False)


def _record_locked(sheet: ScoreSheet, version: int | None, entry: NewDeal) -> Written:
    """The one write of a new deal, on the sheet locked by the caller's transaction."""
    # A form shown with the current version cannot have recorded its deal yet (that deal
    # would have moved the version on); the unique (sheet, client_id) constraint backs this.
    if version is None or version != sheet.version:
        existing = find_deal(sheet, entry.client_id)
        if existing is not None:
            return Written(sheet, existing, created=False)
    _check_removed(sheet, entry.client_id)
    ended = time_up.time_up_refusal(sheet)
    if ended is not None:
        raise ended
    require(sheet, Action.ENTER_DEAL if not entry.facts.is_penalty else Action.PENALTY, entry.role)
    check_version(sheet, version)
    deal, fields = _score_next_deal(sheet, entry)
    bump(sheet, fields)
    deal.save(force_insert=True)
    log(
        sheet,
        "deal.record",
        after=snapshot(deal),
        user=entry.user,
        device=entry.device,
        target=deal,
    )
    notify(sheet, was_result=False)
    return Written(sheet, deal)


def _score_next_deal(sheet: ScoreSheet, entry: NewDeal) -> tuple[DealRecord, list[str]]:
    """The engine's score of the next deal, as a DealRecord to insert, and the sheet's new game
    state set on ``sheet`` (the names of the fields it changed)."""
    rules = rules_of(sheet)
    try:
        state = game_state(rules, sheet).apply(adapters.engine_deal(entry.facts))
    except EngineError as exc:
        raise DealRefused(exc) from None
    deal = DealRecord(
        sheet=sheet,
        number=sheet.deal_count + 1,
        # Read before the sheet takes this deal: a deal that ends a game belongs to it.
        game=matches.next_game(sheet),
        **entry.facts.record_fields(),
        **adapters.scored_fields(state.entries[-1].score),
        running_a=state.total_a,
        running_b=state.total_b,
        client_id=entry.client_id,
        source=entry.source,
        entered_by=account(entry.user),
        device=entry.device,
    )
    fields = set_game_fields(sheet, state)
    if sheet.started_at is None:
        sheet.started_at = timezone.now()
        fields.append("started_at")
    if entry.role == Role.TABLE and entry.device and not sheet.entry_device:
        sheet.entry_device = entry.device
        fields.append("entry_device")
    return deal, fields


def _check_removed(sheet: ScoreSheet, client_id: uuid.UUID | None) -> None:
    """A re-sent form whose deal was since removed must not add it back."""
    if client_id is None or sheet.version == sheet.deal_count:
        # Every write bumps the version and each deal adds one: nothing was ever removed.
        return
    if DealCorrection.objects.filter(
        sheet=sheet, action=DealCorrection.Action.DELETED, before__client_id=str(client_id)
    ).exists():
        raise refuse(
            "deal_removed",
            _(
                "Cette donne avait été enregistrée puis supprimée : elle n'est pas ajoutée à nouveau."
            ),
        )


def correction_done(sheet: ScoreSheet, client_id: uuid.UUID | None) -> bool:
    """A correction or removal form with this client id was already applied."""
    return (
        client_id is not None
        and DealCorrection.objects.filter(sheet=sheet, client_id=client_id).exists()
    )


def delete_last_deal(
    sheet_id: int,
    *,
    version: int | None,
    client_id: uuid.UUID | None,
    user: Any = None,
    device: str = "",
    reason: str = "",
    organiser: bool = False,
    role: Role | str | None = None,
) -> Written:
    """Remove the sheet's last deal; the history keeps it. The game is back in play."""
    acting = role_of(role, organiser)
    with transaction.atomic():
        sheet = lock(sheet_id)
        if correction_done(sheet, client_id):
            return Written(sheet, None, created=False)
        require(sheet, Action.DELETE_LAST, acting)
        check_version(sheet, version)
        try:
            rules: Ruleset | None = rules_of(sheet)
        except DealRefused:
            rules = None  # broken rules: the last deal can still go, as a one-game sheet
        if rules is not None and matches.is_match(rules):
            return _delete_in_match(sheet, rules, client_id, user, device, reason)
        last_two = list(sheet.deals.order_by("-number")[:2])
        if not last_two:
            raise refuse("no_deal", _("Il n'y a aucune donne à supprimer."))
        last = last_two[0]
        previous = last_two[1] if len(last_two) > 1 else None
        was_result = is_result(sheet.status)
        before = snapshot(last)
        last.delete()
        sheet.total_a = previous.running_a if previous else 0
        sheet.total_b = previous.running_b if previous else 0
        sheet.reserve = previous.carry_out if previous else 0
        sheet.deal_count = previous.number if previous else 0
        sheet.winner = ScoreSheet.Winner.NONE
        fields = ["total_a", "total_b", "reserve", "deal_count", "winner"]
        if is_result(sheet.status):
            fields += back_in_play(sheet)
        bump(sheet, fields)
        _removed(sheet, before, was_result, client_id, user, device, reason)
        return Written(sheet, None)


def _delete_in_match(
    sheet: ScoreSheet,
    rules: Ruleset,
    client_id: uuid.UUID | None,
    user: Any,
    device: str,
    reason: str,
) -> Written:
    """Remove the last deal of a match: the match is the replay of the deals before it (a
    removal that reopens a finished game takes the match back into that game)."""
    records = list(sheet.deals.order_by("number"))
    if not records:
        raise refuse("no_deal", _("Il n'y a aucune donne à supprimer."))
    last = records.pop()
    result = matches.replay(rules, records, [adapters.facts_of(r) for r in records])
    was_result = is_result(sheet.status)
    before = snapshot(last)
    last.delete()
    sheet.games = result.earlier
    bump(sheet, set_game_fields(sheet, result.last))
    _removed(sheet, before, was_result, client_id, user, device, reason)
    return Written(sheet, None)


def _removed(
    sheet: ScoreSheet,
    before: dict[str, Any],
    was_result: bool,
    client_id: uuid.UUID | None,
    user: Any,
    device: str,
    reason: str,
) -> None:
    """The history and the signal of a removed deal."""
    history(
        sheet=sheet,
        deal_number=before["number"],
        action=DealCorrection.Action.DELETED,
        before=before,
        after={},
        reason=reason[:300],
        client_id=client_id,
        by=account(user),
        device=device[:64],
    )
    notify(sheet, was_result)
