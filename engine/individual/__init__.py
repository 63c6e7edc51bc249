"""Individual standings: mêlée contests and the players of a pairs contest, ranked one by one.

What this package owns
----------------------
Each player is credited with the result of the pair he played in at every partie he played
(points for and against, win/draw/loss, bye and forfeit with the contest's policies, barème
points), then ranked by the contest's method and the individual tie-breaks of
:data:`INDIVIDUAL_TIEBREAKS` (best first partie, wins, points conceded, the opponents'
Buchholz with partners left out...). A player replaced during the contest is credited only
for the parties he played: the input names, partie by partie, who played on each side
(:class:`PartieResult`; :func:`results_from_games` builds them for a fixed-pairs contest from
its team results and the journal's :class:`Lineup` changes). Details in docs/engine.md,
section "Individual standings and seasons".

What it must not do
-------------------
No Django, no storage, no sentences; lots are drawn once by the caller and passed in; errors
are :class:`IndividualError` with a code of :data:`INDIVIDUAL_ERROR_CODES`.

Modules: :mod:`.errors`, :mod:`.model` (values, :class:`IndividualConfig`), :mod:`.totals`
(per-player totals), :mod:`.credit` (checks and credits), :mod:`.metrics` (the registry),
:mod:`.fast` (the credits' fast path), :mod:`.rows` (:func:`compute_individual_standings`,
:func:`rank_totals`), :mod:`.lineups`.
"""

from __future__ import annotations

from engine.individual.errors import INDIVIDUAL_ERROR_CODES, IndividualError
from engine.individual.lineups import results_from_games
from engine.individual.metrics import INDIVIDUAL_TIEBREAKS, IndividualMetric
from engine.individual.model import (
    DEFAULT_TIEBREAKS,
    IndividualConfig,
    IndividualRow,
    Lineup,
    PartieResult,
    Side,
)
from engine.individual.rows import (
    RankedTotals,
    compute_individual_standings,
    rank_totals,
    shared_ranks,
)

__all__ = [
    "DEFAULT_TIEBREAKS",
    "INDIVIDUAL_ERROR_CODES",
    "INDIVIDUAL_TIEBREAKS",
    "IndividualConfig",
    "IndividualError",
    "IndividualMetric",
    "IndividualRow",
    "Lineup",
    "PartieResult",
    "RankedTotals",
    "Side",
    "compute_individual_standings",
    "rank_totals",
    "results_from_games",
    "shared_ranks",
]
