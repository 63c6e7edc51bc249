"""One batch of a CSV import, planned on data read once and written with a few bulk inserts.

Owns the club's register and the contest's teams as a batch sees them (read at its start, then
updated row after row as players and teams are planned) and the write of a planned batch: the
new players and their register rows, the teams, one journal line per team. Each row goes through
the rules of ``get_or_create_player`` then ``add_entry`` in their order, with their pure checks
(``players``, ``entries``), so a refusal has the same code and French message as when a team is
registered alone, and a batch's first refused row decides the refusal. Nothing is written until
the whole batch is planned. ``post_save`` is not sent for the bulk inserts: no receiver acts on
a new player, team or journal line (``standings`` listens for a withdrawal only).

Must not open transactions nor lock the contest (``imports`` does), nor parse files.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.db.models.functions import Upper

from tournaments import audit
from tournaments.models import Club, Contest, Entry, Player, PlayerClub, name_key
from tournaments.services.clubs.players import check_new_player, clean_names, only_namesake
from tournaments.services.entries.registration import (
    EntryValues,
    check_takes_teams,
    check_two_players,
    joining_round,
    last_published,
    new_entry,
    next_number,
    player_taken,
)


def _players_of(row: Any) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
    return row.player1, row.player2


def row_values(row: Any, player1: Player, player2: Player) -> EntryValues:
    """A validated CSV row's team, with its two players found or made."""
    return EntryValues(
        player1=player1,
        player2=player2,
        name=row.name,
        home_club=row.home_club,
        paid=row.paid,
        checked_in=row.checked_in,
    )


def plannable(rows: Sequence[Any]) -> bool:
    """Whether the batch's licences compare here as the database compares them: ASCII ones.

    ``find_player`` matches a licence case aside in the database (SQLite folds ASCII letters
    only, PostgreSQL all of them); a batch with another licence is registered row by row.
    """
    return all(player[2].isascii() for row in rows for player in _players_of(row))


def _ref(player: Player) -> tuple[int, int]:
    # A player not saved yet has no pk: the batch tells them apart by identity.
    return (player.pk, 0) if player.pk is not None else (0, id(player))


class Register:
    """The club's players a batch may meet, as ``find_player`` would find them: by licence
    (case aside, in the database's order) and by ``name_key``. The players the batch creates
    join it, so a later row finds them as the database would have."""

    def __init__(self, club: Club, players: Sequence[Any]) -> None:
        self.club = club
        self.by_licence: dict[str, list[Player]] = {}
        self.by_name: dict[str, list[Player]] = {}
        self.new: list[Player] = []
        for player in players:
            self._add(player, player.licence_upper)

    @classmethod
    def read(cls, club: Club, rows: Sequence[Any]) -> Register:
        """One query: the register's players bearing a name or a licence of ``rows``."""
        people = [player for row in rows for player in _players_of(row)]
        licences = {licence.strip().upper() for _f, _l, licence in people if licence.strip()}
        keys = {name_key(last, first) for first, last, _licence in people}
        # The database computes the licence's upper case, as its case-blind comparison does.
        found = (
            Player.objects.registry_of(club)
            .annotate(licence_upper=Upper("licence"))
            .filter(Q(name_key__in=keys) | Q(licence_upper__in=licences))
        )
        return cls(club, list(found))

    def _add(self, player: Player, licence_upper: str) -> None:
        if player.licence:
            self.by_licence.setdefault(licence_upper, []).append(player)
        self.by_name.setdefault(player.name_key, []).append(player)

    def saved_pks(self) -> list[int]:
        return [p.pk for people in self.by_name.values() for p in people if p.pk is not None]

    def player(self, first_name: str, last_name: str, licence: str) -> Player:
        """``get_or_create_player``'s answer: the register's player, or a new one (to write)."""
        licence = licence.strip()
        if licence and self.by_licence.get(licence.upper()):
            return self.by_licence[licence.upper()][0]
        same_name = self.by_name.get(name_key(last_name, first_name), [])
        found = only_namesake(same_name[:2], licence)
        if found is not None:
            return found
        check_new_player(first_name, last_name, licence, bool(same_name))
        first, last, licence = clean_names(first_name, last_name, licence)
        # No player of the register has this licence nor (without one) this name: save_player's
        # duplicate checks cannot refuse it.
        created = Player(
            club=self.club,
            first_name=first,
            last_name=last,
            licence=licence,
            name_key=name_key(last, first),
        )
        self.new.append(created)
        self._add(created, licence.upper())
        return created


