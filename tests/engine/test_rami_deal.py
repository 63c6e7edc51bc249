"""Rami deals, table-driven from the seed page's text (seed 002, "LE RAMI"), under every option.

"Chaque joueur marque le total des points qui lui restent en main. L'As vaut 11, les figures
10, et les autres cartes leur valeur nominale"; "le Joker vaut 25 points" (two decks); "fait
rami ... Les points sont alors doublés (... on se contente d'ajouter 10 points)"; the positive
count: "le gagnant marque le total des valeurs des cartes restant dans les mains des autres
joueurs. Les perdants ne marquent aucun point"; the deal: 10 cards at 2 players, 7 at 3–5, 6 at
6–7, 10 with two decks. Every refusal code of a deal is raised here at least once.
"""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.rami.cards import CARD_VALUES, max_hand_value, parse_card
from engine.rami.deal import Deal, score_deal
from engine.rami.presets import make_rules
from engine.rami.rules import dealt

P3 = ("Anne", "Bob", "Chloé")
SEED = make_rules()
TWO_DECKS = make_rules("seed_002_two_decks")
POSITIVE = make_rules("seed_002_positive")
STOCK_OUT = make_rules(stock_out="ends_deal")


def cards_hand(*held: tuple[str, ...], rami: bool = False) -> Deal:
    players = ("Anne", "Bob", "Chloé", "Dan", "Eve", "Fred", "Gil")[: len(held)]
    cards = tuple(tuple(parse_card(c) or c for c in h) for h in held)
    penalties = tuple(sum(CARD_VALUES[c] for c in h) for h in cards)
    return Deal(players, penalties, rami=rami, cards=cards)


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("AH", 11),  # "L'As vaut 11"
        ("KS", 10),  # "les figures 10"
        ("QD", 10),
        ("JC", 10),
        ("10H", 10),  # "les autres cartes leur valeur nominale"
        ("7S", 7),
        ("2D", 2),
        ("JOKER", 25),  # "le Joker vaut 25 points"
    ],
)
def test_card_values_follow_the_seed_page(card: str, value: int) -> None:
    assert CARD_VALUES[card] == value


@pytest.mark.parametrize(
    ("text", "card"),
    [("KH", "KH"), ("kh", "KH"), ("K♥", "KH"), ("10♠", "10S"), ("a♦", "AD"), ("joker", "JOKER")],
)
def test_cards_are_read_in_either_case_with_letters_or_symbols(text: str, card: str) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["1H", "11S", "KX", "H", "", "JOKERS", 10, None])
def test_what_is_no_card_reads_as_none(text: object) -> None:
    assert parse_card(text) is None


@pytest.mark.parametrize(
    ("decks", "players", "cards"),
    [(1, 2, 10), (1, 3, 7), (1, 4, 7), (1, 5, 7), (1, 6, 6), (1, 7, 6)]
    + [(2, n, 10) for n in range(2, 8)],
)
def test_cards_dealt_by_table_size_and_decks(decks: int, players: int, cards: int) -> None:
    assert dealt(decks, players) == cards
    assert make_rules(decks=decks).derived.dealt[players] == cards


def test_the_largest_hands() -> None:
    assert max_hand_value(1, 7) == 4 * 11 + 3 * 10
    assert max_hand_value(1, 10) == 4 * 11 + 6 * 10
    assert max_hand_value(1, 6) == 4 * 11 + 2 * 10
    assert max_hand_value(2, 10) == 4 * 25 + 6 * 11  # four jokers, then six of the eight aces


