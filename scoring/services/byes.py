"""Byes and forfeits: a table without a game, credited under the contest's bye policy.

A bye table (no team B) is credited and confirmed when its round's sheets are made. An
organiser scores a forfeit of one team of a played table (the other is credited as for a bye,
the loser scores 0), or cancels it. This module must not render anything nor read the request.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.belote.rules import GameEnd, Ruleset
from engine.standings import bye_points
from scoring.models import DealCorrection, ScoreSheet
from scoring.services.common import (
    account,
    bump,
    check_version,
    history,
    lock,
    notify,
    require,
    rules_of,
)
from scoring.services.errors import Written, refuse
from scoring.sheet_states import ROUND_CLOSED_MESSAGE, Action, Kind, Role, Status
from tournaments import adapters as tournaments_adapters
from tournaments.models import Contest, Round


def game_value(rules: Ruleset) -> int:
    """The points of a whole game: the target, or N deals × 162."""
    if rules.game_end is GameEnd.DEALS:
        return rules.deals_per_game * rules.deal_total
    return rules.target


def policy_points(contest: Contest, rules: Ruleset, round_: Round) -> int:
    """What a bye (or a forfeit's winner) is credited with under the contest's bye policy.

    The one rule is ``engine.standings.bye_points`` with the contest's policy
    (``tournaments.adapters.bye_policy``: ``fixed``, ``half_game``, ``round_average`` of the
    round's finished games); the standings count what the sheet holds, so the sheet, the
    results, the exports and the standings show this figure. ``rules`` is kept for callers.
    """
    scores: list[int] = []
    if contest.bye_policy == Contest.ByePolicy.ROUND_AVERAGE:
        for total_a, total_b in round_scores(round_.pk):
            scores += (total_a, total_b)
    return bye_points(tournaments_adapters.bye_policy(contest), scores)


def round_scores(round_id: int) -> list[tuple[int, int]]:
    """The totals of the round's finished games played at a table (what an average reads)."""
    return list(
        ScoreSheet.objects.filter(
            table__round_id=round_id,
            kind__in=[Kind.DEALS, Kind.TOTALS],
            status__in=[Status.FINISHED, Status.CONFIRMED],
        ).values_list("total_a", "total_b")
    )


def refresh_round_average(contest_id: int) -> int:
    """Under ``round_average`` a bye's figure (and a forfeit winner's) follows the round's
    finished games: rewrite, in pk order, the credited sheets of open rounds whose figure moved.
    Returns how many changed. Run after the commit of a result (``scoring.wiring``)."""
    contest = Contest.objects.filter(pk=contest_id).first()
    if contest is None or contest.bye_policy != Contest.ByePolicy.ROUND_AVERAGE:
        return 0
    policy = tournaments_adapters.bye_policy(contest)
    credited = (
        ScoreSheet.objects.filter(
            table__round__contest_id=contest_id,
            kind__in=[Kind.BYE, Kind.FORFEIT],
            status=Status.CONFIRMED,
        )
        .exclude(table__round__status=Round.Status.CLOSED)
        .order_by("pk")
        .values_list("pk", "table__round_id", "kind", "forfeit_loser", "total_a", "total_b")
    )
    averages: dict[int, int] = {}
    changed = 0
    for pk, round_id, kind, loser, total_a, total_b in list(credited):
        if round_id not in averages:
            scores = [s for pair in round_scores(round_id) for s in pair]
            averages[round_id] = bye_points(policy, scores)
        if _credited(kind, loser, averages[round_id]) == (total_a, total_b):
            continue
        with transaction.atomic():
            sheet = lock(pk)
            if sheet.kind not in (Kind.BYE, Kind.FORFEIT) or sheet.status != Status.CONFIRMED:
                continue  # changed meanwhile
            sheet.total_a, sheet.total_b = _credited(
                sheet.kind, sheet.forfeit_loser, averages[round_id]
            )
            bump(sheet, ["total_a", "total_b"])
        changed += 1
    return changed


def _credited(kind: str, forfeit_loser: str, points: int) -> tuple[int, int]:
    """(total A, total B) of a credited sheet: the bye's team, or the forfeit's winner."""
    return (0, points) if kind == Kind.FORFEIT and forfeit_loser == "a" else (points, 0)


_FIELDS = [
    "kind",
    "forfeit_loser",
    "total_a",
    "total_b",
    "winner",
    "status",
    "finished_at",
    "confirmed_at",
    "confirmed_by",
    "confirmed_by_team",
]


def _confirm(sheet: ScoreSheet, user: Any) -> None:
    now = timezone.now()
    sheet.status = Status.CONFIRMED
    sheet.finished_at = sheet.finished_at or now
    sheet.confirmed_at = now
    sheet.confirmed_by = account(user)
    sheet.confirmed_by_team = ""
    bump(sheet, _FIELDS)
    notify(sheet, was_result=True)


def credit_bye(sheet_id: int, *, user: Any = None, version: int | None = None) -> Written:
    """Credit a bye table's team under the contest's policy, and confirm it (idempotent)."""
    with transaction.atomic():
        sheet = lock(sheet_id)
        table = sheet.table
        if table.round.status == Round.Status.CLOSED:
            raise refuse("round_closed", str(ROUND_CLOSED_MESSAGE))
        check_version(sheet, version)
        sheet.kind = Kind.BYE
        sheet.total_a = policy_points(table.round.contest, rules_of(sheet), table.round)
        sheet.total_b = 0
        sheet.winner = ScoreSheet.Winner.A
        _confirm(sheet, user)
        return Written(sheet, None)


def _history_forfeit(sheet: ScoreSheet, before: dict[str, Any], user: Any, reason: str) -> None:
    history(
        sheet=sheet,
        action=DealCorrection.Action.FORFEIT,
        before=before,
        after={"kind": sheet.kind, "forfeit_loser": sheet.forfeit_loser},
        reason=reason[:300],
        by=account(user),
    )


def score_forfeit(
    sheet_id: int,
    *,
    forfeit_loser: str,
    version: int | None = None,
    user: Any = None,
    reason: str = "",
    role: Role | str = Role.ORGANISER,
) -> Written:
    """``forfeit_loser`` ("a" or "b") forfeits a played table; ``""`` cancels a forfeit."""
    with transaction.atomic():
        sheet = lock(sheet_id)
        require(sheet, Action.FORFEIT, Role(role))
        check_version(sheet, version)
        before = {"kind": sheet.kind, "forfeit_loser": sheet.forfeit_loser}
        if forfeit_loser in ("a", "b"):
            if sheet.deal_count:
                raise refuse(
                    "has_deals",
                    _("Des résultats sont déjà saisis à cette table : supprimez-les d'abord."),
                )
            contest, round_ = sheet.table.round.contest, sheet.table.round
            points = policy_points(contest, rules_of(sheet), round_)
            sheet.kind = Kind.FORFEIT
            sheet.forfeit_loser = forfeit_loser
            sheet.total_a = 0 if forfeit_loser == "a" else points
            sheet.total_b = 0 if forfeit_loser == "b" else points
            sheet.winner = "b" if forfeit_loser == "a" else "a"
            _history_forfeit(sheet, before, user, reason)
            _confirm(sheet, user)
            return Written(sheet, None)
        if sheet.kind != Kind.FORFEIT:
            raise refuse("forfeit_team", _("Indiquez l'équipe forfait."), field="forfeit_loser")
        sheet.kind = Kind.DEALS
        sheet.forfeit_loser = ""
        sheet.total_a = sheet.total_b = 0
        sheet.winner = ScoreSheet.Winner.NONE
        sheet.status = Status.OPEN
        sheet.finished_at = sheet.confirmed_at = None
        sheet.confirmed_by = None
        _history_forfeit(sheet, before, user, reason)
        bump(sheet, _FIELDS)
        notify(sheet, was_result=True)
        return Written(sheet, None)


def score_bye_or_forfeit(
    sheet_id: int,
    *,
    forfeit_loser: str = "",
    version: int | None = None,
    user: Any = None,
    reason: str = "",
    role: Role | str = Role.ORGANISER,
) -> Written:
    """A bye table is credited (:func:`credit_bye`); a played table forfeits or cancels one
    (:func:`score_forfeit`)."""
    table = ScoreSheet.objects.select_related("table").get(pk=sheet_id).table
    if table.is_bye:
        if forfeit_loser:
            raise refuse("bye_forfeit", _("Une table d'exempt n'a pas d'adversaire forfait."))
        return credit_bye(sheet_id, user=user, version=version)
    return score_forfeit(
        sheet_id,
        forfeit_loser=forfeit_loser,
        version=version,
        user=user,
        reason=reason,
        role=role,
    )


__all__ = [
    "credit_bye",
    "game_value",
    "policy_points",
    "refresh_round_average",
    "round_scores",
    "score_bye_or_forfeit",
    "score_forfeit",
]