class Teams:
    """The contest's active teams a batch's players are in: the lowest number as player 1 and
    as player 2 (``check_pair`` looks for the first, then the second)."""

    def __init__(self, rows: Sequence[tuple[int, Any, Any]]) -> None:
        self.as_first: dict[tuple[int, int], int] = {}
        self.as_second: dict[tuple[int, int], int] = {}
        for number, first, second in rows:
            self.as_first.setdefault(first, number)
            self.as_second.setdefault(second, number)

    @classmethod
    def read(cls, contest: Contest, player_pks: list[int]) -> Teams:
        """One query: the contest's active teams of these players, lowest number first."""
        found = (
            Entry.objects.filter(
                contest=contest, withdrawn_after_round__isnull=True, formed_for_round__isnull=True
            )
            .filter(Q(player1_id__in=player_pks) | Q(player2_id__in=player_pks))
            .order_by("number")
            .values_list("number", "player1_id", "player2_id")
        )
        return cls([(number, (first, 0), (second, 0)) for number, first, second in found])

    def check_free(self, player: Player) -> None:
        ref = _ref(player)
        number = self.as_first.get(ref, self.as_second.get(ref))
        if number is not None:
            raise player_taken(player, number)

    def add(self, entry: Entry) -> None:
        self.as_first.setdefault(_ref(entry.player1), entry.number)
        self.as_second.setdefault(_ref(entry.player2), entry.number)


@dataclass
class Plan:
    """A batch ready to write: its teams (numbered in the file's order) and new players."""

    entries: list[Entry]
    players: list[Player]


def plan(contest: Contest, rows: Sequence[Any], deadline: float) -> Plan:
    """The teams of ``rows`` (the first ones, once ``deadline`` has passed) on the locked
    ``contest``, in four queries; a refused row raises its ``ServiceError``."""
    register = Register.read(contest.club, rows)
    teams = Teams.read(contest, register.saved_pks())
    first_number = next_number(contest)
    last = last_published(contest)
    entries: list[Entry] = []
    for row in rows:
        player1 = register.player(*row.player1)
        player2 = register.player(*row.player2)
        check_takes_teams(contest)
        check_two_players(player1, player2)
        teams.check_free(player1)
        teams.check_free(player2)
        number = first_number + len(entries)
        values = row_values(row, player1, player2)
        entry = new_entry(contest, values, number=number, joined=joining_round(contest, last))
        teams.add(entry)
        entries.append(entry)
        if time.monotonic() > deadline:
            break
    return Plan(entries=entries, players=register.new)


def write(contest: Contest, planned: Plan) -> list[Entry]:
    """Insert a planned batch: its new players in the club's register, its teams, their
    journal lines (``entry.create``, as ``add_entry`` writes them)."""
    Player.objects.bulk_create(planned.players)
    PlayerClub.objects.bulk_create(
        PlayerClub(player=player, club_id=player.club_id) for player in planned.players
    )
    for entry in planned.entries:
        # Their players got their pks just now: the teams point at them.
        entry.player1, entry.player2 = entry.player1, entry.player2
    Entry.objects.bulk_create(planned.entries)
    audit.record_all(
        [
            audit.event(contest, "entry.create", entry, after=audit.snapshot(entry))
            for entry in planned.entries
        ]
    )
    return planned.entries
