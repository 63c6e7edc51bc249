"""What every write of score entry does alike: lock the sheet, check the form's version and the
sheet's rule, write the sheet with its next version, keep the log, announce result changes.

Writes follow one pattern (healthchecks' ``Check.ping``): inside ``transaction.atomic``, take
the sheet with ``select_for_update().get()``, check, then ``save(update_fields=...)``. Every
write increments ``ScoreSheet.version``; forms carry the version they were shown with, and a
stale one is refused with :class:`StaleSheet`, never silently overwritten.

This module must not render anything nor read the request.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.belote.deal import Deal
from engine.belote.game import GameState
from engine.belote.rules import Ruleset, TimeUp
from engine.errors import EngineError
from scoring import adapters
from scoring.models import DealCorrection, DealRecord, ScoreSheet
from scoring.services import matches
from scoring.services.errors import DealRefused, NotAllowed, ServiceError, StaleSheet
from scoring.sheet_states import Action, Role, Status
from scoring.signals import results_changed
from tournaments import audit
from tournaments.models import Table


def lock(sheet_id: int, table: Table | None = None) -> ScoreSheet:
    """The sheet, its row locked until the transaction ends, with its table, round and contest.

    ``FOR UPDATE OF`` the sheet only: the table, round and contest rows stay free for the
    other tables' writes. SQLite takes its write lock at ``BEGIN IMMEDIATE`` instead.
    ``table``: the sheet's table with its round and contest as the request already read them
    (the table link's lookup): only the sheet's own row is then read, without the joins.
    """
    query = ScoreSheet.objects.select_for_update(of=("self",))
    if table is None:
        query = query.select_related("table__round__contest")
    else:
        # The round may have closed since the request read it: its state is read again with
        # the locked row (a closed round refuses every write, ``sheet_states``).
        query = query.annotate(round_status=F("table__round__status"))
    try:
        sheet = query.get(pk=sheet_id)
    except ScoreSheet.DoesNotExist:
        raise ServiceError("not_found", _("Cette feuille de marque n'existe pas.")) from None
    if table is not None and sheet.table_id == table.pk:
        sheet.table = table
        table.round.status = sheet.round_status  # type: ignore[attr-defined]  # the annotation
    return sheet


def role_of(role: Role | str | None, organiser: bool) -> Role:
    """The acting role; ``organiser=True`` (the older spelling) stands for the organiser."""
    if role:
        return Role(role)
    return Role.ORGANISER if organiser else Role.TABLE


def require(sheet: ScoreSheet, action: Action, role: Role) -> None:
    """Refuse unless the sheet's rule lets ``role`` do ``action`` now (``ScoreSheet.allows``)."""
    refused = sheet.refusal(action, role)
    if refused is not None:
        raise NotAllowed(refused)


def check_version(sheet: ScoreSheet, version: int | None) -> None:
    if version is not None and version != sheet.version:
        raise StaleSheet(sheet)


def bump(sheet: ScoreSheet, fields: Sequence[str]) -> None:
    """Save ``fields`` of the locked sheet with its next version."""
    sheet.version += 1
    sheet.save(update_fields=[*dict.fromkeys(fields), "version", "updated_at"])


def is_user(user: Any) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def account(user: Any) -> Any:
    """The user to store as an author, or ``None`` for a table link."""
    return user if is_user(user) else None


def is_result(status: str) -> bool:
    return status != Status.OPEN


def notify(sheet: ScoreSheet, was_result: bool) -> None:
    """Announce that the contest's results changed (standings listen), inside the transaction."""
    if was_result or is_result(sheet.status):
        results_changed.send(sender=ScoreSheet, contest_id=sheet.table.round.contest_id)


# Contest log actions of the correction history's kinds.
_CORRECTION_ACTIONS: dict[str, str] = {
    DealCorrection.Action.CORRECTED: "deal.correct",
    DealCorrection.Action.DELETED: "deal.delete",
    DealCorrection.Action.REOPENED: "sheet.reopen",
    DealCorrection.Action.TOTALS: "sheet.totals",
    DealCorrection.Action.FORFEIT: "sheet.forfeit",
    DealCorrection.Action.WINNER: "sheet.tie_winner",
}


def log(
    sheet: ScoreSheet,
    action: str,
    *,
    before: Any = None,
    after: Any = None,
    user: Any = None,
    device: str = "",
    target: Any = None,
) -> None:
    """Write the contest log event of a change to ``sheet`` (inside the service's transaction).

    Without an account the author is the table link, named with the device that used it.
    """
    table = sheet.table
    label = (
        ""
        if is_user(user)
        else _("table %(table)s (lien de table %(device)s)")
        % {"table": table.number, "device": device[:12] or "?"}
    )
    audit.record(
        table.round.contest_id,
        action,
        target if target is not None else sheet,
        before=before,
        after=after,
        target_repr=_("Partie %(round)s, table %(table)s")
        % {"round": table.round.number, "table": table.number},
        user=user,
        label=label,
    )


def history(sheet: ScoreSheet, **fields: Any) -> DealCorrection:
    """Add to the sheet's correction history, and to the contest log."""
    correction = DealCorrection.objects.create(sheet=sheet, **fields)
    action = str(correction.action)
    log(
        sheet,
        _CORRECTION_ACTIONS.get(action, f"sheet.{action}"),
        before=correction.before,
        # The journal says why (the correction's reason), next to what changed.
        after={**correction.after, "reason": correction.reason}
        if correction.reason
        else correction.after,
        user=fields.get("by"),
        device=fields.get("device", ""),
    )
    return correction


# --- The engine's view of a sheet -------------------------------------------------------------


def rules_of(sheet: ScoreSheet) -> Ruleset:
    """The engine ruleset of the sheet's partie (its own format over the contest's rules); a
    broken ruleset is a clear refusal."""
    try:
        return adapters.ruleset_of_round(sheet.table.round)
    except EngineError as exc:
        raise DealRefused(exc) from None


def deals_after_time(rules: Ruleset) -> int:
    """The deals still played once time is called, under the rules' ``time_up``."""
    if rules.time_up is TimeUp.AS_IT_STANDS:
        return 0
    if rules.time_up is TimeUp.AFTER_MORE_DEALS:
        return int(rules.time_up_deals)
    return 1  # after the deal in play


def with_time_called(state: GameState, called_after: int | None, played: int) -> GameState:
    """``state`` (after ``played`` deals) once time was called when the sheet held
    ``called_after`` deals: the engine's ``call_time`` with the deals still to play.

    The game ends after deal ``called_after + deals_after_time(rules)``; asking the engine
    for the deals left from here is the same fold as calling time at that deal (a game that
    ended on its own keeps its end)."""
    if called_after is None or state.game_over:
        return state
    left = called_after + deals_after_time(state.rules) - played
    if left <= 0:
        return state.call_time(TimeUp.AS_IT_STANDS)
    return state.call_time(TimeUp.AFTER_MORE_DEALS, left)


def fold_deals(rules: Ruleset, deals: Sequence[Deal], called_after: int | None) -> GameState:
    """The whole game folded by the engine, time called (``GameState.call_time`` with the
    rules' own ``time_up``) once ``called_after`` deals were played."""
    state = GameState(rules)
    for index, deal in enumerate(deals):
        if index == called_after and not state.game_over:
            state = state.call_time()
        state = state.apply(deal)
    if called_after is not None and called_after >= len(deals) and not state.game_over:
        state = with_time_called(state, called_after, len(deals))
    return state


def game_state(rules: Ruleset, sheet: ScoreSheet) -> GameState:
    """The engine's game state after the sheet's deals, from its stored running totals (in a
    match of several games, the game in play: ``matches.current_game``; time called, the deals
    still to play)."""
    if matches.is_match(rules):
        return matches.current_game(rules, sheet)
    state = GameState(
        rules,
        total_a=sheet.total_a,
        total_b=sheet.total_b,
        reserve=sheet.reserve,
        deals_counted=sheet.deal_count,
    )
    return with_time_called(state, sheet.time_called_after, sheet.deal_count)


def state_before(rules: Ruleset, sheet: ScoreSheet, number: int | None = None) -> GameState:
    """The game state just before deal ``number`` (the next deal when ``None``)."""
    if number is None or number > sheet.deal_count:
        return game_state(rules, sheet)
    if matches.is_match(rules):
        return matches.state_before(rules, sheet, number)
    called = sheet.time_called_after
    if number <= 1:
        return with_time_called(GameState(rules), called, 0)
    previous = (
        DealRecord.objects.filter(sheet=sheet, number=number - 1)
        .values_list("running_a", "running_b", "carry_out")
        .first()
    )
    if previous is None:
        return with_time_called(GameState(rules), called, 0)
    total_a, total_b, reserve = previous
    state = GameState(
        rules, total_a=total_a, total_b=total_b, reserve=reserve, deals_counted=number - 1
    )
    return with_time_called(state, called, number - 1)


def winner_of(state: GameState) -> str:
    if not state.game_over:
        return ScoreSheet.Winner.NONE
    if state.winner is None:
        return ScoreSheet.Winner.DRAW
    return adapters.team_letter(state.winner)


def snapshot(record: DealRecord) -> dict[str, Any]:
    """A deal's facts and computed score, as kept in the correction history."""
    data = adapters.facts_of(record).to_json()
    data.update(
        number=record.number,
        score_a=record.score_a,
        score_b=record.score_b,
        outcome=record.outcome,
        client_id=str(record.client_id) if record.client_id else "",
    )
    return data


_BACK_IN_PLAY = ["status", "finished_at", "confirmed_at", "confirmed_by", "confirmed_by_team"]


def back_in_play(sheet: ScoreSheet) -> list[str]:
    """The game is no longer over: open again, and a confirmation or dispute no longer holds."""
    sheet.status = Status.OPEN
    sheet.finished_at = None
    sheet.confirmed_at = None
    sheet.confirmed_by = None
    sheet.confirmed_by_team = ""
    return list(_BACK_IN_PLAY)


def set_game_fields(sheet: ScoreSheet, state: GameState) -> list[str]:
    """Copy the engine's game state onto the sheet; return the changed field names.

    In a match of several games the sheet's result is the match's: a finished game starts the
    next one, and the sheet is finished once the match is decided (``matches``)."""
    if matches.is_match(state.rules):
        fields, over = matches.set_match_fields(sheet, state)
    else:
        sheet.total_a = state.total_a
        sheet.total_b = state.total_b
        sheet.reserve = state.reserve
        sheet.deal_count = state.deals_counted
        sheet.winner = winner_of(state)
        fields = ["total_a", "total_b", "reserve", "deal_count", "winner"]
        over = state.game_over
    if over:
        if sheet.status == Status.OPEN:
            sheet.status = Status.FINISHED
            sheet.finished_at = timezone.now()
            fields += ["status", "finished_at"]
    elif sheet.status != Status.OPEN:
        fields += back_in_play(sheet)
    return fields
