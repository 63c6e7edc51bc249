"""Classic belote deals: every outcome under each classic preset (rules.md §2, §6)."""

import pytest

from engine.belote.cards import Trump
from engine.belote.deal import Outcome

from .helpers import A, B, score

# (preset, deal fields, carry_in, expected A, expected B, outcome, carry_out)
CASES = [
    # FFB 2016: taker total strictly greater, belote included; tie = litige (§2.3, §2.6)
    ("ffb_classic_2016", {"taker": A, "points_a": 100}, 0, 100, 62, Outcome.MADE, 0),
    ("ffb_classic_2016", {"taker": A, "points_a": 82}, 0, 82, 80, Outcome.MADE, 0),
    ("ffb_classic_2016", {"taker": A, "points_a": 80}, 0, 0, 162, Outcome.FAILED, 0),
    ("ffb_classic_2016", {"taker": A, "points_a": 81}, 0, 0, 81, Outcome.LITIGE, 81),
    # 91-91: "81-81 ou 91-91" — taker 71 + belote 20 against 91
    ("ffb_classic_2016", {"taker": A, "points_a": 71, "belote": A}, 0, 0, 91, Outcome.LITIGE, 91),
    ("ffb_classic_2016", {"taker": B, "points_b": 81, "belote": A}, 0, 182, 0, Outcome.FAILED, 0),
    # dedans: taker 0 but keeps its belote (§2.5)
    ("ffb_classic_2016", {"taker": A, "points_a": 70, "belote": A}, 0, 20, 162, Outcome.FAILED, 0),
    ("ffb_classic_2016", {"taker": A, "points_a": 81, "belote": A}, 0, 101, 81, Outcome.MADE, 0),
    # capot 252; the capot'd side keeps its belote (§2.7)
    ("ffb_classic_2016", {"taker": A, "capot": A, "belote": B}, 0, 252, 20, Outcome.CAPOT, 0),
    ("ffb_classic_2016", {"taker": A, "capot": B}, 0, 0, 252, Outcome.FAILED_CAPOT, 0),
    ("ffb_classic_2016", {"taker": A, "points_a": 162, "points_b": 0}, 0, 162, 0, Outcome.MADE, 0),
    # litige reserve: to the next taker who makes the contract (FFB), accumulating
    ("ffb_classic_2016", {"taker": B, "points_b": 90}, 81, 72, 171, Outcome.MADE, 0),
    ("ffb_classic_2016", {"taker": B, "points_b": 70}, 81, 162, 0, Outcome.FAILED, 81),
    ("ffb_classic_2016", {"taker": B, "points_b": 81}, 81, 81, 0, Outcome.LITIGE, 162),
    # seeds 2/3: to the next deal's winner, so the defense collects on a failure
    ("classic_announcements", {"taker": B, "points_b": 70}, 81, 243, 0, Outcome.FAILED, 0),
    # seed 000: beat 81 on card points; a tie is dedans; capot 250; belote kept (§2.3, §2.5)
    ("classic_seed_000", {"taker": A, "points_a": 81}, 0, 0, 162, Outcome.FAILED, 0),
    ("classic_seed_000", {"taker": A, "points_a": 72, "belote": A}, 0, 20, 162, Outcome.FAILED, 0),
    ("classic_seed_000", {"taker": A, "points_a": 82, "belote": B}, 0, 82, 100, Outcome.MADE, 0),
    ("classic_seed_000", {"taker": A, "capot": A}, 0, 250, 0, Outcome.CAPOT, 0),
    # seed 001: at least 82; capot 252
    ("classic_seed_001", {"taker": A, "points_a": 82}, 0, 82, 80, Outcome.MADE, 0),
    ("classic_seed_001", {"taker": A, "points_a": 81}, 0, 0, 162, Outcome.FAILED, 0),
    ("classic_seed_001", {"taker": B, "capot": B}, 0, 0, 252, Outcome.CAPOT, 0),
    # club contest: ASCE 79, a litige on the last deal: each team scores its 81
    ("club_contest", {"taker": A, "points_a": 81}, 0, 0, 81, Outcome.LITIGE, 81),
    # penalties and void deals
    ("club_contest", {"kind": "penalty", "penalised": A}, 0, 0, 162, Outcome.PENALTY, 0),
    ("ffb_classic_2016", {"kind": "void"}, 40, 0, 0, Outcome.VOID, 40),
]


@pytest.mark.parametrize(("preset", "deal", "carry_in", "sa", "sb", "outcome", "carry_out"), CASES)
def test_classic_outcomes(
    preset: str,
    deal: dict[str, object],
    carry_in: int,
    sa: int,
    sb: int,
    outcome: Outcome,
    carry_out: int,
) -> None:
    from engine.belote.deal import DealKind

    if "kind" in deal:
        deal = {**deal, "kind": DealKind(deal["kind"])}
    result = score(preset, carry_in, **deal)
    assert (result.score_a, result.score_b) == (sa, sb)
    assert result.outcome is outcome
    assert result.carry_out == carry_out
    if outcome in (Outcome.MADE, Outcome.CAPOT):
        assert result.contract_made is True
    elif outcome in (Outcome.FAILED, Outcome.FAILED_CAPOT):
        assert result.contract_made is False
    else:
        assert result.contract_made is None


