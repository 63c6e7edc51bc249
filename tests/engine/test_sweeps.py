"""Exhaustive sweeps: every taker point total 0–162 × belote holder × capot × contre × bid.

Invariants (issue, Tests): no negative score; the breakdown adds up exactly to each score;
a made contract and a failed one never both; the classification follows the rule text; and,
without rounding, both scores add up to the deal's total plus belote and contract bonuses.
"""

from collections.abc import Iterator

import pytest

from engine.deal import Contract, Deal, Outcome, Team, score_deal
from engine.rules import PRESETS, BeloteOnFailure, Ruleset, make_ruleset

from .helpers import A, B, assert_breakdown_adds_up

CLASSIC = [n for n, p in PRESETS.items() if p.rules.variant.value == "classic"]
AUCTION = [n for n, p in PRESETS.items() if p.rules.variant.value != "classic"]


def classic_deals() -> Iterator[Deal]:
    for taker in (A, B):
        for belote in (None, A, B):
            for pts in range(163):
                yield Deal(taker=taker, points_a=pts if taker is A else 162 - pts, belote=belote)
            for capot in (A, B):
                yield Deal(taker=taker, capot=capot, belote=belote)


def auction_deals(rules: Ruleset) -> Iterator[Deal]:
    bids = sorted(rules.derived.allowed_bids)
    for taker in (A, B):
        for belote in (None, A, B):
            for contre, sur in ((False, False), (True, False), (True, True)):
                for bid in [*bids, "capot"]:
                    kw: dict[str, object] = {"contre": contre, "surcontre": sur, "belote": belote}
                    if bid == "capot":
                        kw["contract"] = Contract.CAPOT
                    else:
                        kw["bid"] = bid
                    for pts in range(0, 163):
                        pa = pts if taker is A else 162 - pts
                        yield Deal(taker=taker, points_a=pa, **kw)  # type: ignore[arg-type]
                    for capot in (A, B):
                        yield Deal(taker=taker, capot=capot, **kw)  # type: ignore[arg-type]


def common_invariants(deal: Deal, rules: Ruleset) -> None:
    res = score_deal(rules, deal)
    assert res.score_a >= 0 and res.score_b >= 0
    assert_breakdown_adds_up(res)
    made = res.outcome in (Outcome.MADE, Outcome.CAPOT)
    failed = res.outcome in (Outcome.FAILED, Outcome.FAILED_CAPOT)
    assert not (made and failed)
    assert res.contract_made is (True if made else False if failed else None)


@pytest.mark.parametrize("preset", CLASSIC)
def test_classic_sweep(preset: str) -> None:
    rules = PRESETS[preset].rules
    exact = make_ruleset(rules, rounding="none")
    for deal in classic_deals():
        common_invariants(deal, rules)
        res = score_deal(exact, deal)
        taker = deal.taker
        assert taker is not None
        t_pts = 162 if deal.capot is taker else 0 if deal.capot else res_points(deal, taker)
        bt = 20 if deal.belote is taker else 0
        bd = 20 if deal.belote not in (None, taker) else 0
        # classification: FFB text "strictement supérieur … en incluant la belote"
        if rules.contract_rule.value == "more_than_defense" and deal.capot is None:
            counted = rules.belote_counts_for_contract
            vt, vd = t_pts + (bt if counted else 0), 162 - t_pts + (bd if counted else 0)
            if vt > vd:
                assert res.contract_made is True
            elif vt < vd:
                assert res.contract_made is False
            else:
                assert res.outcome is Outcome.LITIGE or res.contract_made is (
                    rules.tie_rule.value == "taker_succeeds"
                )
        elif rules.contract_rule.value == "at_least_82" and deal.capot is None:
            assert res.contract_made is (t_pts >= 82)
        if deal.capot is taker:
            assert res.outcome is Outcome.CAPOT
        if deal.capot is not None and deal.capot is not taker:
            assert res.outcome is Outcome.FAILED_CAPOT
        # conservation without rounding: deal total (capot value on a capot) + belote, less
        # what was put in reserve
        total = rules.capot_value if deal.capot else 162
        belote = 20 if deal.belote else 0
        if (
            res.outcome is Outcome.FAILED
            and rules.belote_on_failure is not BeloteOnFailure.KEPT_BY_HOLDER
        ):
            belote = bd if rules.belote_on_failure is not BeloteOnFailure.TO_DEFENSE else belote
        assert res.score_a + res.score_b + (res.carry_out - res.carry_in) == total + belote


def res_points(deal: Deal, team: Team) -> int:
    pa = deal.points_a if deal.points_a is not None else 162 - (deal.points_b or 0)
    return pa if team is Team.A else 162 - pa


@pytest.mark.parametrize("preset", AUCTION)
def test_auction_sweep(preset: str) -> None:
    rules = PRESETS[preset].rules
    exact = make_ruleset(rules, rounding="none")
    mode = rules.contree_scoring_mode.value
    for deal in auction_deals(rules):
        common_invariants(deal, rules)
        res = score_deal(exact, deal)
        taker = deal.taker
        assert taker is not None
        bt = 20 if deal.belote is taker else 0
        t_pts = 162 if deal.capot is taker else 0 if deal.capot else res_points(deal, taker)
        # classification: the bid (belote counting), or all tricks for a capot bid
        if deal.contract is Contract.CAPOT:
            assert res.contract_made is (deal.capot is taker)
        elif deal.capot is taker:
            assert res.contract_made is True
        else:
            assert deal.bid is not None
            reaches = t_pts + bt >= deal.bid
            if rules.contract_success.value == "bid_only":
                assert res.contract_made is reaches
            else:
                bd = 20 if deal.belote not in (None, taker) else 0
                assert res.contract_made is (reaches and t_pts + bt > 162 - t_pts + bd)
        # conservation, points faits + demandés, undoubled, number bid, without rounding:
        # made → 162 (or the capot pile) + C + belote; failed → failure base + C + belote
        if mode == "points_faits_plus_demandes" and not deal.contre and deal.bid is not None:
            belote = 20 if deal.belote else 0
            if rules.belote_on_failure is BeloteOnFailure.NEVER_SCORED:
                belote = 0
            if res.contract_made:
                pile = rules.capot_value_contree if deal.capot else 162
            elif deal.capot is not None:
                pile = rules.capot_value_contree
            else:
                pile = rules.derived.failure_base
            assert res.score_a + res.score_b == pile + deal.bid + belote
        # the loser of a doubled deal scores nothing but (perhaps) its belote
        if deal.contre and rules.doubled_loser_score.value == "zero":
            loser = taker if res.contract_made is False else taker.other
            assert res.score(loser) in (0, 20)
