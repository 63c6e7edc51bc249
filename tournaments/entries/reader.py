"""Reading an uploaded CSV file, shared by the imports of teams and of players who come alone.

What it owns
------------
The bytes of an upload turned into text and records: UTF-8 (with or without BOM) or
Windows-1252 / Latin-1 (what Excel writes in France), ``;``, ``,`` or tab separators, any line
ending (LF, CRLF, a lone CR), at most :data:`MAX_BYTES` bytes, the first non-blank line as the
header, whose names are matched accent- and case-insensitively to an importer's columns, and
the yes/no cells both imports share (paid, present: :data:`FLAG_COLUMNS`, :func:`yes_no`). Every
refusal of the file as a whole is a :class:`CsvImportError` with a French message, as is a
confirmation whose previewed lines are gone from the session (:func:`previewed_rows`).

What it must not do: know what a line means (``tournaments.entries.imports`` for teams,
``tournaments.solo.imports.preview`` for solo players), query the database or write anything.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.utils.translation import gettext as _

from tournaments.models import name_key

MAX_BYTES = 1_000_000
Row = TypeVar("Row")

# The yes/no columns of both imports: paid, and present on the day (checked in at the desk).
FLAG_COLUMNS: dict[str, tuple[str, ...]] = {
    "paid": ("paye", "payee", "paid", "reglement"),
    "checked_in": ("present", "presente", "pointe", "pointee", "checked in"),
}
TRUE = {"oui", "o", "x", "1", "vrai", "yes", "y", "true"}
FALSE = {"non", "n", "0", "faux", "no", "false", ""}


class CsvImportError(Exception):
    """The file as a whole cannot be read (size, encoding, header): ``message`` is French."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def decode(raw: bytes) -> tuple[str, str]:
    """The text of the file and the name of its encoding; :class:`CsvImportError` if unreadable."""
    if len(raw) > MAX_BYTES:
        raise CsvImportError(
            _("Le fichier est trop gros (%(size)s Ko) : 1 000 Ko au plus.")
            % {"size": len(raw) // 1000}
        )
    if not raw.strip():
        raise CsvImportError(_("Le fichier est vide."))
    if b"\x00" in raw:
        raise CsvImportError(
            _(
                "Ce fichier n'est pas un CSV en texte (tableur enregistré en .xlsx, ou UTF-16 ?). "
                "Enregistrez-le au format « CSV (séparateur : point-virgule) »."
            )
        )
    try:
        return raw.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError:
        raise CsvImportError(
            _(
                "L'encodage du fichier n'est pas reconnu. Enregistrez-le en « CSV UTF-8 » "
                "depuis votre tableur."
            )
        ) from None


def delimiter_of(header: str) -> str:
    """The separator the header line uses most (``;``, ``,`` or tab)."""
    counts = {d: header.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=lambda d: counts[d])
    if counts[best] == 0:
        raise CsvImportError(
            _("Aucun séparateur trouvé dans la ligne d'en-tête : utilisez « ; » ou « , ».")
        )
    return best


@dataclass(frozen=True)
class Table:
    """A file's header and its non-blank records below it, each with its line number."""

    delimiter: str
    header: list[str]
    records: list[tuple[int, list[str]]]


def read_table(text: str) -> Table:
    """The header (first non-blank record) and the non-blank records that follow it."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = delimiter_of(first)
    # newline="": \n, \r\n and a lone \r (old Mac spreadsheets) all end a line.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        records = list(reader)
    except csv.Error as exc:
        raise CsvImportError(
            _("Le fichier CSV est mal formé : %(error)s.") % {"error": exc}
        ) from exc
    numbered = [(n, r) for n, r in enumerate(records, start=1) if any(c.strip() for c in r)]
    if not numbered:
        return Table(delimiter=delimiter, header=[], records=[])
    return Table(delimiter=delimiter, header=numbered[0][1], records=numbered[1:])


def match_columns(header: list[str], columns: dict[str, tuple[str, ...]]) -> dict[str, int]:
    """Each known column's index in ``header`` (the first title matching one of its names,
    accents, case, spaces and underscores aside); missing columns are left out."""
    aliases = {name_key(alias): column for column, names in columns.items() for alias in names}
    found: dict[str, int] = {}
    for index, title in enumerate(header):
        column = aliases.get(name_key(title.replace("_", " ")))
        if column is None:
            column = aliases.get(name_key(title.replace("_", "")))
        if column is not None and column not in found:
            found[column] = index
    return found


def cell(record: list[str], index: int | None) -> str:
    """The cell at ``index`` with its spaces collapsed; ``""`` when the record is shorter."""
    if index is None or index >= len(record):
        return ""
    return " ".join(record[index].split())


def yes_no(value: str, line: int, label: str, errors: list[str]) -> bool:
    """A yes/no cell (« oui », « x », « 1 »…; empty is no); an unknown word adds a French
    error for ``line`` to ``errors`` and counts as no."""
    text = name_key(value)
    if text in TRUE:
        return True
    if text not in FALSE:
        errors.append(
            _("Ligne %(line)s : « %(value)s » n'est pas compris pour « %(column)s » (oui ou non).")
            % {"line": line, "value": value[:20], "column": label}
        )
    return False


def previewed_rows(stored: object, parse: Callable[[dict[str, Any]], Row]) -> list[Row]:
    """The lines a preview kept in the session (``stored``), parsed back with ``parse``; a
    :class:`CsvImportError` saying why when there are none or they no longer parse."""
    if not isinstance(stored, list) or not stored:
        raise CsvImportError(_("Aucun fichier vérifié à importer : envoyez d'abord le fichier."))
    try:
        return [parse(item) for item in stored]
    except (KeyError, TypeError, ValueError):
        raise CsvImportError(_("L'aperçu a expiré : envoyez à nouveau le fichier.")) from None
