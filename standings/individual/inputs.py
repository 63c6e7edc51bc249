"""What the individual standings are computed from, read from the database.

What it owns
------------
:func:`individual_inputs` turns a contest's teams, replacements and finished games into the
engine's values (:class:`IndividualInputs`): every game as an
``engine.individual.PartieResult`` naming the players who played it (a fixed pair: the lineup in
force at that partie, the entry's players with the later replacements undone; a mêlée pair,
``Entry.formed_for_round``: its two players), the players to rank, the volunteers (a pair's
``player2`` lent to a solo player: he plays, he is credited nothing), the contest's
:class:`~engine.individual.IndividualConfig`, each player's name and team. Two queries
(teams, replacements with the players they name), one when the caller read the teams
(``standings.rebuild`` does, :data:`TEAM_COLUMNS`: :func:`teams_from_rows`), besides the games
it already read.

What it must not do: rank (``engine.individual``), store (``standings.individual.ranking``), or read
the games itself when the caller has them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from operator import attrgetter
from typing import Any, Final, NamedTuple

from engine import standings as engine_standings
from engine.individual import IndividualConfig, Lineup, PartieResult, results_from_games
from engine.standings import GameResult, ResultKind
from tournaments import adapters as tournaments_adapters
from tournaments.models import Contest, Entry, Replacement, SoloBye, name_key

# A worker ranks the same players at every rebuild of a contest: their name keys are kept.
_name_key = lru_cache(maxsize=16384)(name_key)

# How the contest's settings name "no choice": the engine's defaults (best first partie,
# wins, points conceded).
DEFAULT_TIEBREAKS = IndividualConfig().tiebreaks


class PlayerInfo(NamedTuple):
    pk: int
    name: str  # "Prénom Nom"
    licence: str
    first_name: str
    last_name: str

    @property
    def sort_key(self) -> str:
        """The key players sharing a rank are listed by (asked only for them)."""
        return _name_key(self.last_name, self.first_name)


class TeamInfo(NamedTuple):
    pk: int
    number: int
    name: str
    formed_for_round: int | None
    volunteer_second: bool
    checked_in: bool
    withdrawn_after: int | None
    players: tuple[int, int]  # the current players (Entry.player1, Entry.player2)
    people: tuple[PlayerInfo, PlayerInfo]


# The Entry columns a TeamInfo needs beyond number, name, names and flags: read by
# ``standings.rebuild.entry_infos`` in its own query, so a rebuild reads the teams once.
TEAM_FIELDS: Final = (
    "formed_for_round",
    "player2_is_volunteer",
    "player1_id",
    "player2_id",
    "player1__licence",
    "player2__licence",
)


# The columns of a team as ``standings.rebuild`` reads them for both rankings, in this order:
# the team's own (its number, name, players' names, lot, flags), then :data:`TEAM_FIELDS`.
TEAM_COLUMNS: Final = (
    "pk",
    "number",
    "name",
    "player1__first_name",
    "player1__last_name",
    "player2__first_name",
    "player2__last_name",
    "lot",
    "checked_in",
    "withdrawn_after_round",
    *TEAM_FIELDS,
)


def _person(pk: int, first: str, last: str, licence: str) -> PlayerInfo:
    return PlayerInfo(pk, f"{first} {last}".strip(), licence or "", first, last)


def team_info(
    pk: int,
    number: int,
    name: str,
    checked_in: bool,
    withdrawn_after: int | None,
    names: tuple[tuple[str, str], tuple[str, str]],
    more: Sequence[Any],
) -> TeamInfo:
    """A team from its columns (``more``: the values of :data:`TEAM_FIELDS`)."""
    formed, volunteer, p1, p2, licence1, licence2 = more
    (f1, l1), (f2, l2) = names
    people = (_person(p1, f1, l1, licence1), _person(p2, f2, l2, licence2))
    return TeamInfo(
        pk, number, name, formed, bool(volunteer), checked_in, withdrawn_after, (p1, p2), people
    )


def teams_from_rows(rows: Iterable[Sequence[Any]]) -> list[TeamInfo]:
    """The teams of rows read with :data:`TEAM_COLUMNS`."""
    return [
        team_info(pk, number, name, bool(ci), wd, ((f1, l1), (f2, l2)), more)
        for pk, number, name, f1, l1, f2, l2, _lot, ci, wd, *more in rows
    ]


@dataclass(frozen=True)
class IndividualInputs:
    """Everything the individual ranking of a contest is computed from."""

    config: IndividualConfig
    results: tuple[PartieResult, ...]
    players: tuple[int, ...]
    volunteers: tuple[int, ...]
    lineups: tuple[Lineup, ...]
    teams: dict[int, TeamInfo] = field(default_factory=dict)
    people: dict[int, PlayerInfo] = field(default_factory=dict)
    # player -> the fixed pairs he played for, as (from partie, entry pk), in partie order.
    teams_of: dict[int, list[tuple[int, int]]] = field(default_factory=dict)


def individual_config(contest: Contest) -> IndividualConfig:
    """The contest's scoring rules (as its team standings) with its individual tie-breaks.

    Raises ``IndividualError`` when the stored tie-breaks are not the engine's."""
    scoring = dataclasses.replace(tournaments_adapters.standings_config(contest), tiebreaks=())
    names = tuple(contest.individual_tiebreaks or ()) or DEFAULT_TIEBREAKS
    return IndividualConfig(scoring=scoring, tiebreaks=names)


