"""Per-team running totals (:class:`Acc`), folded round by round from team-side entries.

An entry is one team's side of one result, as a plain tuple because contests fold thousands of
them per rebuild; :mod:`.entries` builds them from the results, :func:`fold` adds them up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

__all__ = [
    "BYE",
    "DRAW",
    "FORFEIT_LOST",
    "FORFEIT_WON",
    "LOSS",
    "NONE",
    "PLAYED",
    "WIN",
    "Acc",
    "Encounter",
    "Entry",
    "fold",
]


# Outcome of one entry, from the team's side.
WIN: Final = 1
DRAW: Final = 0
LOSS: Final = -1
NONE: Final = 2  # a bye that does not count as a win

PLAYED: Final = 0
BYE: Final = 1
FORFEIT_WON: Final = 2
FORFEIT_LOST: Final = 3


# One team's side of one result: (team, kind, opponent, points for, points against, outcome,
# match points). A plain tuple because contests fold thousands of them per rebuild.
Entry = tuple[int, int, int | None, int, int, int, int]
# A meeting with another team (a played game or a forfeit): (opponent, points for, outcome,
# match points), for the direct encounter.
Encounter = tuple[int, int, int, int]


@dataclass(slots=True)
class Acc:
    """A team's running totals; mutated only by :func:`fold`, round by round."""

    team: int
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    forfeits_won: int = 0
    forfeits_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    match_points: int = 0
    best_game: int = 0
    first_game: int = 0
    unplayed: int = 0
    opponents: list[int] = field(default_factory=list)  # from games played at a table
    encounters: list[Encounter] = field(default_factory=list)


def fold(accs: Mapping[int, Acc], rnd: int, entries: Iterable[Entry]) -> None:
    """Add one round's entries. ``played`` counts every game decided (at a table, by forfeit,
    or a bye counting as a win), so that played = wins + draws + losses on every row."""
    for team, kind, opp, pf, pa, outcome, mp in entries:
        a = accs[team]
        a.points_for += pf
        a.points_against += pa
        a.match_points += mp
        if rnd == 1:
            a.first_game += pf
        if outcome == WIN:
            a.wins += 1
            a.played += 1
        elif outcome == LOSS:
            a.losses += 1
            a.played += 1
        elif outcome == DRAW:
            a.draws += 1
            a.played += 1
        if opp is None:  # a bye
            a.unplayed += 1
            a.byes += 1
            continue
        a.encounters.append((opp, pf, outcome, mp))
        if kind == PLAYED:
            if pf > a.best_game:
                a.best_game = pf
            a.opponents.append(opp)
        else:
            a.unplayed += 1
            if kind == FORFEIT_WON:
                a.forfeits_won += 1
            else:
                a.forfeits_lost += 1
