"""What one tarot donne is and what its score is: the values of the donne-scoring API.

This module owns ``Donne`` (the facts a score sheet records: the number of players, the
taker, the contract, the taker's side's card points in half-points and its bouts, the
partner or the mort at five, the petit au bout, the chelem, the poignées and misères),
``DonneScore`` (the value each defender pays, whether the contract was made, each seat's
score; the breakdown on demand), ``BreakdownLine`` and ``Role``. Players are seats 0 … n−1
in the order of play; ``engine.tarot.donne_json`` maps names to seats.

Words: taker (preneur), his side (with the called partner at five), defence (défense); bouts
(oudlers): the petit, the 21, the excuse; margin: how far the points are above or below those
needed; X: the value of the donne, what each defender pays (negative: what he receives).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from engine.tarot.rules import Ruleset

__all__ = [
    "BreakdownLine",
    "Contract",
    "Donne",
    "DonneScore",
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
class Donne:
    """What a score sheet records for one donne (seats are 0 … players − 1).

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
    """One labelled part of the donne's value X (what each defender pays).

    ``code`` is stable (the UI translates it): base, petit_au_bout, poignee, chelem,
    chelem_defense for the parts of X, whose ``points`` add up to X; misere for a misère,
    whose ``points`` each other player pays ``seat``. ``label`` shows the sum a player checks
    ("25 + 8 = 33 × 2 = 66").
    """

    code: str
    points: int
    label: str
    seat: int | None = None


# The breakdown is recomputed on demand from the rules and the donne by the explaining
# module, passed in (so that this module imports no scoring step).
Explainer = Callable[[Ruleset, Donne], tuple[BreakdownLine, ...]]


class DonneScore(NamedTuple):
    """The score of one donne (a named tuple: built fast, immutable).

    ``value`` is X, what each defender pays (negative: what each receives); ``made`` whether
    the contract was made (None for a passed donne); ``margin`` the points above or below
    those needed, after the half-point and the rounding; ``needed`` the points the bouts
    required; ``scores`` each seat's marque, which add up to zero. ``breakdown`` lists the
    parts of X and the misères, each labelled.
    """

    value: int
    made: bool | None
    margin: int
    needed: int
    scores: tuple[int, ...]
    context: tuple[Ruleset, Donne, Explainer]

    @property
    def donne(self) -> Donne:
        return self.context[1]

    @property
    def breakdown(self) -> tuple[BreakdownLine, ...]:
        rules, donne, explain = self.context
        return explain(rules, donne)

    def roles(self) -> tuple[Role, ...]:
        """Each seat's role in the donne."""
        d = self.context[1]
        partner = d.partner if d.partner != d.taker else None
        return tuple(
            Role.TAKER
            if seat == d.taker
            else Role.PARTNER
            if seat == partner
            else Role.MORT
            if seat == d.mort
            else Role.DEFENDER
            for seat in range(d.players)
        )
