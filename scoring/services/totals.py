"""A paper sheet entered as its two totals only, checked by the engine's table check.

A consistent pair is confirmed (the organiser typed what both teams signed); an inconsistent
one is refused with :class:`TotalsInconsistent` unless forced, then saved "to verify". Changing
saved totals keeps the history. This module must not render anything nor read the request.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.errors import EngineError
from engine.game import TableCheck, table_check
from engine.rules import Ruleset
from scoring.models import DealCorrection, ScoreSheet, TotalsResult
from scoring.services.common import (
    account,
    bump,
    check_version,
    history,
    is_result,
    lock,
    notify,
    require,
    rules_of,
)
from scoring.services.errors import DealRefused, TotalsInconsistent, Written
from scoring.sheet_states import Action, Kind, Role, Status


def describe_check(check: TableCheck) -> str:
    """The table check's finding in French, with its likely cause."""
    causes = {
        "belote": gettext_lazy("une belote oubliée (20 points)"),
        "capot": gettext_lazy("un capot oublié"),
        "extra_belote": gettext_lazy("une belote de trop (20 points)"),
        "extra_capot": gettext_lazy("un capot de trop"),
        "litige_reserve": gettext_lazy(
            "des points de litige jamais repris, ou une erreur d'addition"
        ),
        "unknown": gettext_lazy("une erreur d'addition ou de recopie"),
    }
    cause = causes.get(check.likely_missing or "unknown", causes["unknown"])
    return _(
        "Les totaux ne concordent pas : %(actual)d points au total au lieu de %(expected)d "
        "attendus (écart %(difference)+d). Cause probable : %(cause)s."
    ) % {
        "actual": check.actual_total,
        "expected": check.expected_total,
        "difference": check.difference,
        "cause": cause,
    }


def check_totals(
    rules: Ruleset, deals_played: int, total_a: int, total_b: int, belotes: int, capots: int
) -> TableCheck | None:
    """The table check of two totals, or ``None`` where the rules make it meaningless."""
    try:
        return table_check(rules, deals_played, total_a, total_b, belotes, capots)
    except EngineError as exc:
        if exc.code == "game.table_check_not_applicable":
            return None
        raise DealRefused(exc) from None


def _totals_snapshot(totals: TotalsResult) -> dict[str, Any]:
    return {
        "total_a": totals.total_a,
        "total_b": totals.total_b,
        "deals_played": totals.deals_played,
        "belotes": totals.belotes,
        "capots": totals.capots,
        "check_ok": totals.check_ok,
    }


def _check_values(check: TableCheck | None) -> dict[str, Any]:
    if check is None:
        return {"check_ok": True, "check_code": "", "check_params": {}}
    return {
        "check_ok": check.consistent,
        "check_code": "" if check.consistent else str(check.likely_missing),
        "check_params": {
            "actual": check.actual_total,
            "expected": check.expected_total,
            "difference": check.difference,
        },
    }


_SHEET_FIELDS = [
    "kind",
    "total_a",
    "total_b",
    "reserve",
    "winner",
    "started_at",
    "finished_at",
    "status",
    "confirmed_at",
    "confirmed_by",
    "confirmed_by_team",
    "check_note",
]


def _set_sheet(
    sheet: ScoreSheet, totals: TotalsResult, check: TableCheck | None, user: Any
) -> None:
    now = timezone.now()
    sheet.kind = Kind.TOTALS
    sheet.total_a, sheet.total_b, sheet.reserve = totals.total_a, totals.total_b, 0
    if totals.total_a == totals.total_b:
        sheet.winner = ScoreSheet.Winner.DRAW
    else:
        sheet.winner = (
            ScoreSheet.Winner.A if totals.total_a > totals.total_b else ScoreSheet.Winner.B
        )
    sheet.started_at = sheet.started_at or now
    sheet.finished_at = now
    ok = totals.check_ok
    sheet.status = Status.CONFIRMED if ok else Status.TO_VERIFY
    sheet.confirmed_at = now if ok else None
    sheet.confirmed_by = account(user) if ok else None
    sheet.check_note = "" if ok or check is None else describe_check(check)
    sheet.confirmed_by_team = ""


def record_totals(
    sheet_id: int,
    *,
    total_a: int,
    total_b: int,
    deals_played: int,
    belotes: int = 0,
    capots: int = 0,
    force: bool = False,
    version: int | None,
    user: Any = None,
    reason: str = "",
    role: Role | str = Role.ORGANISER,
) -> Written:
    """Enter a paper sheet as its two totals; the table check flags an inconsistent pair."""
    with transaction.atomic():
        sheet = lock(sheet_id)
        require(sheet, Action.TOTALS, Role(role))
        check_version(sheet, version)
        check = check_totals(rules_of(sheet), deals_played, total_a, total_b, belotes, capots)
        if check is not None and not check.consistent and not force:
            raise TotalsInconsistent(check, describe_check(check))
        was_result = is_result(sheet.status)
        existing = TotalsResult.objects.filter(sheet=sheet).first()
        before = _totals_snapshot(existing) if existing else None
        values = {
            "total_a": total_a,
            "total_b": total_b,
            "deals_played": deals_played,
            "belotes": belotes,
            "capots": capots,
            "entered_by": account(user),
            **_check_values(check),
        }
        totals, _created = TotalsResult.objects.update_or_create(sheet=sheet, defaults=values)
        _set_sheet(sheet, totals, check, user)
        bump(sheet, _SHEET_FIELDS)
        if before is not None:
            history(
                sheet=sheet,
                action=DealCorrection.Action.TOTALS,
                before=before,
                after=_totals_snapshot(totals),
                reason=reason[:300],
                by=account(user),
            )
        notify(sheet, was_result)
        return Written(sheet, None)


__all__ = ["check_totals", "describe_check", "record_totals"]