# Each row: rules, penalties (Anne, Bob, Chloé), rami, stock out, expected scores.
DEALS = [
    # The penalty count: each scores his cards left in hand, the player out 0.
    (SEED, (0, 23, 14), False, False, (0, 23, 14)),
    (SEED, (17, 0, 2), False, False, (17, 0, 2)),
    # Faire rami: the others' points doubled (seed), or + 10 (the page's other rules).
    (SEED, (0, 23, 14), True, False, (0, 46, 28)),
    (make_rules(rami_bonus="add_10"), (0, 23, 14), True, False, (0, 33, 24)),
    # The positive count: the winner scores the others' hands, the losers nothing.
    (POSITIVE, (0, 23, 14), False, False, (37, 0, 0)),
    (POSITIVE, (0, 23, 14), True, False, (74, 0, 0)),
    (make_rules(count="positive", rami_bonus="add_10"), (0, 23, 14), True, False, (57, 0, 0)),
    # The stock runs out (variant): nobody out, each scores his hand; no points when positive.
    (STOCK_OUT, (5, 23, 14), False, True, (5, 23, 14)),
    (make_rules("seed_002_positive", stock_out="ends_deal"), (5, 23, 14), False, True, (0, 0, 0)),
    # The largest hands: 7 cards, 74 at most (four aces, three figures).
    (SEED, (0, 74, 74), False, False, (0, 74, 74)),
    (SEED, (0, 74, 74), True, False, (0, 148, 148)),
]


@pytest.mark.parametrize(("rules", "penalties", "rami", "stock_out", "scores"), DEALS)
def test_deals(
    rules: object, penalties: tuple[int, ...], rami: bool, stock_out: bool, scores: tuple[int, ...]
) -> None:
    score = score_deal(rules, Deal(P3, penalties, rami, stock_out))  # type: ignore[arg-type]
    assert score.scores == scores
    assert score.rami is rami and score.stock_out is stock_out
    winner = None if stock_out else penalties.index(0)
    assert score.winner == winner
    assert score.winner_name == (None if winner is None else P3[winner])
    for lines, total in zip(score.breakdown(), scores, strict=True):
        assert sum(line.points for line in lines) == total


def test_a_breakdown_a_player_can_check() -> None:
    lines = score_deal(SEED, Deal(P3, (0, 23, 14), rami=True)).breakdown()
    assert [(ln.code, ln.points) for ln in lines[0]] == [("out", 0)]
    assert [(ln.code, ln.points) for ln in lines[1]] == [("hand", 23), ("rami", 23)]
    lines = score_deal(POSITIVE, Deal(P3, (0, 23, 14), rami=True)).breakdown()
    assert [(ln.code, ln.points) for ln in lines[0]] == [("others", 37), ("rami", 37)]
    assert lines[1] == lines[2] == ()


@pytest.mark.parametrize(
    ("rules", "held", "scores"),
    [
        # Bob holds an ace, a king and a seven (28), Chloé two fives (10).
        (SEED, ((), ("AH", "KS", "7D"), ("5C", "5S")), (0, 28, 10)),
        # Two players: 10 cards each; Bob still holds all ten.
        (
            SEED,
            ((), ("AH", "AS", "AD", "AC", "KH", "KS", "KD", "KC", "QH", "QS")),
            (0, 104),
        ),
        # Two decks: the joker 25, two copies of a card allowed.
        (TWO_DECKS, ((), ("JOKER", "JOKER", "KH", "KH"), ("2C",)), (0, 70, 2)),
    ],
)
def test_deals_from_cards(rules: object, held: tuple[tuple[str, ...], ...], scores: tuple) -> None:
    assert score_deal(rules, cards_hand(*held)).scores == scores  # type: ignore[arg-type]


def test_some_players_written_with_cards_and_others_with_totals() -> None:
    deal = Deal(P3, (0, 28, 10), cards=(None, ("AH", "KS", "7D"), None))
    assert score_deal(SEED, deal).scores == (0, 28, 10)


def _refused(rules: object, deal: Deal) -> EngineError:
    with pytest.raises(EngineError) as refused:
        score_deal(rules, deal)  # type: ignore[arg-type]
    return refused.value


