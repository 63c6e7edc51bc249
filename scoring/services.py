"""Every write to score sheets: deals, corrections, confirmation, totals, penalties, byes.

Each function runs in one transaction that locks the sheet row (``select_for_update``; SQLite
takes its write lock at BEGIN IMMEDIATE; a new deal on a sheet unchanged since the request read
it takes the lock with the version-checked UPDATE of its totals instead, see
``_record_if_unchanged``), checks the version the caller saw (optimistic
concurrency: a stale form gets :class:`StaleSheet`, never a silent overwrite), recognises a
re-sent form by its client id (the same answer again, nothing added), re-scores with the
engine (this module is the authority, whatever a form previewed), stores the facts *and* the
computed results, keeps the running totals in step, keeps the history of every correction,
and sends ``scoring.signals.results_changed`` when a contest's results change.

Deal numbers are given here, never by the client: two phones posting at once get deals n and
n + 1 in the order the lock was taken, or one of them is told the sheet changed.

It must not render anything nor read the request; views call it with plain values.
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.deal import DealScore
from engine.errors import EngineError
from engine.game import GameState, TableCheck, table_check
from engine.rules import GameEnd, Ruleset
from scoring import adapters
from scoring.adapters import DealFacts
from scoring.compiled import CompiledQuery
from scoring.messages import error_message
from scoring.models import DealCorrection, DealRecord, ScoreSheet, TotalsResult, new_token
from scoring.signals import results_changed
from tournaments import audit, dbwrite
from tournaments.models import Contest, Round, Table

Status = ScoreSheet.Status
Kind = ScoreSheet.Kind


class ServiceError(Exception):
    """A write refused for a reason the user can act on; ``message`` is in French."""

    def __init__(self, code: str, message: str, *, field: str | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.field = field


class StaleSheet(ServiceError):
    """The sheet changed since the form was shown: here is its current state."""

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__(
            "stale",
            _(
                "Cette feuille a changé depuis l'affichage de votre formulaire (une autre saisie "
                "a été faite). Voici son état actuel : vérifiez, puis saisissez à nouveau si "
                "besoin."
            ),
        )
        self.sheet = sheet


class DealRefused(ServiceError):
    """The engine refused the deal: the code is the engine's, the message its French text."""

    def __init__(self, error: EngineError) -> None:
        super().__init__(error.code, error_message(error.code, error.params))
        self.error = error


class TotalsInconsistent(ServiceError):
    """Two totals fail the table check; they can still be saved as "to verify"."""

    def __init__(self, check: TableCheck) -> None:
        super().__init__("table_check", describe_check(check))
        self.check = check


@dataclass(frozen=True)
class Written:
    """What a write left: the sheet after it, the deal concerned, and whether it was new."""

    sheet: ScoreSheet
    deal: DealRecord | None = None
    created: bool = True


# --- Reading helpers --------------------------------------------------------------------------


def sheet_of_table(table: Table) -> ScoreSheet:
    """The table's sheet, created (with its secret link) the first time it is asked for."""
    sheet = ScoreSheet.objects.filter(table=table).first()
    if sheet is not None:
        return sheet
    try:
        with transaction.atomic():
            return ScoreSheet.objects.create(
                table=table, kind=Kind.BYE if table.is_bye else Kind.DEALS
            )
    except IntegrityError:  # created by a concurrent request
        return ScoreSheet.objects.get(table=table)


def ensure_round_sheets(round_: Round, *, user: Any = None) -> None:
    """Create the missing sheets of a published round and credit its byes (idempotent)."""
    tables = list(round_.tables.all())
    have = set(ScoreSheet.objects.filter(table__round=round_).values_list("table_id", flat=True))
    missing = [
        ScoreSheet(table=t, kind=Kind.BYE if t.is_bye else Kind.DEALS)
        for t in tables
        if t.pk not in have
    ]
    if missing:
        ScoreSheet.objects.bulk_create(missing, ignore_conflicts=True)
    pending_byes = ScoreSheet.objects.filter(
        table__round=round_, table__entry_b__isnull=True, status=Status.OPEN
    ).values_list("pk", flat=True)
    for sheet_id in list(pending_byes):
        score_bye_or_forfeit(sheet_id, user=user)


def rules_of(sheet: ScoreSheet) -> Ruleset:
    """The engine ruleset of the sheet's contest; a broken ruleset is a clear refusal."""
    try:
        return adapters.ruleset_of_contest(sheet.table.round.contest)
    except EngineError as exc:
        raise DealRefused(exc) from None


def game_state(rules: Ruleset, sheet: ScoreSheet) -> GameState:
    """The engine's game state after the sheet's deals, from its stored running totals."""
    return GameState(
        rules,
        total_a=sheet.total_a,
        total_b=sheet.total_b,
        reserve=sheet.reserve,
        deals_counted=sheet.deal_count,
    )


