"""Reading a season's contests as the engine's season input, in a fixed number of queries.

What it owns
------------
:func:`read_season` turns the contests of a season into :class:`engine.seasons.SeasonContest`
values: each contest counts with the standings its public already sees (the snapshot of its
last round whose standings are published, ``standings.readers.public_snapshot_query``), so the
season never shows a result a contest has not published, and a circuit's clubs share only
those final results. A fixed-pairs contest credits its team's two players (a volunteer lent to
a solo player is credited nothing); a mêlée contest is credited from its individual standings
(:func:`melee_placings`). Six queries whatever the number of contests: the contests, their
public snapshots, their teams, their finished games (only for a per-partie barème), the
players' names and clubs, and nothing per contest.

What it must not do: rank (the engine does), write, or read anything of a contest beyond its
published standings and the games those standings count.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from engine.seasons import (
    ContestKind,
    PartieBareme,
    PlacementFormula,
    Placing,
    SeasonContest,
    SeasonRules,
    placings_from_standings,
)
from engine.standings import GameResult, ResultKind, StandingRow
from scoring.adapters import RESULT_STATUSES
from scoring.models import ScoreSheet
from seasons.models import Season
from standings.individual.ranking import player_standings
from standings.readers import public_snapshot_query
from tournaments import adapters as tournaments_adapters
from tournaments.models import Contest, Entry, Player

__all__ = ["ContestInfo", "SeasonInput", "melee_placings", "read_season", "season_rules"]


def season_rules(season: Season) -> SeasonRules:
    """The season's stored rules (``SeasonError`` on stored rules the engine refuses)."""
    if not season.rules:
        return SeasonRules(PlacementFormula())
    return SeasonRules.from_json(season.rules)


@dataclass(frozen=True)
class ContestInfo:
    """A contest of the season as its pages list it (no entry, no sheet)."""

    id: int
    name: str
    date: datetime.date
    club: int
    club_name: str
    kind: str
    status: str
    counted: bool  # False: no standings of it published yet (or not readable yet)
    as_of_round: int
    rounds_count: int
    note: str = ""  # "unpublished" (snapshots of an older version may say "individual_pending")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "date": self.date.isoformat(),
            "club": self.club,
            "club_name": self.club_name,
            "kind": self.kind,
            "status": self.status,
            "counted": self.counted,
            "as_of_round": self.as_of_round,
            "rounds_count": self.rounds_count,
            "note": self.note,
        }


@dataclass
class SeasonInput:
    contests: list[SeasonContest]
    infos: list[ContestInfo]
    names: dict[int, str] = field(default_factory=dict)
    club_of: dict[int, int] = field(default_factory=dict)
    club_names: dict[int, str] = field(default_factory=dict)


def melee_placings(contest: Contest) -> tuple[Placing, ...]:
    """A mêlée contest's season results, from its individual standings.

    The individual standings as the public sees them
    (``standings.individual.ranking.player_standings`` with ``public=True``, as the pairs contests' public snapshots): a partie whose standings are
    not published counts for nobody in the season.
    """
    rows = player_standings(contest, public=True)
    return tuple(Placing((r.player,), r.rank, r.played, r.wins, r.points) for r in rows)


def _kind(season: Season, contest_id: int) -> ContestKind:
    if season.final_contest_id is None:
        return ContestKind.CONTEST
    if contest_id == season.final_contest_id:
        return ContestKind.FINAL
    return ContestKind.QUALIFIER


def _public_rows(season_id: int) -> dict[int, tuple[int, list[dict[str, Any]]]]:
    """Contest id -> (as_of_round, rows) of its latest public snapshot (one query)."""
    out: dict[int, tuple[int, list[dict[str, Any]]]] = {}
    query = public_snapshot_query(Q(contest__season_id=season_id)).values_list(
        "contest_id", "as_of_round", "rows"
    )
    for contest_id, as_of, rows in query:  # latest first: keep the first of each contest
        out.setdefault(contest_id, (as_of, rows))
    return out


def _teams(season_id: int) -> dict[int, tuple[int, ...]]:
    """Entry pk -> the players the season credits (a volunteer partner is left out)."""
    rows = Entry.objects.filter(
        contest__season_id=season_id, formed_for_round__isnull=True
    ).values_list("pk", "player1_id", "player2_id", "player2_is_volunteer")
    return {pk: (p1,) if volunteer else (p1, p2) for pk, p1, p2, volunteer in rows}


def _result(row: tuple[Any, ...]) -> GameResult:
    _contest, rnd, a, b, kind, total_a, total_b, forfeit_loser = row
    if b is None or kind == ScoreSheet.Kind.BYE:
        return GameResult(round=rnd, team_a=a, team_b=None, score_a=total_a, kind=ResultKind.BYE)
    if kind == ScoreSheet.Kind.FORFEIT:
        loser = a if forfeit_loser == "a" else b
        return GameResult(
            round=rnd,
            team_a=a,
            team_b=b,
            score_a=total_a,
            score_b=total_b,
            kind=ResultKind.FORFEIT,
            forfeit_loser=loser,
        )
    return GameResult(round=rnd, team_a=a, team_b=b, score_a=total_a, score_b=total_b)