def test_last_deal_litige_each_team_scores_its_81() -> None:
    result = score("club_contest", 40, last_deal=True, taker=A, points_a=81)
    assert (result.score_a, result.score_b) == (81, 81)
    assert result.outcome is Outcome.SPLIT


def test_tie_rule_taker_succeeds() -> None:
    from .helpers import rules

    r = rules("ffb_classic_2016", tie_rule="taker_succeeds")
    result = score(r, taker=A, points_a=81)
    assert (result.score_a, result.score_b, result.contract_made) == (81, 81, True)
    r = rules("ffb_classic_2016", contract_rule="at_least_defense")
    assert score(r, taker=A, points_a=81).contract_made is True


def test_belote_excluded_from_comparison() -> None:
    from .helpers import rules

    r = rules("ffb_classic_2016", belote_counts_for_contract=False)
    result = score(r, taker=A, points_a=75, belote=A)  # 75 < 87 on cards alone
    assert (result.score_a, result.score_b) == (20, 162)


def test_failure_variants() -> None:
    from .helpers import rules

    assert (
        score(rules("ffb_classic_2016", failed_points="160"), taker=A, points_a=60).score_b == 160
    )
    r = rules("ffb_classic_2016", belote_on_failure="to_defense")
    assert (score(r, taker=A, points_a=60, belote=A).score_b) == 182
    r = rules("ffb_classic_2016", belote_on_failure="lost")
    res = score(r, taker=A, points_a=60, belote=A)
    assert (res.score_a, res.score_b) == (0, 162)
    r = rules("ffb_classic_2016", failed_defense_extras="none")
    assert score(r, taker=A, points_a=60, belote=B).score_b == 162
    r = rules("ffb_classic_2016", defense_capot="ordinary_failure")
    assert score(r, taker=A, capot=B).score_b == 162


@pytest.mark.parametrize("capot_value", [252, 250, 262, 242, 162])
def test_capot_values(capot_value: int) -> None:
    from .helpers import rules

    res = score(rules("ffb_classic_2016", capot_value=capot_value), taker=B, capot=B)
    assert (res.score_a, res.score_b) == (0, capot_value)


def test_capot_test_opponents_no_points() -> None:
    from .helpers import rules

    r = rules("ffb_classic_2016", capot_test="opponents_no_points")
    assert score(r, taker=A, points_a=162).score_a == 252
    assert score("ffb_classic_2016", taker=A, points_a=162).score_a == 162


def test_ffb_example_tout_atout() -> None:
    # rules.md §6, FFB 2016 classic §11.3: 198 points + belote → 124 + 20 = 144.
    res = score("ffb_classic_2016", taker=A, trump=Trump.TOUT_ATOUT, points_a=198, belote=A)
    assert (res.score_a, res.score_b) == (144, 38)


def test_rounding_in_classic() -> None:
    from .helpers import rules

    r = rules("ffb_classic_2016", rounding="nearest_10_5_up")
    res = score(r, taker=A, points_a=85)
    assert (res.score_a, res.score_b) == (90, 80)  # 85/77 → 90/80: 170 in all
    r = rules("ffb_classic_2016", rounding="taker_rounded_defense_complement")
    res = score(r, taker=A, points_a=88)
    assert (res.score_a, res.score_b) == (90, 70)
    r = rules("ffb_classic_2016", rounding="nearest_10_5_up", rounding_stage="final_deal_score")
    res = score(r, taker=A, points_a=85, belote=A)
    assert (res.score_a, res.score_b) == (110, 80)


def test_breakdown_lines_for_a_capot_with_dix_de_der() -> None:
    res = score("ffb_classic_2016", taker=A, capot=A, belote=A)
    lines = [(ln.team, ln.code, ln.points) for ln in res.breakdown]
    assert (A, "cards", 152) in lines and (A, "dix_de_der", 10) in lines
    assert (A, "capot", 90) in lines and (A, "belote", 20) in lines
    res = score("ffb_classic_2016", taker=A, points_a=100, dix_de_der=A)
    assert [(ln.code, ln.points) for ln in res.breakdown if ln.team is A] == [
        ("cards", 90),
        ("dix_de_der", 10),
    ]
    litige = score("ffb_classic_2016", taker=A, points_a=81)
    assert (A, "litige_reserve", -81) in [(ln.team, ln.code, ln.points) for ln in litige.breakdown]
    collected = score("ffb_classic_2016", 81, taker=A, points_a=100)
    assert collected.reserve_collected == (A, 81)
