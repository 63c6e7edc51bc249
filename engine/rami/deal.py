"""One rami deal scored: each player's score from the value of the cards he holds at the end.

This module owns ``Deal`` (a deal as a score sheet records it: each player's penalty, the
value of his cards left in hand, 0 for the player who went out; the cards themselves when
known; whether the winner made rami, whether the deal ended on an empty stock), ``DealScore``
(the scores, with a breakdown a player can check, built on demand) and ``score_deal``, which
validates the deal against the rules and scores it. Reading deals from JSON is
``engine.rami.deal_json``'s.

Scoring (seed page; the decisions where it is silent are in docs/engine.md):

* penalty count: each player scores his penalty, the winner 0; after a rami each other
  player's penalty is doubled, or increased by 10 (``rami_bonus``);
* positive count: the winner scores the sum of the others' penalties (after the rami bonus),
  the others 0;
* a deal that ended on an empty stock (``stock_out = ends_deal``) has no winner and no rami:
  each player scores his penalty under the penalty count, nobody scores under the positive one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from engine.rami.cards import JOKER, VALUE_OF, copies_in
from engine.rami.errors import EngineError
from engine.rami.rules import MAX_PLAYERS, MIN_PLAYERS, RamiRules

__all__ = ["Deal", "DealScore", "Line", "check_players", "score_deal"]


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: the players (seat order) and each one's penalty (0: he went out).

    ``cards`` gives each player's cards left in hand (canonical names, ``engine.rami.cards``),
    or None for a player whose cards were not written; None for the whole deal when no cards
    were. When given, they must be worth the player's penalty.
    """

    players: tuple[str, ...]
    penalties: tuple[int, ...]
    rami: bool = False
    stock_out: bool = False
    cards: tuple[tuple[str, ...] | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """One labelled amount of a player's score in a deal; his lines add up to his score."""

    code: str  # "out", "hand", "rami", "others"
    points: int
    label: str


class DealScore(NamedTuple):
    """A deal's scores, in the deal's seat order, and how the deal ended.

    A named tuple rather than a frozen dataclass: it is built once per deal scored, and a
    frozen dataclass's ``__init__`` costs one ``object.__setattr__`` per field (issue 29's
    speed goal, benchmarks/rami_bench.py).
    """

    deal: Deal
    scores: tuple[int, ...]
    winner: int | None  # the seat of the player who went out; None on an empty stock
    positive: bool  # the positive count: only the winner scores

    @property
    def players(self) -> tuple[str, ...]:
        return self.deal.players

    @property
    def penalties(self) -> tuple[int, ...]:
        return self.deal.penalties

    @property
    def rami(self) -> bool:
        return self.deal.rami

    @property
    def stock_out(self) -> bool:
        return self.deal.stock_out

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.deal.players[self.winner]

    def breakdown(self) -> tuple[tuple[Line, ...], ...]:
        """Each player's lines (in seat order), computed on demand: they add up to his score."""
        return tuple(self._lines(seat) for seat in range(len(self.deal.players)))

    def _lines(self, seat: int) -> tuple[Line, ...]:
        score, penalty = self.scores[seat], self.deal.penalties[seat]
        if seat == self.winner and not self.positive:
            return (Line("out", 0, "went out"),)
        if self.positive:  # the winner's lines carry the others' hands; the others score 0
            if seat != self.winner:
                return ()
            others = sum(self.deal.penalties)
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


# The tables of players already checked: a table scores deal after deal with the same
# players, and checking their names costs a third of a deal's score. Bounded: cleared when full.
_SEATED: dict[tuple[str, ...], None] = {}
_SEATED_MAX = 4096


def _check_seats(deal: Deal) -> None:
    """The deal's players (``check_players``) and one penalty (and card list) for each."""
    count = len(deal.players)
    if len(deal.penalties) != count or (deal.cards is not None and len(deal.cards) != count):
        raise EngineError(
            "rami.invalid_hand_value",
            "one penalty (and card list) per player",
            {"count": len(deal.penalties)},
        )
    if deal.players not in _SEATED:
        check_players(deal.players)
        if len(_SEATED) >= _SEATED_MAX:
            _SEATED.clear()
        _SEATED[deal.players] = None


def score_deal(rules: RamiRules, deal: Deal) -> DealScore:
    """Score ``deal`` under ``rules``; an impossible deal raises a ``rami.*`` ``EngineError``."""
    _check_seats(deal)
    if deal.cards is not None:
        _check_cards(rules, deal)
    derived = rules.derived
    penalties = deal.penalties
    top = derived.max_penalty[len(penalties)]
    winner = None
    for seat, penalty in enumerate(penalties):
        if type(penalty) is not int or not 2 <= penalty <= top:
            winner = _went_out(deal, seat, winner, top)  # a 0, or an error
    if winner is None or deal.stock_out:
        return _without_winner(rules, deal, winner)
    charged = penalties
    if deal.rami:  # the winner's own 0 stays 0
        add = derived.rami_add
        charged = tuple(p * 2 if derived.double else p + add if p else 0 for p in penalties)
    if derived.positive:
        won = sum(charged)
        charged = tuple(won if seat == winner else 0 for seat in range(len(penalties)))
    return DealScore(deal, charged, winner, derived.positive)


def _went_out(deal: Deal, seat: int, winner: int | None, top: int) -> int:
    """``seat``, whose penalty is outside 2..``top``: out if it is 0 and nobody else is."""
    penalty = deal.penalties[seat]
    if type(penalty) is not int or penalty != 0:
        raise _out_of_range(deal.players[seat], penalty, top)
    if winner is not None:
        raise EngineError(
            "rami.two_winners",
            "only one player goes out in a deal",
            {"players": [deal.players[winner], deal.players[seat]]},
        )
    return seat


def _without_winner(rules: RamiRules, deal: Deal, winner: int | None) -> DealScore:
    """A deal marked as ended on an empty stock, or with nobody out: scored or refused."""
    derived = rules.derived
    if not deal.stock_out:
        raise EngineError("rami.no_winner", "nobody went out (a penalty of 0)", {})
    if not derived.stock_out_ends_deal:
        raise EngineError(
            "rami.stock_out_disabled", "these rules renew an empty stock", {"stock_out": True}
        )
    if winner is not None:
        raise EngineError(
            "rami.stock_out_with_winner",
            "a deal that ends on an empty stock has nobody out",
            {"player": deal.players[winner]},
        )
    if deal.rami:
        raise EngineError("rami.rami_without_winner", "a rami needs a player out", {})
    scores = (0,) * len(deal.penalties) if derived.positive else deal.penalties
    return DealScore(deal, scores, None, derived.positive)


def _out_of_range(player: str, penalty: object, top: int) -> EngineError:
    # A player still holding cards holds one at least (worth 2 or more), and no more than
    # were dealt: the largest value is the dealt count's best cards (engine.rami.cards).
    return EngineError(
        "rami.penalty_out_of_range",
        f"{player}'s penalty {penalty!r} is not 0 (out) nor a hand's value 2..{top}",
        {"player": player, "penalty": penalty, "min": 2, "max": top},
    )


def _check_cards(rules: RamiRules, deal: Deal) -> None:
    """Each player's cards: dealt count, jokers, copies in the decks, worth his penalty."""
    assert deal.cards is not None
    dealt = rules.derived.dealt[len(deal.players)]
    one_deck = rules.decks == 1
    held: list[str] = []
    for player, penalty, cards in zip(deal.players, deal.penalties, deal.cards, strict=True):
        if cards is None:
            continue
        if len(cards) > dealt:
            raise EngineError(
                "rami.too_many_cards",
                f"{player} holds {len(cards)} cards; {dealt} were dealt",
                {"player": player, "count": len(cards), "dealt": dealt},
            )
        if one_deck and JOKER in cards:
            raise EngineError(
                "rami.joker_without_two_decks", "no joker in a one-deck game", {"player": player}
            )
        value = sum(map(VALUE_OF, cards))
        if value != penalty:
            raise EngineError(
                "rami.penalty_mismatch",
                f"{player}'s cards are worth {value}, not {penalty}",
                {"player": player, "written": penalty, "cards_value": value},
            )
        held += cards
    if len(set(held)) != len(held):  # some card twice: more than the decks hold?
        _check_copies(rules.decks, held)


def _check_copies(decks: int, held: list[str]) -> None:
    for card, copies in Counter(held).items():
        allowed = copies_in(decks, card)
        if copies > allowed:
            raise EngineError(
                "rami.card_count_exceeded",
                f"the decks hold {allowed} {card}, not {copies}",
                {"card": card, "count": copies, "allowed": allowed},
            )