def _games(season_id: int) -> dict[int, list[GameResult]]:
    """Contest id -> its finished games, byes and forfeits (one query for the season)."""
    rows = (
        ScoreSheet.objects.filter(
            table__round__contest__season_id=season_id, status__in=list(RESULT_STATUSES)
        )
        .order_by("table__round__contest_id", "table__round__number", "table__number")
        .values_list(
            "table__round__contest_id",
            "table__round__number",
            "table__entry_a_id",
            "table__entry_b_id",
            "kind",
            "total_a",
            "total_b",
            "forfeit_loser",
        )
    )
    out: dict[int, list[GameResult]] = defaultdict(list)
    for row in rows:
        out[row[0]].append(_result(row))
    return out


def _standing_row(row: dict[str, Any]) -> StandingRow:
    return StandingRow(
        rank=row["rank"],
        team=row["entry"],
        shared=row["shared"],
        played=row["played"],
        wins=row["wins"],
        draws=row["draws"],
        losses=row["losses"],
        byes=row["byes"],
        forfeits_won=row["forfeits_won"],
        forfeits_lost=row["forfeits_lost"],
        points_for=row["points_for"],
        points_against=row["points_against"],
        difference=row["difference"],
        match_points=row["match_points"],
        best_game=row["best_game"],
        tiebreak_values=tuple(row.get("tiebreaks") or ()),
        withdrawn=bool(row.get("withdrawn")),
    )


def _once_each(placings: Iterable[Placing]) -> tuple[Placing, ...]:
    """A player counts once per contest (his best placing: rows come best first), e.g. a
    player who withdrew with one team and came back with another."""
    seen: set[int] = set()
    out = []
    for p in placings:
        players = tuple(x for x in p.players if x not in seen)
        seen.update(players)
        if players:
            out.append(
                p
                if players == p.players
                else Placing(players, p.rank, p.played, p.won, p.points, p.parties)
            )
    return tuple(out)


def _pairs_placings(
    contest: Contest,
    as_of: int,
    rows: Sequence[dict[str, Any]],
    teams: dict[int, tuple[int, ...]],
    games: Sequence[GameResult] | None,
) -> tuple[Placing, ...]:
    known = [r for r in rows if r["entry"] in teams]
    if games is None:  # a placement barème needs no partie lines
        return _once_each(
            Placing(teams[r["entry"]], r["rank"], r["played"], r["wins"], r["points_for"])
            for r in known
        )
    results = [g for g in games if g.round <= as_of]
    config = tournaments_adapters.standings_config(contest)
    placings = placings_from_standings(
        [_standing_row(r) for r in known],
        results,
        config,
        {r["entry"]: teams[r["entry"]] for r in known},
    )
    return _once_each(placings)


def read_season(season: Season, rules: SeasonRules) -> SeasonInput:
    """The season's contests with their published final results (see the module docstring)."""
    contests = list(
        Contest.objects.filter(season_id=season.pk).select_related("club").order_by("date", "pk")
    )
    public = _public_rows(season.pk)
    teams = _teams(season.pk)
    needs_games = isinstance(rules.bareme, PartieBareme)
    games = _games(season.pk) if needs_games else {}
    out = SeasonInput([], [])
    for contest in contests:
        kind = _kind(season, contest.pk)
        snapshot = public.get(contest.pk)
        placings: tuple[Placing, ...] | None = None
        note = ""
        if contest.entry_mode == Contest.EntryMode.MELEE:
            placings = melee_placings(contest)
        elif snapshot is not None:
            placings = _pairs_placings(
                contest,
                snapshot[0],
                snapshot[1],
                teams,
                games.get(contest.pk, []) if needs_games else None,
            )
        else:
            note = "unpublished"
        out.infos.append(
            ContestInfo(
                contest.pk,
                contest.name,
                contest.date,
                contest.club_id,
                contest.club.name,
                kind.value,
                contest.status,
                placings is not None,
                snapshot[0] if snapshot else 0,
                contest.rounds_count,
                note,
            )
        )
        if placings is not None:
            out.contests.append(
                SeasonContest(contest.pk, contest.club_id, contest.date, kind, placings)
            )
    _read_players(out)
    return out


def _read_players(out: SeasonInput) -> None:
    ids = {x for c in out.contests for p in c.results for x in p.players}
    rows = Player.objects.filter(pk__in=ids).values_list(
        "pk", "first_name", "last_name", "club_id", "club__name"
    )
    for pk, first, last, club_id, club_name in rows:
        out.names[pk] = f"{first} {last}".strip()
        out.club_of[pk] = club_id
        out.club_names[club_id] = club_name
