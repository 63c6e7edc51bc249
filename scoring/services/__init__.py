"""Every write to score sheets, one module per use case; this package re-exports them.

``sheets`` (creation, a round's sheets, a new link), ``byes`` (byes and forfeits), ``deals``
(record, delete the last), ``penalties``, ``corrections``, ``confirmation`` (confirm, dispute,
reopen), ``totals`` (paper sheets as two totals), ``common`` (lock, version, log, signal) and
``errors`` (the refusals), ``tie_winner`` (the team named through after a knockout's level
game). Each write runs in one transaction that locks the sheet row, checks
the sheet's rule for the acting role (``ScoreSheet.allows``) and the form's version, re-scores
with the engine, stores facts and results, keeps the history and sends
``scoring.signals.results_changed`` when a contest's results change.

Callers (views, standings, publishing, commands) use ``from scoring import services`` and
plain values; nothing here renders or reads a request.
"""

from scoring.services.byes import (
    credit_bye,
    game_value,
    policy_points,
    score_bye_or_forfeit,
    score_forfeit,
)
from scoring.services.common import game_state, rules_of, snapshot, state_before
from scoring.services.confirmation import confirm_sheet, dispute_sheet, reopen_sheet
from scoring.services.corrections import correct_deal
from scoring.services.deals import (
    deal_of_resent_form,
    delete_last_deal,
    find_deal,
    preview_deal,
    record_deal,
    record_deal_locked,
)
from scoring.services.errors import (
    DealRefused,
    NotAllowed,
    ServiceError,
    StaleSheet,
    TotalsInconsistent,
    Written,
)
from scoring.services.penalties import record_penalty
from scoring.services.sheets import ensure_round_sheets, regenerate_token, sheet_of_table
from scoring.services.tie_winner import name_tie_winner, tie_of
from scoring.services.time_up import (
    TimeCalled,
    call_time_at_table,
    call_time_for_round,
    call_time_on_sheet,
    time_called_of,
)
from scoring.services.totals import check_totals, describe_check, record_totals
from scoring.sheet_states import CLOSED_MESSAGES, REOPENABLE

__all__ = [
    "CLOSED_MESSAGES",
    "REOPENABLE",
    "DealRefused",
    "NotAllowed",
    "ServiceError",
    "StaleSheet",
    "TimeCalled",
    "TotalsInconsistent",
    "Written",
    "call_time_at_table",
    "call_time_for_round",
    "call_time_on_sheet",
    "check_totals",
    "confirm_sheet",
    "correct_deal",
    "credit_bye",
    "deal_of_resent_form",
    "delete_last_deal",
    "describe_check",
    "dispute_sheet",
    "ensure_round_sheets",
    "find_deal",
    "game_state",
    "game_value",
    "name_tie_winner",
    "policy_points",
    "preview_deal",
    "record_deal",
    "record_deal_locked",
    "record_penalty",
    "record_totals",
    "regenerate_token",
    "reopen_sheet",
    "rules_of",
    "score_bye_or_forfeit",
    "score_forfeit",
    "sheet_of_table",
    "snapshot",
    "state_before",
    "tie_of",
    "time_called_of",
]
