"""Rebuilding a contest's stored standings from the database.

What it owns
------------
:func:`rebuild` reads the contest (with the versions that say whether a rebuild is due), its
teams and its finished games, asks ``engine.standings`` for the ranking and stores one
:class:`StandingsSnapshot` row per round: the "live" one (every finished game), the one as of
the last round whose standings are public when that round is earlier, and empty placeholders
(``is_valid=False``) for the others, so rows of an earlier build never linger. Each stored
snapshot also holds the players' ranking of the same games, made in its own step
(``standings.individual.ranking.rank_players``, handed the games and the teams' rows read here; a
query more for replacements, one for a mêlée's exempt players, when the contest has any). Four queries for the teams (contest, teams, games,
one upsert through ``bulk_create(update_conflicts=True)``); one when the standings are
already up to date. Same inputs, same rows and same ``fingerprint``.

Concurrency: ``results_version`` is read *before* the results, so rows never claim a newer
version than they hold; if two rebuilds race and the older writes last, its rows carry an older
``source_version`` and ``readers.stale_states`` sends the contest to the reconciliation
(:func:`reconcile`). No lock is held that score entry could wait for.

What it must not do: rank anything itself (the engine does), decide what is public
(``standings.readers``), or talk to the broker (``standings.events``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db.models.functions import Now

from engine import standings as engine_standings
from engine.standings import GameResult, StandingRow
from scoring import adapters as scoring_adapters
from standings.individual import ranking as individual
from standings.individual.inputs import TEAM_COLUMNS, TeamInfo, team_info
from standings.models import StandingsSnapshot
from standings.readers import contest_with_versions, stale_states
from standings.signals import standings_written
from standings.storage.hashing import payload_hash
from tournaments import adapters as tournaments_adapters
from tournaments.models import Contest, Entry

logger = logging.getLogger(__name__)

# Snapshot fields rewritten when a round's row already exists.
_SNAPSHOT_FIELDS = [
    "rows",
    "individual_rows",
    "individual_config",
    "players_count",
    "config",
    "teams_count",
    "results_count",
    "source_version",
    "fingerprint",
    "is_valid",
    "public_round",
    "computed_at",
]


@dataclass(frozen=True)
class RebuildOutcome:
    """What :func:`rebuild` did: ``built``, ``up_to_date`` or ``missing`` (no such contest)."""

    contest_id: int
    status: str
    version: int = 0
    as_of_rounds: tuple[int, ...] = ()
    fingerprint: str = ""


class EntryInfo(NamedTuple):
    pk: int
    number: int
    name: str
    players: str
    lot: int
    checked_in: bool
    withdrawn_after: int | None = None  # the last round played by a team that withdrew
    team: TeamInfo | None = None  # the same team as the individual standings read it


def _team_rows(contest_id: int, *, with_drawn_pairs: bool) -> list[tuple[Any, ...]]:
    """The contest's teams by number as rows of ``individual.inputs.TEAM_COLUMNS`` (one query);
    a mêlée's pairs drawn for one partie (``formed_for_round``) too with ``with_drawn_pairs``:
    they are no teams of the ranking, but the players' ranking reads who sat in them."""
    teams = Entry.objects.filter(contest_id=contest_id)
    if not with_drawn_pairs:
        teams = teams.filter(formed_for_round__isnull=True)
    return list(teams.order_by("number").values_list(*TEAM_COLUMNS))


def _entry(row: Sequence[Any], team: TeamInfo | None = None) -> EntryInfo:
    pk, number, name, f1, l1, f2, l2, lot, checked_in, withdrawn = row[:10]
    players = f"{f1} {l1}".strip() + " – " + f"{f2} {l2}".strip()
    return EntryInfo(
        pk, number, name or f"{l1} – {l2}", players, lot, bool(checked_in), withdrawn, team
    )


def entry_infos(contest_id: int, *, with_drawn_pairs: bool = False) -> list[EntryInfo]:
    """The contest's teams, by number, with their display name and players (one query); a
    mêlée's pairs drawn for one partie too with ``with_drawn_pairs``, each with the team as the
    individual standings read it (``team``)."""
    infos = []
    for row in _team_rows(contest_id, with_drawn_pairs=with_drawn_pairs):
        pk, number, name, f1, l1, f2, l2, _lot, checked_in, withdrawn, *more = row
        names = ((f1, l1), (f2, l2))
        infos.append(
            _entry(row, team_info(pk, number, name, bool(checked_in), withdrawn, names, more))
        )
    return infos


def team_results(results: Iterable[GameResult], entries: Sequence[EntryInfo]) -> list[GameResult]:
    """The games of the contest's teams only (a mêlée partie's drawn pairs are not teams)."""
    teams = {e.pk for e in entries}
    return [r for r in results if r.team_a in teams and (r.team_b is None or r.team_b in teams)]


def _withdrawals(entries: Sequence[EntryInfo]) -> dict[int, int]:
    return {e.pk: e.withdrawn_after for e in entries if e.withdrawn_after is not None}


def _fingerprint(
    config_json: dict[str, Any],
    entries: Sequence[EntryInfo],
    results: Sequence[GameResult],
    as_of_round: int,
    players_fingerprint: str = "",
) -> str:
    return payload_hash(
        [
            config_json,
            players_fingerprint,
            as_of_round,
            [(e.pk, e.number, e.name, e.players, e.lot, e.withdrawn_after) for e in entries],
            [
                # A result's fields as a plain tuple, written as a list: (round, team_a,
                # team_b, score_a, score_b, kind, forfeit_loser), and a match's games won only
                # when there are some (a one-game contest's fingerprints stay as they were).
                # Not a knockout's named winner: the standings do not read it.
                r[:9] if r.games_a is not None else r[:7]
                for r in results
                if r.round <= as_of_round
            ],
        ]
    )


