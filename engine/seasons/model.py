"""The season's inputs: its contests and their final results, as plain frozen values.

What this module owns
---------------------
:class:`SeasonContest` (id, organising club, date, kind, final results), :class:`Placing` (one
player's or one pair's final result in a contest: rank, parties played and won, points, and
the per-partie lines a per-partie barème needs), :class:`PartieLine`, and the enumerations
:class:`ContestKind`, :class:`Credit` and :class:`Outcome`. Checks live in :mod:`.check`.
For a circuit of several clubs these values are all a club shares with the others: final
results, never entries, sheets or deals.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["ContestKind", "Credit", "Entrant", "Outcome", "PartieLine", "Placing", "SeasonContest"]

# An entrant of the season: one player ``(id,)`` with player credit, a pair ``(low, high)``
# with pair credit (the same two players make the same pair in every contest).
Entrant = tuple[int, ...]


class ContestKind(StrEnum):
    CONTEST = "contest"  # a journée of a challenge, a contest of a circuit
    QUALIFIER = "qualifier"  # a qualifying contest for the season's final
    FINAL = "final"  # the season's final (not counted in the season ranking by default)


class Credit(StrEnum):
    PLAYER = "player"  # each player of a pair is credited with the pair's result
    PAIR = "pair"  # the pair is the entrant


class Outcome(StrEnum):
    """One partie of an entrant's contest, from the entrant's side."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    BYE = "bye"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"


@dataclass(frozen=True, slots=True)
class PartieLine:
    """One partie of an entrant's contest: its outcome and the entrant's score in it."""

    outcome: Outcome
    score: int = 0


@dataclass(frozen=True, slots=True)
class Placing:
    """One final result of a contest: ``players`` is one id (an individual ranking) or the
    pair's two ids; ``rank`` its final rank (shared ranks allowed); ``played`` / ``won`` its
    parties, ``points`` its total score; ``parties`` the per-partie lines (needed only by a
    :class:`~engine.seasons.bareme.PartieBareme`)."""

    players: tuple[int, ...]
    rank: int
    played: int = 0
    won: int = 0
    points: int = 0
    parties: tuple[PartieLine, ...] = ()


@dataclass(frozen=True, slots=True)
class SeasonContest:
    """One contest of the season with its final results (in the contest's final order)."""

    id: int
    club: int
    date: datetime.date
    kind: ContestKind = ContestKind.CONTEST
    results: tuple[Placing, ...] = ()
