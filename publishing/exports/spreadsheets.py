"""Files of a tablib dataset that are safe to open: CSV, XLSX and ODS.

What it owns: turning a dataset into the bytes of a file. CSV is UTF-8 with a byte-order mark
and ``;`` separators, as French spreadsheets expect. A name typed by anyone (a team, a player, a
club) may start with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, which Excel and
LibreOffice would read as a formula: in XLSX and ODS such a value is written as a text cell (the
text shown unchanged, never run); in CSV, which has no cell types, it gets a leading apostrophe,
the usual escape (OWASP "CSV injection").

What it must not do: choose the rows (``publishing.exports.contest`` does) or decide who may export.
"""

from __future__ import annotations

import io
import re
from typing import Any

import tablib
from openpyxl import Workbook
from openpyxl.styles import Font

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
}
FORMATS = tuple(CONTENT_TYPES)
CSV_DELIMITER = ";"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_SHEET_TITLE_FORBIDDEN = re.compile(r"[\\/*?:\[\]]")


def _csv_safe(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _csv(data: tablib.Dataset) -> bytes:
    safe = tablib.Dataset(headers=[_csv_safe(h) for h in data.headers or []])
    for row in data:
        safe.append([_csv_safe(v) for v in row])
    text: str = safe.export("csv", delimiter=CSV_DELIMITER)
    return text.encode("utf-8-sig")


def _xlsx(data: tablib.Dataset) -> bytes:
    """Headers in bold on a frozen first row; every string a text cell (never a formula)."""
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None  # a new workbook has one sheet
    sheet.title = _SHEET_TITLE_FORBIDDEN.sub("-", data.title or "Export")[:31]
    rows: list[list[Any]] = [list(data.headers)] if data.headers else []
    rows += [list(row) for row in data]
    for row in rows:
        sheet.append(row)
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # openpyxl makes "=..." a formula otherwise
    if data.headers:
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def render(data: tablib.Dataset, fmt: str) -> tuple[bytes, str]:
    """The file's bytes and content type; ``fmt`` is one of :data:`FORMATS`."""
    if fmt == "csv":
        return _csv(data), CONTENT_TYPES[fmt]
    if fmt == "xlsx":
        return _xlsx(data), CONTENT_TYPES[fmt]
    if fmt == "ods":  # tablib writes every string as an ODS string cell: never a formula
        content: bytes = data.export("ods")
        return content, CONTENT_TYPES[fmt]
    raise ValueError(f"unknown export format {fmt!r}")


__all__ = ["CONTENT_TYPES", "CSV_DELIMITER", "FORMATS", "FORMULA_STARTS", "render"]
