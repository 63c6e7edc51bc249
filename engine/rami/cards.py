"""Rami's cards: how a card is written, what it is worth in hand, and what the decks hold.

This module owns the card notation of rami's JSON (a rank, ``A 2 … 10 J Q K``, then a suit,
``H D C S`` or ``♥ ♦ ♣ ♠``, in either case: ``"KH"``, ``"10♠"``; a joker is ``"JOKER"``), the
value of a card left in hand (seed page: "L'As vaut 11, les figures 10, et les autres cartes
leur valeur nominale"; "le Joker vaut 25 points"), the copies of each card the decks hold (one
52-card deck; or two 54-card decks, so two of each card and four jokers) and the largest value
a hand of n cards can hold. It knows nothing of scores or rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Final

from engine.cards import Suit

__all__ = [
    "CARD_VALUES",
    "JOKER",
    "RANK_VALUES",
    "SUIT_LETTERS",
    "VALUE_OF",
    "copies_in",
    "max_hand_value",
    "parse_card",
]

JOKER: Final = "JOKER"
JOKER_VALUE: Final = 25

# A rank's value left in hand: the ace 11, the figures (valet, dame, roi) 10, the others their
# face value (seed page, "Décompte des points").
RANK_VALUES: Final[Mapping[str, int]] = MappingProxyType(
    {"A": 11, **{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10}
)
SUIT_LETTERS: Final[Mapping[str, Suit]] = MappingProxyType(
    {"H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS, "S": Suit.SPADES}
)
_SYMBOLS: Final = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}

# Every card by its canonical name ("KH", "10S", "JOKER") → its value in hand. VALUE_OF reads
# the plain dict behind the read-only view: a hand's cards are summed with it, and a view's
# lookup is slower than a dict's.
_VALUES: Final[dict[str, int]] = {
    **{rank + suit: value for rank, value in RANK_VALUES.items() for suit in SUIT_LETTERS},
    JOKER: JOKER_VALUE,
}
CARD_VALUES: Final[Mapping[str, int]] = MappingProxyType(_VALUES)
VALUE_OF: Final = _VALUES.__getitem__

# Every accepted spelling → its canonical name, built once so that reading a card is one lookup.
_SPELLINGS: Final[dict[str, str]] = {}
for _name in CARD_VALUES:
    _SPELLINGS[_name] = _SPELLINGS[_name.lower()] = _name
    if _name != JOKER:
        _symbol = next(s for s, letter in _SYMBOLS.items() if letter == _name[-1])
        _SPELLINGS[_name[:-1] + _symbol] = _SPELLINGS[_name[:-1].lower() + _symbol] = _name
_SPELLINGS["Joker"] = JOKER


def parse_card(text: object) -> str | None:
    """The canonical name of the card ``text`` writes (``"k♥"`` → ``"KH"``); None if none."""
    return _SPELLINGS.get(text) if isinstance(text, str) else None


def copies_in(decks: int, card: str) -> int:
    """How many copies of ``card`` the game's decks hold (no joker in the one-deck game)."""
    if card == JOKER:
        return 2 * decks if decks == 2 else 0
    return decks


@cache
def max_hand_value(decks: int, n_cards: int) -> int:
    """The largest value ``n_cards`` cards of the game's decks can be worth in hand."""
    values = sorted(
        (value for card, value in CARD_VALUES.items() for _ in range(copies_in(decks, card))),
        reverse=True,
    )
    return sum(values[:n_cards])
