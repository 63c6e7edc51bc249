"""The players' ranking of a contest: computed with the team standings, stored beside them.

What it owns
------------
* :func:`rank_players`, the players' own step of ``standings.rebuild``, calls :func:`build`
  with the games and the teams' rows the rebuild read: it asks
  ``standings.individual.inputs`` for the engine's inputs and ``engine.individual`` for the
  rows as of each partie the rebuild stores, and returns them as plain dicts
  (:func:`row_dict`) with the config and a fingerprint of what they were computed from. The
  rows go into the same :class:`~standings.models.StandingsSnapshot` as the team rows
  (``individual_rows``), so the public pages see the players' ranking of exactly the parties
  whose standings are public, and every cache keyed on the snapshot's fingerprint follows.
  A contest whose data the engine refuses gets no individual rows and
  ``individual_config == {"error": code}``; its team standings are still built.
* :func:`player_standings` is the reader other apps call (the season standings of a mêlée):
  the live snapshot's rows as :class:`PlayerStanding` values, best first.
* :func:`scores_before` gives a mêlée drawn "by ranking" each player's standing so far
  (the port ``tournaments.ports.player_scores``, registered by ``standings.wiring``).

Why stored, not computed on read: a rebuild already runs after every result (on commit) and
on every change of what is public; the players' ranking of 400 players over 8 parties adds a
few tens of milliseconds to it (``benchmarks/individual_profile.py`` measures it), and
readers then pay one indexed query, whatever the size.

What it must not do: rank anything itself, decide what is public (``standings.readers``), or
render sentences.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from engine.individual import IndividualError, RankedTotals, rank_totals
from engine.standings import GameResult
from scoring import adapters as scoring_adapters
from standings.individual.inputs import (
    IndividualInputs,
    TeamInfo,
    individual_config,
    individual_inputs,
    teams_from_rows,
)
from standings.models import StandingsSnapshot
from standings.readers import live_snapshot, public_snapshot_query
from standings.storage.hashing import payload_hash
from tournaments.models import Contest

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class IndividualBuild:
    """What :func:`build` gives the rebuild: rows per partie, the config and a fingerprint."""

    rows: dict[int, list[dict[str, Any]]]
    config: dict[str, Any]
    fingerprint: str


def _spans(inputs: IndividualInputs) -> dict[int, tuple[int, int | None]]:
    """player -> (first partie, last partie or None) of his time in a fixed pair."""
    by_team: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for lu in inputs.lineups:
        if inputs.teams[lu.team].formed_for_round is None:
            by_team.setdefault(lu.team, []).append((lu.from_partie, lu.players))
    spans: dict[int, tuple[int, int | None]] = {}
    for lineups in by_team.values():
        lineups.sort()
        for i, (start, players) in enumerate(lineups):
            end = lineups[i + 1][0] - 1 if i + 1 < len(lineups) else None
            for p in players:
                first, last = spans.get(p, (start, end))
                spans[p] = (
                    min(first, start),
                    None if end is None or last is None else max(last, end),
                )
    return spans


def row_dict(
    ranked: RankedTotals, inputs: IndividualInputs, spans: dict[int, tuple[int, int | None]]
) -> dict[str, Any]:
    """One stored line: the engine's counters (as its ``IndividualRow`` would have them), the
    player's name and, in a pairs contest, the team he played for last and the parties of his
    time in it (a replacement)."""
    rank, shared, a, tiebreaks = ranked
    person = inputs.people.get(a.player)
    played_for = inputs.teams_of.get(a.player)
    team = inputs.teams.get(played_for[-1][1]) if played_for else None
    since, until = spans.get(a.player, (1, None))
    return {
        "rank": rank,
        "shared": shared,
        "player": a.player,
        "name": person.name if person else "?",
        "licence": person.licence if person else "",
        "team": team.number if team else None,
        "team_name": team.name if team else "",
        "since": since if since > 1 else None,
        "until": until,
        "played": a.played,
        "wins": a.wins,
        "draws": a.draws,
        "losses": a.losses,
        "byes": a.byes,
        "forfeits_won": a.forfeits_won,
        "forfeits_lost": a.forfeits_lost,
        "points_for": a.points_for,
        "points_against": a.points_against,
        "difference": a.points_for - a.points_against,
        "match_points": a.match_points,
        "best_game": a.best_game,
        "first_partie": a.first_partie,
        "parties": sorted(a.parties),
        "tiebreaks": list(tiebreaks),
    }


def _fingerprint(inputs: IndividualInputs, config_json: dict[str, Any]) -> str:
    """What the rows depend on beyond the games (the team fingerprint has those)."""
    return payload_hash(
        [
            config_json,
            # JSON writes a tuple as a list: the payload of lists, without copying them.
            [(lu.team, lu.players, lu.from_partie) for lu in inputs.lineups],
            inputs.volunteers,
            # A mêlée's exempt players: byes of one, not among the games the team part hashes.
            [(r.partie, r.side_a, r.score_a) for r in inputs.results if len(r.side_a) == 1],
            sorted((p.pk, p.name, p.licence) for p in inputs.people.values()),
            sorted((t.pk, t.number, t.name) for t in inputs.teams.values()),
        ]
    )


def _ranked(
    inputs: IndividualInputs, as_of: int | None, keys: dict[int, str] | None = None
) -> list[RankedTotals]:
    """The engine's ranking; players sharing a rank listed by name (the engine lists them by
    id). ``keys``: the players' name keys found so far (a name key is worked out only for
    players who share a rank, once per build)."""
    ranked = rank_totals(
        inputs.results,
        inputs.players,
        inputs.config,
        volunteers=inputs.volunteers,
        as_of_partie=as_of,
    )
    keys = {} if keys is None else keys
    people = inputs.people
    for _rank, shared, a, _values in ranked:
        if shared and a.player not in keys:
            person = people.get(a.player)
            keys[a.player] = person.sort_key if person else ""
    # Within a rank the order is by name then id; a rank that is not shared has one player.
    return sorted(ranked, key=lambda r: (r[0], keys.get(r[2].player, ""), r[2].player))


def build(
    contest: Contest,
    games: Sequence[GameResult],
    as_of_rounds: Iterable[int],
    *,
    teams: Sequence[TeamInfo] | None = None,
) -> IndividualBuild:
    """The players' rows as of each partie of ``as_of_rounds`` (see the module docstring)."""
    wanted = sorted(set(as_of_rounds))
    try:
        inputs = individual_inputs(contest, games, teams=teams)
        config_json = inputs.config.to_json()
        last = max((g.round for g in games), default=0)
        spans = _spans(inputs)
        keys: dict[int, str] = {}
        rows = {
            as_of: [
                row_dict(r, inputs, spans)
                for r in _ranked(inputs, None if as_of >= last else as_of, keys)
            ]
            for as_of in wanted
        }
    except IndividualError as exc:
        logger.warning(
            "standings: individual ranking of contest %s refused (%s %s)",
            contest.pk,
            exc.code,
            exc.params,
        )
        error = {"error": exc.code, "params": {k: str(v) for k, v in exc.params.items()}}
        return IndividualBuild({as_of: [] for as_of in wanted}, error, exc.code)
    return IndividualBuild(rows, config_json, _fingerprint(inputs, config_json))


