"""Card values and totals (rules.md §1)."""

from engine.belote.cards import (
    DEAL_TOTAL,
    Card,
    Rank,
    Suit,
    Trump,
    card_value,
    carre_value,
    deal_points_total,
    deck,
    sequence_value,
    tout_atout_to_162,
)


def test_deck_has_32_distinct_cards() -> None:
    cards = deck()
    assert len(cards) == 32
    assert len({c.bit for c in cards}) == 32


def test_a_suited_deal_is_worth_162() -> None:
    for trump in (Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS, Trump.SPADES):
        assert deal_points_total(trump) == DEAL_TOTAL == 162


def test_trump_and_non_trump_values() -> None:
    assert card_value(Card(Suit.HEARTS, Rank.JACK), Trump.HEARTS) == 20
    assert card_value(Card(Suit.HEARTS, Rank.NINE), Trump.HEARTS) == 14
    assert card_value(Card(Suit.SPADES, Rank.JACK), Trump.HEARTS) == 2
    assert card_value(Card(Suit.SPADES, Rank.QUEEN), Trump.HEARTS) == 3  # not 4 (seed 1 typo)
    assert sum(card_value(c, Trump.HEARTS) for c in deck() if c.suit is Suit.HEARTS) == 62
    assert sum(card_value(c, Trump.HEARTS) for c in deck() if c.suit is Suit.CLUBS) == 30


def test_sans_atout_and_tout_atout_tables() -> None:
    assert deal_points_total(Trump.SANS_ATOUT) == 162
    assert card_value(Card(Suit.CLUBS, Rank.ACE), Trump.SANS_ATOUT) == 19
    assert deal_points_total(Trump.TOUT_ATOUT) == 162  # contrée TA table
    assert deal_points_total(Trump.TOUT_ATOUT, tout_atout_table="classic") == 258


def test_tout_atout_conversion_matches_ffb_example() -> None:
    # FFB 2016 classic §11.3: 198 × 162 / 258 = 124.
    assert tout_atout_to_162(198) == 124
    assert tout_atout_to_162(258) == 162
    assert tout_atout_to_162(0) == 0
    assert all(0 <= tout_atout_to_162(x) <= 162 for x in range(259))


def test_announcement_values() -> None:
    assert [sequence_value(n) for n in (3, 4, 5, 6, 8)] == [20, 50, 100, 100, 100]
    assert carre_value(Rank.JACK, Trump.HEARTS) == 200
    assert carre_value(Rank.NINE, None) == 150
    assert carre_value(Rank.QUEEN, None) == 100
    assert carre_value(Rank.EIGHT, None) == 0
    assert carre_value(Rank.ACE, Trump.SANS_ATOUT) == 200
    assert carre_value(Rank.TEN, Trump.SANS_ATOUT) == 150
