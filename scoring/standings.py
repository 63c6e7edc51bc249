"""The standings service: rebuild a contest's stored standings from the database, and read them.

What it owns
------------
* :func:`rebuild` reads the contest (with its standings state and the last round whose
  standings are public), its teams and its finished games, asks ``engine.standings`` for the
  ranking and the rank over rounds, and stores :class:`StandingsSnapshot` rows: the "live" one
  (every finished game, ``as_of_round`` = the last round with a result) and, when the public
  round is earlier, the one as of that round. Five SQL queries whatever the number of teams
  (four when the standings are already up to date: one). It is idempotent: the same inputs
  give the same rows and the same ``fingerprint``; a rebuild that finds nothing new does
  nothing unless ``force``.
* :func:`reconcile` rebuilds the contests whose standings are stale (results changed since the
  last build, or the public round changed elsewhere), oldest change first.
* Readers: :func:`public_snapshot` (what the public may see: the valid snapshot as of the last
  round whose standings are published, never a later one) and :func:`live_snapshot` (the
  organiser's view).

Concurrency: a rebuild reads ``results_version`` *before* the results (rows are never older
than the version they carry), then claims the state row with a conditional UPDATE
(``built_version <= version``) in the same transaction as the snapshot upsert: two rebuilds of
one contest queue on that row and an older one never overwrites a newer one. Score entry only
waits for that short write, never for the computation.

What it must not do
-------------------
Rank anything itself (the engine does), decide access (views do), or send to the broker
(``scoring.events`` does).
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from engine import standings as engine_standings
from engine.standings import GameResult, StandingRow
from scoring import adapters as scoring_adapters
from scoring.models_standings import StandingsSnapshot, StandingsState
from tournaments import adapters as tournaments_adapters
from tournaments.models import Contest, Entry, Round

logger = logging.getLogger(__name__)

# Rounds the public may see at all (a draft round is never public, whatever its flags).
VISIBLE_ROUND_STATUSES: tuple[str, ...] = (Round.Status.PUBLISHED, Round.Status.CLOSED)

# Snapshot fields rewritten by an upsert.
_SNAPSHOT_FIELDS = [
    "rows",
    "config",
    "teams_count",
    "results_count",
    "source_version",
    "fingerprint",
    "build_token",
    "computed_at",
]


def public_round_subquery(contest_ref: str = "pk") -> Any:
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


def _public_round_annotation(contest_ref: str = "pk") -> Any:
    return Coalesce(public_round_subquery(contest_ref), Value(0))


@dataclass(frozen=True)
class RebuildOutcome:
    """What :func:`rebuild` did: ``built``, ``up_to_date``, ``superseded`` (a newer rebuild
    already stored later results) or ``missing`` (no such contest)."""

    contest_id: int
    status: str
    version: int = 0
    as_of_rounds: tuple[int, ...] = ()
    fingerprint: str = ""


@dataclass(frozen=True)
class _EntryInfo:
    pk: int
    number: int
    name: str
    players: str
    lot: int
    checked_in: bool


def _entry_infos(contest_id: int) -> list[_EntryInfo]:
    rows = (
        Entry.objects.filter(contest_id=contest_id)
        .order_by("number")
        .values_list(
            "pk",
            "number",
            "name",
            "player1__first_name",
            "player1__last_name",
            "player2__first_name",
            "player2__last_name",
            "lot",
            "checked_in",
        )
    )
    infos = []
    for pk, number, name, f1, l1, f2, l2, lot, checked_in in rows:
        players = f"{f1} {l1}".strip() + " – " + f"{f2} {l2}".strip()
        infos.append(_EntryInfo(pk, number, name or f"{l1} – {l2}", players, lot, bool(checked_in)))
    return infos


def _fingerprint(
    config_json: dict[str, Any],
    entries: Sequence[_EntryInfo],
    results: Sequence[GameResult],
    as_of_round: int,
) -> str:
    payload = json.dumps(
        [
            config_json,
            as_of_round,
            [(e.pk, e.number, e.name, e.players, e.lot) for e in entries],
            [
                (r.round, r.team_a, r.team_b, r.score_a, r.score_b, str(r.kind), r.forfeit_loser)
                for r in results
                if r.round <= as_of_round
            ],
        ],
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode()).hexdigest()


def _row_dict(row: StandingRow, info: _EntryInfo, ranks: Sequence[int]) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "shared": row.shared,
        "entry": row.team,
        "number": info.number,
        "name": info.name,
        "players": info.players,
        "played": row.played,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
        "byes": row.byes,
        "forfeits_won": row.forfeits_won,
        "forfeits_lost": row.forfeits_lost,
        "points_for": row.points_for,
        "points_against": row.points_against,
        "difference": row.difference,
        "match_points": row.match_points,
        "best_game": row.best_game,
        "tiebreaks": list(row.tiebreak_values),
        "ranks": list(ranks),
    }


def compute_rows(
    contest: Contest,
    entries: Sequence[_EntryInfo],
    results: Sequence[GameResult],
    as_of_rounds: Iterable[int],
) -> dict[int, list[dict[str, Any]]]:
    """Engine rows (as snapshot dicts) as of each round of ``as_of_rounds``.

    Teams ranked: every team with a result, and every checked-in team (a late entry shows with
    zeros); registered teams that never came are left out. Raises ``StandingsError``.
    """
    config = tournaments_adapters.standings_config(contest)
    in_results: set[int] = set()
    for r in results:
        in_results.add(r.team_a)
        if r.team_b is not None:
            in_results.add(r.team_b)
    ranked = [e for e in entries if e.pk in in_results or e.checked_in]
    by_pk = {e.pk: e for e in ranked}
    teams = [e.pk for e in ranked]
    lots = {e.pk: e.lot for e in ranked}
    history = engine_standings.rank_history(results, teams, config, lots=lots)
    out: dict[int, list[dict[str, Any]]] = {}
    last = max((r.round for r in results), default=0)
    for as_of in sorted(set(as_of_rounds)):
        rows = engine_standings.compute_standings(
            results, teams, config, as_of_round=None if as_of >= last else as_of, lots=lots
        )
        out[as_of] = [_row_dict(row, by_pk[row.team], history[row.team][:as_of]) for row in rows]
    return out


def _load_contest(contest_id: int) -> Contest | None:
    return (
        Contest.objects.select_related("standings_state")
        .annotate(public_round=_public_round_annotation())
        .filter(pk=contest_id)
        .first()
    )


def _state_of(contest: Contest) -> StandingsState | None:
    try:
        return contest.standings_state  # type: ignore[no-any-return]
    except StandingsState.DoesNotExist:
        return None


def rebuild(contest_id: int, *, force: bool = False) -> RebuildOutcome:
    """Recompute and store the contest's standings (see the module docstring)."""
    contest = _load_contest(contest_id)
    if contest is None:
        return RebuildOutcome(contest_id, "missing")
    state = _state_of(contest)
    version = state.results_version if state is not None else 0
    public_round = int(getattr(contest, "public_round", 0) or 0)
    if (
        not force
        and state is not None
        and state.build_token
        and state.built_version >= version
        and state.built_public_round == public_round
    ):
        return RebuildOutcome(contest_id, "up_to_date", version)

    entries = _entry_infos(contest_id)
    results = scoring_adapters.finished_results(contest_id)
    last = max((r.round for r in results), default=0)
    as_of_rounds = {last}
    if 0 < public_round < last:
        as_of_rounds.add(public_round)
    computed = compute_rows(contest, entries, results, as_of_rounds)
    config_json = tournaments_adapters.standings_config(contest).to_json()

    now = timezone.now()
    token = secrets.token_hex(16)
    snapshots = []
    fingerprints = {}
    for as_of, rows in computed.items():
        fingerprint = _fingerprint(config_json, entries, results, as_of)
        fingerprints[as_of] = fingerprint
        snapshots.append(
            StandingsSnapshot(
                contest_id=contest_id,
                as_of_round=as_of,
                rows=rows,
                config=config_json,
                teams_count=len(rows),
                results_count=sum(1 for r in results if r.round <= as_of),
                source_version=version,
                fingerprint=fingerprint,
                build_token=token,
                computed_at=now,
            )
        )
    # savepoint=False: no SAVEPOINT round trips when called inside a caller's transaction.
    with transaction.atomic(savepoint=False):
        if state is None:
            StandingsState.objects.bulk_create(
                [StandingsState(contest_id=contest_id)], ignore_conflicts=True
            )
        claimed = StandingsState.objects.filter(
            contest_id=contest_id, built_version__lte=version
        ).update(
            built_version=version,
            built_public_round=public_round,
            build_token=token,
            built_at=now,
        )
        if not claimed:
            return RebuildOutcome(contest_id, "superseded", version)
        StandingsSnapshot.objects.bulk_create(
            snapshots,
            update_conflicts=True,
            unique_fields=["contest", "as_of_round"],
            update_fields=_SNAPSHOT_FIELDS,
        )
    logger.info(
        "standings: contest %s rebuilt at version %s (rounds %s, %s teams, %s results)",
        contest_id,
        version,
        sorted(as_of_rounds),
        len(computed[last]),
        len(results),
    )
    return RebuildOutcome(
        contest_id, "built", version, tuple(sorted(as_of_rounds)), fingerprints[last]
    )


