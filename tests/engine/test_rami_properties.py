"""Sweeps over random valid rami deals and games (hypothesis), under every combination of options.

Invariants: under the penalty count no score or total is ever negative and the player who goes
out scores 0; under the positive count only he scores, and what he scores is what the others
would be charged under the penalty count; a rami doubles every other player's hand (or adds 10
to each); a deal ending on an empty stock charges each his hand; every breakdown adds up; a
deal whose cards come from real decks is always accepted; a game ends exactly when its end
condition is met and takes no deal after; a sheet written from scored deals is consistent.
"""

from __future__ import annotations

import random
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import EngineError
from engine.rami.cards import CARD_VALUES, copies_in
from engine.rami.deal import Deal, score_deal
from engine.rami.game import fold_game, new_game
from engine.rami.presets import make_rules
from engine.rami.rules import RamiRules
from engine.rami.sheet import check_sheet

NAMES = ("Anne", "Bob", "Chloé", "Dan", "Eve", "Fred", "Gil")
ALL_RULES = [
    make_rules(decks=d, count=c, rami_bonus=b, stock_out=s)
    for d, c, b, s in product(
        (1, 2), ("penalty", "positive"), ("double", "add_10"), ("new_stock", "ends_deal")
    )
]


def deck(decks: int) -> list[str]:
    return [card for card in CARD_VALUES for _ in range(copies_in(decks, card))]


@st.composite
def deals(
    draw: st.DrawFn, rules: RamiRules | None = None, players: int | None = None
) -> tuple[RamiRules, Deal]:
    """A deal that can happen: cards dealt from the decks, fewer left than dealt, one out."""
    rules = rules or draw(st.sampled_from(ALL_RULES))
    count = players or draw(st.integers(2, 7))
    dealt = rules.derived.dealt[count]
    stock_out = rules.derived.stock_out_ends_deal and draw(st.booleans())
    winner = None if stock_out else draw(st.integers(0, count - 1))
    cards = deck(rules.decks)
    random.Random(draw(st.integers(0, 2**32))).shuffle(cards)
    held: list[tuple[str, ...]] = []
    for seat in range(count):
        size = 0 if seat == winner else draw(st.integers(1, dealt))
        held.append(tuple(cards[:size]))
        del cards[:size]
    penalties = tuple(sum(CARD_VALUES[c] for c in h) for h in held)
    written = tuple(h if draw(st.booleans()) else None for h in held)
    rami = winner is not None and draw(st.booleans())
    with_cards = written if any(w is not None for w in written) else None
    return rules, Deal(NAMES[:count], penalties, rami, stock_out, with_cards)


@settings(max_examples=400, deadline=None)
@given(deals())
def test_every_possible_deal_is_scored_and_its_breakdown_adds_up(
    case: tuple[RamiRules, Deal],
) -> None:
    rules, deal = case
    score = score_deal(rules, deal)
    assert all(s >= 0 for s in score.scores)
    for lines, total in zip(score.breakdown(), score.scores, strict=True):
        assert sum(line.points for line in lines) == total
    assert max(deal.penalties) <= rules.derived.max_penalty[len(deal.players)]


@settings(max_examples=300, deadline=None)
@given(deals())
def test_who_scores_what(case: tuple[RamiRules, Deal]) -> None:
    rules, deal = case
    score = score_deal(rules, deal)
    penalty_rules = rules.replace(count="penalty")
    charged = score_deal(penalty_rules, deal).scores
    if score.winner is None:  # an empty stock: each charged his hand, no rami
        assert charged == deal.penalties
        assert score.scores == (
            deal.penalties if not rules.derived.positive else (0,) * len(charged)
        )
        return
    assert charged[score.winner] == 0  # the player out scores 0 under the penalty count
    if rules.derived.positive:  # only he scores, what the others are charged
        assert score.scores[score.winner] == sum(charged)
        assert sum(score.scores) == score.scores[score.winner]
    else:
        assert score.scores == charged


@settings(max_examples=300, deadline=None)
@given(deals())
def test_a_rami_doubles_or_adds_ten_to_every_other_hand(case: tuple[RamiRules, Deal]) -> None:
    rules, deal = case
    if deal.stock_out:
        return
    penalty = rules.replace(count="penalty")
    plain = score_deal(penalty, Deal(deal.players, deal.penalties)).scores
    rami = score_deal(penalty, Deal(deal.players, deal.penalties, rami=True)).scores
    for before, after in zip(plain, rami, strict=True):
        if before == 0:
            assert after == 0
        elif rules.derived.double:
            assert after == 2 * before
        else:
            assert after == before + 10


@settings(max_examples=150, deadline=None)
@given(st.data(), st.sampled_from(ALL_RULES), st.integers(2, 7), st.integers(1, 12))
def test_a_game_of_n_deals_ends_after_the_nth(
    data: st.DataObject, base: RamiRules, count: int, n: int
) -> None:
    rules = base.replace(game_end="deals", deals_per_game=n)
    state = new_game(rules, NAMES[:count])
    for i in range(n):
        assert not state.game_over and state.deals_left == n - i
        _, deal = data.draw(deals(rules, count))
        state = state.apply(deal)
        if not rules.derived.positive:
            assert all(t >= 0 for t in state.totals)
        assert state.totals == tuple(
            map(sum, zip(*(e.score.scores for e in state.entries), strict=True))
        )
    assert state.game_over and state.ended_at == n - 1 and state.winners
    best = (max if rules.derived.positive else min)(state.totals)
    assert state.winners == tuple(
        p for p, t in zip(state.players, state.totals, strict=True) if t == best
    )
    _, deal = data.draw(deals(rules, count))
    try:
        state.apply(deal)
        raise AssertionError("a deal after the end was taken")
    except EngineError as exc:
        assert exc.code == "rami.game_over"


@settings(max_examples=150, deadline=None)
@given(st.data(), st.sampled_from(ALL_RULES), st.integers(2, 7), st.integers(20, 300))
def test_a_game_to_a_limit_ends_at_the_first_total_that_reaches_it(
    data: st.DataObject, base: RamiRules, count: int, limit: int
) -> None:
    rules = base.replace(game_end="limit", limit=limit)
    state = new_game(rules, NAMES[:count])
    for _ in range(200):
        _, deal = data.draw(deals(rules, count))
        state = state.apply(deal)
        reached = [p for p, t in zip(state.players, state.totals, strict=True) if t >= limit]
        assert state.game_over == bool(reached)
        assert list(state.reached_limit) == reached
        if state.game_over:
            break
    else:  # an empty-stock deal scores nothing under the positive count: the game may go on
        assert rules.derived.positive and rules.derived.stock_out_ends_deal
        return
    if not rules.derived.positive:
        assert not set(state.winners) & set(reached) or len(reached) == count


@settings(max_examples=100, deadline=None)
@given(st.data(), st.sampled_from(ALL_RULES), st.integers(2, 7), st.integers(1, 8))
def test_a_sheet_written_from_scored_deals_is_consistent(
    data: st.DataObject, base: RamiRules, count: int, n: int
) -> None:
    rules = base.replace(deals_per_game=n)
    drawn = [data.draw(deals(rules, count))[1] for _ in range(n)]
    state = fold_game(rules, NAMES[:count], drawn)
    rows = [dict(zip(state.players, e.score.scores, strict=True)) for e in state.entries]
    out = check_sheet(
        rules, {"deals": rows, "totals": dict(zip(state.players, state.totals, strict=True))}
    )
    assert out["consistent"], out