def rank_players(
    contest: Contest,
    games: Sequence[GameResult],
    as_of_rounds: Iterable[int],
    team_rows: Sequence[Sequence[Any]],
) -> IndividualBuild:
    """The players' step of a rebuild (``standings.rebuild``): :func:`build` from the games
    and the teams' rows it read (``inputs.TEAM_COLUMNS``, a mêlée's drawn pairs
    included), everything the players' ranking needs beyond them read and made here."""
    return build(contest, games, as_of_rounds, teams=teams_from_rows(team_rows))


# --- the reader ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerStanding:
    """A player's line of a contest's individual ranking (a stable shape for other apps)."""

    player: int
    rank: int
    shared: bool
    name: str
    points: int
    points_against: int
    wins: int
    draws: int
    losses: int
    byes: int
    played: int
    parties: tuple[int, ...]
    match_points: int
    first_partie: int
    tiebreaks: tuple[int, ...]

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> PlayerStanding:
        return cls(
            player=int(row["player"]),
            rank=int(row["rank"]),
            shared=bool(row.get("shared")),
            name=str(row.get("name", "")),
            points=int(row.get("points_for", 0)),
            points_against=int(row.get("points_against", 0)),
            wins=int(row.get("wins", 0)),
            draws=int(row.get("draws", 0)),
            losses=int(row.get("losses", 0)),
            byes=int(row.get("byes", 0)),
            played=int(row.get("played", 0)),
            parties=tuple(int(p) for p in row.get("parties", ())),
            match_points=int(row.get("match_points", 0)),
            first_partie=int(row.get("first_partie", 0)),
            tiebreaks=tuple(int(v) for v in row.get("tiebreaks", ())),
        )


