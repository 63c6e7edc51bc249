"""The players' ranking as an export dataset (CSV, XLSX, ODS through
``publishing.exports.spreadsheets``, which writes every name as text, never a formula).

One line per ranked player of a stored snapshot (``individual_rows``), French headers, the
individual tie-breaks that are not already a column. Must not choose what is public (the
public view gives the published snapshot, the organiser's export the live one).
"""

from __future__ import annotations

from typing import Any

import tablib
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from publishing.tables.individual import SAME_AS_COLUMN, tiebreak_label
from publishing.tables.standings import rank_label
from standings.models import StandingsSnapshot

PLAYER_COLUMNS: tuple[tuple[str, Any], ...] = (
    ("rank", gettext_lazy("Rang")),
    ("name", gettext_lazy("Joueur")),
    ("licence", gettext_lazy("Licence")),
    ("team", gettext_lazy("Équipe")),
    ("played", gettext_lazy("Jouées")),
    ("wins", gettext_lazy("Gagnées")),
    ("draws", gettext_lazy("Nulles")),
    ("losses", gettext_lazy("Perdues")),
    ("byes", gettext_lazy("Exempt")),
    ("points_for", gettext_lazy("Points")),
    ("points_against", gettext_lazy("Encaissés")),
    ("difference", gettext_lazy("Différence")),
    ("match_points", gettext_lazy("Points de match")),
    ("first_partie", gettext_lazy("1re partie")),
    ("parties", gettext_lazy("Parties jouées")),
)


def _cell(row: dict[str, Any], key: str) -> Any:
    if key == "rank":
        return rank_label(row)
    if key == "parties":
        return ", ".join(str(p) for p in row.get("parties", []))
    value = row.get(key)
    return "" if value is None else value


def players_dataset(snapshot: StandingsSnapshot) -> tablib.Dataset:
    """Every ranked player of the snapshot, best first (shared ranks as "3=")."""
    tiebreaks = list((snapshot.individual_config or {}).get("tiebreaks", []))
    keep = [i for i, name in enumerate(tiebreaks) if name not in SAME_AS_COLUMN]
    headers = [str(label) for _key, label in PLAYER_COLUMNS]
    headers += [tiebreak_label(tiebreaks[i]) for i in keep]
    data = tablib.Dataset(headers=headers, title=str(_("Classement individuel")))
    for row in snapshot.individual_rows:
        values = list(row.get("tiebreaks", []))
        data.append(
            [_cell(row, key) for key, _label in PLAYER_COLUMNS]
            + [values[i] if i < len(values) else "" for i in keep]
        )
    return data


__all__ = ["PLAYER_COLUMNS", "players_dataset"]
