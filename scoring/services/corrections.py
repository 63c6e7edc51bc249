"""Correcting a deal after the fact: new facts, the game re-scored from that deal on.

At the table only the last deal may be corrected; a club member may correct any deal; whether
the sheet's state allows it at all is the sheet's rule (``ScoreSheet.allows``). The history
keeps the deal before and after. This module must not render anything nor read the request.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.belote.game import GameState
from engine.belote.rules import Ruleset
from engine.errors import EngineError
from scoring import adapters
from scoring.adapters import DealFacts
from scoring.models import DealCorrection, DealRecord
from scoring.services import matches
from scoring.services.common import (
    account,
    bump,
    check_version,
    history,
    is_result,
    lock,
    notify,
    require,
    role_of,
    rules_of,
    set_game_fields,
    snapshot,
    with_time_called,
)
from scoring.services.deals import correction_done
from scoring.services.errors import DealRefused, Written, refuse
from scoring.sheet_states import Action, Role


def _refold(
    rules: Ruleset,
    records: list[DealRecord],
    facts: list[DealFacts],
    called_after: int | None = None,
) -> GameState:
    """Score the whole game again with these facts, one deal after the other (time called,
    by the rules' ``time_up``, once ``called_after`` deals were played).

    Refuses a correction after which the game would have ended before its last deal.
    """
    state = GameState(rules)
    for index, f in enumerate(facts):
        if index == called_after and not state.game_over:
            state = state.call_time()
        if state.game_over:
            raise refuse(
                "ends_early",
                _(
                    "Avec cette correction, la partie se termine à la donne %(number)d : "
                    "supprimez d'abord les donnes suivantes."
                )
                % {"number": index},
            )
        try:
            state = state.apply(adapters.engine_deal(f))
        except EngineError as exc:
            refused = DealRefused(exc)
            refused.message = _("Donne %(number)d : %(message)s") % {
                "number": records[index].number,
                "message": refused.message,
            }
            raise refused from None
    return with_time_called(state, called_after, len(facts))


_FACT_FIELDS = [
    "kind",
    "penalty",
    "taker",
    "trump",
    "taker_points",
    "capot_team",
    "belote_team",
    "bid",
    "bid_kind",
    "contre",
    "announcements",
    "dealer_seat",
]
_SCORE_FIELDS = [
    "score_a",
    "score_b",
    "outcome",
    "contract_made",
    "carry_in",
    "carry_out",
    "breakdown",
    "running_a",
    "running_b",
]


def _store_refold(records: list[DealRecord], state: GameState, *, start: int) -> None:
    """Write the re-scored deals from index ``start`` on (one ``bulk_update``)."""
    to_save = []
    now = timezone.now()
    for record, entry in zip(records[start:], state.entries[start:], strict=True):
        for field, value in adapters.scored_fields(entry.score).items():
            setattr(record, field, value)
        record.running_a = entry.total_a
        record.running_b = entry.total_b
        record.updated_at = now
        to_save.append(record)
    if to_save:
        DealRecord.objects.bulk_update(to_save, [*_FACT_FIELDS, *_SCORE_FIELDS, "updated_at"])


def _target(records: list[DealRecord], number: int, role: Role, facts: DealFacts) -> DealRecord:
    """The deal to correct, if this role may correct it with these facts."""
    target = next((r for r in records if r.number == number), None)
    if target is None:
        raise refuse("no_such_deal", _("Cette donne n'existe pas sur la feuille."))
    if role == Role.TABLE and target.number != records[-1].number:
        raise refuse(
            "not_last_deal",
            _("Seule la dernière donne peut être corrigée à la table : demandez à l'organisateur."),
        )
    if facts.is_penalty != (target.kind == DealRecord.Kind.PENALTY):
        raise refuse("kind_change", _("Une donne ne peut pas devenir une pénalité, ni l'inverse."))
    return target


def correct_deal(
    sheet_id: int,
    number: int,
    facts: DealFacts,
    *,
    version: int | None,
    client_id: uuid.UUID | None,
    user: Any = None,
    device: str = "",
    reason: str = "",
    organiser: bool = False,
    role: Role | str | None = None,
) -> Written:
    """Replace the facts of deal ``number`` and re-score the game from it on."""
    acting = role_of(role, organiser)
    with transaction.atomic():
        sheet = lock(sheet_id)
        if correction_done(sheet, client_id):
            return Written(sheet, sheet.deals.filter(number=number).first(), created=False)
        require(sheet, Action.CORRECT, acting)
        check_version(sheet, version)
        records = list(sheet.deals.order_by("number"))
        target = _target(records, number, acting, facts)
        before = snapshot(target)
        was_result = is_result(sheet.status)
        all_facts = [facts if r.number == number else adapters.facts_of(r) for r in records]
        rules = rules_of(sheet)
        if matches.is_match(rules):
            # A match: every deal again, split into games by the engine (a corrected deal may
            # end a game earlier or later, and move the deals after it to another game).
            result = matches.replay(rules, records, all_facts)
            for field, value in facts.record_fields().items():
                setattr(target, field, value)
            matches.store_replay(
                records, result, start=records.index(target), fact_fields=_FACT_FIELDS
            )
            sheet.games = result.earlier
            state = result.last
        else:
            state = _refold(rules, records, all_facts, sheet.time_called_after)
            for field, value in facts.record_fields().items():
                setattr(target, field, value)
            _store_refold(records, state, start=records.index(target))
        bump(sheet, set_game_fields(sheet, state))
        target.refresh_from_db()
        history(
            sheet=sheet,
            deal_number=number,
            action=DealCorrection.Action.CORRECTED,
            before=before,
            after=snapshot(target),
            reason=reason[:300],
            client_id=client_id,
            by=account(user),
            device=device[:64],
        )
        notify(sheet, was_result)
        return Written(sheet, target)


__all__ = ["correct_deal"]
