"""The classic fast path of ``score_deal`` gives exactly what the general path gives.

``score_deal`` scores a plain classic deal (no announcements, sans-atout/tout-atout, bid,
dix de der...) under rules without rounding through ``_fast_classic``; anything else, and every
invalid deal, goes to the general ``_score``. Here both are run on the same inputs, over the
classic presets and over rulesets drawn from every classic option that changes a plain deal's
score, and their ``DealScore`` values (every field) must be equal.
"""

from __future__ import annotations

import dataclasses
import itertools
import pickle
import random
from collections.abc import Iterator

import pytest

from engine.belote.cards import Trump
from engine.belote.deal import Contract, Deal, DealKind, DealScore, Outcome, score_deal
from engine.belote.rules import PRESETS, Ruleset, make_ruleset
from engine.belote.steps.common import make as _make
from engine.belote.steps.fast import fast_classic as _fast_classic
from engine.belote.steps.general import score_general as _score
from engine.errors import EngineError

from .helpers import A, B

CLASSIC = [n for n, p in PRESETS.items() if p.rules.derived.classic is not None]

# Every classic option that changes the score of a plain deal, with all its values.
CLASSIC_OPTIONS: dict[str, list[object]] = {
    "capot_value": [252, 250, 262, 242, 162],
    "contract_rule": ["more_than_defense", "at_least_82", "at_least_defense"],
    "belote_counts_for_contract": [True, False],
    "tie_rule": ["litige_carry", "taker_fails", "taker_succeeds"],
    "litige_reserve_to": ["next_successful_taker", "next_deal_winner"],
    "litige_last_deal": ["same_as_other_deals", "each_scores_own"],
    "failed_points": ["162", "160", "162_plus_contract", "160_plus_contract", "contract_only"],
    "failed_defense_extras": ["own_belote_and_all_announcements", "none"],
    "belote_on_failure": ["kept_by_holder", "to_defense", "lost", "never_scored"],
    "defense_capot": ["capot_value", "ordinary_failure"],
}


def drawn_rulesets(n: int = 40) -> list[Ruleset]:
    rng = random.Random(20240501)
    out = []
    # each value of each option at least once, the other options drawn
    for name, values in CLASSIC_OPTIONS.items():
        for value in values:
            opts = {k: rng.choice(v) for k, v in CLASSIC_OPTIONS.items()}
            opts[name] = value
            out.append(make_ruleset("ffb_classic_2016", **opts))
    for _ in range(n):
        out.append(
            make_ruleset(
                "ffb_classic_2016", **{k: rng.choice(v) for k, v in CLASSIC_OPTIONS.items()}
            )
        )
    return out


def plain_deals() -> Iterator[Deal]:
    """Every plain classic deal: taker × belote × (0–162 taker points, or a capot)."""
    for taker, belote in itertools.product((A, B), (None, A, B)):
        for pts in range(163):
            pa = pts if taker is A else 162 - pts
            yield Deal(taker=taker, points_a=pa, belote=belote)
        for capot in (A, B):
            yield Deal(taker=taker, capot=capot, belote=belote)


def assert_same(rules: Ruleset, deal: Deal, carry_in: int, last_deal: bool) -> None:
    classic = rules.derived.classic
    assert classic is not None
    fast = _fast_classic(classic, rules, deal, carry_in, last_deal)
    general = _score(rules, deal, carry_in, last_deal, None)
    assert fast is not None, deal
    assert type(fast) is DealScore
    assert fast == general, (deal, carry_in, last_deal)
    assert score_deal(rules, deal, carry_in, last_deal=last_deal) == general


@pytest.mark.parametrize("preset", CLASSIC)
def test_presets_fast_equals_general(preset: str) -> None:
    rules = PRESETS[preset].rules
    for deal in plain_deals():
        for carry_in, last_deal in itertools.product((0, 81, 162), (False, True)):
            assert_same(rules, deal, carry_in, last_deal)


def test_drawn_rulesets_fast_equals_general() -> None:
    rulesets = drawn_rulesets()
    assert len(set(rulesets)) > 40
    for rules in rulesets:
        for deal in plain_deals():
            for carry_in, last_deal in ((0, False), (91, False), (81, True)):
                assert_same(rules, deal, carry_in, last_deal)


