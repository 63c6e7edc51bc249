"""A season's standings as a tablib dataset (CSV, XLSX, ODS through
``publishing.exports.spreadsheets``, whose cells are safe: a name starting with ``=`` is never a
formula).

What it owns: the columns of the export, in French, from a stored ``SeasonSnapshot`` (one line
per player or pair, one column per contest of the season with the points it gave, in brackets
when dropped by best N of M). What it must not do: decide who may export.
"""

from __future__ import annotations

import tablib
from django.utils.translation import gettext as _

from seasons.models import SeasonSnapshot
from seasons.tables import shown_value

__all__ = ["season_dataset"]


def season_dataset(snapshot: SeasonSnapshot, title: str) -> tablib.Dataset:
    contests = list(snapshot.contests)
    headers = [
        _("Rang"),
        _("Joueur"),
        _("Club"),
        _("Points"),
        _("Concours"),
        _("Gagnées"),
        _("Score"),
    ]
    headers += [f"{c['date']} {c['name']}" for c in contests]
    data = tablib.Dataset(headers=headers, title=title[:31])
    for row in snapshot.rows:
        lines = {line["contest"]: line for line in row["lines"]}
        cells = [
            row["rank"] if row["rank"] is not None else _("hors classement"),
            " – ".join(row["names"]),
            " / ".join(dict.fromkeys(c for c in row["clubs"] if c)),
            shown_value(row["value"], snapshot.value_divisor),
            row["attended"],
            row["wins"],
            row["score"],
        ]
        for c in contests:
            line = lines.get(c["id"])
            if line is None:
                cells.append("")
            else:
                value = shown_value(line["value"], snapshot.value_divisor)
                cells.append(value if line["counted"] else f"({value})")
        data.append(cells)
    return data
