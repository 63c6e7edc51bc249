"""Announcements (rules.md §2.8) and impossible-deal validation codes."""

import pytest

from engine.belote.cards import Rank, Suit, Trump
from engine.belote.deal import Announcement, AnnouncementKind, Contract, Deal, score_deal
from engine.errors import EngineError, error_codes

from .helpers import A, B, rules, score

K = AnnouncementKind
WITH = rules("classic_announcements")
COINCHE = rules("ffb_coinche_2015")


def tierce(team, suit=Suit.HEARTS, top=Rank.ACE):  # type: ignore[no-untyped-def]
    return Announcement(team, K.TIERCE, top, suit)


def test_best_team_scores_all_of_its_own() -> None:
    anns = (
        Announcement(A, K.QUARTE, Rank.KING, Suit.CLUBS),
        tierce(A, Suit.SPADES),
        Announcement(B, K.TIERCE, Rank.ACE, Suit.HEARTS),
    )
    res = score(WITH, taker=A, points_a=90, announcements=anns)
    assert (res.score_a, res.score_b) == (90 + 70, 72)


def test_carre_beats_a_cent_and_values() -> None:
    anns = (
        Announcement(A, K.QUINTE, Rank.JACK, Suit.CLUBS),
        Announcement(B, K.CARRE, Rank.QUEEN),
    )
    res = score(WITH, taker=A, points_a=100, announcements=anns)
    assert (res.score_a, res.score_b) == (0, 262)  # 100 v 62 + 100: dedans, 162 + 100


def test_failed_defense_takes_every_announcement() -> None:
    anns = (Announcement(A, K.CARRE, Rank.JACK), tierce(B))
    res = score(WITH, taker=B, points_b=40, announcements=anns)
    assert (res.score_a, res.score_b) == (162 + 200, 0)


def test_capot_team_takes_the_other_sides_announcements() -> None:
    anns = (Announcement(B, K.CARRE, Rank.NINE),)
    res = score(WITH, taker=A, capot=A, announcements=anns)
    assert (res.score_a, res.score_b) == (252 + 150, 0)


def test_equal_best_announcements_cancel_ffb() -> None:
    anns = (tierce(A, Suit.CLUBS), tierce(B, Suit.SPADES))
    res = score(COINCHE, taker=A, points_a=100, bid=80, trump=Trump.HEARTS, announcements=anns)
    assert res.score_a == 100 + 80 and res.score_b == 60


def test_equal_best_announcements_trump_wins() -> None:
    anns = (tierce(A, Suit.CLUBS), tierce(B, Suit.HEARTS))
    res = score(COINCHE, taker=A, points_a=100, bid=80, trump=Trump.HEARTS, announcements=anns)
    assert res.score_b == 60 + 20


def test_higher_top_card_wins() -> None:
    anns = (tierce(A, Suit.CLUBS, Rank.KING), tierce(B, Suit.SPADES, Rank.ACE))
    res = score(WITH, taker=A, points_a=100, announcements=anns)
    assert (res.score_a, res.score_b) == (100, 82)


def test_first_announced_needs_priority() -> None:
    anns = (tierce(A, Suit.CLUBS), tierce(B, Suit.SPADES))
    with pytest.raises(EngineError) as info:
        score(WITH, taker=A, points_a=100, announcements=anns)
    assert info.value.code == "deal.announcement_tie_unresolved"
    res = score(WITH, taker=A, points_a=100, announcements=anns, announcement_priority=B)
    assert (res.score_a, res.score_b) == (100, 82)


def test_each_team_own_scoring() -> None:
    r = rules("classic_announcements", announcement_scoring="each_team_own")
    anns = (tierce(A, Suit.CLUBS), Announcement(B, K.QUARTE, Rank.ACE, Suit.SPADES))
    res = score(r, taker=A, points_a=100, announcements=anns)
    assert (res.score_a, res.score_b) == (120, 112)


def test_card_reuse_carre_and_sequence() -> None:
    anns = (Announcement(A, K.CARRE, Rank.JACK), Announcement(A, K.TIERCE, Rank.KING, Suit.HEARTS))
    with pytest.raises(EngineError) as info:
        score(WITH, taker=A, points_a=100, announcements=anns)
    assert info.value.code == "deal.card_used_twice"
    r = rules("classic_announcements", card_reuse_in_announcements="carre_and_sequence")
    assert score(r, taker=A, points_a=100, announcements=anns).score_a == 100 + 220


def test_announcements_count_for_contract_option() -> None:
    anns = (Announcement(A, K.QUARTE, Rank.ACE, Suit.CLUBS),)
    assert score(WITH, taker=A, points_a=60, announcements=anns).contract_made is True
    r = rules("classic_announcements", announcements_count_for_contract=False)
    assert score(r, taker=A, points_a=60, announcements=anns).contract_made is False


def test_long_quinte() -> None:
    ann = (Announcement(A, K.QUINTE, Rank.ACE, Suit.CLUBS, length=8),)
    assert score(WITH, taker=A, points_a=100, announcements=ann).score_a == 200


# ---- impossible deals: every one refused with its code -------------------------------------

CLASSIC = rules("ffb_classic_2016")
CONTREE = rules("ffb_contree_2016")