def state_before(rules: Ruleset, sheet: ScoreSheet, number: int | None = None) -> GameState:
    """The game state just before deal ``number`` (the next deal when ``None``)."""
    if number is None or number > sheet.deal_count:
        return game_state(rules, sheet)
    if number <= 1:
        return GameState(rules)
    previous = (
        DealRecord.objects.filter(sheet=sheet, number=number - 1)
        .values_list("running_a", "running_b", "carry_out")
        .first()
    )
    if previous is None:
        return GameState(rules)
    total_a, total_b, reserve = previous
    return GameState(
        rules, total_a=total_a, total_b=total_b, reserve=reserve, deals_counted=number - 1
    )


def preview_deal(sheet: ScoreSheet, facts: DealFacts) -> tuple[DealScore, GameState]:
    """Score a deal as the next one of ``sheet`` without saving (raises ``DealRefused``)."""
    rules = rules_of(sheet)
    try:
        state = game_state(rules, sheet).apply(adapters.engine_deal(facts))
    except EngineError as exc:
        raise DealRefused(exc) from None
    return state.entries[-1].score, state


def find_deal(sheet: ScoreSheet, client_id: uuid.UUID | None) -> DealRecord | None:
    """The deal a form with this client id already recorded on the sheet, if any."""
    if client_id is None:
        return None
    # No ordering and no LIMIT-with-ORDER BY: (sheet, client_id) is unique.
    found = list(DealRecord.objects.filter(sheet_id=sheet.pk, client_id=client_id).order_by())
    return found[0] if found else None


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


# --- Locking and checks -----------------------------------------------------------------------


def _lock(sheet_id: int, loaded: ScoreSheet | None = None) -> ScoreSheet:
    """The sheet, its row locked for the transaction, with its table, round and contest.

    ``loaded``: the same sheet as the request already read it with its table, round and
    contest (the table link's lookup). Only the sheet's own row is then read again under the
    lock: its table, round and contest are taken from ``loaded`` rather than joined again.
    """
    if loaded is not None and loaded.pk == sheet_id:
        sheet = _LOCK_SHEET_QUERY.first(sheet_id=sheet_id)
        if sheet is not None and sheet.table_id == loaded.table_id:
            sheet.table = loaded.table
    else:
        sheet = _LOCK_QUERY.first(sheet_id=sheet_id)
    if sheet is None:
        raise ServiceError("not_found", _("Cette feuille de marque n'existe pas."))
    return sheet


# The sheet row locked for the transaction (``SELECT ... FOR UPDATE OF`` the sheet only), with
# its table, round and contest. Every write runs it: compiled once per connection.
_LOCK_QUERY = CompiledQuery(
    lambda p: (
        ScoreSheet.objects.select_for_update(of=("self",))
        .select_related("table__round__contest")
        .filter(pk=p["sheet_id"])
        .order_by()
    ),
    ints=("sheet_id",),
)
_LOCK_SHEET_QUERY = CompiledQuery(
    lambda p: ScoreSheet.objects.select_for_update().filter(pk=p["sheet_id"]).order_by(),
    ints=("sheet_id",),
)


def _check_version(sheet: ScoreSheet, version: int | None) -> None:
    if version is not None and version != sheet.version:
        raise StaleSheet(sheet)


# Contest log actions of the correction history's kinds.
_CORRECTION_ACTIONS = {
    DealCorrection.Action.CORRECTED: "deal.correct",
    DealCorrection.Action.DELETED: "deal.delete",
    DealCorrection.Action.REOPENED: "sheet.reopen",
    DealCorrection.Action.TOTALS: "sheet.totals",
    DealCorrection.Action.FORFEIT: "sheet.forfeit",
}


def _audit(
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
        if _is_user(user)
        else _("table %(table)s (lien de table %(device)s)")
        % {
            "table": table.number,
            "device": device[:12] or "?",
        }
    )
    audit.record(
        table.round.contest_id,
        action,
        target if target is not None else sheet,
        before=before,
        after=after,
        target_repr=_("Manche %(round)s, table %(table)s")
        % {"round": table.round.number, "table": table.number},
        user=user,
        label=label,
    )


def _history(sheet: ScoreSheet, **fields: Any) -> DealCorrection:
    """Add to the sheet's correction history, and to the contest log."""
    correction = DealCorrection.objects.create(sheet=sheet, **fields)
    _audit(
        sheet,
        _CORRECTION_ACTIONS.get(correction.action, f"sheet.{correction.action}"),
        before=correction.before,
        after=correction.after,
        user=fields.get("by"),
        device=fields.get("device", ""),
    )
    return correction


def _refuse(code: str, message: str, *, field: str | None = None) -> ServiceError:
    return ServiceError(code, message, field=field)


# A sheet whose confirmation, dispute or "to verify" the organiser can withdraw.
REOPENABLE = (Status.CONFIRMED, Status.DISPUTED, Status.TO_VERIFY)

CLOSED_MESSAGES = {
    Status.FINISHED: gettext_lazy("La partie est terminée : aucune donne ne peut être ajoutée."),
    Status.CONFIRMED: gettext_lazy(
        "Cette feuille est confirmée : seul l'organisateur peut encore la modifier."
    ),
    Status.DISPUTED: gettext_lazy("Cette feuille est contestée : l'organisateur va la vérifier."),
    Status.TO_VERIFY: gettext_lazy("Cette feuille est à vérifier par l'organisateur."),
}


