"""The team standings of a stored snapshot as an export dataset (tablib), French headers.

:func:`standings_dataset` gives every team of a ``StandingsSnapshot`` (shared ranks as "3=")
with the contest's tie-breaks that are not already a column. Used by the organiser's exports
(``publishing.exports.contest``, which re-exports it) and the public export of the published
standings. Reads the snapshot only; never writes, never decides access.
"""

from __future__ import annotations

from typing import Any

import tablib
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from publishing.tables.standings import rank_label
from standings.models import StandingsSnapshot
from tournaments.messages.codes import TIEBREAK_LABELS

STANDINGS_COLUMNS: tuple[tuple[str, Any], ...] = (
    ("rank", gettext_lazy("Rang")),
    ("number", gettext_lazy("N°")),
    ("name", gettext_lazy("Équipe")),
    ("players", gettext_lazy("Joueurs")),
    ("played", gettext_lazy("Jouées")),
    ("wins", gettext_lazy("Gagnées")),
    ("draws", gettext_lazy("Nulles")),
    ("losses", gettext_lazy("Perdues")),
    ("byes", gettext_lazy("Exempt")),
    ("points_for", gettext_lazy("Points")),
    ("points_against", gettext_lazy("Encaissés")),
    ("difference", gettext_lazy("Différence")),
    ("match_points", gettext_lazy("Points de match")),
    ("best_game", gettext_lazy("Meilleure partie")),
)


def standings_dataset(snapshot: StandingsSnapshot) -> tablib.Dataset:
    """The rows of a stored snapshot (every team; ``Rang`` keeps shared ranks as "3=")."""
    # A tie-break that is one of the columns above (wins, points, difference…) gets no second
    # column: the same numbers twice would read as two different things.
    tiebreaks = list(snapshot.config.get("tiebreaks", []))
    columns = {key for key, _label in STANDINGS_COLUMNS}
    keep = [i for i, name in enumerate(tiebreaks) if name not in columns]
    headers = [str(label) for _key, label in STANDINGS_COLUMNS]
    headers += [str(TIEBREAK_LABELS.get(tiebreaks[i], tiebreaks[i])) for i in keep]
    data = tablib.Dataset(
        headers=headers,
        title=str(_("Classement")),
    )
    for row in snapshot.rows:
        line: list[Any] = [
            rank_label(row) if key == "rank" else row.get(key, "") for key, _l in STANDINGS_COLUMNS
        ]
        values = list(row.get("tiebreaks", []))
        line += [values[i] if i < len(values) else "" for i in keep]
        data.append(line)
    return data


__all__ = ["STANDINGS_COLUMNS", "standings_dataset"]
