"""Changing the number of parties of a running contest ("the room voted to play five, not six").

Owns :func:`change_rounds_count` and :func:`rounds_count_consequences` (what the organiser is
shown before confirming), and :func:`check_reason`, the required reason every change of the
plan (``latecomers``, ``table_moves``) keeps in the journal. The rules are frozen once partie 1
is published: this is the one rule that may still change, and ``Contest.ruleset``'s
``games_per_contest`` follows ``Contest.rounds_count`` so the two never disagree.
Must not draw, delete a round nor touch results (the standings follow through
``signals.plan_changed``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.belote import rules as engine_rules
from engine.errors import EngineError
from engine.pairing import max_round_robin_rounds
from tournaments import adapters, audit, signals
from tournaments.messages.codes import engine_error_message
from tournaments.models import Contest, Entry
from tournaments.services.base import ServiceError, clean, lock_contest

REASON_MAX = 300
# The model's limit (``contest_rounds_count_range``).
MIN_ROUNDS, MAX_ROUNDS = 1, 30


def check_reason(reason: str) -> str:
    """The reason of a change of the plan, cleaned; refused (400) when there is none."""
    text = clean(reason)[:REASON_MAX]
    if not text:
        raise ServiceError(
            "plan.reason_required",
            _("Indiquez le motif du changement : il est gardé dans le journal du concours."),
            status=400,
        )
    return text


def check_running(contest: Contest) -> None:
    """A change of the plan is for a contest under way (before, the contest's form does it)."""
    if contest.status == Contest.Status.FINISHED:
        raise ServiceError("contest.finished", _("Le concours est clos : son plan ne change plus."))
    if not contest.rules_frozen:
        raise ServiceError(
            "plan.not_started",
            _(
                "Le concours n'a pas commencé : changez le nombre de parties dans ses règles "
                "(« Modifier le concours »)."
            ),
        )


def _drawn(contest: Contest) -> int:
    return contest.rounds.aggregate(m=Max("number"))["m"] or 0


def _late_for(contest: Contest, count: int) -> list[Entry]:
    """Teams registered for a partie after ``count``: they would never play."""
    return list(
        Entry.objects.filter(contest=contest, joined_at_round__gt=count)
        .select_related("player1", "player2")
        .order_by("number")
    )


def _check_count(contest: Contest, count: Any) -> int:
    if (
        isinstance(count, bool)
        or not isinstance(count, int)
        or not (MIN_ROUNDS <= count <= MAX_ROUNDS)
    ):
        raise ServiceError(
            "plan.rounds_range",
            _("Un concours compte de %(min)s à %(max)s parties.")
            % {"min": MIN_ROUNDS, "max": MAX_ROUNDS},
            status=400,
        )
    if count == contest.rounds_count:
        raise ServiceError(
            "plan.rounds_unchanged",
            ngettext(
                "Le concours compte déjà %(count)s partie.",
                "Le concours compte déjà %(count)s parties.",
                count,
            )
            % {"count": count},
            status=400,
        )
    drawn = _drawn(contest)
    if count < drawn:
        raise ServiceError(
            "plan.rounds_below_drawn",
            _(
                "La partie %(drawn)s est déjà tirée : le concours ne peut pas compter moins de "
                "%(drawn)s parties (supprimez d'abord la dernière partie si elle n'a pas été jouée)."
            )
            % {"drawn": drawn},
        )
    if contest.phases.exists():
        raise ServiceError(
            "plan.phases",
            _("Ce concours se joue en phases : changez le nombre de parties de ses phases."),
        )
    late = _late_for(contest, count)
    if late:
        raise ServiceError(
            "plan.late_entries",
            _(
                "Ces équipes sont inscrites pour une partie qui ne sera plus jouée : %(teams)s. "
                "Supprimez-les d'abord (elles n'ont joué aucune partie)."
            )
            % {"teams": ", ".join(e.display_name for e in late)},
        )
    if contest.pairing_method == Contest.PairingMethod.ROUND_ROBIN:
        teams = contest.entries.filter(withdrawn_after_round__isnull=True).count()
        most = max_round_robin_rounds(teams) if teams >= 2 else count
        if count > most:
            raise ServiceError(
                "plan.round_robin_limit",
                _("En toutes rondes, %(teams)s équipes jouent au plus %(most)s parties.")
                % {"teams": teams, "most": most},
            )
    return count


def _ruleset_with(contest: Contest, count: int) -> dict[str, Any]:
    """The stored ruleset with only ``games_per_contest`` changed (checked by the engine)."""
    try:
        rules = adapters.ruleset_of(contest)
        stored = contest.ruleset if isinstance(contest.ruleset, dict) and contest.ruleset else None
        data = dict(stored) if stored is not None else rules.to_json()
        data["games_per_contest"] = count
        engine_rules.ruleset_from_json(data)
    except EngineError as exc:
        raise ServiceError(exc.code, engine_error_message(exc)) from exc
    return data


@transaction.atomic  # read only; the checks lock rows as the change would
def rounds_count_consequences(contest: Contest, count: int) -> list[str]:
    """French lines saying what changing to ``count`` parties means, before it is confirmed.

    Raises the same refusals as :func:`change_rounds_count` (the page shows them instead)."""
    contest = Contest.objects.select_related("club").get(pk=contest.pk)
    check_running(contest)
    _check_count(contest, count)
    drawn = _drawn(contest)
    lines = [
        _("Le concours comptera %(new)s parties au lieu de %(old)s.")
        % {"new": count, "old": contest.rounds_count}
    ]
    if count > contest.rounds_count:
        lines.append(
            ngettext(
                "%(count)s partie de plus à tirer après la partie %(last)s.",
                "%(count)s parties de plus à tirer après la partie %(last)s.",
                count - contest.rounds_count,
            )
            % {"count": count - contest.rounds_count, "last": contest.rounds_count}
        )
        return lines
    if drawn == count:
        progress = adapters.round_progress(contest).get(count)
        done = progress is not None and progress.tables > 0 and progress.finished == progress.tables
        if done:
            lines.append(
                _(
                    "La partie %(n)s est jouée : son classement devient le classement final, "
                    "le concours peut être clos."
                )
                % {"n": count}
            )
        else:
            lines.append(
                _("La partie %(n)s, en cours, devient la dernière : son classement sera final.")
                % {"n": count}
            )
    else:
        lines.append(
            ngettext(
                "La partie %(n)s sera la dernière ; il reste %(left)s partie à tirer.",
                "La partie %(n)s sera la dernière ; il reste %(left)s parties à tirer.",
                count - drawn,
            )
            % {"n": count, "left": count - drawn}
        )
    return lines


@transaction.atomic
def change_rounds_count(contest: Contest, count: int, *, reason: str) -> Contest:
    """Play ``count`` parties instead of the planned number, after the start (1 to 30, never
    fewer than the parties already drawn), with the reason kept in the journal."""
    reason = check_reason(reason)
    locked = lock_contest(contest)
    check_running(locked)
    _check_count(locked, count)
    before = {"rounds_count": locked.rounds_count}
    locked.ruleset = _ruleset_with(locked, count)
    locked.rounds_count = count
    locked.save(update_fields=["rounds_count", "ruleset"])
    audit.record(
        locked,
        "plan.rounds_count",
        locked,
        before=before,
        after={"rounds_count": count, "reason": reason, "drawn": _drawn(locked)},
    )
    signals.plan_changed.send(sender=Contest, contest_id=locked.pk, round=None, results=True)
    return locked


__all__ = [
    "MAX_ROUNDS",
    "MIN_ROUNDS",
    "REASON_MAX",
    "change_rounds_count",
    "check_reason",
    "check_running",
    "rounds_count_consequences",
]
