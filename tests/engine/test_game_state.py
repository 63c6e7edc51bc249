"""GameState as a value: immutable, compared and hashed by value, entries shared, not copied.

``apply`` links one entry to the previous state's entries instead of copying a tuple (folding
a game is O(n)); ``entries`` is still a tuple, built on first read.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from engine.belote.deal import Deal, DealKind
from engine.belote.game import GameEntry, GameState, fold_game

from .helpers import A, B, rules


def random_deals(n: int, seed: int = 7) -> list[Deal]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if rng.random() < 0.05:
            out.append(Deal(kind=DealKind.VOID))
            continue
        taker = rng.choice((A, B))
        capot = rng.choice((A, B)) if rng.random() < 0.03 else None
        pts = None if capot else rng.randint(0, 162)
        out.append(Deal(taker=taker, points_a=pts, capot=capot, belote=rng.choice((None, A, B))))
    return out


def test_entries_are_a_tuple_in_order_with_running_totals() -> None:
    r = rules("ffb_classic_2016", target=100_000)
    state = fold_game(r, random_deals(300))
    assert not state.game_over
    entries = state.entries
    assert type(entries) is tuple and len(entries) == 300
    assert [e.index for e in entries] == list(range(300))
    ta = tb = 0
    for e in entries:
        ta += e.score.score_a
        tb += e.score.score_b
        assert (e.total_a, e.total_b) == (ta, tb)
    assert (state.total_a, state.total_b) == (ta, tb)
    assert state.entries is entries  # built once


def test_apply_does_not_build_the_entries_tuple() -> None:
    r = rules("ffb_classic_2016", target=100_000)
    state = GameState(r)
    for d in random_deals(200):
        state = state.apply(d)
        assert state._entries is None  # nothing copied while folding
    assert len(state.entries) == 200


def test_states_branch_without_sharing_mistakes() -> None:
    r = rules("ffb_classic_2016")
    base = fold_game(r, [Deal(taker=A, points_a=100), Deal(taker=B, points_a=100)])
    left = base.apply(Deal(taker=A, points_a=120))
    right = base.apply(Deal(taker=B, points_a=30))
    assert len(base.entries) == 2 and len(left.entries) == 3 and len(right.entries) == 3
    assert left.entries[:2] == base.entries == right.entries[:2]
    assert left.entries[2] != right.entries[2]
    assert left.entries[2].score.score_a == 120 and right.entries[2].score.score_b == 132


def test_constructor_keywords_and_given_entries() -> None:
    r = rules("ffb_classic_2016")
    folded = fold_game(r, [Deal(taker=A, points_a=100), Deal(taker=A, points_a=81)])
    rebuilt = GameState(
        r,
        entries=list(folded.entries),
        total_a=folded.total_a,
        total_b=folded.total_b,
        reserve=folded.reserve,
        deals_counted=folded.deals_counted,
    )
    assert rebuilt == folded and hash(rebuilt) == hash(folded)
    assert rebuilt.entries == folded.entries
    # the rebuilt state goes on like the folded one
    nxt = Deal(taker=A, points_a=100)
    assert rebuilt.apply(nxt) == folded.apply(nxt)
    assert GameState(r, total_a=910).total_a == 910


def test_value_semantics() -> None:
    r = rules("ffb_classic_2016", target=100_000)
    deals = random_deals(30, seed=3)
    one, two = fold_game(r, deals), fold_game(r, deals)
    assert one == two and hash(one) == hash(two)
    assert one != fold_game(r, deals[:-1])
    assert one != "a state"
    assert pickle.loads(pickle.dumps(one)) == one
    assert repr(one).startswith("GameState(rules=Ruleset(") and "entries=(GameEntry(" in repr(one)
    assert {one: 1}[two] == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.total_a = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del one.winner  # type: ignore[misc]
    e = one.entries[0]
    assert type(e) is GameEntry
    assert e == GameEntry(e.index, e.score, e.total_a, e.total_b, e.reserve, e.counted)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.index = 3  # type: ignore[misc]


def test_an_ended_state_keeps_its_entries() -> None:
    r = rules("club_contest")  # 12 counted deals
    state = fold_game(r, random_deals(10, seed=11))
    while not state.game_over:
        state = state.apply(Deal(taker=A, points_a=100))
    assert state.deals_counted == 12 and state.ended_at == len(state.entries) - 1
    assert sum(e.counted for e in state.entries) == 12
