"""The standings service: rebuild a contest's stored standings from the database, and read them.

What it owns
------------
* :func:`rebuild` reads the contest (with its standings state and the last round whose
  standings are public), its teams and its finished games, asks ``engine.standings`` for the
  ranking, and stores :class:`StandingsSnapshot` rows: the "live" one
  (every finished game, ``as_of_round`` = the last round with a result) and, when the public
  round is earlier, the one as of that round. Five SQL queries whatever the number of teams
  (four: contest, teams, games, one upsert; one when the standings are already up to date). It is idempotent: the same inputs
  give the same rows and the same ``fingerprint``; a rebuild that finds nothing new does
  nothing unless ``force``.
* :func:`reconcile` rebuilds the contests whose standings are stale (results changed since the
  last build, or the public round changed elsewhere), oldest change first.
* Readers: :func:`public_snapshot` (what the public may see: the valid snapshot as of the last
  round whose standings are published, never a later one) and :func:`live_snapshot` (the
  organiser's view).

Writes and concurrency: a rebuild reads ``results_version`` *before* the results (rows are
never older than the version they carry), computes without holding any lock, then writes every
round's row of the contest in ONE ``INSERT ... ON CONFLICT DO UPDATE`` statement, atomic by
itself: no transaction, no lock that score entry could wait for. Rounds not computed get empty
placeholders (``is_valid=False``), so rows of an earlier build never linger. If two rebuilds
race and the older one writes last, its rows carry an older ``source_version`` than the
contest's ``results_version``: :func:`stale_states` finds it and the reconciliation rebuilds.

What it must not do
-------------------
Rank anything itself (the engine does), decide access (views do), or send to the broker
(``standings.events`` does).
"""

from __future__ import annotations

import gc
import hashlib
import json
import logging
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import F, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.constants import OnConflict
from django.db.models.functions import Coalesce, Now

from engine import standings as engine_standings
from engine.standings import GameResult, StandingRow
from scoring import adapters as scoring_adapters
from scoring.compiled import CompiledSQL
from standings.models import StandingsSnapshot, StandingsState
from standings.signals import standings_written
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
    "is_valid",
    "public_round",
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


class _EntryInfo(NamedTuple):
    # A named tuple rather than a frozen dataclass: built in a third of the time (512 per
    # rebuild).
    pk: int
    number: int
    name: str
    players: str
    lot: int
    checked_in: bool


# Two reads of every rebuild run the same SQL each time, and building and compiling their
# querysets costs Django more than running them: the contest with its four subqueries, about
# 1.6 ms of CPU against 0.3 ms for the raw statement; the entries, 1 ms more than a plain
# cursor (compilation and the values_list iterator). Their SQL is compiled once (see
# scoring.compiled).


def _entries_query(contest_id: int) -> QuerySet[Any]:
    return (
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


_ENTRIES_SQL = CompiledSQL(lambda p: _entries_query(p["contest_id"]), ints=("contest_id",))


def _entry_infos(contest_id: int) -> list[_EntryInfo]:
    with connection.cursor() as cursor:
        cursor.execute(*_ENTRIES_SQL.statement(contest_id=contest_id))
        rows = cursor.fetchall()
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


def _row_dict(row: StandingRow, info: _EntryInfo) -> dict[str, Any]:
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
    }


def _ranked_teams(entries: Sequence[_EntryInfo], results: Sequence[GameResult]) -> list[_EntryInfo]:
    """Every team with a result, and every checked-in team (a late entry shows with zeros);
    registered teams that never came are left out."""
    in_results: set[int] = set()
    for r in results:
        in_results.add(r.team_a)
        if r.team_b is not None:
            in_results.add(r.team_b)
    return [e for e in entries if e.pk in in_results or e.checked_in]


def compute_rows(
    contest: Contest,
    entries: Sequence[_EntryInfo],
    results: Sequence[GameResult],
    as_of_rounds: Iterable[int],
) -> dict[int, list[dict[str, Any]]]:
    """Engine rows (as snapshot dicts) as of each round of ``as_of_rounds``.

    Raises ``StandingsError`` (a config or results the engine refuses).
    """
    config = tournaments_adapters.standings_config(contest)
    ranked = _ranked_teams(entries, results)
    by_pk = {e.pk: e for e in ranked}
    teams = [e.pk for e in ranked]
    lots = {e.pk: e.lot for e in ranked}
    out: dict[int, list[dict[str, Any]]] = {}
    last = max((r.round for r in results), default=0)
    for as_of in sorted(set(as_of_rounds)):
        rows = engine_standings.compute_standings(
            results, teams, config, as_of_round=None if as_of >= last else as_of, lots=lots
        )
        out[as_of] = [_row_dict(row, by_pk[row.team]) for row in rows]
    return out


def rank_history(snapshot: StandingsSnapshot) -> dict[int, list[int]]:
    """Each team's rank after round 1, 2, ... up to the snapshot's round: ``{entry: ranks}``.

    Not stored with the snapshot: ranking the contest again after every round costs more than
    the rebuild itself, and only a team's page shows it. Computed on demand (two queries); the
    public team page caches it under the snapshot's fingerprint (``publishing``).
    """
    contest = Contest.objects.get(pk=snapshot.contest_id)
    entries = _entry_infos(snapshot.contest_id)
    results = [
        r
        for r in scoring_adapters.finished_results(snapshot.contest_id)
        if r.round <= snapshot.as_of_round
    ]
    ranked = _ranked_teams(entries, results)
    history = engine_standings.rank_history(
        results,
        [e.pk for e in ranked],
        tournaments_adapters.standings_config(contest),
        lots={e.pk: e.lot for e in ranked},
    )
    return {team: list(ranks) for team, ranks in history.items()}