def _require_open_for_deals(sheet: ScoreSheet) -> None:
    if sheet.kind != Kind.DEALS:
        raise _refuse(
            "not_deal_sheet",
            _("Cette table n'est pas saisie donne par donne (exempt, forfait ou totaux)."),
        )
    if sheet.status != Status.OPEN:
        raise _refuse("sheet_closed", str(CLOSED_MESSAGES[Status(sheet.status)]))


def _require_round_open(sheet: ScoreSheet) -> None:
    if sheet.table.round.status == Round.Status.CLOSED:
        raise _refuse(
            "round_closed", _("Cette manche est close : la feuille ne peut plus changer.")
        )


def _is_result(status: str) -> bool:
    return status != Status.OPEN


def _bump(sheet: ScoreSheet, fields: Sequence[str], *, if_unchanged: bool = False) -> bool:
    """Write ``fields`` with the next version. ``if_unchanged``: only if the row is still at
    the version ``sheet`` was read with (a compare-and-set); the answer says whether it was."""
    read_version = sheet.version
    sheet.version += 1
    expect = {"version": read_version} if if_unchanged else None
    return dbwrite.update(sheet, [*fields, "version", "updated_at"], expect=expect)


def _notify(sheet: ScoreSheet, was_result: bool) -> None:
    if was_result or _is_result(sheet.status):
        results_changed.send(sender=ScoreSheet, contest_id=sheet.table.round.contest_id)


def _winner(state: GameState) -> str:
    if not state.game_over:
        return ScoreSheet.Winner.NONE
    if state.winner is None:
        return ScoreSheet.Winner.DRAW
    return adapters.team_letter(state.winner)


def _totals_winner(total_a: int, total_b: int) -> str:
    if total_a == total_b:
        return ScoreSheet.Winner.DRAW
    return ScoreSheet.Winner.A if total_a > total_b else ScoreSheet.Winner.B


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


def _set_game_fields(sheet: ScoreSheet, state: GameState, now: Any) -> list[str]:
    """Copy the engine's game state onto the sheet; return the changed field names."""
    sheet.total_a = state.total_a
    sheet.total_b = state.total_b
    sheet.reserve = state.reserve
    sheet.deal_count = state.deals_counted
    sheet.winner = _winner(state)
    fields = ["total_a", "total_b", "reserve", "deal_count", "winner"]
    if state.game_over:
        if sheet.status == Status.OPEN:
            sheet.status = Status.FINISHED
            sheet.finished_at = now
            fields += ["status", "finished_at"]
    elif sheet.status != Status.OPEN:
        # The game is no longer over (a deal removed or corrected): back in play, and any
        # confirmation or dispute no longer applies to these deals.
        sheet.status = Status.OPEN
        sheet.finished_at = None
        sheet.confirmed_at = None
        sheet.confirmed_by = None
        sheet.confirmed_by_team = ""
        fields += ["status", "finished_at", "confirmed_at", "confirmed_by", "confirmed_by_team"]
    return fields


# --- Deals ------------------------------------------------------------------------------------


def record_deal(
    sheet_id: int,
    facts: DealFacts,
    *,
    version: int | None,
    client_id: uuid.UUID | None,
    user: Any = None,
    device: str = "",
    source: str = DealRecord.Source.TABLE,
    loaded: ScoreSheet | None = None,
) -> Written:
    """Add the next deal (or a penalty) to an open sheet.

    A form re-sent with the same ``client_id`` gets the deal it already recorded
    (``created=False``), whatever the sheet's version or state now. ``loaded``: the sheet as
    the caller read it, with its table, round and contest (see ``_lock``); when the form was
    shown with that very version, the deal is written without reading the sheet again (see
    ``_record_if_unchanged``).
    """
    entry = _NewDeal(facts, client_id, user, device, source)
    try:
        with transaction.atomic():
            written = None
            if (
                loaded is not None
                and loaded.pk == sheet_id
                and _form_of_current_state(loaded, version)
            ):
                written = _record_if_unchanged(loaded, entry)
            if written is None:
                written = _record_locked(sheet_id, loaded, version, entry)
            return written
    except IntegrityError:
        # The unique (sheet, client_id) backstop: the same form won a race against itself.
        sheet = ScoreSheet.objects.get(pk=sheet_id)
        existing = find_deal(sheet, client_id)
        if existing is None:
            raise
        return Written(sheet, existing, created=False)


@dataclass(frozen=True)
class _NewDeal:
    """What ``record_deal`` was asked to add, and by whom."""

    facts: DealFacts
    client_id: uuid.UUID | None
    user: Any
    device: str
    source: str


def _record_if_unchanged(loaded: ScoreSheet, entry: _NewDeal) -> Written | None:
    """Optimistic path: score the deal on the sheet as the request read it, then write it only
    if the sheet is still at that version; ``None`` when it changed in between.

    The UPDATE of the sheet's totals carries ``WHERE version = <the version read>``: it takes
    the row lock and checks that nothing was written since the read, in one statement (every
    write to a sheet bumps its version, see ``_bump``). When it matches no row, nothing was
    written and the caller takes the locking path, which sees the change. This saves the
    ``SELECT ... FOR UPDATE`` round trip on the common case: one phone per table.
    """
    _check_removed(loaded, entry.client_id)
    _require_round_open(loaded)
    _require_open_for_deals(loaded)
    # Scored on a copy: ``loaded`` stays as read, for the caller's answer if this fails.
    sheet = copy.copy(loaded)
    deal, fields = _score_next_deal(sheet, entry)
    if not _bump(sheet, fields, if_unchanged=True):
        return None
    _write_deal(sheet, deal, entry)
    return Written(sheet, deal)