def stale_states(limit: int = 50) -> QuerySet[StandingsState]:
    """States whose snapshots are stale: results changed since the build, or the public round
    is no longer the one they were built for (flags changed outside ``scoring.publishing``)."""
    return (
        StandingsState.objects.annotate(current_public_round=_public_round_annotation("contest_id"))
        .filter(
            Q(results_version__gt=F("built_version"))
            | ~Q(built_public_round=F("current_public_round"))
            | Q(build_token="")
        )
        .order_by("results_changed_at", "pk")[:limit]
    )


def reconcile(limit: int = 50) -> list[RebuildOutcome]:
    """Rebuild up to ``limit`` stale contests; a failing contest is logged and skipped."""
    outcomes = []
    for contest_id in list(stale_states(limit).values_list("contest_id", flat=True)):
        try:
            outcomes.append(rebuild(contest_id))
        except Exception:
            logger.exception("standings: reconciliation of contest %s failed", contest_id)
    return outcomes


# --- Readers ----------------------------------------------------------------------------------


def valid_snapshots(contest_id: int | None = None) -> QuerySet[StandingsSnapshot]:
    """Snapshots of the contest's last build (older builds' rows are superseded)."""
    qs = StandingsSnapshot.objects.filter(build_token=F("contest__standings_state__build_token"))
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
        .annotate(public_round=public_round_subquery("contest_id"))
        .filter(public_round__isnull=False, as_of_round__lte=F("public_round"))
        .order_by("-as_of_round")
    )


def public_snapshot(contest: Contest) -> StandingsSnapshot | None:
    return public_snapshot_query(Q(contest_id=contest.pk)).first()


__all__ = [
    "VISIBLE_ROUND_STATUSES",
    "RebuildOutcome",
    "compute_rows",
    "live_snapshot",
    "public_round_subquery",
    "public_snapshot",
    "public_snapshot_query",
    "rebuild",
    "reconcile",
    "stale_states",
    "valid_snapshots",
]