def _live(contest_id: int) -> StandingsSnapshot | None:
    return live_snapshot(contest_id)


def player_standings(contest: Contest | int, *, public: bool = False) -> list[PlayerStanding]:
    """Every ranked player of the contest, best first, counting every finished partie: the
    organiser's live ranking as stored; computed here (not stored) when the contest was never
    ranked, or [] when its data is refused. ``public``: only what the public sees (the
    ranking of the last partie whose standings are published, [] when none is)."""
    contest_id = contest if isinstance(contest, int) else contest.pk
    if public:
        shown = public_snapshot_query(Q(contest_id=contest_id)).first()
        return [PlayerStanding.from_row(r) for r in shown.individual_rows] if shown else []
    snapshot = _live(contest_id)
    if snapshot is not None:
        return [PlayerStanding.from_row(row) for row in snapshot.individual_rows]
    target = Contest.objects.get(pk=contest_id) if isinstance(contest, int) else contest
    try:
        inputs = contest_inputs(target)
    except IndividualError:
        return []
    spans = _spans(inputs)
    return [PlayerStanding.from_row(row_dict(r, inputs, spans)) for r in _ranked(inputs, None)]


def contest_inputs(contest: Contest) -> IndividualInputs:
    """The engine's inputs of the contest's individual ranking, every finished game counted
    (for a season's per-partie barème: ``engine.seasons.placings_from_individual``)."""
    return individual_inputs(
        contest, scoring_adapters.finished_results(contest.pk), individual_config(contest)
    )


def _primary(ranked: RankedTotals, method: str) -> float:
    a = ranked[2]
    if method == "match_points":
        return float(a.match_points)
    if method == "wins_then_points":
        # Wins first: a win outweighs any points a partie can bring.
        return float(a.wins * 1_000_000 + a.points_for)
    return float(a.points_for)


def scores_before(contest: Contest, before_round: int) -> dict[int, float]:
    """Each player's value in the ranking after the parties before ``before_round`` (the
    ranking's own measure: points, barème points, or wins then points), for a mêlée drawn
    "by ranking" (registered on the port ``tournaments.ports.player_scores``): byes and the
    barème count as in the standings. Empty when the engine refuses the data."""
    games = [g for g in scoring_adapters.finished_results(contest.pk) if g.round < before_round]
    try:
        inputs = individual_inputs(contest, games)
        rows = _ranked(inputs, None)
    except IndividualError:
        return {}
    method = str(inputs.config.scoring.method)
    return {r[2].player: _primary(r, method) for r in rows}


__all__ = [
    "IndividualBuild",
    "PlayerStanding",
    "build",
    "contest_inputs",
    "player_standings",
    "rank_players",
    "row_dict",
    "scores_before",
]