def _teams(contest_id: int) -> list[TeamInfo]:
    rows = Entry.objects.filter(contest_id=contest_id).values_list(
        "pk",
        "number",
        "name",
        "checked_in",
        "withdrawn_after_round",
        "player1__first_name",
        "player1__last_name",
        "player2__first_name",
        "player2__last_name",
        *TEAM_FIELDS,
    )
    return [
        team_info(pk, number, name, bool(ci), wd, ((f1, l1), (f2, l2)), more)
        for pk, number, name, ci, wd, f1, l1, f2, l2, *more in rows
    ]


def lineups_of(team: TeamInfo, changes: Sequence[tuple[int, int, int]]) -> list[Lineup]:
    """The team's lineups, first partie first: its current players, with each replacement
    (``(from_round, outgoing, incoming)``, in partie order) undone for the parties before it.

    A replacement whose incoming player is no longer in the team (the team was edited after
    it) is skipped: the edit says who played."""
    current: tuple[int, ...] = team.players
    out: list[Lineup] = []
    for from_round, outgoing, incoming in sorted(changes, reverse=True):
        if incoming not in current or outgoing in current:
            continue
        out.append(Lineup(team.pk, current, from_partie=from_round))
        current = tuple(outgoing if p == incoming else p for p in current)
    out.append(Lineup(team.pk, current, from_partie=1))
    return out[::-1]


Change = tuple[int, int, int]  # (from partie, outgoing player, incoming player)


def _changes(contest_id: int) -> tuple[dict[int, list[Change]], dict[int, PlayerInfo]]:
    """Each team's replacements, and the players they name (the replaced ones are no longer
    in any team): one query."""
    out: dict[int, list[Change]] = {}
    people: dict[int, PlayerInfo] = {}
    rows = Replacement.objects.filter(entry__contest_id=contest_id).values_list(
        "entry_id",
        "from_round",
        "outgoing_id",
        "incoming_id",
        "outgoing__first_name",
        "outgoing__last_name",
        "outgoing__licence",
        "incoming__first_name",
        "incoming__last_name",
        "incoming__licence",
    )
    for entry, from_round, outgoing, incoming, f_o, l_o, lic_o, f_i, l_i, lic_i in rows:
        out.setdefault(entry, []).append((from_round, outgoing, incoming))
        people[outgoing] = _person(outgoing, f_o, l_o, lic_o)
        people[incoming] = _person(incoming, f_i, l_i, lic_i)
    return out, people


_sides = attrgetter("side_a", "side_b")


def _ranked_players(
    teams: Iterable[TeamInfo], results: Sequence[PartieResult], volunteers: set[int]
) -> list[int]:
    """Every player who sat at a table (or had a bye), and the current players of the fixed
    pairs that are checked in and still playing (a late team shows with zeros)."""
    # In order of first appearance, side a then side b of each result (one pass in C).
    found = dict.fromkeys(chain.from_iterable(chain.from_iterable(map(_sides, results))))
    for team in teams:
        if team.formed_for_round is None and team.checked_in and team.withdrawn_after is None:
            for i, p in enumerate(team.players):
                if not (i == 1 and team.volunteer_second):
                    found[p] = None
    return [p for p in found if p not in volunteers]


