"""Rulesets: options, presets, JSON round trip, coded rejections (rules.md §5, §5b)."""

import json

import pytest

from engine.belote.rules import OPTIONS, PRESETS, Rounding, Ruleset, make_ruleset, ruleset_from_json
from engine.errors import EngineError, error_codes

# Every row of rules.md §5 and §5b, with the values the table lists (as option values).
SECTION_5_ROWS = {
    "variant": ["classic", "contree", "coinche"],
    "deal_total": [162],
    "capot_value": [252, 250, 262, 242, 162],
    "contract_rule": ["more_than_defense", "at_least_82", "at_least_defense"],
    "belote_counts_for_contract": [True, False],
    "tie_rule": ["litige_carry", "taker_fails", "taker_succeeds"],
    "litige_reserve_to": ["next_successful_taker", "next_deal_winner"],
    "litige_last_deal": ["same_as_other_deals", "each_scores_own"],
    "failed_points": ["162", "160", "162_plus_contract", "160_plus_contract", "contract_only"],
    "belote_on_failure": ["kept_by_holder", "to_defense", "lost", "never_scored"],
    "announcements": [True, False],
    "announcement_tie": ["cancel", "trump_then_nearest_dealer", "first_announced"],
    "card_reuse_in_announcements": ["forbidden", "carre_and_sequence"],
    "announcements_count_for_contract": [True, False],
    "contree_scoring_mode": ["points_faits", "points_faits_plus_demandes", "points_annonces"],
    "contract_success": ["bid_only", "bid_and_more_than_defense"],
    "bid_range": ["80_160", "80_180", "82_160", "82_180", "90_180"],
    "capot_bid_value": [250, 260, 270],
    "contre_multiplier": [2],
    "surcontre_multiplier": [4, 3],
    "multiplier_target": ["contract_only", "whole_score", "fixed_amount"],
    "doubled_loser_score": ["zero", "keeps_own_points"],
    "rounding": ["none", "nearest_10_5_up", "nearest_10_6_up", "taker_rounded_defense_complement"],
    "last_deal_exact": [True, False],
    "target": [501, 701, 1000, 1001, 1500, 2000, 2001, 3000],
    "game_end": ["target", "deals"],
    "end_condition": ["reach", "exceed"],
    "both_cross_rule": [
        "higher_wins_tie_extra_deal",
        "higher_wins_tie_draw",
        "draw",
        "last_taker_wins",
    ],
    "capot_belote_cannot_finish": [True, False],
    "redeal_on_all_pass": ["next_dealer", "same_dealer", "forced_third_round"],
    "second_round_suit": ["any_suit", "other_than_turned_up"],
    "tournament_ranking": ["sum_of_points", "wins_then_points_then_conceded", "match_points_3_1_0"],
    "tournament_pairing": [
        "draw_then_standing",
        "draw_every_round",
        "fixed_rotation",
        "swiss_goal_average",
    ],
    # §5b
    "capot_value_contree": [252, 250, 262, 162],
    "defense_capot": ["capot_value", "ordinary_failure"],
    "doubled_winner_base": ["whole_pile", "whole_pile_or_capot_pile", "own_points"],
    "belote_when_doubled": ["kept_by_holder", "to_winner", "multiplied"],
    "capot_bid_made": ["as_contract", "as_contract_without_capot_bonus", "fixed_500", "fixed_250"],
    "capot_bid_failed": ["as_contract", "fixed_500"],
    "generale_made": ["off", "as_contract", "fixed_500", "fixed_1000"],
    "rounding_stage": [
        "points_after_contract_check",
        "points_before_contract_check",
        "final_deal_score",
    ],
    "min_bid_82_counts_as": [82, 80],
    "failed_defense_extras": ["own_belote_and_all_announcements", "none"],
    "announcement_scoring": ["best_team_only", "each_team_own"],
    "capot_test": ["all_tricks", "opponents_no_points"],
}


