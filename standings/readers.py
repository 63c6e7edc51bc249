"""Reading stored standings: which snapshot the public may see, the organiser's live one, and
which contests are stale.

What it owns: the querysets over :class:`StandingsSnapshot` and :class:`StandingsState` that
decide *which* snapshot a reader gets (never one counting a round whose standings are not
published) and the staleness test the reconciliation uses. Plain ORM querysets.

What it must not do: compute or write standings (``standings.rebuild``), decide access
(views do).
"""

from __future__ import annotations

import threading
from typing import Any

from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce

from scoring import adapters as scoring_adapters
from standings.models import StandingsSnapshot, StandingsState
from tournaments.models import Contest, Replacement, Round, SoloBye

# Rounds the public may see at all (a draft round is never public, whatever its flags).
VISIBLE_ROUND_STATUSES: tuple[str, ...] = (Round.Status.PUBLISHED, Round.Status.CLOSED)


def public_round_subquery(contest_ref: str = "pk") -> Subquery:
    """The number of the last visible round whose standings are public (NULL when none)."""
    return Subquery(
        Round.objects.filter(
            contest_id=OuterRef(contest_ref),
            show_standings=True,
            status__in=VISIBLE_ROUND_STATUSES,
        )
        .order_by("-number")
        .values("number")[:1],
        output_field=IntegerField(),
    )


def public_round_annotation(contest_ref: str = "pk") -> Coalesce:
    """:func:`public_round_subquery`, 0 when no round's standings are public."""
    return Coalesce(public_round_subquery(contest_ref), Value(0))


def live_subquery(field: str, contest_ref: str = "pk") -> Subquery:
    """A field of the contest's live snapshot (the valid one counting the most rounds)."""
    return Subquery(
        StandingsSnapshot.objects.filter(contest_id=OuterRef(contest_ref), is_valid=True)
        .order_by("-as_of_round")
        .values(field)[:1]
    )


# Building the seven subqueries took about as long as running the query, on every rebuild: the
# annotated queryset is built once per thread and never evaluated itself (each call filters a
# copy). Once per thread, not per process: a queryset's copies share its subqueries, which
# compiling the SQL touches for a moment.
_built = threading.local()


def contest_with_versions(contest_id: int) -> QuerySet[Contest]:
    """The contest (with its club) annotated with ``public_round``, ``results_version``,
    ``built_version`` and ``built_public_round``: one query says whether a rebuild is due.
    ``has_replacements`` and ``has_solo_byes`` say whether the individual standings need those
    two reads (most contests have neither: the rebuild then skips both queries), and
    ``has_score_caps`` whether the finished games must be read with their score caps."""
    base = getattr(_built, "with_versions", None)
    if base is None:
        base = _built.with_versions = _with_versions()
    return base.filter(pk=contest_id)


def _with_versions() -> QuerySet[Contest]:
    """The annotated queryset of :func:`contest_with_versions`, without the contest's filter."""
    results_version = StandingsState.objects.filter(contest_id=OuterRef("pk")).values(
        "results_version"
    )
    return Contest.objects.select_related("club").annotate(
        public_round=public_round_annotation(),
        results_version=Coalesce(Subquery(results_version[:1]), Value(0)),
        built_version=live_subquery("source_version"),
        built_public_round=live_subquery("public_round"),
        has_replacements=Exists(Replacement.objects.filter(entry__contest_id=OuterRef("pk"))),
        has_solo_byes=Exists(SoloBye.objects.filter(round__contest_id=OuterRef("pk"))),
        has_score_caps=ExpressionWrapper(
            scoring_adapters.score_caps_set(), output_field=BooleanField()
        ),
    )


def is_stale(contest_id: int) -> bool:
    """Results changed since the live snapshot was built (or it was never built)."""
    contest: Any = contest_with_versions(contest_id).first()
    if contest is None:
        return False
    built = contest.built_version
    return built is None or built < int(contest.results_version or 0)


def stale_states(limit: int = 50) -> QuerySet[StandingsState]:
    """States whose snapshots are stale: results changed since the build (or never built), or
    the public round is no longer the one they were built for (flags changed outside
    ``publishing.services``)."""
    return (
        StandingsState.objects.annotate(
            current_public_round=public_round_annotation("contest_id"),
            built_version=live_subquery("source_version", "contest_id"),
            built_public_round=live_subquery("public_round", "contest_id"),
        )
        .filter(
            Q(built_version__isnull=True)
            | Q(results_version__gt=F("built_version"))
            | ~Q(built_public_round=F("current_public_round"))
        )
        .order_by("results_changed_at", "pk")[:limit]
    )


def valid_snapshots(contest_id: int | None = None) -> QuerySet[StandingsSnapshot]:
    """Snapshots computed by the contest's last build (placeholders left out)."""
    qs = StandingsSnapshot.objects.filter(is_valid=True)
    if contest_id is not None:
        qs = qs.filter(contest_id=contest_id)
    return qs


def live_snapshot(contest_id: int) -> StandingsSnapshot | None:
    """The organiser's standings: every finished game (the latest valid snapshot)."""
    return valid_snapshots(contest_id).order_by("-as_of_round").first()


def public_snapshot_query(contest_filter: Q) -> QuerySet[StandingsSnapshot]:
    """Valid snapshots the public may see for the contests matching ``contest_filter`` (on
    ``contest__`` fields), latest first: never one counting a round whose standings are not
    published, and none at all when no round's standings are."""
    return (
        valid_snapshots()
        .filter(contest_filter)
        .annotate(current_public_round=public_round_subquery("contest_id"))
        .filter(current_public_round__isnull=False, as_of_round__lte=F("current_public_round"))
        .order_by("-as_of_round")
    )


def public_snapshot(contest: Contest) -> StandingsSnapshot | None:
    return public_snapshot_query(Q(contest_id=contest.pk)).first()


__all__ = [
    "VISIBLE_ROUND_STATUSES",
    "contest_with_versions",
    "is_stale",
    "live_snapshot",
    "live_subquery",
    "public_round_annotation",
    "public_round_subquery",
    "public_snapshot",
    "public_snapshot_query",
    "stale_states",
    "valid_snapshots",
]
