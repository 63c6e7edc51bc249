"""Pairing a round of a contest: plain entrants and history in, tables and a "why" report out.

Who plays whom in one round ("partie") of a contest, on which numbered table, who sits out (the
bye, "exempt"), and a structured report saying why. Three methods (:class:`PairingMethod`):
``random`` (a seeded draw that still avoids rematches), ``ranking`` (leaders on table 1, each
team as close as possible to its ranking neighbour, no rematch whenever one can be avoided) and
``round_robin`` (the circle method). The rules, costs, strategies and report items are
described in docs/engine.md, section "Pairing".

It never imports Django or any app and never computes standings, bye scores or sentences: the
caller ranks the teams (rank 1 = leader), passes the teams active in the round
(:func:`active_entrants` helps), stores the returned seed and tables, and translates report
codes (:class:`ReportCode`) and error codes (:data:`PAIRING_ERROR_CODES`) into French.

Modules: :mod:`.model` (values in and out), :mod:`.ranking` (the field's order), :mod:`.bye`,
:mod:`.cost` (what a table costs), :mod:`.matching` (blossom), :mod:`.exact`, :mod:`.zones`,
:mod:`.greedy` (the search and its fallback), :mod:`.round_robin`, :mod:`.report` (the "why"),
:mod:`.roster` (late entries and withdrawals), :mod:`.pair` (:func:`pair_round`).
"""

from __future__ import annotations

from engine.pairing.errors import PAIRING_ERROR_CODES, PairingError
from engine.pairing.model import (
    ByeReason,
    Entrant,
    EntryRecord,
    ForcedReason,
    History,
    PairingMethod,
    PairingReport,
    PairingRequest,
    PairingResult,
    ReportCode,
    ReportItem,
    Roster,
    Strategy,
    TablePairing,
)
from engine.pairing.pair import pair_round
from engine.pairing.roster import active_entrants
from engine.pairing.round_robin import max_round_robin_rounds

__all__ = [
    "PAIRING_ERROR_CODES",
    "ByeReason",
    "Entrant",
    "EntryRecord",
    "ForcedReason",
    "History",
    "PairingError",
    "PairingMethod",
    "PairingReport",
    "PairingRequest",
    "PairingResult",
    "ReportCode",
    "ReportItem",
    "Roster",
    "Strategy",
    "TablePairing",
    "active_entrants",
    "max_round_robin_rounds",
    "pair_round",
]