def _record_locked(
    sheet_id: int, loaded: ScoreSheet | None, version: int | None, entry: _NewDeal
) -> Written:
    """Pessimistic path: lock the sheet, check what the form saw, then add the deal."""
    sheet = _lock(sheet_id, loaded)
    if not _form_of_current_state(sheet, version):
        existing = find_deal(sheet, entry.client_id)
        if existing is not None:
            return Written(sheet, existing, created=False)
    # Else the client id cannot have been recorded yet (a deal recorded from a form moved the
    # version past the form's), and the unique (sheet, client_id) constraint would stop it
    # anyway: the duplicate is answered by ``record_deal`` as it is here.
    _check_removed(sheet, entry.client_id)
    _require_round_open(sheet)
    _require_open_for_deals(sheet)
    _check_version(sheet, version)
    deal, fields = _score_next_deal(sheet, entry)
    _bump(sheet, fields)
    _write_deal(sheet, deal, entry)
    return Written(sheet, deal)


def _score_next_deal(sheet: ScoreSheet, entry: _NewDeal) -> tuple[DealRecord, list[str]]:
    """The engine's score of the next deal, as a DealRecord to insert, and the sheet's new game
    state set on ``sheet`` (the names of the fields it changed)."""
    rules = rules_of(sheet)
    try:
        state = game_state(rules, sheet).apply(adapters.engine_deal(entry.facts))
    except EngineError as exc:
        raise DealRefused(exc) from None
    score = state.entries[-1].score
    now = timezone.now()
    deal = DealRecord(
        sheet=sheet,
        number=sheet.deal_count + 1,
        **entry.facts.record_fields(),
        **adapters.scored_fields(score),
        running_a=state.total_a,
        running_b=state.total_b,
        client_id=entry.client_id,
        source=entry.source,
        entered_by=entry.user if _is_user(entry.user) else None,
        device=entry.device[:64],
    )
    fields = _set_game_fields(sheet, state, now)
    if sheet.started_at is None:
        sheet.started_at = now
        fields.append("started_at")
    return deal, fields


def _write_deal(sheet: ScoreSheet, deal: DealRecord, entry: _NewDeal) -> None:
    """Insert the scored deal and its log event (the sheet row is locked by now)."""
    dbwrite.insert(deal)
    _audit(
        sheet,
        "deal.record",
        after=snapshot(deal),
        user=entry.user,
        device=entry.device,
        target=deal,
    )
    _notify(sheet, was_result=False)


def record_penalty(
    sheet_id: int,
    *,
    team: str,
    penalty: str,
    bid: int | None = None,
    bid_kind: str = "",
    version: int | None,
    client_id: uuid.UUID | None,
    user: Any = None,
) -> Written:
    """A renonce or misdeal: a deal whose points (the rules' penalty) go to ``team``'s opponents."""
    if penalty not in (DealRecord.Penalty.RENONCE, DealRecord.Penalty.MISDEAL):
        raise _refuse("penalty_kind", _("Choisissez la pénalité : renonce ou maldonne."))
    facts = DealFacts(taker=team, penalty=penalty, bid=bid, bid_kind=bid_kind)
    return record_deal(
        sheet_id,
        facts,
        version=version,
        client_id=client_id,
        user=user,
        source=DealRecord.Source.ORGANISER,
    )


def _form_of_current_state(sheet: ScoreSheet, version: int | None) -> bool:
    """The form was shown with the sheet's current version, and the sheet takes deals."""
    return (
        version is not None
        and version == sheet.version
        and sheet.status == Status.OPEN
        and sheet.kind == Kind.DEALS
        and sheet.table.round.status != Round.Status.CLOSED
    )


def _check_removed(sheet: ScoreSheet, client_id: uuid.UUID | None) -> None:
    """A re-sent form whose deal was since removed must not add it back."""
    if client_id is None:
        return
    if sheet.version == sheet.deal_count:
        # Every write bumps the version and each deal adds one: nothing was ever removed.
        return
    if DealCorrection.objects.filter(
        sheet=sheet, action=DealCorrection.Action.DELETED, before__client_id=str(client_id)
    ).exists():
        raise _refuse(
            "deal_removed",
            _(
                "Cette donne avait été enregistrée puis supprimée : elle n'est pas ajoutée à nouveau."
            ),
        )


def _is_user(user: Any) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def _correction_done(sheet: ScoreSheet, client_id: uuid.UUID | None) -> bool:
    return (
        client_id is not None
        and DealCorrection.objects.filter(sheet=sheet, client_id=client_id).exists()
    )


