"""The 78 tarot cards: 56 suit cards, 21 trumps and the excuse; three bouts; 91 points in all,
counted in half-points; the points needed by bouts; the hands and chien at 3, 4 and 5."""

from __future__ import annotations

from engine.cards import Suit
from engine.tarot.cards import (
    CHIEN_SIZE,
    DECK,
    HAND_SIZE,
    NEEDED,
    TOTAL_HALVES,
    TRUMPS,
    Card,
    Rank,
    card_halves,
    pile_halves,
)


def test_the_deck_has_78_cards_and_three_bouts() -> None:
    assert len(DECK) == 78 and len(set(DECK)) == 78
    assert sum(1 for c in DECK if c.suit is not None) == 56
    assert TRUMPS == 22  # the 21 trumps and the excuse, which may stand for a trump
    assert {c for c in DECK if c.is_bout} == {Card(trump=1), Card(trump=21), Card()}


def test_card_points_in_halves_add_up_to_91() -> None:
    # FFT 2012: oudler and roi 4.5, dame 3.5, cavalier 2.5, valet 1.5, any other 0.5.
    assert card_halves(Card()) == card_halves(Card(trump=1)) == card_halves(Card(trump=21)) == 9
    assert card_halves(Card(Suit.HEARTS, Rank.KING)) == 9
    assert card_halves(Card(Suit.HEARTS, Rank.QUEEN)) == 7
    assert card_halves(Card(Suit.HEARTS, Rank.KNIGHT)) == 5
    assert card_halves(Card(Suit.HEARTS, Rank.JACK)) == 3
    assert card_halves(Card(Suit.HEARTS, Rank.TEN)) == card_halves(Card(trump=12)) == 1
    assert TOTAL_HALVES == pile_halves(DECK) == 182


def test_two_by_two_as_the_rulebook_counts() -> None:
    # "1 Roi + 1 petite carte: 5 points" ... "2 petites cartes: 1 point".
    low = Card(Suit.CLUBS, Rank.TWO)
    assert pile_halves([Card(Suit.SPADES, Rank.KING), low]) == 10
    assert pile_halves([Card(Suit.SPADES, Rank.QUEEN), low]) == 8
    assert pile_halves([low, Card(trump=7)]) == 2


def test_points_needed_by_bouts() -> None:
    assert NEEDED == (56, 51, 41, 36)


def test_hands_and_chien_use_every_card() -> None:
    assert (HAND_SIZE, CHIEN_SIZE) == ({3: 24, 4: 18, 5: 15}, {3: 6, 4: 6, 5: 3})
