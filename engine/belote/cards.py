"""Belote's 32 cards: ranks, values at trump and non-trump, sans-atout and tout-atout tables.

The four suits are the engine's (``engine.cards.Suit``, re-exported here).

This module owns the numbers of rules.md §1: a deal's 32 cards are worth 152 points, the last
trick ("dix de der") 10 more, so a deal is worth 162. Sans-atout (SA) and the contrée
tout-atout (TA) table also sum to 152. The classic TA text counts every suit at trump values
(4 × 62 + 10 = 258) and scales the result by 162/258 (FFB 2016 classic §11.3: 198 → 124).

It also owns announcement values (rules.md §2.8) and the card sets of announcements, because
both depend only on cards. It knows nothing of teams, contracts or games.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from engine.cards import Suit

__all__ = [
    "CARD_POINTS_TOTAL",
    "DEAL_TOTAL",
    "DIX_DE_DER",
    "NON_TRUMP_VALUES",
    "SANS_ATOUT_VALUES",
    "SEQUENCE_ORDER",
    "TOUT_ATOUT_CLASSIC_TOTAL",
    "TOUT_ATOUT_CONTREE_VALUES",
    "TRUMP_VALUES",
    "Card",
    "Rank",
    "Suit",
    "Trump",
    "card_value",
    "carre_value",
    "deal_points_total",
    "sequence_value",
    "tout_atout_to_162",
]


class Rank(StrEnum):
    SEVEN = "seven"
    EIGHT = "eight"
    NINE = "nine"
    TEN = "ten"
    JACK = "jack"
    QUEEN = "queen"
    KING = "king"
    ACE = "ace"


class Trump(StrEnum):
    """What a deal is played at: one of the four suits, sans-atout or tout-atout."""

    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"
    SANS_ATOUT = "sans_atout"
    TOUT_ATOUT = "tout_atout"

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at sans-atout and tout-atout."""
        return _TRUMP_SUIT.get(self)


_TRUMP_SUIT: Final = {Trump(s.value): s for s in Suit}

DIX_DE_DER: Final = 10
CARD_POINTS_TOTAL: Final = 152
DEAL_TOTAL: Final = CARD_POINTS_TOTAL + DIX_DE_DER  # 162
# Classic tout-atout (FFB 2016 classic §11): every suit at trump values, 4 × 62 + 10.
TOUT_ATOUT_CLASSIC_TOTAL: Final = 4 * 62 + DIX_DE_DER  # 258

TRUMP_VALUES: Final = MappingProxyType(
    {
        Rank.JACK: 20,
        Rank.NINE: 14,
        Rank.ACE: 11,
        Rank.TEN: 10,
        Rank.KING: 4,
        Rank.QUEEN: 3,
        Rank.EIGHT: 0,
        Rank.SEVEN: 0,
    }
)
NON_TRUMP_VALUES: Final = MappingProxyType(
    {
        Rank.ACE: 11,
        Rank.TEN: 10,
        Rank.KING: 4,
        Rank.QUEEN: 3,
        Rank.JACK: 2,
        Rank.NINE: 0,
        Rank.EIGHT: 0,
        Rank.SEVEN: 0,
    }
)
# Sans-atout (FFB §11, rules.md §1): the ace is worth 19 so that the deck still sums to 152.
SANS_ATOUT_VALUES: Final = MappingProxyType(
    {
        Rank.ACE: 19,
        Rank.TEN: 10,
        Rank.KING: 4,
        Rank.QUEEN: 3,
        Rank.JACK: 2,
        Rank.NINE: 0,
        Rank.EIGHT: 0,
        Rank.SEVEN: 0,
    }
)
# Tout-atout, contrée/coinche table (FFB contrée/coinche §11, rules.md §1): sums to 152.
TOUT_ATOUT_CONTREE_VALUES: Final = MappingProxyType(
    {
        Rank.JACK: 13,
        Rank.NINE: 9,
        Rank.ACE: 6,
        Rank.TEN: 5,
        Rank.KING: 3,
        Rank.QUEEN: 2,
        Rank.EIGHT: 0,
        Rank.SEVEN: 0,
    }
)