def _allowed_to_change(sheet: ScoreSheet, *, organiser: bool) -> None:
    _require_round_open(sheet)
    if sheet.kind != Kind.DEALS:
        raise _refuse("not_deal_sheet", _("Cette feuille n'a pas de donnes à corriger."))
    if sheet.status == Status.CONFIRMED and not organiser:
        raise _refuse("sheet_confirmed", str(CLOSED_MESSAGES[Status.CONFIRMED]))


def _refold(
    rules: Ruleset, sheet: ScoreSheet, records: list[DealRecord], facts: list[DealFacts]
) -> GameState:
    """Score the whole game again with these facts, one deal after the other.

    Refuses a correction after which the game would have ended before its last deal.
    """
    state = GameState(rules)
    for index, f in enumerate(facts):
        if state.game_over:
            raise _refuse(
                "ends_early",
                _(
                    "Avec cette correction, la partie se termine à la donne %(number)d : "
                    "supprimez d'abord les donnes suivantes."
                )
                % {"number": index},
            )
        try:
            state = state.apply(adapters.engine_deal(f))
        except EngineError as exc:
            refused = DealRefused(exc)
            refused.message = _("Donne %(number)d : %(message)s") % {
                "number": records[index].number,
                "message": refused.message,
            }
            raise refused from None
    return state


def correct_deal(
    sheet_id: int,
    number: int,
    facts: DealFacts,
    *,
    version: int | None,
    client_id: uuid.UUID | None,
    user: Any = None,
    device: str = "",
    reason: str = "",
    organiser: bool = False,
) -> Written:
    """Replace the facts of deal ``number`` and re-score the game from it on.

    At the table (``organiser=False``) only the last deal may be corrected, and only until the
    sheet is confirmed; the organiser may correct any deal of any sheet of an open round. The
    history keeps the deal before and after.
    """
    with transaction.atomic():
        sheet = _lock(sheet_id)
        if _correction_done(sheet, client_id):
            return Written(sheet, sheet.deals.filter(number=number).first(), created=False)
        _allowed_to_change(sheet, organiser=organiser)
        _check_version(sheet, version)
        records = list(sheet.deals.order_by("number"))
        target = next((r for r in records if r.number == number), None)
        if target is None:
            raise _refuse("no_such_deal", _("Cette donne n'existe pas sur la feuille."))
        if not organiser and target.number != records[-1].number:
            raise _refuse(
                "not_last_deal",
                _(
                    "Seule la dernière donne peut être corrigée à la table : demandez à l'organisateur."
                ),
            )
        if facts.is_penalty != (target.kind == DealRecord.Kind.PENALTY):
            raise _refuse(
                "kind_change", _("Une donne ne peut pas devenir une pénalité, ni l'inverse.")
            )
        before = snapshot(target)
        was_result = _is_result(sheet.status)
        rules = rules_of(sheet)
        all_facts = [facts if r.number == number else adapters.facts_of(r) for r in records]
        state = _refold(rules, sheet, records, all_facts)
        for field, value in facts.record_fields().items():
            setattr(target, field, value)
        _store_refold(records, state, start=records.index(target))
        now = timezone.now()
        fields = _set_game_fields(sheet, state, now)
        _bump(sheet, fields)
        target.refresh_from_db()
        _history(
            sheet=sheet,
            deal_number=number,
            action=DealCorrection.Action.CORRECTED,
            before=before,
            after=snapshot(target),
            reason=reason[:300],
            client_id=client_id,
            by=user if _is_user(user) else None,
            device=device[:64],
        )
        _notify(sheet, was_result)
        return Written(sheet, target)


_FACT_FIELDS = [
    "kind",
    "penalty",
    "taker",
    "trump",
    "taker_points",
    "capot_team",
    "belote_team",
    "bid",
    "bid_kind",
    "contre",
    "announcements",
    "dealer_seat",
]
_SCORE_FIELDS = [
    "score_a",
    "score_b",
    "outcome",
    "contract_made",
    "carry_in",
    "carry_out",
    "breakdown",
    "running_a",
    "running_b",
]


def _store_refold(records: list[DealRecord], state: GameState, *, start: int) -> int:
    """Write the re-scored deals from index ``start`` on; return how many were saved."""
    to_save = []
    now = timezone.now()
    for record, entry in zip(records[start:], state.entries[start:], strict=True):
        for field, value in adapters.scored_fields(entry.score).items():
            setattr(record, field, value)
        record.running_a = entry.total_a
        record.running_b = entry.total_b
        record.updated_at = now
        to_save.append(record)
    if to_save:
        DealRecord.objects.bulk_update(to_save, [*_FACT_FIELDS, *_SCORE_FIELDS, "updated_at"])
    return len(to_save)


