"""Rounds: drawing (through the engine), redrawing, publishing, visibility, deletion, closing.

Every write locks the round and the contest. A published round 1 freezes the contest's rules.
A round closes when the next one is published, when the contest is closed, or by the
organiser (:func:`close_round`); its table links are then read-only until the organiser
reopens it with a reason (:func:`reopen_round`). Both are written to the contest log.
Must not touch results (``adapters.round_activity`` says what exists) nor hand edits (``edits``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.errors import EngineError
from engine.pairing import pair_round
from tournaments import adapters, audit, signals
from tournaments.messages.codes import engine_error_message
from tournaments.models import Contest, Round, Table
from tournaments.services.base import (
    ServiceError,
    clean,
    lock_contest,
    lock_round,
    record_change,
)
from tournaments.services.layouts import Layout, check_draft, read_layout, round_state, write_layout
from tournaments.services.phases import draw as phases
from tournaments.services.rounds.day_order import check_draw_order, record_forced_draw
from tournaments.services.solo import melee

ROUND_STATE_FIELDS = ("status", "published_at", "show_draw", "show_results", "show_standings")


def _pair(
    contest: Contest, number: int, seed: int | None, redraw: Round | None = None
) -> tuple[Layout, dict[str, Any]]:
    if phases.has_plan(contest):  # a contest in phases: pools, brackets (services/phases)
        return phases.draw_partie(contest, number, seed, redraw=redraw)
    if melee.is_melee(contest):  # players alone: the partie's pairs are drawn with the tables
        return melee.seat_partie(contest, number, seed)
    try:
        data = adapters.pairing_request(contest, number, seed=seed)
        result = pair_round(data.request)
    except EngineError as exc:
        raise ServiceError(exc.code, engine_error_message(exc)) from exc
    return adapters.tables_of(result), {
        "seed": result.seed,
        "method": str(result.method),
        "report": adapters.report_json(result),
    }


@transaction.atomic
def generate_round(contest: Contest, *, seed: int | None = None, force_reason: str = "") -> Round:
    """Draw the next round as a draft (not visible to the public until published).

    By ranking, it waits for the previous parties' sheets (``day_order``) unless forced with a
    reason, which goes to the journal."""
    locked = lock_contest(contest)
    if locked.status == Contest.Status.FINISHED:
        raise ServiceError("contest.finished", _("Le concours est terminé."))
    rounds = list(locked.rounds.order_by("number"))
    if rounds and rounds[-1].status == Round.Status.DRAFT:
        raise ServiceError(
            "round.draft_exists",
            _("La partie %(number)s est encore en brouillon : publiez-la ou refaites son tirage.")
            % {"number": rounds[-1].number},
        )
    number = len(rounds) + 1 if not rounds else rounds[-1].number + 1
    # A contest in phases counts its parties as its phases go (services/phases refuses).
    if number > locked.rounds_count and not phases.has_plan(locked):
        raise ServiceError(
            "round.all_drawn",
            ngettext(
                "Le concours compte %(count)s partie, déjà tirée.",
                "Le concours compte %(count)s parties, toutes déjà tirées.",
                locked.rounds_count,
            )
            % {"count": locked.rounds_count},
        )
    waiting = check_draw_order(locked, number, force_reason)
    layout, facts = _pair(locked, number, seed)
    round_ = Round.objects.create(contest=locked, number=number, status=Round.Status.DRAFT, **facts)
    write_layout(round_, layout)
    if melee.is_melee(locked):
        melee.store_byes(round_, locked, facts["report"])
    audit.record(locked, "round.generate", round_, after=round_state(round_, layout))
    if waiting:
        record_forced_draw(locked, round_, waiting, force_reason)
    return round_


@transaction.atomic
def redraw_round(round_: Round, *, seed: int | None = None) -> Round:
    """Draw the round again (a new seed unless one is given) while it has no result."""
    locked = lock_round(round_)
    lock_contest(locked.contest)
    activity = adapters.round_activity(locked)
    if activity:
        raise ServiceError(
            "round.has_results",
            _("Impossible de refaire le tirage : des résultats existent (%(what)s).")
            % {"what": ", ".join(activity)},
        )
    if (
        locked.status != Round.Status.DRAFT
        and locked.contest.rounds.filter(number__gt=locked.number).exists()
    ):
        raise ServiceError(
            "round.not_last", _("Seul le tirage de la dernière partie peut être refait.")
        )
    before = round_state(locked, read_layout(locked))
    if melee.is_melee(locked.contest):
        melee.clear_partie(locked)  # the pairs drawn for this partie go with its tables
    layout, facts = _pair(locked.contest, locked.number, seed, redraw=locked)
    for name, value in facts.items():
        setattr(locked, name, value)
    locked.save(update_fields=list(facts))
    locked.edits.all().delete()
    write_layout(locked, layout)
    if melee.is_melee(locked.contest):
        melee.store_byes(locked, locked.contest, facts["report"])
    audit.record(
        locked.contest_id, "round.redraw", locked, before=before, after=round_state(locked, layout)
    )
    return locked


@transaction.atomic
def publish_round(round_: Round) -> Round:
    """Publish a draft round: the draw becomes public; round 1 freezes the contest's rules."""
    locked = lock_round(round_)
    contest = lock_contest(locked.contest)
    check_draft(locked)
    layout = read_layout(locked)
    if not layout:
        raise ServiceError("round.empty", _("Ce tirage ne contient aucune table."))
    byes = sum(1 for _n, _a, b in layout if b is None)
    if byes > 1 and not phases.allows_several_byes(locked):
        raise ServiceError(
            "round.several_byes",
            _("%(count)s équipes sont seules à leur table : il ne peut y avoir qu'un exempt.")
            % {"count": byes},
        )
    now = timezone.now()
    before = audit.snapshot(locked, ROUND_STATE_FIELDS)
    locked.status = Round.Status.PUBLISHED
    locked.published_at = now
    locked.show_draw = True
    locked.save(update_fields=["status", "published_at", "show_draw"])
    locked.edits.all().delete()
    fields = []
    if contest.rules_frozen_at is None:
        contest.rules_frozen_at = now
        fields.append("rules_frozen_at")
    if contest.status in (Contest.Status.DRAFT, Contest.Status.REGISTRATION):
        contest.status = Contest.Status.RUNNING
        fields.append("status")
    if fields:
        contest.save(update_fields=fields)
    record_change(contest, "round.publish", locked, before, ROUND_STATE_FIELDS)
    close_rounds(contest, before_number=locked.number, cause=CLOSED_BY_NEXT_ROUND)
    signals.round_published.send(sender=Round, round=locked)
    return locked


