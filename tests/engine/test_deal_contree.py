"""Contrée / coinche deals under each auction preset, with rules.md §6 worked examples."""

import pytest

from engine.belote.deal import Contract, Outcome

from .helpers import A, B, rules, score

# (preset, deal, expected A, expected B, outcome)
CASES = [
    # FFB contrée 2016: points + C, failed 160 + C, 5-up rounding, belote prenable
    ("ffb_contree_2016", {"taker": A, "points_a": 82, "bid": 80}, 160, 80, Outcome.MADE),
    ("ffb_contree_2016", {"taker": A, "points_a": 96, "bid": 100}, 0, 260, Outcome.FAILED),
    (
        "ffb_contree_2016",
        {"taker": A, "points_a": 96, "bid": 100, "belote": A},
        220,
        70,
        Outcome.MADE,
    ),
    (
        "ffb_contree_2016",
        {"taker": A, "points_a": 60, "bid": 100, "belote": A},
        0,
        280,
        Outcome.FAILED,
    ),
    # made even if the defense has more (bid only): 82 v 80 with a bid of 80
    ("ffb_contree_2016", {"taker": B, "points_b": 80, "bid": 80}, 80, 160, Outcome.MADE),
    # contré / surcontré: (160 + C) × M to the winner, loser 0
    (
        "ffb_contree_2016",
        {"taker": A, "points_a": 110, "bid": 100, "contre": True},
        520,
        0,
        Outcome.MADE,
    ),
    (
        "ffb_contree_2016",
        {"taker": A, "points_a": 90, "bid": 100, "contre": True, "surcontre": True},
        0,
        1040,
        Outcome.FAILED,
    ),
    # capot bid: a contract of 250 on top of the 252 pile (rounded to 250)
    (
        "ffb_contree_2016",
        {"taker": A, "capot": A, "contract": Contract.CAPOT},
        500,
        0,
        Outcome.CAPOT,
    ),
    (
        "ffb_contree_2016",
        {"taker": A, "points_a": 150, "contract": Contract.CAPOT},
        0,
        410,
        Outcome.FAILED,
    ),
    # capot without a bid: the 252 pile counts + C
    ("ffb_contree_2016", {"taker": A, "capot": A, "bid": 120}, 370, 0, Outcome.CAPOT),
    # defense capot: capot pile + C
    ("ffb_contree_2016", {"taker": A, "capot": B, "bid": 80}, 0, 330, Outcome.FAILED_CAPOT),
    # points faits
    ("ffb_contree_points_faits", {"taker": A, "points_a": 110, "bid": 100}, 110, 50, Outcome.MADE),
    ("ffb_contree_points_faits", {"taker": A, "points_a": 90, "bid": 100}, 0, 160, Outcome.FAILED),
    (
        "ffb_contree_points_faits",
        {"taker": A, "points_a": 110, "bid": 100, "contre": True},
        320,
        0,
        Outcome.MADE,
    ),
    (
        "ffb_contree_points_faits",
        {"taker": A, "points_a": 90, "bid": 100, "contre": True, "surcontre": True},
        0,
        640,
        Outcome.FAILED,
    ),
    ("ffb_contree_points_faits", {"taker": A, "capot": A, "bid": 100}, 250, 0, Outcome.CAPOT),
    (
        "ffb_contree_points_faits",
        {"taker": A, "capot": A, "contract": Contract.CAPOT},
        500,
        0,
        Outcome.CAPOT,
    ),
    (
        "ffb_contree_points_faits",
        {"taker": A, "capot": A, "contract": Contract.CAPOT, "contre": True},
        1000,
        0,
        Outcome.CAPOT,
    ),
    # points annoncés: only the contract, C × M; capot 250 (contré 500, surcontré 1000)
    ("contree_points_annonces", {"taker": A, "points_a": 130, "bid": 100}, 100, 0, Outcome.MADE),
    ("contree_points_annonces", {"taker": A, "points_a": 90, "bid": 100}, 0, 100, Outcome.FAILED),
    (
        "contree_points_annonces",
        {"taker": A, "points_a": 90, "bid": 100, "contre": True},
        0,
        200,
        Outcome.FAILED,
    ),
    (
        "contree_points_annonces",
        {"taker": A, "capot": A, "contract": Contract.CAPOT},
        250,
        0,
        Outcome.CAPOT,
    ),
    (
        "contree_points_annonces",
        {"taker": A, "capot": A, "contract": Contract.CAPOT, "contre": True, "surcontre": True},
        1000,
        0,
        Outcome.CAPOT,
    ),
    # FFB coinche 2015: the bid AND more than the defense; belote kept by its holder
    ("ffb_coinche_2015", {"taker": A, "points_a": 100, "bid": 100}, 200, 60, Outcome.MADE),
    ("ffb_coinche_2015", {"taker": A, "points_a": 81, "bid": 80}, 0, 240, Outcome.FAILED),
    (
        "ffb_coinche_2015",
        {"taker": A, "points_a": 60, "bid": 80, "belote": A},
        20,
        240,
        Outcome.FAILED,
    ),
    # Cannes: 162 + C, ×2 / ×3 on the contract only, 6-up rounding
    ("cannes_contree_2016", {"taker": A, "points_a": 104, "bid": 100}, 200, 60, Outcome.MADE),
    ("cannes_contree_2016", {"taker": A, "points_a": 90, "bid": 100}, 0, 260, Outcome.FAILED),
    (
        "cannes_contree_2016",
        {"taker": A, "points_a": 90, "bid": 100, "contre": True},
        0,
        360,
        Outcome.FAILED,
    ),
    (
        "cannes_contree_2016",
        {"taker": A, "points_a": 110, "bid": 100, "contre": True, "surcontre": True},
        460,
        0,
        Outcome.MADE,
    ),
    (
        "cannes_contree_2016",
        {"taker": A, "capot": A, "contract": Contract.CAPOT},
        520,
        0,
        Outcome.CAPOT,
    ),
]