def delete_last_deal(
    sheet_id: int,
    *,
    version: int | None,
    client_id: uuid.UUID | None,
    user: Any = None,
    device: str = "",
    reason: str = "",
    organiser: bool = False,
) -> Written:
    """Remove the sheet's last deal; the history keeps it. The game is back in play."""
    with transaction.atomic():
        sheet = _lock(sheet_id)
        if _correction_done(sheet, client_id):
            return Written(sheet, None, created=False)
        _allowed_to_change(sheet, organiser=organiser)
        _check_version(sheet, version)
        last_two = list(sheet.deals.order_by("-number")[:2])
        if not last_two:
            raise _refuse("no_deal", _("Il n'y a aucune donne à supprimer."))
        last = last_two[0]
        previous = last_two[1] if len(last_two) > 1 else None
        was_result = _is_result(sheet.status)
        before = snapshot(last)
        last.delete()
        sheet.total_a = previous.running_a if previous else 0
        sheet.total_b = previous.running_b if previous else 0
        sheet.reserve = previous.carry_out if previous else 0
        sheet.deal_count = previous.number if previous else 0
        sheet.winner = ScoreSheet.Winner.NONE
        fields = ["total_a", "total_b", "reserve", "deal_count", "winner"]
        if sheet.status != Status.OPEN:
            sheet.status = Status.OPEN
            sheet.finished_at = None
            sheet.confirmed_at = None
            sheet.confirmed_by = None
            sheet.confirmed_by_team = ""
            fields += ["status", "finished_at", "confirmed_at", "confirmed_by", "confirmed_by_team"]
        _bump(sheet, fields)
        _history(
            sheet=sheet,
            deal_number=before["number"],
            action=DealCorrection.Action.DELETED,
            before=before,
            after={},
            reason=reason[:300],
            client_id=client_id,
            by=user if _is_user(user) else None,
            device=device[:64],
        )
        _notify(sheet, was_result)
        return Written(sheet, None)


# --- Confirmation and dispute -----------------------------------------------------------------


def confirm_sheet(
    sheet_id: int,
    *,
    version: int | None,
    team: str = "",
    device: str = "",
    user: Any = None,
    organiser: bool = False,
) -> Written:
    """Confirm a finished game: by the other team on its own phone, or by the organiser.

    At the table the confirming ``team`` is required, and the phone that entered the last
    deal cannot confirm it (the other team checks what was entered). Confirming twice is
    harmless.
    """
    with transaction.atomic():
        sheet = _lock(sheet_id)
        if sheet.status == Status.CONFIRMED:
            return Written(sheet, None, created=False)
        _require_round_open(sheet)
        _check_version(sheet, version)
        if organiser:
            if sheet.status == Status.OPEN:
                raise _refuse(
                    "not_finished",
                    _("La partie n'est pas terminée : elle ne peut pas être confirmée."),
                )
        else:
            if sheet.status != Status.FINISHED:
                raise _refuse(
                    "not_finished",
                    _("Seule une partie terminée peut être confirmée à la table.")
                    if sheet.status == Status.OPEN
                    else str(CLOSED_MESSAGES[Status(sheet.status)]),
                )
            if team not in ("a", "b"):
                raise _refuse("team_required", _("Indiquez votre équipe."), field="team")
            last = sheet.deals.order_by("-number").values_list("device", flat=True).first()
            if last and device and last == device:
                raise _refuse(
                    "same_device",
                    _(
                        "La confirmation doit venir de l'autre équipe, sur son propre téléphone "
                        "(ou de l'organisateur)."
                    ),
                )
        before = {"status": sheet.status}
        sheet.status = Status.CONFIRMED
        sheet.confirmed_at = timezone.now()
        sheet.confirmed_by = user if _is_user(user) else None
        sheet.confirmed_by_team = "" if organiser else team
        _bump(sheet, ["status", "confirmed_at", "confirmed_by", "confirmed_by_team"])
        _audit(
            sheet,
            "sheet.confirm",
            before=before,
            after={"status": sheet.status, "team": sheet.confirmed_by_team},
            user=user,
            device=device,
        )
        _notify(sheet, was_result=True)
        return Written(sheet, None)


def dispute_sheet(
    sheet_id: int,
    *,
    version: int | None,
    note: str = "",
    team: str = "",
    device: str = "",
) -> Written:
    """The other team disagrees with a finished game: the organiser will look at it."""
    with transaction.atomic():
        sheet = _lock(sheet_id)
        if sheet.status == Status.DISPUTED:
            return Written(sheet, None, created=False)
        _require_round_open(sheet)
        _check_version(sheet, version)
        if sheet.status != Status.FINISHED:
            raise _refuse(
                "not_finished",
                _("Seule une partie terminée et pas encore confirmée peut être contestée."),
            )
        before = {"status": sheet.status}
        sheet.status = Status.DISPUTED
        sheet.disputed_at = timezone.now()
        team_label = {"a": _("équipe A"), "b": _("équipe B")}.get(team, "")
        note = note.strip()[:900]
        sheet.dispute_note = f"{team_label} : {note}" if team_label and note else note or team_label
        _bump(sheet, ["status", "disputed_at", "dispute_note"])
        _audit(
            sheet,
            "sheet.dispute",
            before=before,
            after={"status": sheet.status, "note": sheet.dispute_note},
            device=device,
        )
        _notify(sheet, was_result=True)
        return Written(sheet, None)


