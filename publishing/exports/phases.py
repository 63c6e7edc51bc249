"""The exports' columns of a contest in phases: for each match, its phase, its pool or
bracket, and its stage (quarts de finale…). A contest without phases gets no column.

It must not choose the rows (``publishing.exports.contest`` does) nor show anything not asked for.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Contest, Table
from tournaments.phases.display import match_labels
from tournaments.services.phases.read import read_phases


def phase_labels(contest: Contest) -> dict[tuple[int, int, int], tuple[str, str, str]] | None:
    """Where each match of a contest in phases sits, ``None`` for a contest without phases."""
    view = read_phases(contest)
    return match_labels(view) if view is not None else None


def where_columns(
    phases: dict[tuple[int, int, int], tuple[str, str, str]] | None, table: Table
) -> list[str]:
    if phases is None:
        return []
    if table.entry_b_id is None:
        return [str(table.round.phase or ""), "", str(_("exempt"))]
    return list(phases.get((table.round.number, table.entry_a_id, table.entry_b_id), ("", "", "")))