@transaction.atomic
def set_round_visibility(
    round_: Round, *, show_draw: bool, show_results: bool, show_standings: bool
) -> Round:
    locked = lock_round(round_)
    if locked.status == Round.Status.DRAFT and (show_draw or show_results or show_standings):
        raise ServiceError(
            "round.not_published", _("Publiez la partie avant de la montrer au public.")
        )
    before = audit.snapshot(locked, ROUND_STATE_FIELDS)
    locked.show_draw, locked.show_results = show_draw, show_results
    locked.show_standings = show_standings
    locked.save(update_fields=["show_draw", "show_results", "show_standings"])
    record_change(locked.contest_id, "round.visibility", locked, before, ROUND_STATE_FIELDS)
    signals.round_visibility_changed.send(sender=Round, round=locked, before=before)
    return locked


@transaction.atomic
def delete_round(round_: Round, *, confirmed: bool = False) -> list[str]:
    """Delete the last round. A published round needs ``confirmed`` (the caller showed the
    organiser what will be lost); returns the lines describing what was deleted."""
    locked = lock_round(round_)
    lock_contest(locked.contest)
    if locked.contest.rounds.filter(number__gt=locked.number).exists():
        raise ServiceError("round.not_last", _("Seule la dernière partie peut être supprimée."))
    lost = lost_with(locked)
    if locked.status != Round.Status.DRAFT and not confirmed:
        raise ServiceError(
            "round.confirmation_needed",
            _("Confirmez la suppression : %(what)s seront perdus.") % {"what": ", ".join(lost)},
        )
    audit.record(
        locked.contest_id,
        "round.delete",
        locked,
        before=round_state(locked, read_layout(locked)) | {"lost": [str(line) for line in lost]},
    )
    try:
        with transaction.atomic():
            if melee.is_melee(locked.contest):
                melee.clear_partie(locked)
            locked.delete()
    except (ProtectedError, RestrictedError) as exc:
        raise ServiceError(
            "round.protected",
            _("Des résultats enregistrés empêchent de supprimer cette partie."),
        ) from exc
    return lost