def test_other_ways_of_writing_the_points_take_the_fast_path() -> None:
    rules = PRESETS["ffb_classic_2016"].rules
    for pts in range(163):
        for trump in (None, Trump.HEARTS, Trump.SPADES):
            for kw in ({"points_b": 162 - pts}, {"points_a": pts, "points_b": 162 - pts}):
                deal = Deal(taker=A, trump=trump, belote=B, **kw)  # type: ignore[arg-type]
                assert_same(rules, deal, 0, False)
    assert_same(rules, Deal(taker=B, capot=A, points_a=162), 0, False)
    assert_same(rules, Deal(taker=B, capot=A, points_b=0), 0, False)


UNUSUAL = [
    Deal(taker=A, points_a=100, trump=Trump.SANS_ATOUT),
    Deal(taker=A, points_a=100, trump=Trump.TOUT_ATOUT),
    Deal(taker=A, points_a=100, dix_de_der=A),
    Deal(taker=A, points_a=100, ta_belotes=(0, 0)),
    Deal(kind=DealKind.VOID),
    Deal(kind=DealKind.PENALTY, penalised=A),
]
INVALID = [
    Deal(points_a=100),  # no taker
    Deal(taker=A),  # no points
    Deal(taker=A, points_a=163),
    Deal(taker=A, points_a=-1),
    Deal(taker=A, points_b=200),
    Deal(taker=A, points_a=100, points_b=100),
    Deal(taker=A, points_a=100, capot=A),
    Deal(taker=A, points_a="100"),  # type: ignore[arg-type]
    Deal(taker=A, points_a=True),  # a bool is not a number of points
    Deal(taker=A, points_a=100, bid=80),
    Deal(taker=A, points_a=100, contre=True),
    Deal(taker=A, points_a=100, surcontre=True),
    Deal(taker=A, points_a=100, contract=Contract.CAPOT),
    Deal(taker=A, points_a=100, penalised=B),
    Deal(kind=DealKind.PENALTY),
]


@pytest.mark.parametrize("deal", UNUSUAL + INVALID)
def test_unusual_and_invalid_deals_leave_the_fast_path(deal: Deal) -> None:
    rules = PRESETS["ffb_classic_2016"].rules
    classic = rules.derived.classic
    assert classic is not None
    assert _fast_classic(classic, rules, deal, 0, False) is None


@pytest.mark.parametrize("deal", INVALID)
def test_invalid_deals_raise_the_general_paths_error(deal: Deal) -> None:
    rules = PRESETS["ffb_classic_2016"].rules
    with pytest.raises(EngineError) as fast_info:
        score_deal(rules, deal)
    with pytest.raises(EngineError) as general_info:
        _score(rules, deal, 0, False, None)
    assert fast_info.value.to_json() == general_info.value.to_json()


@pytest.mark.parametrize("carry_in", [-1, True, 1.5])
def test_a_bad_carry_in_is_refused_as_before(carry_in: object) -> None:
    rules = PRESETS["ffb_classic_2016"].rules
    with pytest.raises(EngineError) as info:
        score_deal(rules, Deal(taker=A, points_a=100), carry_in)  # type: ignore[arg-type]
    assert info.value.code == "deal.invalid_carry_in"


def test_rules_outside_the_fast_path_have_no_fast_options() -> None:
    assert PRESETS["ffb_contree_2016"].rules.derived.classic is None
    assert make_ruleset("ffb_classic_2016", rounding="nearest_10_5_up").derived.classic is None
    assert (
        make_ruleset("ffb_classic_2016", capot_test="opponents_no_points").derived.classic is None
    )


def test_made_results_are_ordinary_frozen_deal_scores() -> None:
    rules = PRESETS["ffb_classic_2016"].rules
    deal = Deal(taker=A, points_a=100)
    made = _make(100, 62, Outcome.MADE, True, 0, 0, (rules, deal, False))
    built = DealScore(100, 62, Outcome.MADE, True, 0, 0, (rules, deal, False))
    assert type(made) is DealScore
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.score_a = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(made)) == built
    assert dataclasses.replace(made, score_a=1).score_a == 1
