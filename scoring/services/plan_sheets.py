"""The sheets of a partie whose tables the organiser changed while it is played.

A latecomer seated at the bye's table turns that table into a real game: its sheet, credited
and confirmed as a bye when the round was published, becomes an open sheet of deals (same
secret link and short code, so a printed QR code still works) and the bye's team no longer
has the bye's points. A new table (a latecomer against a waiting team) gets its sheet and
link like the others. Called on ``tournaments.signals.plan_changed`` (``scoring.wiring``), inside
the organiser's transaction. Must not render anything nor read the request.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.models import ScoreSheet
from scoring.services.common import bump
from scoring.services.sheets import ensure_round_sheets
from scoring.sheet_states import Kind, Status
from scoring.signals import results_changed
from tournaments import audit
from tournaments.models import Round

_RESET = [
    "kind",
    "status",
    "total_a",
    "total_b",
    "reserve",
    "winner",
    "forfeit_loser",
    "finished_at",
    "confirmed_at",
    "confirmed_by",
    "confirmed_by_team",
    "check_note",
]


def _bye_to_game(sheet: ScoreSheet) -> None:
    before = {"kind": sheet.kind, "status": sheet.status, "total_a": sheet.total_a}
    sheet.kind = Kind.DEALS
    sheet.status = Status.OPEN
    sheet.total_a = sheet.total_b = sheet.reserve = 0
    sheet.winner = ScoreSheet.Winner.NONE
    sheet.forfeit_loser = ""
    sheet.finished_at = sheet.confirmed_at = None
    sheet.confirmed_by = None
    sheet.confirmed_by_team = sheet.check_note = ""
    bump(sheet, _RESET)
    table = sheet.table
    audit.record(
        table.round.contest_id,
        "sheet.bye_cancelled",
        sheet,
        before=before,
        after={"kind": sheet.kind, "status": sheet.status, "total_a": 0},
        target_repr=_("Partie %(round)s, table %(table)s")
        % {"round": table.round.number, "table": table.number},
    )


def follow_plan_change(round_: Round) -> bool:
    """Bring the round's sheets in line with its tables; True when a result changed."""
    former_byes = (
        ScoreSheet.objects.select_for_update(of=("self",))
        .select_related("table__round")
        .filter(table__round=round_, kind=Kind.BYE, table__entry_b__isnull=False, deal_count=0)
        .order_by("pk")
    )
    changed = False
    for sheet in former_byes:
        was_result = sheet.status != Status.OPEN
        _bye_to_game(sheet)
        changed = changed or was_result
    ensure_round_sheets(round_)
    if changed:
        results_changed.send(sender=ScoreSheet, contest_id=round_.contest_id)
    return changed


__all__ = ["follow_plan_change"]