def reopen_sheet(
    sheet_id: int, *, version: int | None, user: Any = None, reason: str = ""
) -> Written:
    """The organiser withdraws a confirmation or a dispute: the sheet is finished again."""
    with transaction.atomic():
        sheet = _lock(sheet_id)
        _require_round_open(sheet)
        _check_version(sheet, version)
        if sheet.status not in REOPENABLE:
            raise _refuse("not_reopenable", _("Cette feuille n'est ni confirmée, ni contestée."))
        if sheet.kind in (Kind.BYE, Kind.FORFEIT):
            raise _refuse("not_reopenable", _("Un exempt ou un forfait ne se rouvre pas ainsi."))
        before = {"status": sheet.status, "dispute_note": sheet.dispute_note}
        sheet.status = Status.FINISHED
        sheet.confirmed_at = None
        sheet.confirmed_by = None
        sheet.confirmed_by_team = ""
        _bump(sheet, ["status", "confirmed_at", "confirmed_by", "confirmed_by_team"])
        _history(
            sheet=sheet,
            action=DealCorrection.Action.REOPENED,
            before=before,
            after={"status": sheet.status},
            reason=reason[:300],
            by=user if _is_user(user) else None,
        )
        _notify(sheet, was_result=True)
        return Written(sheet, None)


# --- Totals only ------------------------------------------------------------------------------


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
) -> Written:
    """Enter a paper sheet as its two totals; the table check flags an inconsistent pair.

    An inconsistent pair is refused with :class:`TotalsInconsistent` unless ``force``, in
    which case it is saved "to verify". A consistent pair is confirmed (the organiser typed
    what both teams signed). Changing saved totals keeps the history.
    """
    with transaction.atomic():
        sheet = _lock(sheet_id)
        _require_round_open(sheet)
        _check_version(sheet, version)
        if sheet.kind in (Kind.BYE, Kind.FORFEIT) or sheet.deal_count:
            raise _refuse(
                "has_deals",
                _(
                    "Cette feuille a déjà des donnes (ou est un exempt/forfait) : corrigez les "
                    "donnes plutôt que de saisir les totaux."
                ),
            )
        rules = rules_of(sheet)
        check = check_totals(rules, deals_played, total_a, total_b, belotes, capots)
        if check is not None and not check.consistent and not force:
            raise TotalsInconsistent(check)
        was_result = _is_result(sheet.status)
        existing = TotalsResult.objects.filter(sheet=sheet).first()
        before = _totals_snapshot(existing) if existing else None
        values = {
            "total_a": total_a,
            "total_b": total_b,
            "deals_played": deals_played,
            "belotes": belotes,
            "capots": capots,
            "check_ok": check is None or check.consistent,
            "check_code": "" if check is None or check.consistent else str(check.likely_missing),
            "check_params": {}
            if check is None
            else {
                "actual": check.actual_total,
                "expected": check.expected_total,
                "difference": check.difference,
            },
            "entered_by": user if _is_user(user) else None,
        }
        totals, _created = TotalsResult.objects.update_or_create(sheet=sheet, defaults=values)
        now = timezone.now()
        sheet.kind = Kind.TOTALS
        sheet.total_a = total_a
        sheet.total_b = total_b
        sheet.reserve = 0
        sheet.winner = _totals_winner(total_a, total_b)
        sheet.started_at = sheet.started_at or now
        sheet.finished_at = now
        if totals.check_ok:
            sheet.status = Status.CONFIRMED
            sheet.confirmed_at = now
            sheet.confirmed_by = user if _is_user(user) else None
            sheet.check_note = ""
        else:
            sheet.status = Status.TO_VERIFY
            sheet.confirmed_at = None
            sheet.confirmed_by = None
            sheet.check_note = describe_check(check) if check else ""
        sheet.confirmed_by_team = ""
        _bump(
            sheet,
            [
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
            ],
        )
        if before is not None:
            _history(
                sheet=sheet,
                action=DealCorrection.Action.TOTALS,
                before=before,
                after=_totals_snapshot(totals),
                reason=reason[:300],
                by=user if _is_user(user) else None,
            )
        _notify(sheet, was_result)
        return Written(sheet, None)


def _totals_snapshot(totals: TotalsResult) -> dict[str, Any]:
    return {
        "total_a": totals.total_a,
        "total_b": totals.total_b,
        "deals_played": totals.deals_played,
        "belotes": totals.belotes,
        "capots": totals.capots,
        "check_ok": totals.check_ok,
    }


# --- Byes and forfeits ------------------------------------------------------------------------


def game_value(rules: Ruleset) -> int:
    """The points of a whole game: the target, or N deals × 162."""
    if rules.game_end is GameEnd.DEALS:
        return rules.deals_per_game * rules.deal_total
    return rules.target


def policy_points(contest: Contest, rules: Ruleset, round_: Round) -> int:
    """What a bye (or a forfeit's winner) is credited with under the contest's bye policy.

    ``fixed``: the contest's bye points. ``half_game``: half of the bye points, or of a whole
    game when they are 0. ``round_average``: the average team score of the round's finished
    games (the bye points, or half a game, while none is finished). Standings apply the same
    policy themselves; this figure is what the sheet shows.
    """
    policy = contest.bye_policy
    if policy == Contest.ByePolicy.FIXED:
        return int(contest.bye_points)
    half = int(contest.bye_points or game_value(rules)) // 2
    if policy == Contest.ByePolicy.HALF_GAME:
        return half
    played = list(
        ScoreSheet.objects.filter(
            table__round=round_,
            kind__in=[Kind.DEALS, Kind.TOTALS],
            status__in=[Status.FINISHED, Status.CONFIRMED],
        ).values_list("total_a", "total_b")
    )
    if not played:
        return int(contest.bye_points) or half
    scores = [s for pair in played for s in pair]
    return (2 * sum(scores) + len(scores)) // (2 * len(scores))  # rounded half up


