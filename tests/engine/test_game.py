"""Folding deals into a game (issue §7): totals, reserve, end by target or deal count."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.belote.deal import Deal, DealKind, Team
from engine.belote.game import GameState, fold_game
from engine.errors import EngineError

from .helpers import A, B, rules


def deal(taker: Team, pts: int, **kw: object) -> Deal:
    return Deal(taker=taker, points_a=pts if taker is A else 162 - pts, **kw)  # type: ignore[arg-type]


def test_running_totals_and_litige_reserve() -> None:
    r = rules("ffb_classic_2016")
    g = fold_game(r, [deal(A, 100), deal(A, 81), deal(B, 90)])
    assert [(e.total_a, e.total_b, e.reserve) for e in g.entries] == [
        (100, 62, 0),
        (100, 143, 81),
        (172, 314, 0),
    ]
    assert not g.game_over and g.winner is None


def test_reserve_accumulates_across_litiges() -> None:
    r = rules("ffb_classic_2016")
    g = fold_game(r, [deal(A, 81), deal(B, 81), deal(A, 70), deal(B, 100)])
    assert [e.reserve for e in g.entries] == [81, 162, 162, 0]
    assert g.entries[-1].score.score_b == 100 + 162


def test_target_reached_ends_the_game_once() -> None:
    r = rules("classic_seed_001")  # 501
    g = fold_game(r, [deal(A, 162)] * 3 + [deal(A, 100)])
    assert g.game_over and g.winner is A and g.ended_at == 3
    with pytest.raises(EngineError) as info:
        g.apply(deal(A, 100))
    assert info.value.code == "game.already_over"


def test_exceed_condition() -> None:
    r = rules("classic_seed_001", end_condition="exceed", target=500)
    g = fold_game(r, [deal(A, 162), deal(A, 162), deal(A, 162), deal(B, 148)])
    assert (g.total_a, g.total_b) == (500, 148) and not g.game_over


def test_ffb_example_910_plus_85_rounds_to_1000() -> None:
    r = rules("ffb_classic_2016", rounding="nearest_10_5_up")
    g = GameState(r, total_a=910, total_b=500).apply(deal(A, 85))
    assert g.total_a == 1000 and g.game_over and g.winner is A


def test_ffb_contree_example_1770_to_2000() -> None:
    g = GameState(rules("ffb_contree_2016"), total_a=1770).apply(deal(A, 117, bid=110))
    assert g.total_a == 2000 and g.game_over and g.winner is A


def test_last_deal_exact_decides_the_end() -> None:
    # Cannes: 1800 + (104 → 100) + 100 would be 2000, still short of 2001; exact: 2004.
    r = rules("cannes_contree_2016")
    g = GameState(r, total_a=1800, total_b=1000).apply(deal(A, 104, bid=100))
    assert g.game_over and g.total_a == 2004 and g.winner is A
    # rounding cannot make a team win: 1900 + 96 → 100 reaches 2000, but exact 1996 does not
    r = rules("ffb_contree_2016", last_deal_exact=True, target=2000)
    g = GameState(r, total_a=1900, total_b=1000).apply(deal(A, 96, bid=80))
    assert g.total_a == 1900 + 96 + 80 and g.game_over  # the exact score ends it: exact
    g = GameState(r, total_a=1820, total_b=1000).apply(deal(A, 96, bid=80))
    # exact 1996 does not end the game, so the rounded score stands (2000) and play goes on
    assert g.total_a == 1820 + 100 + 80 and not g.game_over


@pytest.mark.parametrize(
    ("rule", "equal_over", "equal_winner", "unequal_winner"),
    [
        ("higher_wins_tie_extra_deal", False, None, B),
        ("higher_wins_tie_draw", True, None, B),
        ("draw", True, None, None),
        ("last_taker_wins", True, A, A),
    ],
)
def test_both_teams_cross_on_the_same_deal(
    rule: str, equal_over: bool, equal_winner: Team | None, unequal_winner: Team | None
) -> None:
    r = rules("ffb_classic_2016", both_cross_rule=rule, tie_rule="taker_succeeds")
    g = GameState(r, total_a=919, total_b=919).apply(deal(A, 81))
    assert (g.total_a, g.total_b) == (1000, 1000)
    assert g.game_over is equal_over and g.winner is equal_winner
    g = GameState(r, total_a=900, total_b=950).apply(deal(A, 100))
    assert (g.total_a, g.total_b) == (1000, 1012)
    assert g.game_over and g.winner is unequal_winner


def test_only_one_team_crossing_wins() -> None:
    g = GameState(rules("ffb_classic_2016"), total_a=919, total_b=919).apply(deal(A, 100))
    assert (g.total_a, g.total_b) == (1019, 981) and g.game_over and g.winner is A


def test_capot_with_belote_cannot_finish() -> None:
    r = rules("ffb_classic_2016")
    g = GameState(r, total_a=990, total_b=0).apply(Deal(taker=B, capot=B, belote=A))
    assert g.total_a == 1010 and not g.game_over
    r = rules("ffb_classic_2016", capot_belote_cannot_finish=False)
    g = GameState(r, total_a=990, total_b=0).apply(Deal(taker=B, capot=B, belote=A))
    assert g.game_over and g.winner is A


def test_game_of_n_deals_does_not_count_void_deals() -> None:
    r = rules("club_contest", deals_per_game=3)
    deals = [deal(A, 100), Deal(kind=DealKind.VOID), deal(B, 100), deal(A, 81)]
    g = fold_game(r, deals)
    assert g.game_over and g.ended_at == 3 and g.deals_counted == 3
    assert [e.counted for e in g.entries] == [True, False, True, True]
    # the last deal's litige: each team scores its 81 (ASCE 79)
    assert (g.entries[-1].score.score_a, g.entries[-1].score.score_b) == (81, 81)
    assert (g.total_a, g.total_b) == (243, 243) and g.winner is None  # a draw


def test_game_of_n_deals_draw() -> None:
    r = rules("club_contest", deals_per_game=2)
    g = fold_game(r, [deal(A, 100), deal(B, 100)])
    assert g.game_over and g.winner is None


# ---- hypothesis properties -----------------------------------------------------------------

PRESETS_CLASSIC = ["ffb_classic_2016", "classic_seed_000", "classic_seed_001", "club_contest"]

deals_strategy = st.lists(
    st.one_of(
        st.builds(
            lambda t, p, bel, cap: (
                Deal(taker=t, capot=cap, belote=bel)
                if cap is not None
                else Deal(taker=t, points_a=p, belote=bel)
            ),
            st.sampled_from([A, B]),
            st.integers(0, 162),
            st.sampled_from([None, A, B]),
            st.sampled_from([None, None, None, None, A, B]),
        ),
        st.just(Deal(kind=DealKind.VOID)),
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PRESETS_CLASSIC), deals_strategy)
def test_fold_properties(preset: str, deals: list[Deal]) -> None:
    r = rules(preset)
    state = GameState(r)
    endings = 0
    for d in deals:
        if state.game_over:
            break
        before = state
        state = state.apply(d)
        e = state.entries[-1]
        # totals are the sum of deal scores; the reserve moves only through the deal scores
        assert state.total_a == before.total_a + e.score.score_a
        assert state.total_b == before.total_b + e.score.score_b
        assert e.score.carry_in == before.reserve and state.reserve == e.score.carry_out
        assert e.score.score_a >= 0 and e.score.score_b >= 0
        if state.game_over:
            endings += 1
            assert state.ended_at == len(state.entries) - 1
            if state.winner is not None:
                loser = state.winner.other
                assert state.totals[state.winner] >= state.totals[loser]
    assert endings <= 1
    assert sum(e.score.score_a for e in state.entries) == state.total_a
