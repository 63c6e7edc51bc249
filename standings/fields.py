"""A JSON column for a list of same-shaped dicts, stored as columns and values.

What it owns
------------
:class:`RowsField` stores a snapshot's ranked rows (hundreds or thousands of dicts with the
same keys). Written as ``{"columns": [...], "data": [[...], ...]}`` the JSON is about a third
the size of a list of objects, which is what the database parses (``jsonb``), compresses and
writes on every rebuild, and what Python encodes; read back, it is the same list of dicts.
A list whose dicts do not all have the same keys (or that is not a list of dicts) is stored as
it is, and a plain list read from an older row is returned unchanged, so no data migration
is needed and nothing is ever lost in the packing.

What it must not do: change what callers see. Readers always get a list of dicts.
"""

from __future__ import annotations

from typing import Any

from django.db import models

# The marker of a packed value: a dict with exactly these two keys (rows are always a list).
_COLUMNS, _DATA = "columns", "data"


def pack(rows: Any) -> Any:
    """``rows`` as columns and values when every item is a dict with the same keys."""
    if not isinstance(rows, list) or not rows or type(rows[0]) is not dict:
        return rows
    columns = tuple(rows[0])
    data = []
    for row in rows:
        if type(row) is not dict or tuple(row) != columns:
            return rows  # not all of one shape: stored as it is
        data.append(list(row.values()))
    return {_COLUMNS: list(columns), _DATA: data}


def unpack(value: Any) -> Any:
    """A packed value as the list of dicts it was; anything else unchanged."""
    if type(value) is dict and value.keys() == {_COLUMNS, _DATA}:
        columns = value[_COLUMNS]
        return [dict(zip(columns, values, strict=True)) for values in value[_DATA]]
    return value


class RowsField(models.JSONField):
    """A ``JSONField`` holding a list of same-shaped dicts, packed in the database."""

    def get_prep_value(self, value: Any) -> Any:
        return super().get_prep_value(pack(value))

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        return unpack(super().from_db_value(value, expression, connection))