INVALID = [
    (CLASSIC, Deal(taker=A, points_a=163), "deal.points_out_of_range"),
    (CLASSIC, Deal(taker=A, points_a=-1), "deal.points_out_of_range"),
    (CLASSIC, Deal(taker=A, points_a=100, points_b=60), "deal.points_do_not_add_up"),
    (CLASSIC, Deal(taker=A, points_a=150, capot=A), "deal.capot_without_all_points"),
    (CLASSIC, Deal(taker=A, points_b=162, capot=A), "deal.capot_without_all_points"),
    (
        CLASSIC,
        Deal(taker=A, points_a=100, trump=Trump.SANS_ATOUT, belote=A),
        "deal.belote_at_sans_atout",
    ),
    (CLASSIC, Deal(taker=A, points_a=100, ta_belotes=(1, 1)), "deal.too_many_belotes"),
    (
        CLASSIC,
        Deal(taker=A, points_a=100, trump=Trump.TOUT_ATOUT, ta_belotes=(3, 2)),
        "deal.too_many_belotes",
    ),
    (CLASSIC, Deal(taker=A, points_a=100, belote=A, ta_belotes=(1, 0)), "deal.belote_conflict"),
    (CLASSIC, Deal(taker=A, points_a=100, bid=80), "deal.bid_in_classic"),
    (CLASSIC, Deal(taker=A, points_a=100, contre=True), "deal.contre_in_classic"),
    (CLASSIC, Deal(taker=A, points_a=100, surcontre=True), "deal.surcontre_without_contre"),
    (
        CLASSIC,
        Deal(taker=A, points_a=100, contract=Contract.GENERALE),
        "deal.generale_without_contree",
    ),
    (CLASSIC, Deal(points_a=100), "deal.missing_taker"),
    (CLASSIC, Deal(taker=A), "deal.missing_points"),
    (CLASSIC, Deal(taker=A, points_a=5, dix_de_der=A), "deal.dix_de_der_impossible"),
    (
        CLASSIC,
        Deal(taker=A, points_a=100, announcements=(tierce(A),)),
        "deal.announcements_disabled",
    ),
    (
        rules("club_contest"),
        Deal(taker=A, points_a=100, trump=Trump.SANS_ATOUT),
        "deal.trump_not_allowed",
    ),
    (CONTREE, Deal(taker=A, points_a=100), "deal.missing_bid"),
    (CONTREE, Deal(taker=A, points_a=100, bid=85), "deal.bid_out_of_range"),
    (CONTREE, Deal(taker=A, points_a=100, bid=170), "deal.bid_out_of_range"),
    (CONTREE, Deal(taker=A, points_a=100, bid=70), "deal.bid_out_of_range"),
    (
        CONTREE,
        Deal(taker=A, points_a=100, bid=100, surcontre=True),
        "deal.surcontre_without_contre",
    ),
    (CONTREE, Deal(taker=A, points_a=100, contract=Contract.GENERALE), "deal.generale_disabled"),
    (
        CONTREE,
        Deal(taker=A, points_a=100, bid=100, contract=Contract.CAPOT),
        "deal.invalid_contract",
    ),
    (CONTREE, Deal(kind="penalty"), "deal.missing_penalised_team"),  # type: ignore[arg-type]
    (CONTREE, Deal(taker=A, points_a=100, bid=100, penalised=B), "deal.penalty_team_invalid"),
    (
        WITH,
        Deal(
            taker=A,
            points_a=100,
            announcements=(
                Announcement(A, K.CARRE, Rank.KING),
                Announcement(B, K.CARRE, Rank.KING),
            ),
        ),
        "deal.announcement_duplicate_carre",
    ),
    (
        WITH,
        Deal(
            taker=A,
            points_a=100,
            announcements=(Announcement(A, K.QUINTE, Rank.ACE, Suit.CLUBS, 9),),
        ),
        "deal.announcement_sequence_too_long",
    ),
    (
        WITH,
        Deal(
            taker=A,
            points_a=100,
            announcements=(Announcement(A, K.TIERCE, Rank.EIGHT, Suit.CLUBS),),
        ),
        "deal.announcement_impossible_sequence",
    ),
    (
        WITH,
        Deal(taker=A, points_a=100, announcements=(Announcement(A, K.TIERCE, Rank.ACE),)),
        "deal.announcement_invalid",
    ),
    (
        WITH,
        Deal(taker=A, points_a=100, announcements=(Announcement(A, K.CARRE, Rank.SEVEN),)),
        "deal.announcement_invalid",
    ),
    (
        WITH,
        Deal(taker=A, points_a=100, announcements=(tierce(A), tierce(B, Suit.HEARTS, Rank.QUEEN))),
        "deal.card_used_twice",
    ),
    (
        WITH,
        Deal(taker=A, points_a=100, trump=Trump.HEARTS, belote=A, announcements=(tierce(B),)),
        "deal.card_used_twice",
    ),
]


@pytest.mark.parametrize(("ruleset", "deal", "code"), INVALID)
def test_impossible_deals_are_refused(ruleset, deal, code) -> None:  # type: ignore[no-untyped-def]
    assert code in error_codes()
    with pytest.raises(EngineError) as info:
        score_deal(ruleset, deal)
    assert info.value.code == code
