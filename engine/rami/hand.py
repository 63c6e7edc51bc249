"""One rami hand scored: each player's score from the value of the cards he holds at the end.

This module owns ``Hand`` (a hand as a score sheet records it: each player's penalty, the
value of his cards left in hand, 0 for the player who went out; the cards themselves when
known; whether the winner made rami, whether the hand ended on an empty stock), ``HandScore``
(the scores, with a breakdown a player can check, built on demand) and ``score_hand``, which
validates the hand against the rules and scores it. Reading hands from JSON is
``engine.rami.hand_json``'s.

Scoring (seed page; the decisions where it is silent are in docs/engine.md):

* penalty count: each player scores his penalty, the winner 0; after a rami each other
  player's penalty is doubled, or increased by 10 (``rami_bonus``);
* positive count: the winner scores the sum of the others' penalties (after the rami bonus),
  the others 0;
* a hand that ended on an empty stock (``stock_out = ends_hand``) has no winner and no rami:
  each player scores his penalty under the penalty count, nobody scores under the positive one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.rami.cards import CARD_VALUES, JOKER, copies_in
from engine.rami.errors import EngineError
from engine.rami.rules import MAX_PLAYERS, MIN_PLAYERS, RamiRules

__all__ = ["Hand", "HandScore", "Line", "check_players", "score_hand"]


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand: the players (seat order) and each one's penalty (0: he went out).

    ``cards`` gives each player's cards left in hand (canonical names, ``engine.rami.cards``),
    or None for a player whose cards were not written; None for the whole hand when no cards
    were. When given, they must be worth the player's penalty.
    """

    players: tuple[str, ...]
    penalties: tuple[int, ...]
    rami: bool = False
    stock_out: bool = False
    cards: tuple[tuple[str, ...] | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """One labelled amount of a player's hand score; a player's lines add up to his score."""

    code: str  # "out", "hand", "rami", "others"
    points: int
    label: str


@dataclass(frozen=True, slots=True)
class HandScore:
    """A hand's scores, in the hand's seat order, and how the hand ended."""

    players: tuple[str, ...]
    penalties: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int | None  # the seat of the player who went out; None on an empty stock
    rami: bool
    stock_out: bool
    positive: bool

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.players[self.winner]

    def breakdown(self) -> tuple[tuple[Line, ...], ...]:
        """Each player's lines (in seat order), computed on demand: they add up to his score."""
        return tuple(self._lines(seat) for seat in range(len(self.players)))

    def _lines(self, seat: int) -> tuple[Line, ...]:
        score, penalty = self.scores[seat], self.penalties[seat]
        if seat == self.winner and not self.positive:
            return (Line("out", 0, "went out"),)
        if self.positive:  # the winner's lines carry the others' hands; the others score 0
            if seat != self.winner:
                return ()
            others = sum(self.penalties)
            lines = [Line("others", others, "the others' cards left in hand")]
        else:
            lines = [Line("hand", penalty, "cards left in hand")]
            others = penalty
        if score != others:  # only a rami changes what the hands are worth
            lines.append(Line("rami", score - others, "rami"))
        return tuple(lines)


def check_players(players: tuple[str, ...]) -> None:
    """2 to 7 players with distinct, non-empty names (``rami.invalid_players``)."""
    count = len(players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise EngineError(
            "rami.invalid_players",
            f"rami is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}",
            {"count": count, "min": MIN_PLAYERS, "max": MAX_PLAYERS},
        )
    if len(set(players)) != count or not all(isinstance(p, str) and p for p in players):
        bad = next(
            p for i, p in enumerate(players) if not isinstance(p, str) or not p or p in players[:i]
        )
        raise EngineError(
            "rami.invalid_players",
            "each player needs a name of his own",
            {"count": count, "min": MIN_PLAYERS, "max": MAX_PLAYERS, "player": bad},
        )


def score_hand(rules: RamiRules, hand: Hand) -> HandScore:
    """Score ``hand`` under ``rules``; an impossible hand raises a ``rami.*`` ``EngineError``."""
    players, penalties = hand.players, hand.penalties
    count = len(penalties)
    if count != len(players) or (hand.cards is not None and len(hand.cards) != count):
        raise EngineError(
            "rami.invalid_hand_value", "one penalty (and card list) per player", {"count": count}
        )
    if not MIN_PLAYERS <= count <= MAX_PLAYERS or len(set(players)) != count or "" in players:
        check_players(players)
    derived = rules.derived
    if hand.cards is not None:
        _check_cards(rules, hand)
    winner = _winner(players, penalties, derived.max_penalty[count])
    if hand.stock_out:
        if not derived.stock_out_ends_hand:
            raise EngineError(
                "rami.stock_out_disabled", "these rules renew an empty stock", {"stock_out": True}
            )
        if winner is not None:
            raise EngineError(
                "rami.stock_out_with_winner",
                "a hand that ends on an empty stock has nobody out",
                {"player": players[winner]},
            )
    elif winner is None:
        raise EngineError("rami.no_winner", "nobody went out (a penalty of 0)", {})
    if winner is None:
        if hand.rami:
            raise EngineError("rami.rami_without_winner", "a rami needs a player out", {})
        scores = (0,) * count if derived.positive else penalties
        return HandScore(players, penalties, scores, None, False, True, derived.positive)
    charged = penalties
    if hand.rami:  # the winner's own 0 stays 0
        add = derived.rami_add
        charged = tuple(p * 2 if derived.double else p + add if p else 0 for p in penalties)
    if derived.positive:
        won = sum(charged)
        charged = tuple(won if seat == winner else 0 for seat in range(count))
    return HandScore(players, penalties, charged, winner, hand.rami, False, derived.positive)


def _winner(players: tuple[str, ...], penalties: tuple[int, ...], top: int) -> int | None:
    """The seat whose penalty is 0 (None if none); every other penalty within 2..``top``."""
    winner = None
    for seat, penalty in enumerate(penalties):
        if type(penalty) is int and 2 <= penalty <= top:
            continue
        if type(penalty) is not int or penalty != 0:
            raise _out_of_range(players[seat], penalty, top)
        if winner is not None:
            raise EngineError(
                "rami.two_winners",
                "only one player goes out in a hand",
                {"players": [players[winner], players[seat]]},
            )
        winner = seat
    return winner


def _out_of_range(player: str, penalty: object, top: int) -> EngineError:
    # A player still holding cards holds one at least (worth 2 or more), and no more than
    # were dealt: the largest value is the dealt count's best cards (engine.rami.cards).
    return EngineError(
        "rami.penalty_out_of_range",
        f"{player}'s penalty {penalty!r} is not 0 (out) nor a hand's value 2..{top}",
        {"player": player, "penalty": penalty, "min": 2, "max": top},
    )


def _check_cards(rules: RamiRules, hand: Hand) -> None:
    """Each player's cards: dealt count, jokers, copies in the decks, worth his penalty."""
    assert hand.cards is not None
    dealt = rules.derived.dealt[len(hand.players)]
    seen: Counter[str] = Counter()
    for player, penalty, cards in zip(hand.players, hand.penalties, hand.cards, strict=True):
        if cards is None:
            continue
        if len(cards) > dealt:
            raise EngineError(
                "rami.too_many_cards",
                f"{player} holds {len(cards)} cards; {dealt} were dealt",
                {"player": player, "count": len(cards), "dealt": dealt},
            )
        if rules.decks == 1 and JOKER in cards:
            raise EngineError(
                "rami.joker_without_two_decks", "no joker in a one-deck game", {"player": player}
            )
        value = sum(CARD_VALUES[card] for card in cards)
        if value != penalty:
            raise EngineError(
                "rami.penalty_mismatch",
                f"{player}'s cards are worth {value}, not {penalty}",
                {"player": player, "written": penalty, "cards_value": value},
            )
        seen.update(cards)
    for card, copies in seen.items():
        if copies > copies_in(rules.decks, card):
            raise EngineError(
                "rami.card_count_exceeded",
                f"the decks hold {copies_in(rules.decks, card)} {card}, not {copies}",
                {"card": card, "count": copies, "allowed": copies_in(rules.decks, card)},
            )
