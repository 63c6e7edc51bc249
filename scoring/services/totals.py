"""A paper sheet entered as its two totals only, checked by the engine's table check.

A match of several games is entered game by game (``matches.GameTotals``): each game gets the
table check, the games must make the match (``matches.game_totals``), and the sheet holds the
match as if it had been entered deal by deal (its games, games won, winner).

A consistent pair is confirmed (the organiser typed what both teams signed); an inconsistent
one is refused with :class:`TotalsInconsistent` unless forced, then saved "to verify". Changing
saved totals keeps the history. This module must not render anything nor read the request.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.belote.game import TableCheck, table_check
from engine.belote.match import MatchState
from engine.belote.rules import Ruleset
from engine.errors import EngineError
from scoring import adapters
from scoring.models import DealCorrection, ScoreSheet, TotalsResult
from scoring.services import matches
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
from scoring.services.errors import DealRefused, TotalsInconsistent, Written, refuse
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
    snapshot = {
        "total_a": totals.total_a,
        "total_b": totals.total_b,
        "deals_played": totals.deals_played,
        "belotes": totals.belotes,
        "capots": totals.capots,
        "check_ok": totals.check_ok,
    }
    if totals.games:
        snapshot["games"] = totals.games
    return snapshot


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


def _match_check(
    rules: Ruleset, games: Sequence[matches.GameTotals]
) -> tuple[MatchState, TableCheck | None, str]:
    """A paper match game by game: the match the games make (refused when they do not make
    one), and the first game the table check finds inconsistent, with its French finding."""
    if not matches.is_match(rules):
        raise refuse(
            "not_a_match", _("Ce concours se joue en une seule manche par table."), field="games"
        )
    match = matches.game_totals(rules, games)
    for number, g in enumerate(games, start=1):
        check = check_totals(rules, g.deals_played, g.total_a, g.total_b, g.belotes, g.capots)
        if check is not None and not check.consistent:
            note = _("Manche %(n)d : %(finding)s") % {"n": number, "finding": describe_check(check)}
            return match, check, note
    return match, None, ""


def _set_match(sheet: ScoreSheet, match: MatchState, games: Sequence[matches.GameTotals]) -> None:
    """The sheet's match from its games' totals (the winner is the match's)."""
    sheet.games = [
        {
            "a": g.total_a,
            "b": g.total_b,
            "w": adapters.team_letter(result.winner),
            "deals": g.deals_played,
        }
        for g, result in zip(games, match.games, strict=True)
    ]
    sheet.games_a, sheet.games_b = match.wins_a, match.wins_b
    if match.winner is None:
        sheet.winner = ScoreSheet.Winner.DRAW
    else:
        sheet.winner = adapters.team_letter(match.winner)


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
    games: Sequence[matches.GameTotals] = (),
) -> Written:
    """Enter a paper sheet as its two totals; the table check flags an inconsistent pair.

    ``games``: a match of several games entered game by game (the other totals are then
    ignored: the match's are the sums of its games); each game gets the table check.
    """
    with transaction.atomic():
        sheet = lock(sheet_id)
        require(sheet, Action.TOTALS, Role(role))
        check_version(sheet, version)
        match = None
        if games:
            match, check, note = _match_check(rules_of(sheet), games)
            total_a, total_b = match.points_a, match.points_b
            deals_played = sum(g.deals_played for g in games)
            belotes = sum(g.belotes for g in games)
            capots = sum(g.capots for g in games)
        else:
            check = check_totals(rules_of(sheet), deals_played, total_a, total_b, belotes, capots)
            note = describe_check(check) if check is not None and not check.consistent else ""
        if check is not None and not check.consistent and not force:
            raise TotalsInconsistent(check, note)
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
        if match is not None or (existing is not None and existing.games):
            values["games"] = [g.to_json() for g in games]
        totals, _created = TotalsResult.objects.update_or_create(sheet=sheet, defaults=values)
        _set_sheet(sheet, totals, check, user)
        fields = list(_SHEET_FIELDS)
        if match is not None:
            sheet.check_note = note
            _set_match(sheet, match, games)
            fields += matches.MATCH_FIELDS
        elif sheet.games:
            sheet.games, sheet.games_a, sheet.games_b = [], 0, 0
            fields += matches.MATCH_FIELDS
        bump(sheet, fields)
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
