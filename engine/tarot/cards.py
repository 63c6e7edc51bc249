"""The 78 tarot cards, the three bouts, card points in half-points and the points needed.

This module owns the deck (four suits of 14 cards: roi, dame, cavalier, valet, 10 … 1; the 21
trumps; the excuse), each card's points counted in **half-points** (roi and bout 4½ = 9,
dame 7, cavalier 5, valet 3, any other card 1: 182 in all, 91 points), the points the
taker's side needs by its bouts (FFT 2012: 56, 51, 41, 36), and the sizes that bound a
deal at 3, 4 and 5 players (hands, chien). Counting in half-points keeps every sum exact.
It knows nothing of contracts or of the marque.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.cards import Suit

__all__ = [
    "BOUT_HALVES",
    "CHIEN_SIZE",
    "DECK",
    "EXCUSE_KEPT_HALVES",
    "HAND_SIZE",
    "NEEDED",
    "NEEDED_HALVES",
    "TOTAL_HALVES",
    "TRUMPS",
    "Card",
    "Rank",
    "card_halves",
    "pile_halves",
]


class Rank(StrEnum):
    """A suit card's rank, from the strongest; the four honours first."""

    KING = "king"  # roi
    QUEEN = "queen"  # dame
    KNIGHT = "knight"  # cavalier
    JACK = "jack"  # valet
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"
    ACE = "1"  # l'as, the weakest


@dataclass(frozen=True, slots=True)
class Card:
    """A suit card (``suit`` and ``rank``), a trump (``trump`` 1–21) or the excuse (neither)."""

    suit: Suit | None = None
    rank: Rank | None = None
    trump: int | None = None

    @property
    def is_excuse(self) -> bool:
        return self.suit is None and self.trump is None

    @property
    def is_bout(self) -> bool:
        """The petit (trump 1), the 21 and the excuse: the three bouts (oudlers)."""
        return self.is_excuse or self.trump in (1, 21)


_HONOUR_HALVES: Final = {Rank.KING: 9, Rank.QUEEN: 7, Rank.KNIGHT: 5, Rank.JACK: 3}


def card_halves(card: Card) -> int:
    """A card's points × 2: roi and bout 9, dame 7, cavalier 5, valet 3, any other card 1."""
    if card.is_bout:
        return 9
    if card.rank is not None:
        return _HONOUR_HALVES.get(card.rank, 1)
    return 1


def pile_halves(cards: tuple[Card, ...] | list[Card]) -> int:
    """A pile's points × 2 (an odd result is a count ending in a half)."""
    return sum(card_halves(c) for c in cards)


DECK: Final[tuple[Card, ...]] = (
    *(Card(suit=s, rank=r) for s in Suit for r in Rank),
    *(Card(trump=n) for n in range(1, 22)),
    Card(),
)
TOTAL_HALVES: Final = pile_halves(DECK)  # 182: 91 points
TRUMPS: Final = sum(1 for c in DECK if c.suit is None)  # 22: the excuse may stand for a trump
BOUT_HALVES: Final = 9
# At a chelem made without the excuse, the excuse kept by the defence counts 4, not 4½
# (FFT 2012, "Le jeu de la carte"): the taker then has 87 points, not 86½.
EXCUSE_KEPT_HALVES: Final = 8

NEEDED: Final[tuple[int, int, int, int]] = (56, 51, 41, 36)  # by the taker's bouts, 0 to 3
NEEDED_HALVES: Final = tuple(2 * n for n in NEEDED)

# Cards in each hand and in the chien, by the number of players dealt to (FFT 2012: 24 + 6 at
# three, 18 + 6 at four, 15 + 3 at five).
HAND_SIZE: Final = {3: 24, 4: 18, 5: 15}
CHIEN_SIZE: Final = {3: 6, 4: 6, 5: 3}

assert len(DECK) == 78 and TOTAL_HALVES == 182 and TRUMPS == 22  # the rulebook's counts
assert all(n * HAND_SIZE[n] + CHIEN_SIZE[n] == 78 for n in HAND_SIZE)
