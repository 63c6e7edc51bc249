"""Per-player running totals (:class:`PlayerAcc`) and the credit of one player for one partie.

A :data:`Credit` is one player's share of one partie result: the pair's points for and against,
its outcome and barème points, and who the player's partners and opponents were. :mod:`.credit`
builds them from the results; :func:`fold` adds them up.
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
    "Credit",
    "PlayerAcc",
    "fold",
]

# Outcome of a credit, from the player's side (as engine.standings.totals).
WIN: Final = 1
DRAW: Final = 0
LOSS: Final = -1
NONE: Final = 2  # a bye that does not count as a win

PLAYED: Final = 0
BYE: Final = 1
FORFEIT_WON: Final = 2
FORFEIT_LOST: Final = 3

# (player, kind, partie, points for, points against, outcome, match points, partners,
# opponents): partners and opponents are the credited players only (volunteers left out).
Credit = tuple[int, int, int, int, int, int, int, tuple[int, ...], tuple[int, ...]]


@dataclass(slots=True)
class PlayerAcc:
    """A player's running totals; mutated only by :func:`fold`."""

    player: int
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
    first_partie: int = 0
    unplayed: int = 0  # byes and forfeits: parties without opponents at a table
    parties: list[int] = field(default_factory=list)
    partners: list[int] = field(default_factory=list)  # one entry per partie played together
    opponents: list[int] = field(default_factory=list)  # one entry per opponent faced

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


def fold(accs: Mapping[int, PlayerAcc], credits: Iterable[Credit]) -> None:
    for player, kind, partie, pf, pa, outcome, mp, partners, opponents in credits:
        a = accs[player]
        a.parties.append(partie)
        a.points_for += pf
        a.points_against += pa
        a.match_points += mp
        if partie == 1:
            a.first_partie += pf
        if outcome == WIN:
            a.wins += 1
        elif outcome == LOSS:
            a.losses += 1
        elif outcome == DRAW:
            a.draws += 1
        a.partners += partners
        if kind == PLAYED:
            a.played += 1
            a.best_game = max(a.best_game, pf)
            a.opponents += opponents
            continue
        a.unplayed += 1
        if kind == BYE:
            a.byes += 1
        elif kind == FORFEIT_WON:
            a.forfeits_won += 1
        else:
            a.forfeits_lost += 1
