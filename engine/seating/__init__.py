"""Mêlée and tarot seating: players who come alone, seated anew at every partie.

What this package owns
----------------------
For partie N of a contest whose players register alone, given the players present (ids and an
optional ranking score), the history of the previous parties (who partnered whom, who faced
whom, who sat out), a seed and options, :func:`seat_partie` returns the tables and a "why"
report:

* belote mêlée (:attr:`Game.BELOTE`): tables of four as two pairs of partners;
* tarot (:attr:`Game.TAROT`): tables of four or five, no partners (as many fours as possible).

Goals, in this order (lexicographic tiers of one cost, :mod:`engine.seating.costs`): nobody
partners the same player twice while it can be avoided (guaranteed: checked exactly by a
matching, :mod:`engine.seating.partners`); repeated opponents as few as possible; then
repeated meetings at a table in any role; then, with ``similar_ranking``, players of close
scores together. Players sit out (``exempt``) when the count does not fill the tables; nobody
sits out ``k + 1`` times while a present player has sat out fewer than ``k`` times, the
choice among the eligible being part of the optimisation.

Solvers (:class:`Strategy`): ``plan`` (8 belote players, unchanged field: a whole schedule
searched ahead, so that every prefix meets the bound), ``exhaustive`` (tiny fields: every
seating compared), ``search`` (tabu local search, round by round). The same request and seed
always give the same tables: budgets count steps, never seconds.

What it must not do
-------------------
No Django, no sentences for people, no storage: the caller stores the seed and the tables
(:meth:`SeatingResult.as_past` gives the next partie's history entry), and translates the
report codes (:class:`ReportCode`, :class:`Constraint`, :class:`Verdict`) and error codes
(:data:`SEATING_ERROR_CODES`) into French.

Modules: :mod:`.model` (values), :mod:`.field` (validation, layout, exemptions, history
counts), :mod:`.costs`, :mod:`.search`, :mod:`.plan`, :mod:`.partners`, :mod:`.report`,
:mod:`.core` (:func:`seat_partie`), :mod:`.quality` (schedule metrics and bounds).
"""

from __future__ import annotations

from engine.seating.core import seat_partie
from engine.seating.field import layout
from engine.seating.model import (
    SEATING_ERROR_CODES,
    Constraint,
    ConstraintCheck,
    CostTerms,
    Game,
    PastPartie,
    Player,
    ReportCode,
    ReportItem,
    SeatingError,
    SeatingOptions,
    SeatingReport,
    SeatingRequest,
    SeatingResult,
    Strategy,
    Table,
    Verdict,
)
from engine.seating.quality import Quality, bounds, quality

__all__ = [
    "SEATING_ERROR_CODES",
    "Constraint",
    "ConstraintCheck",
    "CostTerms",
    "Game",
    "PastPartie",
    "Player",
    "Quality",
    "ReportCode",
    "ReportItem",
    "SeatingError",
    "SeatingOptions",
    "SeatingReport",
    "SeatingRequest",
    "SeatingResult",
    "Strategy",
    "Table",
    "Verdict",
    "bounds",
    "layout",
    "quality",
    "seat_partie",
]
