"""A table's score sheet: created with its secret link and short code, a round's sheets, a new
link (token and short code together).

This module must not render anything nor read the request.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from scoring.models import ScoreSheet, new_short_code, new_token
from scoring.services.byes import credit_bye
from scoring.services.common import bump, lock, log, require
from scoring.services.errors import Written
from scoring.sheet_states import Action, Kind, Role, Status
from tournaments.models import Round, Table

# A new sheet's short code is drawn at random (40 bits) and may, very rarely, be taken: the
# unique constraint refuses it and the sheet is created again with another.
_ATTEMPTS = 3


def sheet_of_table(table: Table) -> ScoreSheet:
    """The table's sheet, created (with its secret link) the first time it is asked for."""
    for _attempt in range(_ATTEMPTS):
        sheet = ScoreSheet.objects.filter(table=table).first()
        if sheet is not None:
            return sheet
        try:
            with transaction.atomic():
                return ScoreSheet.objects.create(
                    table=table, kind=Kind.BYE if table.is_bye else Kind.DEALS
                )
        except IntegrityError:  # created by a concurrent request (or a short code drawn twice)
            continue
    return ScoreSheet.objects.get(table=table)


def ensure_round_sheets(round_: Round, *, user: Any = None) -> None:
    """Create the missing sheets of a published round and credit its byes (idempotent)."""
    tables = list(round_.tables.all())
    for _attempt in range(_ATTEMPTS):
        # ignore_conflicts skips a sheet created meanwhile, and one whose short code was taken:
        # the next pass draws that one again.
        have = set(
            ScoreSheet.objects.filter(table__round=round_).values_list("table_id", flat=True)
        )
        missing = [
            ScoreSheet(table=t, kind=Kind.BYE if t.is_bye else Kind.DEALS)
            for t in tables
            if t.pk not in have
        ]
        if not missing:
            break
        ScoreSheet.objects.bulk_create(missing, ignore_conflicts=True)
    pending_byes = ScoreSheet.objects.filter(
        table__round=round_, table__entry_b__isnull=True, status=Status.OPEN
    ).values_list("pk", flat=True)
    for sheet_id in list(pending_byes):
        credit_bye(sheet_id, user=user)


def regenerate_token(
    sheet_id: int, *, user: Any = None, role: Role | str = Role.ORGANISER
) -> Written:
    """Give the table a new secret link and short code; the old ones stop working at once."""
    with transaction.atomic():
        sheet = lock(sheet_id)
        require(sheet, Action.RENEW_LINK, Role(role))
        sheet.token = new_token()
        sheet.short_code = _free_short_code()
        bump(sheet, ["token", "short_code"])
        # The token and the code stay out of the log: they are secrets.
        log(sheet, "sheet.token", after={"version": sheet.version}, user=user)
        return Written(sheet, None)


def _free_short_code() -> str:
    """A new short code that no sheet has (40 random bits: the first one drawn, but for once in
    a lifetime)."""
    while True:
        code = new_short_code()
        if not ScoreSheet.objects.filter(short_code=code).exists():
            return code


__all__ = ["ensure_round_sheets", "regenerate_token", "sheet_of_table"]