def _live_subquery(field: str, contest_ref: str = "pk") -> Any:
    """A field of the contest's live snapshot (the valid one counting the most rounds)."""
    return Subquery(
        StandingsSnapshot.objects.filter(contest_id=OuterRef(contest_ref), is_valid=True)
        .order_by("-as_of_round")
        .values(field)[:1]
    )


def _contest_query(contest_id: int) -> QuerySet[Contest]:
    results_version = StandingsState.objects.filter(contest_id=OuterRef("pk")).values(
        "results_version"
    )
    return Contest.objects.annotate(
        public_round=_public_round_annotation(),
        results_version=Coalesce(Subquery(results_version[:1]), Value(0)),
        built_version=_live_subquery("source_version"),
        built_public_round=_live_subquery("public_round"),
    ).filter(pk=contest_id)


def _load_contest(contest_id: int) -> Contest | None:
    """The contest with ``public_round``, ``results_version``, ``built_version`` and
    ``built_public_round``."""
    sql, params = _CONTEST_SQL.statement(contest_id=contest_id)
    return next(iter(Contest.objects.raw(sql, params)), None)


_CONTEST_SQL = CompiledSQL(lambda p: _contest_query(p["contest_id"]), ints=("contest_id",))


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while ranking a contest.

    A rebuild of 512 teams allocates some 20,000 short-lived containers (result objects, the
    engine's tallies, the rows and their JSON) that form no reference cycle: reference counting
    frees them all. The cyclic collector would still run about 15 times per rebuild, and every
    ten rebuilds or so scan the whole Django process (about 60 ms): a quarter of the rebuild's
    CPU on average, most of its worst cases. Paused, it has nothing new to do afterwards.
    The switch is process-wide: a rebuild that finds it already off (another thread's rebuild)
    leaves it alone, and the one that turned it off turns it back on.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@_cyclic_gc_paused()
def rebuild(contest_id: int, *, force: bool = False) -> RebuildOutcome:
    """Recompute and store the contest's standings (see the module docstring)."""
    contest = _load_contest(contest_id)
    if contest is None:
        return RebuildOutcome(contest_id, "missing")
    version = int(getattr(contest, "results_version", 0) or 0)
    public_round = int(getattr(contest, "public_round", 0) or 0)
    built_version = getattr(contest, "built_version", None)
    if (
        not force
        and built_version is not None
        and built_version >= version
        and getattr(contest, "built_public_round", None) == public_round
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

    fingerprints = {}
    snapshots = []
    for as_of in range(max(contest.rounds_count, last, public_round) + 1):
        rows = computed.get(as_of)
        fingerprint = _fingerprint(config_json, entries, results, as_of) if rows is not None else ""
        fingerprints[as_of] = fingerprint
        snapshots.append(
            StandingsSnapshot(
                contest_id=contest_id,
                as_of_round=as_of,
                is_valid=rows is not None,
                public_round=public_round,
                rows=rows or [],
                config=config_json,
                teams_count=len(rows or []),
                results_count=sum(1 for r in results if r.round <= as_of) if rows else 0,
                source_version=version,
                fingerprint=fingerprint,
                # The database's clock; an expression also keeps PostgreSQL's bulk insert on
                # plain VALUES rather than UNNEST arrays, which would escape every quote of
                # the rows' JSON on the client (ten times slower for 512 teams).
                computed_at=Now(),
            )
        )
    _upsert(snapshots)
    standings_written.send(sender=StandingsSnapshot, contest_id=contest_id)
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


def _upsert(snapshots: list[StandingsSnapshot]) -> None:
    """One ``INSERT ... ON CONFLICT (contest, as_of_round) DO UPDATE`` statement.

    ``QuerySet.bulk_create`` would wrap it in a transaction (two more round trips) although a
    single statement is atomic already; ``_insert`` is the step of ``bulk_create`` that sends
    the statement.
    """
    fields = [
        f for f in StandingsSnapshot._meta.concrete_fields if not f.primary_key and f.name != "id"
    ]
    StandingsSnapshot.objects._insert(  # type: ignore[attr-defined]
        snapshots,
        fields=fields,
        on_conflict=OnConflict.UPDATE,
        update_fields=[StandingsSnapshot._meta.get_field(n) for n in _SNAPSHOT_FIELDS],
        unique_fields=[
            StandingsSnapshot._meta.get_field("contest"),
            StandingsSnapshot._meta.get_field("as_of_round"),
        ],
    )


def is_stale(contest_id: int) -> bool:
    """Results changed since the live snapshot was built (or it was never built)."""
    contest = _load_contest(contest_id)
    if contest is None:
        return False
    built = getattr(contest, "built_version", None)
    return built is None or built < int(getattr(contest, "results_version", 0) or 0)


def stale_states(limit: int = 50) -> QuerySet[StandingsState]:
    """States whose snapshots are stale: results changed since the build (or never built), or
    the public round is no longer the one they were built for (flags changed outside
    ``publishing.services``)."""
    return (
        StandingsState.objects.annotate(
            current_public_round=_public_round_annotation("contest_id"),
            built_version=_live_subquery("source_version", "contest_id"),
            built_public_round=_live_subquery("public_round", "contest_id"),
        )
        .filter(
            Q(built_version__isnull=True)
            | Q(results_version__gt=F("built_version"))
            | ~Q(built_public_round=F("current_public_round"))
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
    "RebuildOutcome",
    "compute_rows",
    "is_stale",
    "live_snapshot",
    "public_round_subquery",
    "public_snapshot",
    "public_snapshot_query",
    "rank_history",
    "rebuild",
    "reconcile",
    "stale_states",
    "valid_snapshots",
]
