"""CSV import of players who come alone: parse the file, check each line as the desk would, and
preview; the import runs only when every line is accepted.

What it owns
------------
One player a line: a first name and a last name (columns ``prenom`` and ``nom``) or « Prénom
Nom » in one column (``joueur``, split as the desk's player field splits it), an optional
licence, an optional home club, optional « payé » and « présent » (yes/no, as in the team
import: a list from the registration desk arrives paid and checked in). The file is read by
``tournaments.entries.reader`` (the team import's encodings, separators, size limit and header
matching); each line is then checked by
``services.check_lines``, the desk's own checks, so that a line is refused here exactly when
registering that player at the desk would be, with the same French message.

A solo player has no home club of his own (``SoloEntry`` has none, the desk does not ask for
one): a ``club`` column is accepted, shown in the preview and said not to be kept.

What it must not do: write anything (``services.import_solos`` does) or import ``scoring``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tournaments import services
from tournaments.entries.reader import (
    FLAG_COLUMNS,
    CsvImportError,
    decode,
    match_columns,
    read_table,
    yes_no,
)
from tournaments.entries.reader import cell as read_cell
from tournaments.models import Contest

# A mêlée of the biggest halls is a few hundred players; each line is the desk's registration
# (about 25 queries) in one transaction holding the contest's lock, so the file stays short.
MAX_ROWS = 500
MAX_NAME = 80

# Accepted header names (compared through ``name_key``) for each column.
COLUMNS: dict[str, tuple[str, ...]] = {
    "first": ("prenom", "prenom joueur", "first name", "firstname"),
    "last": ("nom", "nom joueur", "nom de famille", "last name", "lastname", "surname"),
    "full": ("joueur", "joueuse", "nom complet", "prenom nom", "player", "name"),
    "licence": ("licence", "license", "numero de licence", "licence number"),
    "home_club": ("club", "club d'origine", "club origine"),
    **FLAG_COLUMNS,
}


@dataclass
class SoloRow:
    line: int
    first_name: str
    last_name: str
    licence: str = ""
    home_club: str = ""
    paid: bool = False
    checked_in: bool = False
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SoloRow:
        return cls(
            line=int(data["line"]),
            first_name=str(data["first_name"]),
            last_name=str(data["last_name"]),
            licence=str(data.get("licence", "")),
            home_club=str(data.get("home_club", "")),
            paid=bool(data.get("paid")),
            checked_in=bool(data.get("checked_in")),
        )

    @property
    def label(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass
class SoloPreview:
    rows: list[SoloRow]
    encoding: str
    delimiter: str
    has_club: bool = False
    has_flags: bool = False  # a paid or present column: the preview shows both

    @property
    def errors(self) -> list[SoloRow]:
        return [r for r in self.rows if r.errors]

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.errors


def _columns(header: list[str]) -> dict[str, int]:
    found = match_columns(header, COLUMNS)
    if not ({"first", "last"} <= found.keys() or "full" in found):
        raise CsvImportError(
            _(
                "La ligne d'en-tête doit contenir les colonnes prenom et nom, ou une colonne "
                "joueur (« Prénom Nom ») ; licence et club sont facultatives."
            )
        )
    return found


def _names(line: int, first: str, last: str, full: str, errors: list[str]) -> tuple[str, str]:
    """First and last name of a line: the two columns, else « Prénom Nom » split as the desk
    splits it (the first word is the first name)."""
    if not first and not last and full:
        parts = full.split(" ", 1)
        if len(parts) == 2:
            first, last = parts
        else:
            errors.append(
                _("Ligne %(line)s : écrivez le prénom puis le nom (« Jean Martin »).")
                % {"line": line}
            )
            return full, ""
    for value, what in ((first, _("prénom")), (last, _("nom"))):
        if not value:
            errors.append(
                _("Ligne %(line)s : le %(what)s du joueur manque.") % {"line": line, "what": what}
            )
        elif len(value) > MAX_NAME:
            errors.append(
                _("Ligne %(line)s : le %(what)s du joueur est trop long.")
                % {"line": line, "what": what}
            )
    return first, last


def parse(text: str) -> tuple[list[SoloRow], str, set[str]]:
    """Rows of the file (with per-line shape errors), the separator and the columns found."""
    table = read_table(text)
    columns = _columns(table.header)
    rows: list[SoloRow] = []
    for number, record in table.records:
        if len(rows) >= MAX_ROWS:
            raise CsvImportError(
                _("Le fichier contient plus de %(max)s joueurs : découpez-le.") % {"max": MAX_ROWS}
            )
        errors: list[str] = []
        first, last = _names(
            number,
            read_cell(record, columns.get("first")),
            read_cell(record, columns.get("last")),
            read_cell(record, columns.get("full")),
            errors,
        )
        rows.append(
            SoloRow(
                line=number,
                first_name=first,
                last_name=last,
                licence=read_cell(record, columns.get("licence"))[:40],
                home_club=read_cell(record, columns.get("home_club"))[:120],
                paid=yes_no(read_cell(record, columns.get("paid")), number, "paye", errors),
                checked_in=yes_no(
                    read_cell(record, columns.get("checked_in")), number, "present", errors
                ),
                errors=errors,
            )
        )
    if not rows:
        raise CsvImportError(_("Le fichier ne contient aucun joueur sous la ligne d'en-tête."))
    return rows, table.delimiter, set(columns)


def validate(contest: Contest, rows: Iterable[SoloRow]) -> list[SoloRow]:
    """Add to each well-formed row the desk's refusal, or a note (player of the club or new).

    A refusal of the whole contest (closed, fixed teams, every partie published) raises
    :class:`services.ServiceError`."""
    rows = list(rows)
    shaped = [r for r in rows if not r.errors]
    for row, check in zip(shaped, services.check_lines(contest, shaped), strict=True):
        if check.refusal:
            row.errors.append(check.refusal)
        elif check.player is not None:
            row.notes.append(_("%(name)s : joueur du club") % {"name": row.label})
        else:
            row.notes.append(_("%(name)s : nouveau joueur") % {"name": row.label})
    return rows


def preview(contest: Contest, raw: bytes) -> SoloPreview:
    """Decode, parse and check an uploaded file: :class:`CsvImportError` if unreadable,
    :class:`services.ServiceError` if the contest takes no solo player now."""
    text, encoding = decode(raw)
    rows, delimiter, columns = parse(text)
    return SoloPreview(
        rows=validate(contest, rows),
        encoding=encoding,
        delimiter=delimiter,
        has_club="home_club" in columns,
        has_flags=bool(columns & FLAG_COLUMNS.keys()),
    )
