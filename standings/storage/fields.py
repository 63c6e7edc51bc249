"""A column for a list of same-shaped dicts, stored as JSON text of columns and values.

What it owns
------------
:class:`RowsField` stores a snapshot's ranked rows (hundreds or thousands of dicts with the
same keys). Written as ``{"columns": [...], "data": [[...], ...]}`` the JSON is about a third
the size of a list of objects, which is what Python encodes and the database compresses and
writes on every rebuild; read back, it is the same list of dicts. A list whose dicts do not
all have the same keys (or that is not a list of dicts) is stored as it is, and a plain list
read from an older row is returned unchanged, so nothing is ever lost in the packing.

Why text and not ``jsonb``: nothing ever queries inside the rows (readers load the whole
list), and parsing a quarter of a megabyte into ``jsonb`` was most of the upsert's time on
every rebuild (``docs/benchmarks.md``, the rebuild). Archives and fixtures see the rows as
JSON values, as with a ``JSONField``. The text is written and read with orjson: the same JSON
as the standard library's, encoded several times faster (a rebuild writes 250 kB of it).

What it must not do: change what callers see. Readers always get a list of dicts.
"""

from __future__ import annotations

from typing import Any

import orjson
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

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


class RowsField(models.Field):
    """A list of same-shaped dicts (any JSON value), packed as JSON text in the database."""

    description = _("lignes d’un classement (JSON)")

    def get_internal_type(self) -> str:
        return "TextField"

    def get_prep_value(self, value: Any) -> Any:
        if value is None:
            return None
        return orjson.dumps(pack(value)).decode()

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        return None if value is None else unpack(orjson.loads(value))

    def to_python(self, value: Any) -> Any:
        """A deserialized value (an archive's, a fixture's) is already the rows; text from a
        form or an older dump is parsed."""
        if not isinstance(value, str):
            return value
        try:
            return unpack(orjson.loads(value))
        except orjson.JSONDecodeError as exc:
            raise ValidationError(_("Ces lignes ne sont pas du JSON valide."), "invalid") from exc

    def value_to_string(self, obj: models.Model) -> Any:
        """What a serializer writes: the rows themselves (a JSON value, not their text)."""
        return self.value_from_object(obj)
