"""The rule options added for issue 14, each with values written from its rule text.

Sequences ranked by length first; capot bid values 162/250/252/260/270/500 and the capot
pile alone; the "capot belote" bid as an existing combination; rules objects that name a
variant without a preset. The game-level options (score cap, time's up, matches) are in
test_game_time_match.py.
"""

from __future__ import annotations

import pytest

from engine.belote.cards import Rank, Suit, Trump
from engine.belote.deal import Announcement, AnnouncementKind, Contract
from engine.belote.rules import PRESETS, Ruleset, make_ruleset, ruleset_from_json
from engine.errors import EngineError

from .helpers import A, B, rules, score

K = AnnouncementKind

# ---- sequences ranked by length first ----------------------------------------------------
# A shows a run of six to the queen of hearts (Q J 10 9 8 7: 100), B a run of five to the ace
# of spades (A K Q J 10: 100). By points both are worth 100 and B's higher top card wins
# (FFB coinche §8.3); by length first A's six wins. A takes with 100 card points at clubs.
SIX_V_FIVE = (
    Announcement(A, K.QUINTE, Rank.QUEEN, Suit.HEARTS, 6),
    Announcement(B, K.QUINTE, Rank.ACE, Suit.SPADES),
)


def test_sequences_by_points_the_top_card_decides_between_six_and_five() -> None:
    r = rules("classic_announcements")
    res = score(r, taker=A, trump=Trump.CLUBS, points_a=100, announcements=SIX_V_FIVE)
    # B's 100 counts: A 100 v B 62 + 100, dedans; B scores 162 + the announcements (100).
    assert (res.score_a, res.score_b) == (0, 262)


def test_sequences_by_length_first_the_run_of_six_wins() -> None:
    r = rules("classic_announcements", announcement_ranking="sequence_length_first")
    res = score(r, taker=A, trump=Trump.CLUBS, points_a=100, announcements=SIX_V_FIVE)
    # A's 100 counts: 200 v 62, made.
    assert (res.score_a, res.score_b) == (200, 62)


def test_length_first_keeps_a_carre_over_a_sequence_of_equal_points() -> None:
    anns = (
        Announcement(A, K.QUINTE, Rank.QUEEN, Suit.HEARTS, 6),
        Announcement(B, K.CARRE, Rank.KING),  # 100, a carré beats a cent (FFB coinche)
    )
    r = rules("classic_announcements", announcement_ranking="sequence_length_first")
    res = score(r, taker=B, trump=Trump.CLUBS, points_b=100, announcements=anns)
    assert (res.score_a, res.score_b) == (62, 200)


def test_length_first_among_equal_lengths_the_top_card_decides() -> None:
    anns = (
        Announcement(A, K.QUINTE, Rank.QUEEN, Suit.HEARTS, 6),
        Announcement(B, K.QUINTE, Rank.KING, Suit.SPADES, 6),
    )
    r = rules("classic_announcements", announcement_ranking="sequence_length_first")
    res = score(r, taker=B, trump=Trump.CLUBS, points_b=100, announcements=anns)
    assert (res.score_a, res.score_b) == (62, 200)


# ---- capot bid values and the capot pile alone ------------------------------------------
# ffb_contree_2016 without rounding: a made capot bid scores the capot pile 252 + C, a failed
# one gives the defense 160 + C (rules.md §3.4 B, "a contract worth 250 that goes through the
# normal formula").
@pytest.mark.parametrize(
    ("value", "made", "failed"),
    [
        (162, 252 + 162, 160 + 162),
        (250, 252 + 250, 160 + 250),
        (252, 252 + 252, 160 + 252),
        (260, 252 + 260, 160 + 260),
        (270, 252 + 270, 160 + 270),
        (500, 252 + 500, 160 + 500),
    ],
)
def test_capot_bid_values(value: int, made: int, failed: int) -> None:
    r = rules("ffb_contree_2016", rounding="none", capot_bid_value=value)
    res = score(r, taker=A, contract=Contract.CAPOT, capot=A)
    assert (res.score_a, res.score_b) == (made, 0)
    res = score(r, taker=A, contract=Contract.CAPOT, points_a=150)
    assert (res.score_a, res.score_b) == (0, failed)


def test_an_unlisted_capot_bid_value_is_refused() -> None:
    with pytest.raises(EngineError) as info:
        make_ruleset("ffb_contree_2016", capot_bid_value=300)
    assert info.value.code == "rules.invalid_value"