def _row_dict(row: StandingRow, info: EntryInfo) -> dict[str, Any]:
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
        "withdrawn": row.withdrawn,
    }


def _ranked_teams(entries: Sequence[EntryInfo], results: Sequence[GameResult]) -> list[EntryInfo]:
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
    entries: Sequence[EntryInfo],
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
    withdrawals = _withdrawals(ranked)
    out: dict[int, list[dict[str, Any]]] = {}
    last = max((r.round for r in results), default=0)
    for as_of in sorted(set(as_of_rounds)):
        rows = engine_standings.compute_standings(
            results,
            teams,
            config,
            as_of_round=None if as_of >= last else as_of,
            lots=lots,
            withdrawals=withdrawals,
        )
        out[as_of] = [_row_dict(row, by_pk[row.team]) for row in rows]
    return out


def rank_history(snapshot: StandingsSnapshot) -> dict[int, list[int]]:
    """Each team's rank after round 1, 2, ... up to the snapshot's round: ``{entry: ranks}``.

    Not stored with the snapshot (only a team's page shows it): computed on demand in three
    queries; the public team page caches it under the snapshot's fingerprint.
    """
    contest = Contest.objects.get(pk=snapshot.contest_id)
    entries = entry_infos(snapshot.contest_id)
    results = [
        r
        for r in team_results(scoring_adapters.finished_results(snapshot.contest_id), entries)
        if r.round <= snapshot.as_of_round
    ]
    ranked = _ranked_teams(entries, results)
    history = engine_standings.rank_history(
        results,
        [e.pk for e in ranked],
        tournaments_adapters.standings_config(contest),
        lots={e.pk: e.lot for e in ranked},
        withdrawals=_withdrawals(ranked),
    )
    return {team: list(ranks) for team, ranks in history.items()}


def _is_up_to_date(contest: Any) -> bool:
    built_version = contest.built_version
    return (
        built_version is not None
        and built_version >= int(contest.results_version or 0)
        and contest.built_public_round == int(contest.public_round or 0)
    )


def _snapshots(
    contest: Any,
    entries: Sequence[EntryInfo],
    results: Sequence[GameResult],
    computed: dict[int, list[dict[str, Any]]],
    players: individual.IndividualBuild,
) -> list[StandingsSnapshot]:
    """One row per round 0..n: the computed ones, and placeholders for the others."""
    config_json = tournaments_adapters.standings_config(contest).to_json()
    public_round = int(contest.public_round or 0)
    last = max((r.round for r in results), default=0)
    snapshots = []
    for as_of in range(max(contest.rounds_count, last, public_round) + 1):
        rows = computed.get(as_of)
        player_rows = players.rows.get(as_of, []) if rows is not None else []
        snapshots.append(
            StandingsSnapshot(
                contest_id=contest.pk,
                as_of_round=as_of,
                is_valid=rows is not None,
                public_round=public_round,
                rows=rows or [],
                individual_rows=player_rows,
                individual_config=players.config if rows is not None else {},
                players_count=len(player_rows),
                config=config_json,
                teams_count=len(rows or []),
                results_count=sum(1 for r in results if r.round <= as_of) if rows else 0,
                source_version=int(contest.results_version or 0),
                fingerprint=(
                    _fingerprint(config_json, entries, results, as_of, players.fingerprint)
                    if rows is not None
                    else ""
                ),
                computed_at=Now(),  # the database's clock
            )
        )
    return snapshots


def rebuild(contest_id: int, *, force: bool = False) -> RebuildOutcome:
    """Recompute and store the contest's standings (see the module docstring)."""
    contest: Any = contest_with_versions(contest_id).first()
    if contest is None:
        return RebuildOutcome(contest_id, "missing")
    version = int(contest.results_version or 0)
    if not force and _is_up_to_date(contest):
        return RebuildOutcome(contest_id, "up_to_date", version)

    # The teams' rows: the team standings' entries here, the players' step makes its own values.
    team_rows = _team_rows(contest_id, with_drawn_pairs=True)
    formed = TEAM_COLUMNS.index("formed_for_round")
    entries = [_entry(row) for row in team_rows if row[formed] is None]
    # Every game counts for the players (a mêlée's are all between drawn pairs), the games
    # between teams for the team standings.
    games = scoring_adapters.finished_results(contest_id, read_caps=bool(contest.has_score_caps))
    results = team_results(games, entries)
    last = max((r.round for r in games), default=0)
    public_round = int(contest.public_round or 0)
    as_of_rounds = {last} | ({public_round} if 0 < public_round < last else set())
    computed = compute_rows(contest, entries, results, as_of_rounds)
    # The players' ranking, its own step: the games and teams' rows read above, nothing else
    # of the team standings.
    players = individual.rank_players(contest, games, as_of_rounds, team_rows)
    snapshots = _snapshots(contest, entries, games, computed, players)
    StandingsSnapshot.objects.bulk_create(
        snapshots,
        update_conflicts=True,
        unique_fields=["contest", "as_of_round"],
        update_fields=_SNAPSHOT_FIELDS,
    )
    standings_written.send(
        sender=StandingsSnapshot,
        contest_id=contest_id,
        club_slug=contest.club.slug,
        contest_slug=contest.slug,
        season_id=contest.season_id,
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
        contest_id, "built", version, tuple(sorted(as_of_rounds)), snapshots[last].fingerprint
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


__all__ = [
    "EntryInfo",
    "RebuildOutcome",
    "compute_rows",
    "entry_infos",
    "rank_history",
    "rebuild",
    "reconcile",
]
