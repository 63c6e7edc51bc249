"""CSV import of teams: decode, parse, validate and preview; the import runs only if all is valid.

What it owns
------------
Reading an uploaded CSV file of teams (one team a line: two players, optional licences, team
name, home club, paid, present) into :class:`ImportRow` values, with one clear French message
per bad line. It accepts UTF-8 (with or without BOM) and Windows-1252 / Latin-1 (what Excel
writes in France), ``;``, ``,`` or tab separators, any line ending (LF, CRLF, a lone CR), a
header line whose names are accent- and case-insensitive, at most :data:`MAX_BYTES` bytes and
:data:`MAX_ROWS` teams (the file itself is read by ``tournaments.entries.reader``, shared with the
import of players who come alone).

It checks every line against the file itself (a player on two lines) and against the club
register and the contest (a player already registered, a licence belonging to someone else,
homonyms that need a licence). The import itself (``tournaments.services.import_entries``)
runs only when the whole file is valid, in short batches so that the hall's deals never wait
behind it; a batch refused because the data changed meanwhile says what was imported.

What it must not do: write anything (``services`` does) or import ``scoring``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from django.utils.translation import gettext as _

# MAX_BYTES, CsvImportError and decode stay importable from here (the views and tests use them).
from tournaments.entries.reader import (
    FLAG_COLUMNS,
    CsvImportError,
    decode,
    match_columns,
    read_table,
    yes_no,
)
from tournaments.entries.reader import MAX_BYTES as MAX_BYTES
from tournaments.entries.reader import cell as read_cell
from tournaments.models import Contest, Entry, Player, name_key

MAX_ROWS = 2_000
MAX_NAME = 80

# Accepted header names (compared through ``name_key``) for each column.
COLUMNS: dict[str, tuple[str, ...]] = {
    "first1": ("prenom1", "prenom 1", "prenom joueur 1", "first name 1", "firstname1"),
    "last1": ("nom1", "nom 1", "nom joueur 1", "last name 1", "lastname1"),
    "licence1": ("licence1", "licence 1", "license1", "license 1"),
    "first2": ("prenom2", "prenom 2", "prenom joueur 2", "first name 2", "firstname2"),
    "last2": ("nom2", "nom 2", "nom joueur 2", "last name 2", "lastname2"),
    "licence2": ("licence2", "licence 2", "license2", "license 2"),
    "name": ("equipe", "nom equipe", "nom d'equipe", "team"),
    "home_club": ("club", "club d'origine", "club origine"),
    **FLAG_COLUMNS,
}
REQUIRED = ("first1", "last1", "first2", "last2")


@dataclass
class ImportRow:
    line: int
    player1: tuple[str, str, str]  # (first name, last name, licence)
    player2: tuple[str, str, str]
    name: str = ""
    home_club: str = ""
    paid: bool = False
    checked_in: bool = False
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ImportRow:
        return cls(
            line=int(data["line"]),
            player1=tuple(data["player1"]),
            player2=tuple(data["player2"]),
            name=str(data.get("name", "")),
            home_club=str(data.get("home_club", "")),
            paid=bool(data.get("paid")),
            checked_in=bool(data.get("checked_in")),
        )

    @property
    def label(self) -> str:
        return f"{self.player1[0]} {self.player1[1]} & {self.player2[0]} {self.player2[1]}"


@dataclass
class Preview:
    rows: list[ImportRow]
    encoding: str
    delimiter: str

    @property
    def errors(self) -> list[ImportRow]:
        return [r for r in self.rows if r.errors]

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.errors


def _columns(header: list[str]) -> dict[str, int]:
    found = match_columns(header, COLUMNS)
    missing = [c for c in REQUIRED if c not in found]
    if missing:
        names = {"first1": "prenom1", "last1": "nom1", "first2": "prenom2", "last2": "nom2"}
        raise CsvImportError(
            _(
                "La ligne d'en-tête doit contenir les colonnes prenom1, nom1, prenom2, nom2 "
                "(il manque : %(missing)s)."
            )
            % {"missing": ", ".join(names[m] for m in missing)}
        )
    return found


def parse(text: str) -> tuple[list[ImportRow], str]:
    """Rows of the file (with per-line shape errors) and the separator used."""
    table = read_table(text)
    columns = _columns(table.header)
    rows: list[ImportRow] = []
    for number, record in table.records:
        if len(rows) >= MAX_ROWS:
            raise CsvImportError(
                _("Le fichier contient plus de %(max)s équipes : découpez-le.") % {"max": MAX_ROWS}
            )

        def cell(column: str, record: list[str] = record) -> str:
            return read_cell(record, columns.get(column))

        errors: list[str] = []
        for player, first, last in ((1, "first1", "last1"), (2, "first2", "last2")):
            for column, what in ((first, _("prénom")), (last, _("nom"))):
                value = cell(column)
                if not value:
                    errors.append(
                        _("Ligne %(line)s : le %(what)s du joueur %(player)s manque.")
                        % {"line": number, "what": what, "player": player}
                    )
                elif len(value) > MAX_NAME:
                    errors.append(
                        _("Ligne %(line)s : le %(what)s du joueur %(player)s est trop long.")
                        % {"line": number, "what": what, "player": player}
                    )
        row = ImportRow(
            line=number,
            player1=(cell("first1"), cell("last1"), cell("licence1")[:40]),
            player2=(cell("first2"), cell("last2"), cell("licence2")[:40]),
            name=cell("name")[:120],
            home_club=cell("home_club")[:120],
            errors=errors,
        )
        row.paid = yes_no(cell("paid"), number, "paye", row.errors)
        row.checked_in = yes_no(cell("checked_in"), number, "present", row.errors)
        rows.append(row)
    if not rows:
        raise CsvImportError(_("Le fichier ne contient aucune équipe sous la ligne d'en-tête."))
    return rows, table.delimiter


def _player_key(player: tuple[str, str, str]) -> str:
    first, last, licence = player
    return f"L:{licence.casefold()}" if licence else f"N:{name_key(last, first)}"


def validate(contest: Contest, rows: Iterable[ImportRow]) -> list[ImportRow]:
    """Add to each row the errors found against the file, the club register and the contest.

    A fixed number of queries: the club's players and the contest's active entries are read
    once.
    """
    rows = list(rows)
    players = list(Player.objects.registry_of(contest.club))
    by_licence = {p.licence.casefold(): p for p in players if p.licence}
    by_name: dict[str, list[Player]] = {}
    for p in players:
        by_name.setdefault(p.name_key, []).append(p)
    registered: dict[int, int] = {}
    # The contest's teams are players of the club's register (home or added by licence).
    for entry in Entry.objects.filter(
        contest=contest, withdrawn_after_round__isnull=True, formed_for_round__isnull=True
    ):
        registered[entry.player1_id] = entry.number
        registered[entry.player2_id] = entry.number
    seen: dict[str, int] = {}
    for row in rows:
        if row.errors:
            continue
        keys = []
        for index, player in ((1, row.player1), (2, row.player2)):
            first, last, licence = player
            full = f"{first} {last}"
            key = _player_key(player)
            keys.append(key)
            if key in seen:
                row.errors.append(
                    _("Ligne %(line)s : %(name)s figure déjà ligne %(other)s.")
                    % {"line": row.line, "name": full, "other": seen[key]}
                )
                continue
            existing: Player | None = None
            if licence:
                existing = by_licence.get(licence.casefold())
                if existing is not None and existing.name_key != name_key(last, first):
                    row.errors.append(
                        _(
                            "Ligne %(line)s : la licence %(licence)s est celle de %(other)s, pas de %(name)s."
                        )
                        % {
                            "line": row.line,
                            "licence": licence,
                            "other": existing.full_name,
                            "name": full,
                        }
                    )
                    continue
            else:
                same = by_name.get(name_key(last, first), [])
                if len(same) > 1:
                    row.errors.append(
                        _(
                            "Ligne %(line)s : plusieurs joueurs du club s'appellent %(name)s : "
                            "indiquez la licence (colonne licence%(index)s)."
                        )
                        % {"line": row.line, "name": full, "index": index}
                    )
                    continue
                existing = same[0] if same else None
            if existing is not None and existing.pk in registered:
                row.errors.append(
                    _("Ligne %(line)s : %(name)s est déjà inscrit(e) dans l'équipe n° %(number)s.")
                    % {"line": row.line, "name": full, "number": registered[existing.pk]}
                )
            row.notes.append(
                _("%(name)s : joueur du club") % {"name": full}
                if existing is not None
                else _("%(name)s : nouveau joueur") % {"name": full}
            )
        if keys and len(keys) == 2 and keys[0] == keys[1]:
            row.errors.append(
                _("Ligne %(line)s : les deux joueurs sont la même personne.") % {"line": row.line}
            )
        for key in keys:
            seen.setdefault(key, row.line)
    return rows


def preview(contest: Contest, raw: bytes) -> Preview:
    """Decode, parse and validate an uploaded file; :class:`CsvImportError` if unreadable."""
    text, encoding = decode(raw)
    rows, delimiter = parse(text)
    return Preview(rows=validate(contest, rows), encoding=encoding, delimiter=delimiter)
