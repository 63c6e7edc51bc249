"""What one tarot deal is and what its score is: the values of the deal-scoring API.

This module owns ``Deal`` (the facts a score sheet records: the number of players, the
taker, the contract, the taker's side's card points in half-points and its bouts, the
partner or the mort at five, the petit au bout, the chelem, the poignées and misères),
``BreakdownLine`` and ``Role``; a deal's score, ``DealScore``, is ``engine.tarot.deal``'s. Players are seats 0 … n−1
in the order of play; ``engine.tarot.deal_json`` maps names to seats.

Words: taker (preneur), his side (with the called partner at five), defence (défense); bouts
(oudlers): the petit, the 21, the excuse; margin: how far the points are above or below those
needed; X: the value of the deal, what each defender pays (negative: what he receives).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "BreakdownLine",
    "Contract",
    "Deal",
    "MisereKind",
    "PetitTrick",
    "PoigneeKind",
    "Role",
    "Side",
]


class Side(StrEnum):
    """The taker's side (the taker, and his partner at five) or the defence."""

    TAKER = "taker"
    DEFENSE = "defense"


class Contract(StrEnum):
    """The contracts in increasing order (``pousse``: the old contract, an option)."""

    PETITE = "petite"  # the FFT's "prise ou petite"
    POUSSE = "pousse"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"


class PoigneeKind(StrEnum):
    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"


class MisereKind(StrEnum):
    ATOUT = "atout"  # no trump (the excuse is a trump)
    TETE = "tete"  # no honour (roi, dame, cavalier, valet) and no bout


class PetitTrick(StrEnum):
    """The trick the petit au bout was taken at."""

    LAST = "last"
    # At a chelem the taker leads the excuse last, so the petit led at the second-to-last
    # trick counts au bout (FFT 2012, "Le chelem").
    SECOND_TO_LAST = "second_to_last"


class Role(StrEnum):
    TAKER = "taker"
    PARTNER = "partner"
    DEFENDER = "defender"
    MORT = "mort"


@dataclass(frozen=True, slots=True)
class Deal:
    """What a score sheet records for one deal (seats are 0 … players − 1).

    ``halves`` are the taker's side's card points × 2 (49 points: 98; 40½: 81), after the
    excuse is exchanged; ``bouts`` the bouts in its tricks. At five, ``partner`` is the
    called king's holder (None, or the taker himself: the taker is alone) and ``mort`` the
    seat that sits out when the table plays at four. ``poignees`` and ``miseres`` are (seat,
    kind) pairs. ``chelem`` is the side that took every trick, ``chelem_announced`` whether
    the taker announced one. ``passed``: every player passed, nothing is scored.
    """

    players: int
    taker: int = 0
    contract: Contract = Contract.PETITE
    halves: int = 0
    bouts: int = 0
    partner: int | None = None
    mort: int | None = None
    petit_au_bout: Side | None = None
    petit_trick: PetitTrick = PetitTrick.LAST
    chelem: Side | None = None
    chelem_announced: bool = False
    poignees: tuple[tuple[int, PoigneeKind], ...] = ()
    miseres: tuple[tuple[int, MisereKind], ...] = ()
    passed: bool = False


@dataclass(frozen=True, slots=True)
class BreakdownLine:
    """One labelled part of the deal's value X (what each defender pays).

    ``code`` is stable (the UI translates it): base, petit_au_bout, poignee, chelem,
    chelem_defense for the parts of X, whose ``points`` add up to X; misere for a misère,
    whose ``points`` each other player pays ``seat``. ``label`` shows the sum a player checks
    ("25 + 8 = 33 × 2 = 66").
    """

    code: str
    points: int
    label: str
    seat: int | None = None