@pytest.mark.parametrize(
    ("rules", "deal", "code", "params"),
    [
        (SEED, Deal(("Anne",), (0,)), "rami.invalid_players", {"count": 1, "min": 2, "max": 7}),
        (SEED, Deal(tuple("abcdefgh"), (0, *[5] * 7)), "rami.invalid_players", {"count": 8}),
        (SEED, Deal(("Anne", "Anne"), (0, 5)), "rami.invalid_players", {"player": "Anne"}),
        (SEED, Deal(("Anne", ""), (0, 5)), "rami.invalid_players", {"player": ""}),
        (SEED, Deal(P3, (0, 5)), "rami.invalid_hand_value", {"count": 2}),
        # A player still holding cards holds at least a two; 7 cards are worth 74 at most.
        (SEED, Deal(P3, (0, 1, 5)), "rami.penalty_out_of_range", {"player": "Bob", "min": 2}),
        (SEED, Deal(P3, (0, 75, 5)), "rami.penalty_out_of_range", {"penalty": 75, "max": 74}),
        (SEED, Deal(P3, (0, -3, 5)), "rami.penalty_out_of_range", {"penalty": -3}),
        (SEED, Deal(P3, (0, True, 5)), "rami.penalty_out_of_range", {"player": "Bob"}),  # type: ignore[arg-type]
        (SEED, Deal(P3, (0, 0, 5)), "rami.two_winners", {"players": ["Anne", "Bob"]}),
        (SEED, Deal(P3, (3, 4, 5)), "rami.no_winner", {}),
        (SEED, Deal(P3, (3, 4, 5), stock_out=True), "rami.stock_out_disabled", {}),
        (
            STOCK_OUT,
            Deal(P3, (0, 4, 5), stock_out=True),
            "rami.stock_out_with_winner",
            {"player": "Anne"},
        ),
        (STOCK_OUT, Deal(P3, (3, 4, 5), True, True), "rami.rami_without_winner", {}),
    ],
)
def test_impossible_deals_are_refused_with_a_code(
    rules: object, deal: Deal, code: str, params: dict[str, object]
) -> None:
    error = _refused(rules, deal)
    assert error.code == code
    assert params.items() <= error.params.items()


@pytest.mark.parametrize(
    ("rules", "held", "code", "params"),
    [
        # 7 cards dealt at three players: nobody ends with 8.
        (
            SEED,
            ((), ("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"), ("2C",)),
            "rami.too_many_cards",
            {"player": "Bob", "count": 8, "dealt": 7},
        ),
        (SEED, ((), ("JOKER",), ("2C",)), "rami.joker_without_two_decks", {"player": "Bob"}),
        (SEED, ((), ("KH",), ("KH",)), "rami.card_count_exceeded", {"card": "KH", "allowed": 1}),
        (
            TWO_DECKS,
            ((), ("KH", "KH"), ("KH",)),
            "rami.card_count_exceeded",
            {"card": "KH", "count": 3, "allowed": 2},
        ),
        (
            TWO_DECKS,
            ((), ("JOKER", "JOKER", "JOKER"), ("JOKER", "JOKER")),
            "rami.card_count_exceeded",
            {"card": "JOKER", "count": 5, "allowed": 4},
        ),
        (SEED, (("2H",), ("2C",), ("3C",)), "rami.no_winner", {}),
    ],
)
def test_impossible_cards_are_refused_with_a_code(
    rules: object, held: tuple[tuple[str, ...], ...], code: str, params: dict[str, object]
) -> None:
    error = _refused(rules, cards_hand(*held))
    assert error.code == code
    assert params.items() <= error.params.items()


def test_cards_and_a_written_penalty_must_agree() -> None:
    deal = Deal(P3, (0, 12, 5), cards=(None, ("AH",), None))
    error = _refused(SEED, deal)
    assert error.code == "rami.penalty_mismatch"
    assert error.params == {"player": "Bob", "written": 12, "cards_value": 11}
    deal = Deal(P3, (0, 12, 5), cards=(("AH",), None, None))  # the one out holds nothing
    assert _refused(SEED, deal).code == "rami.penalty_mismatch"
