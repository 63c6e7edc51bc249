"""The standings service as the other apps call it: rebuild and reconcile
(``standings.rebuild``), and the readers (``standings.readers``).

One import for callers (``from standings import services as standings``); the code lives in
the two modules named above. Nothing here but the names.
"""

from __future__ import annotations

from standings.readers import (
    VISIBLE_ROUND_STATUSES,
    is_stale,
    live_snapshot,
    public_round_subquery,
    public_snapshot,
    public_snapshot_query,
    stale_states,
    valid_snapshots,
)
from standings.rebuild import (
    RebuildOutcome,
    compute_rows,
    entry_infos,
    rank_history,
    rebuild,
    reconcile,
)

# The fault drills and the broker test (tests/faults, tests/integration) import it by this name.
_entry_infos = entry_infos

__all__ = [
    "VISIBLE_ROUND_STATUSES",
    "RebuildOutcome",
    "compute_rows",
    "entry_infos",
    "is_stale",
    "live_snapshot",
    "public_round_subquery",
    "public_snapshot",
    "public_snapshot_query",
    "rank_history",
    "rebuild",
    "reconcile",
    "stale_states",
    "valid_snapshots",
]