def score_bye_or_forfeit(
    sheet_id: int,
    *,
    forfeit_loser: str = "",
    version: int | None = None,
    user: Any = None,
    reason: str = "",
) -> Written:
    """Credit a bye, or score a forfeit of ``forfeit_loser``, under the contest's policy.

    A bye table (no team B) is credited and confirmed. On a played table, ``forfeit_loser``
    ("a" or "b") forfeits: the other team is credited as for a bye, the loser scores 0.
    ``forfeit_loser=""`` on a forfeited table cancels the forfeit (back to an open sheet).
    """
    with transaction.atomic():
        sheet = _lock(sheet_id)
        _require_round_open(sheet)
        _check_version(sheet, version)
        table = sheet.table
        contest = table.round.contest
        was_result = _is_result(sheet.status)
        now = timezone.now()
        if table.is_bye:
            if forfeit_loser:
                raise _refuse("bye_forfeit", _("Une table d'exempt n'a pas d'adversaire forfait."))
            rules = rules_of(sheet)
            sheet.kind = Kind.BYE
            sheet.total_a = policy_points(contest, rules, table.round)
            sheet.total_b = 0
            sheet.winner = ScoreSheet.Winner.A
        elif forfeit_loser in ("a", "b"):
            if sheet.deal_count or sheet.kind == Kind.TOTALS:
                raise _refuse(
                    "has_deals",
                    _("Des résultats sont déjà saisis à cette table : supprimez-les d'abord."),
                )
            rules = rules_of(sheet)
            points = policy_points(contest, rules, table.round)
            before = {"kind": sheet.kind, "forfeit_loser": sheet.forfeit_loser}
            sheet.kind = Kind.FORFEIT
            sheet.forfeit_loser = forfeit_loser
            sheet.total_a = 0 if forfeit_loser == "a" else points
            sheet.total_b = 0 if forfeit_loser == "b" else points
            sheet.winner = "b" if forfeit_loser == "a" else "a"
            _history_forfeit(sheet, before, user, reason)
        elif sheet.kind == Kind.FORFEIT:
            before = {"kind": sheet.kind, "forfeit_loser": sheet.forfeit_loser}
            sheet.kind = Kind.DEALS
            sheet.forfeit_loser = ""
            sheet.total_a = sheet.total_b = 0
            sheet.winner = ScoreSheet.Winner.NONE
            sheet.status = Status.OPEN
            sheet.finished_at = sheet.confirmed_at = None
            sheet.confirmed_by = None
            _history_forfeit(sheet, before, user, reason)
            _bump(sheet, _BYE_FIELDS)
            _notify(sheet, was_result)
            return Written(sheet, None)
        else:
            raise _refuse("forfeit_team", _("Indiquez l'équipe forfait."), field="forfeit_loser")
        sheet.status = Status.CONFIRMED
        sheet.finished_at = sheet.finished_at or now
        sheet.confirmed_at = now
        sheet.confirmed_by = user if _is_user(user) else None
        sheet.confirmed_by_team = ""
        _bump(sheet, _BYE_FIELDS)
        _notify(sheet, was_result=True)
        return Written(sheet, None)


_BYE_FIELDS = [
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


def _history_forfeit(sheet: ScoreSheet, before: dict[str, Any], user: Any, reason: str) -> None:
    _history(
        sheet=sheet,
        action=DealCorrection.Action.FORFEIT,
        before=before,
        after={"kind": sheet.kind, "forfeit_loser": sheet.forfeit_loser},
        reason=reason[:300],
        by=user if _is_user(user) else None,
    )


# --- Secret links -----------------------------------------------------------------------------


def regenerate_token(sheet_id: int, *, user: Any = None) -> Written:
    """Give the table a new secret link; the old one stops working at once."""
    with transaction.atomic():
        sheet = _lock(sheet_id)
        sheet.token = new_token()
        _bump(sheet, ["token"])
        # The token itself stays out of the log: it is a secret.
        _audit(sheet, "sheet.token", after={"version": sheet.version}, user=user)
        return Written(sheet, None)


__all__ = [
    "REOPENABLE",
    "DealRefused",
    "ServiceError",
    "StaleSheet",
    "TotalsInconsistent",
    "Written",
    "check_totals",
    "confirm_sheet",
    "correct_deal",
    "delete_last_deal",
    "describe_check",
    "dispute_sheet",
    "ensure_round_sheets",
    "find_deal",
    "game_state",
    "policy_points",
    "preview_deal",
    "record_deal",
    "record_penalty",
    "record_totals",
    "regenerate_token",
    "reopen_sheet",
    "rules_of",
    "score_bye_or_forfeit",
    "sheet_of_table",
    "snapshot",
    "state_before",
]