@pytest.mark.parametrize(("preset", "deal", "sa", "sb", "outcome"), CASES)
def test_contree_outcomes(
    preset: str, deal: dict[str, object], sa: int, sb: int, outcome: Outcome
) -> None:
    result = score(preset, **deal)
    assert (result.score_a, result.score_b) == (sa, sb)
    assert result.outcome is outcome
    assert result.contract_made is (outcome in (Outcome.MADE, Outcome.CAPOT))


# ---- rules.md §6 worked examples -------------------------------------------------------


def test_ffb_contree_2016_example_117_rounds_to_120_plus_110() -> None:
    result = score("ffb_contree_2016", taker=A, points_a=117, bid=110)
    assert 1770 + result.score_a == 2000


def test_cannes_last_deal_is_exact() -> None:
    result = score("cannes_contree_2016", last_deal=True, taker=A, points_a=104, bid=100)
    assert (result.score_a, result.score_b) == (204, 58)


def test_lacontree_example_113_plus_110_is_220() -> None:
    assert score("ffb_contree_2016", taker=A, points_a=113, bid=110).score_a == 220


def test_wikipedia_failed_90_with_taker_belote_gives_270() -> None:
    result = score("ffb_contree_2016", taker=A, points_a=50, bid=90, belote=A)
    assert (result.score_a, result.score_b) == (0, 270)


def test_pagat_coinched_failure_360_or_520() -> None:
    contract_only = rules("ffb_contree_2016", multiplier_target="contract_only")
    assert score(contract_only, taker=A, points_a=90, bid=100, contre=True).score_b == 360
    assert score("ffb_contree_2016", taker=A, points_a=90, bid=100, contre=True).score_b == 520


def test_implementation_doc_example_222_40_and_260_or_262() -> None:
    exact = rules("ffb_contree_2016", rounding="none")
    res = score(exact, taker=A, points_a=122, bid=100)
    assert (res.score_a, res.score_b) == (222, 40)
    assert score(exact, taker=A, points_a=96, bid=100).score_b == 260
    r162 = rules("ffb_contree_2016", rounding="none", failed_points="162_plus_contract")
    assert score(r162, taker=A, points_a=96, bid=100).score_b == 262


# ---- options ------------------------------------------------------------------------------