def _solo_byes(
    contest: Contest, games: Sequence[GameResult], people: dict[int, PlayerInfo]
) -> list[PartieResult]:
    """A mêlée's exempt players (``SoloBye``) as byes of one, credited by the contest's bye
    policy (the partie's average, fixed points…), once their partie has a finished game: a
    partie not yet played (or a draft) credits nobody. Volunteers who sit out get nothing.
    One query; none for a pairs contest, nor for a contest read with ``has_solo_byes`` false."""
    if contest.entry_mode == Contest.EntryMode.PAIRS or not getattr(contest, "has_solo_byes", True):
        return []
    scores: dict[int, list[int]] = {}
    for g in games:
        if g.kind == ResultKind.PLAYED and g.team_b is not None:
            scores.setdefault(g.round, []).extend((g.score_a, g.score_b))
        else:
            scores.setdefault(g.round, [])
    policy = tournaments_adapters.bye_policy(contest)
    rows = SoloBye.objects.filter(
        round__contest_id=contest.pk, solo__is_volunteer=False
    ).values_list(
        "round__number",
        "solo__player_id",
        "solo__player__first_name",
        "solo__player__last_name",
        "solo__player__licence",
    )
    out: list[PartieResult] = []
    for number, player, first, last, licence in rows:
        if number not in scores:
            continue
        people.setdefault(player, _person(player, first, last, licence))
        points = engine_standings.bye_points(policy, scores[number])
        out.append(PartieResult(number, (player,), (), points, 0, ResultKind.BYE))
    return out


def individual_inputs(
    contest: Contest,
    games: Sequence[GameResult],
    config: IndividualConfig | None = None,
    *,
    teams: Sequence[TeamInfo] | None = None,
) -> IndividualInputs:
    """The engine's inputs for ``contest`` from its finished ``games`` (see the module
    docstring); ``teams`` when the caller read them already. Raises ``IndividualError`` on a
    config or data the engine refuses."""
    config = individual_config(contest) if config is None else config
    team_list = list(teams) if teams is not None else _teams(contest.pk)
    # ``has_replacements``: read with the contest by ``readers.contest_with_versions`` (a
    # contest read otherwise may have some: asked).
    if getattr(contest, "has_replacements", True):
        changes, people = _changes(contest.pk)
    else:
        changes, people = {}, {}
    for team in team_list:
        p1, p2 = team.people
        people[p1.pk] = p1
        people[p2.pk] = p2
    lineups: list[Lineup] = []
    volunteers: set[int] = set()
    real: set[int] = set()
    teams_of: dict[int, list[tuple[int, int]]] = {}
    for team in team_list:
        for lineup in lineups_of(team, changes.get(team.pk, ())):
            lineups.append(lineup)
            for i, p in enumerate(lineup.players):
                (volunteers if i == 1 and team.volunteer_second else real).add(p)
                if team.formed_for_round is None:
                    teams_of.setdefault(p, []).append((lineup.from_partie, team.pk))
    results = results_from_games(games, lineups) + tuple(_solo_byes(contest, games, people))
    # Someone lent as a volunteer to one pair who plays for himself in another is ranked as a
    # player (the engine credits a player for every partie he sat at).
    volunteer_only = volunteers - real
    players = _ranked_players(team_list, results, volunteer_only)
    volunteer_ids = tuple(sorted(volunteer_only))
    return IndividualInputs(
        config=config,
        results=results,
        players=tuple(players),
        volunteers=volunteer_ids,
        lineups=tuple(lineups),
        teams={t.pk: t for t in team_list},
        people=people,
        teams_of={p: v if len(v) == 1 else sorted(v) for p, v in teams_of.items()},
    )


__all__ = [
    "DEFAULT_TIEBREAKS",
    "TEAM_COLUMNS",
    "TEAM_FIELDS",
    "IndividualInputs",
    "PlayerInfo",
    "TeamInfo",
    "individual_config",
    "individual_inputs",
    "lineups_of",
    "team_info",
    "teams_from_rows",
]