def test_a_made_capot_bid_scored_as_the_capot_pile_alone() -> None:
    # Some score sheets write a made capot bid as the capot pile alone, e.g. 262; doubled,
    # the pile is multiplied (it is the whole score), belote stays outside, unmultiplied.
    r = rules(
        "ffb_contree_2016",
        rounding="none",
        capot_value_contree=262,
        capot_bid_made="capot_pile_only",
    )
    assert score(r, taker=A, contract=Contract.CAPOT, capot=A).scores == {A: 262, B: 0}
    res = score(r, taker=A, contract=Contract.CAPOT, capot=A, contre=True)
    assert res.scores == {A: 524, B: 0}
    res = score(r, taker=A, contract=Contract.CAPOT, capot=A, belote=A, trump=Trump.HEARTS)
    assert res.scores == {A: 282, B: 0}
    # a failed capot bid is unchanged: 160 + 250
    assert score(r, taker=A, contract=Contract.CAPOT, points_a=160).scores == {A: 0, B: 410}
    # a capot made on a number bid is unchanged: 262 + C
    assert score(r, taker=A, bid=100, capot=A).scores == {A: 362, B: 0}


def test_capot_pile_alone_in_points_annonces() -> None:
    r = rules("contree_points_annonces", capot_bid_made="capot_pile_only")
    assert score(r, taker=B, contract=Contract.CAPOT, capot=B).scores == {A: 0, B: 252}


# ---- "capot belote" -----------------------------------------------------------------------
def test_a_capot_belote_bid_is_a_capot_bid_with_the_belote() -> None:
    # One source's "capot belote" (270) is a capot announced with the belote: 250 + 20. Under
    # ffb_contree_2016 (belote to the defense on failure, not multiplied) a capot bid of 250
    # with the belote scores exactly as a bid of 270 would: made 252 + 250 + 20 = 252 + 270,
    # failed 160 + 250 + 20 = 160 + 270 (docs/engine.md, "Capot belote").
    r = rules("ffb_contree_2016", rounding="none")
    made = score(r, taker=A, contract=Contract.CAPOT, capot=A, belote=A)
    assert made.scores == {A: 252 + 270, B: 0}
    failed = score(r, taker=A, contract=Contract.CAPOT, points_a=120, belote=A)
    assert failed.scores == {A: 0, B: 160 + 270}


# ---- a variant without a preset takes its own defaults ---------------------------------
def test_variant_contree_without_preset_starts_from_ffb_contree_2016() -> None:
    assert ruleset_from_json({"variant": "contree"}) == PRESETS["ffb_contree_2016"].rules
    r = ruleset_from_json({"variant": "contree", "target": 1500})
    assert r.target == 1500 and r.failed_points.value == "160_plus_contract"


def test_variant_coinche_is_contree_with_announcements() -> None:
    r = ruleset_from_json({"variant": "coinche"})
    assert r == PRESETS["ffb_coinche_2015"].rules and r.announcements is True


def test_variant_classic_or_none_starts_from_the_classic_defaults() -> None:
    assert ruleset_from_json({"variant": "classic"}) == Ruleset()
    assert ruleset_from_json({}) == Ruleset()


def test_a_preset_wins_over_the_variant_defaults() -> None:
    r = ruleset_from_json({"preset": "cannes_contree_2016", "variant": "coinche"})
    assert r.variant.value == "coinche" and r.surcontre_multiplier == 3


def test_a_bad_variant_is_refused() -> None:
    with pytest.raises(EngineError) as info:
        ruleset_from_json({"variant": "tarot"})
    assert info.value.code == "rules.invalid_value"


# ---- game-level options: values ----------------------------------------------------------
def test_score_caps_must_not_cap_the_loser_above_the_winner() -> None:
    with pytest.raises(EngineError) as info:
        make_ruleset("club_contest", score_cap_winner=500, score_cap_loser=600)
    assert info.value.code == "rules.inconsistent"
    assert make_ruleset("club_contest", score_cap_loser=600).score_cap_loser == 600


def test_new_options_round_trip_through_json() -> None:
    r = make_ruleset(
        "ffb_contree_2016",
        announcement_ranking="sequence_length_first",
        capot_bid_made="capot_pile_only",
        score_cap_winner=2000,
        score_cap_loser=1500,
        time_up="after_more_deals",
        time_up_deals=2,
        match_games=3,
        match_format="all_games",
    )
    assert ruleset_from_json(r.to_json()) == r