def lost_with(round_: Round) -> list[str]:
    """French lines naming what deleting ``round_`` loses: its tables and any results."""
    count = Table.objects.filter(round=round_).count()
    lines = [
        ngettext("le tirage de %(count)s table", "le tirage de %(count)s tables", count)
        % {"count": count}
    ]
    return lines + adapters.round_activity(round_)


# Why a round closed (the contest log's "after" says it).
CLOSED_BY_NEXT_ROUND = "next_round"
CLOSED_BY_CONTEST = "contest_finished"
CLOSED_BY_ORGANISER = "organiser"
REOPEN_REASON_MAX = 300


def _close(locked: Round, cause: str) -> None:
    before = audit.snapshot(locked, ["status"])
    locked.status = Round.Status.CLOSED
    locked.save(update_fields=["status"])
    audit.record(
        locked.contest_id,
        "round.close",
        locked,
        before=before,
        after={"status": locked.status, "cause": cause},
    )


def close_rounds(contest: Contest, *, before_number: int | None = None, cause: str) -> list[int]:
    """Close the contest's published rounds (those numbered below ``before_number`` if given),
    inside the caller's transaction; returns the numbers closed."""
    query = Round.objects.select_for_update().filter(
        contest_id=contest.pk, status=Round.Status.PUBLISHED
    )
    if before_number is not None:
        query = query.filter(number__lt=before_number)
    closed = []
    for round_ in query.order_by("number"):
        _close(round_, cause)
        closed.append(round_.number)
    return closed


@transaction.atomic
def close_round(round_: Round) -> Round:
    """The organiser closes a published round: its table links become read-only.

    Closing a round already closed changes nothing (a double click)."""
    locked = lock_round(round_)
    if locked.status == Round.Status.DRAFT:
        raise ServiceError(
            "round.not_published",
            _("Une partie en brouillon ne se clôt pas : publiez-la ou supprimez-la."),
        )
    if locked.status == Round.Status.PUBLISHED:
        _close(locked, CLOSED_BY_ORGANISER)
    return locked


@transaction.atomic
def reopen_round(round_: Round, *, reason: str) -> Round:
    """The organiser reopens a closed round, saying why (kept in the contest log)."""
    reason = clean(reason)[:REOPEN_REASON_MAX]
    if not reason:
        raise ServiceError(
            "round.reason_required",
            _("Indiquez le motif de la réouverture de la partie."),
            status=400,
        )
    locked = lock_round(round_)
    if locked.status != Round.Status.CLOSED:
        raise ServiceError("round.not_closed", _("Cette partie n'est pas close."))
    before = audit.snapshot(locked, ["status"])
    locked.status = Round.Status.PUBLISHED
    locked.save(update_fields=["status"])
    audit.record(
        locked.contest_id,
        "round.reopen",
        locked,
        before=before,
        after={"status": locked.status, "reason": reason},
    )
    return locked
