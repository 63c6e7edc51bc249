"""What the card games of the engine share: the four French suits.

Belote (32 cards), tarot (78 cards: the four suits of 14 cards, 21 trumps and the excuse) and
rami (52 cards and jokers) are played with the same four suits; each game's package owns its
ranks, its card values and its deck (``engine.belote.cards``...). This module knows nothing
of any one game.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Suit"]


class Suit(StrEnum):
    """A suit (couleur): cœur, carreau, trèfle, pique."""

    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"