@pytest.mark.parametrize(("option", "values"), sorted(SECTION_5_ROWS.items()))
def test_every_rules_md_row_and_value_is_an_option(option: str, values: list[object]) -> None:
    assert option in OPTIONS
    for value in values:
        overrides: dict[str, object] = {option: value}
        if option == "generale_made" and value != "off":
            overrides["generale_failed"] = value
        rules = make_ruleset("ffb_classic_2016", **overrides)
        assert rules.to_json()[option] == value


def test_generale_failed_values() -> None:
    for value in ["off", "as_contract", "fixed_500", "fixed_1000"]:
        made = "off" if value == "off" else "as_contract"
        r = make_ruleset("ffb_contree_2016", generale_made=made, generale_failed=value)
        assert r.to_json()["generale_failed"] == value


def test_presets_exist_with_sources() -> None:
    expected = {
        "ffb_classic_2016",
        "classic_seed_000",
        "classic_seed_001",
        "classic_announcements",
        "ffb_contree_2016",
        "ffb_contree_points_faits",
        "contree_points_annonces",
        "ffb_coinche_2015",
        "cannes_contree_2016",
        "club_contest",
    }
    assert set(PRESETS) == expected
    for preset in PRESETS.values():
        assert "rules.md" in preset.source or "seed" in preset.source
    assert "000" in PRESETS["classic_seed_000"].source
    assert "001" in PRESETS["classic_seed_001"].source


def test_preset_key_facts() -> None:
    s0 = PRESETS["classic_seed_000"].rules
    assert (s0.capot_value, s0.tie_rule.value, s0.target) == (250, "taker_fails", 1000)
    s1 = PRESETS["classic_seed_001"].rules
    assert (s1.contract_rule.value, s1.capot_value, s1.target) == ("at_least_82", 252, 501)
    cannes = PRESETS["cannes_contree_2016"].rules
    assert (cannes.contre_multiplier, cannes.surcontre_multiplier) == (2, 3)
    assert cannes.rounding is Rounding.NEAREST_10_6_UP and cannes.last_deal_exact
    assert cannes.target == 2001
    club = PRESETS["club_contest"].rules
    assert (club.games_per_contest, club.deals_per_game, club.game_end.value) == (4, 12, "deals")
    assert not club.announcements and club.capot_value == 252
    assert PRESETS["ffb_coinche_2015"].rules.announcements
    assert PRESETS["ffb_contree_points_faits"].rules.contree_scoring_mode.value == "points_faits"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_json_round_trip(name: str) -> None:
    rules = PRESETS[name].rules
    data = json.loads(json.dumps(rules.to_json()))
    assert ruleset_from_json(data) == rules
    assert ruleset_from_json(name) == rules


def test_preset_plus_overrides() -> None:
    r = make_ruleset("ffb_contree_2016", target=1500, rounding="none")
    assert r.target == 1500 and r.rounding is Rounding.NONE
    assert ruleset_from_json({"preset": "ffb_contree_2016", "target": 1500}).target == 1500


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"colour": "red"}, "rules.unknown_option"),
        ({"capot_value": 251}, "rules.invalid_value"),
        ({"capot_value": "252"}, "rules.invalid_value"),
        ({"variant": "bridge"}, "rules.invalid_value"),
        ({"announcements": "yes"}, "rules.invalid_value"),
        ({"target": 0}, "rules.invalid_value"),
        ({"target": True}, "rules.invalid_value"),
        ({"generale_made": "fixed_500"}, "rules.inconsistent"),
        ("no_such_preset", "rules.unknown_preset"),
        ({"preset": "nope"}, "rules.unknown_preset"),
        ([1, 2], "rules.not_an_object"),
    ],
)
def test_bad_rules_are_rejected_with_a_code(data: object, code: str) -> None:
    with pytest.raises(EngineError) as info:
        ruleset_from_json(data)
    assert info.value.code == code
    assert code in error_codes()


def test_direct_construction_is_validated() -> None:
    with pytest.raises(EngineError) as info:
        Ruleset(capot_value=300)
    assert info.value.code == "rules.invalid_value"


def test_options_describe_every_field() -> None:
    for spec in OPTIONS.values():
        out = spec.to_json()
        assert out["description"]
        assert "values" in out or ("min" in out and "max" in out)


def test_unknown_error_code_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        EngineError("deal.no_such_code")