# Order used for sequences (tierce, quarte, quinte) and to rank announcements: A K Q J 10 9 8 7.
SEQUENCE_ORDER: Final = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
_SEQ_INDEX: Final = {r: i for i, r in enumerate(SEQUENCE_ORDER)}
_SUIT_INDEX: Final = {s: i for i, s in enumerate(Suit)}


@dataclass(frozen=True, slots=True)
class Card:
    suit: Suit
    rank: Rank

    @property
    def bit(self) -> int:
        """A distinct bit per card (32 cards), used to detect a card used twice."""
        return 1 << (_SUIT_INDEX[self.suit] * 8 + _SEQ_INDEX[self.rank])


def deck() -> tuple[Card, ...]:
    """The 32 cards."""
    return tuple(Card(s, r) for s in Suit for r in SEQUENCE_ORDER)


def card_value(card: Card, trump: Trump, *, tout_atout_table: str = "contree") -> int:
    """Points of one card when ``trump`` is played.

    At tout-atout, ``tout_atout_table`` chooses the contrée table (sums to 152) or the classic
    reading ("classic": every card at trump value, sums to 248; see ``tout_atout_to_162``).
    """
    if trump is Trump.SANS_ATOUT:
        return SANS_ATOUT_VALUES[card.rank]
    if trump is Trump.TOUT_ATOUT:
        if tout_atout_table == "classic":
            return TRUMP_VALUES[card.rank]
        return TOUT_ATOUT_CONTREE_VALUES[card.rank]
    if card.suit.value == trump.value:
        return TRUMP_VALUES[card.rank]
    return NON_TRUMP_VALUES[card.rank]


def deal_points_total(trump: Trump, *, tout_atout_table: str = "contree") -> int:
    """Card points of a whole deal, dix de der included (162, or 258 for classic TA)."""
    return sum(card_value(c, trump, tout_atout_table=tout_atout_table) for c in deck()) + DIX_DE_DER


def tout_atout_to_162(raw: int) -> int:
    """Scale classic tout-atout points (out of 258) to the usual 162, to the nearest point.

    FFB 2016 classic §11.3: 198 × 162 / 258 = 124.3 → 124. Halves round up; the other team
    is then given the complement to 162, so the two still add up.
    """
    return (raw * 2 * DEAL_TOTAL + TOUT_ATOUT_CLASSIC_TOTAL) // (2 * TOUT_ATOUT_CLASSIC_TOTAL)


def sequence_value(length: int) -> int:
    """Tierce 20, quarte ("cinquante") 50, quinte ("cent", five cards or more) 100."""
    if length >= 5:
        return 100
    return {3: 20, 4: 50}.get(length, 0)


def carre_value(rank: Rank, trump: Trump | None) -> int:
    """Carré values (rules.md §2.8): J 200, 9 150, A/10/K/Q 100; 8s and 7s score nothing.

    At sans-atout (rules.md §1) carrés are re-valued: aces 200, tens 150, the others 100.
    """
    if rank is Rank.SEVEN or rank is Rank.EIGHT:
        return 0
    if trump is Trump.SANS_ATOUT:
        return {Rank.ACE: 200, Rank.TEN: 150}.get(rank, 100)
    return {Rank.JACK: 200, Rank.NINE: 150}.get(rank, 100)


def sequence_index(rank: Rank) -> int:
    """Position of ``rank`` in SEQUENCE_ORDER (0 = ace, the highest)."""
    return _SEQ_INDEX[rank]


def sequence_mask(suit: Suit, top: Rank, length: int) -> int:
    """The card bits of a sequence of ``length`` cards topped by ``top`` (caller checks fit)."""
    base = _SUIT_INDEX[suit] * 8 + _SEQ_INDEX[top]
    return ((1 << length) - 1) << base


def carre_mask(rank: Rank) -> int:
    """The card bits of the four cards of ``rank``."""
    i = _SEQ_INDEX[rank]
    return (1 << i) | (1 << (8 + i)) | (1 << (16 + i)) | (1 << (24 + i))