def test_rounding_never_makes_a_contract_unless_asked() -> None:
    # "Une équipe ayant fait 89 points et ayant demandé 90 chute"
    assert score("ffb_contree_2016", taker=A, points_a=89, bid=90).contract_made is False
    before = rules("ffb_contree_2016", rounding_stage="points_before_contract_check")
    assert score(before, taker=A, points_a=85, bid=90).contract_made is True


def test_final_deal_score_rounding() -> None:
    r = rules(
        "ffb_contree_2016", rounding_stage="final_deal_score", multiplier_target="contract_only"
    )
    res = score(r, taker=A, points_a=104, bid=100, contre=True)
    assert res.score_a == 360  # 160 + 200 → 360 (already round)


def test_doubled_loser_keeps_own_points_and_own_points_base() -> None:
    r = rules(
        "ffb_contree_2016",
        rounding="none",
        doubled_loser_score="keeps_own_points",
        doubled_winner_base="own_points",
        multiplier_target="contract_only",
    )
    res = score(r, taker=A, points_a=110, bid=100, contre=True)
    assert (res.score_a, res.score_b) == (310, 52)


def test_belote_when_doubled() -> None:
    base = {"taker": A, "points_a": 110, "bid": 100, "contre": True, "belote": B}
    kept = rules("ffb_contree_2016", rounding="none")
    assert score(kept, **base).score_b == 20
    to_winner = rules("ffb_contree_2016", rounding="none", belote_when_doubled="to_winner")
    res = score(to_winner, **base)
    assert (res.score_a, res.score_b) == (540, 0)
    mult = rules("ffb_contree_2016", rounding="none", belote_when_doubled="multiplied")
    res = score(mult, **{**base, "belote": A})
    assert (res.score_a, res.score_b) == (560, 0)


def test_min_bid_82_counts_as_80() -> None:
    r = rules("ffb_contree_2016", bid_range="82_180", min_bid_82_counts_as=80, rounding="none")
    res = score(r, taker=A, points_a=82, bid=82)
    assert res.score_a == 162
    assert score(r, taker=A, points_a=81, bid=82).contract_made is False


def test_generale() -> None:
    r = rules("ffb_contree_2016", generale_made="fixed_1000", generale_failed="fixed_500")
    made = score(r, taker=A, capot=A, contract=Contract.GENERALE)
    assert made.score_a == 1000
    partner_helped = score(r, taker=A, capot=A, contract=Contract.GENERALE, solo_capot=False)
    assert (partner_helped.score_a, partner_helped.score_b) == (0, 500)
    as_contract = rules(
        "ffb_contree_2016", generale_made="as_contract", generale_failed="as_contract"
    )
    assert score(as_contract, taker=A, points_a=100, contract=Contract.GENERALE).score_b == 660


def test_capot_bid_options() -> None:
    capot = {"taker": A, "capot": A, "contract": Contract.CAPOT}
    r = rules("ffb_contree_2016", rounding="none")
    assert score(r, **capot).score_a == 502
    r = rules("ffb_contree_2016", rounding="none", capot_bid_made="as_contract_without_capot_bonus")
    assert score(r, **capot).score_a == 412
    r = rules("ffb_contree_2016", capot_bid_made="fixed_500")
    assert score(r, **capot, contre=True).score_a == 1000
    r = rules("ffb_contree_2016", capot_bid_failed="fixed_500")
    assert score(r, taker=A, points_a=150, contract=Contract.CAPOT).score_b == 500


def test_contract_success_with_more_than_defense_example() -> None:
    # rules.md §3.3: "82 v 80 fails a bid of 100" — and 82 v 80 on a bid of 80:
    r = rules("ffb_coinche_2015")
    assert score(r, taker=A, points_a=82, bid=80).contract_made is True
    assert score("ffb_contree_2016", taker=A, points_a=82, bid=100).contract_made is False


def test_penalty_in_contree_adds_the_contract() -> None:
    from engine.belote.deal import DealKind

    res = score("cannes_contree_2016", kind=DealKind.PENALTY, penalised=B, bid=120)
    assert (res.score_a, res.score_b) == (280, 0)
