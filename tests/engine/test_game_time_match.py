"""Game-level options for the contest layer (issue 14): a game started from a sheet's state,
time called, a game's recorded score capped, and matches of several games."""

from __future__ import annotations

import pytest

from engine.belote.deal import Deal, DealKind, Team
from engine.belote.game import FinalScore, GameState, final_score, fold_game, start_state
from engine.belote.match import MatchState, fold_match
from engine.belote.rules import TimeUp
from engine.errors import EngineError

from .helpers import A, B, rules

BIG = rules("ffb_classic_2016", target=100_000)


def made(team: Team, points: int = 100) -> Deal:
    """``team`` takes and makes ``points`` card points (FFB classic: the opponents 162 − it)."""
    return Deal(taker=team, points_a=points if team is A else 162 - points)


# ---- start --------------------------------------------------------------------------------
def test_a_game_taken_up_from_the_middle_of_a_sheet() -> None:
    r = rules("ffb_classic_2016", target=1000)
    state = start_state(r, total_a=900, total_b=700, reserve=81)
    state = state.apply(made(A))  # A makes 100 and collects the reserve: 900 + 181
    assert (state.total_a, state.total_b, state.reserve) == (1081, 762, 0)
    assert state.game_over and state.winner is A


def test_start_counts_deals_of_a_game_of_n_deals() -> None:
    r = rules("club_contest")  # 12 deals
    state = start_state(r, 500, 600, deals_counted=11)
    state = state.apply(made(A))
    assert state.game_over and state.deals_counted == 12 and state.winner is B  # 600 v 600+62


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"total_a": -1}, "A"),
        ({"total_b": 1.5}, "B"),
        ({"reserve": -81}, "reserve"),
        ({"deals_counted": True}, "deals_counted"),
        ({"deals_counted": 12}, "deals_counted"),  # a game of 12 deals has had its 12
    ],
)
def test_impossible_starts_are_refused(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(EngineError) as info:
        start_state(rules("club_contest"), **kwargs)  # type: ignore[arg-type]
    assert info.value.code == "game.invalid_start" and info.value.params["field"] == field


# ---- time called --------------------------------------------------------------------------
def test_time_up_as_it_stands_ends_the_game_on_its_totals() -> None:
    state = fold_game(BIG, [made(A), made(B, 120)])  # A 100 + 42, B 62 + 120
    over = state.call_time(TimeUp.AS_IT_STANDS)
    assert over.game_over and over.winner is B and over.ended_at == 1
    assert (over.total_a, over.total_b) == (142, 182)


def test_time_up_as_it_stands_with_equal_totals_is_a_draw() -> None:
    state = GameState(BIG).call_time(TimeUp.AS_IT_STANDS)
    assert state.game_over and state.winner is None and state.ended_at is None


def test_time_up_after_the_current_deal() -> None:
    r = rules("ffb_classic_2016", target=100_000, time_up="after_current_deal")
    state = GameState(r).apply(made(A)).call_time()
    assert state.deals_left == 1 and not state.game_over
    state = state.apply(made(B, 150))  # this deal is the last: 100 + 12 v 62 + 150
    assert state.game_over and state.winner is B and state.ended_at == 1


def test_time_up_after_more_deals_does_not_count_void_deals() -> None:
    r = rules("ffb_classic_2016", target=100_000, time_up="after_more_deals", time_up_deals=2)
    state = GameState(r).call_time()
    state = state.apply(made(A))
    assert state.deals_left == 1
    state = state.apply(Deal(kind=DealKind.VOID))  # not counted
    assert state.deals_left == 1 and not state.game_over
    state = state.apply(made(A))
    assert state.game_over and state.winner is A and state.deals_left == 0


def test_a_game_that_reaches_its_target_ends_before_time() -> None:
    r = rules("classic_seed_001", time_up="after_more_deals", time_up_deals=5)  # to 501
    state = GameState(r).call_time()
    state = state.apply(Deal(taker=A, capot=A)).apply(Deal(taker=A, capot=A))
    assert state.game_over and state.winner is A and state.ended_at == 1


def test_the_timed_last_deal_is_scored_exactly_when_the_rules_say_so() -> None:
    # Cannes: "100 demandés + 104 faits = 204, l'équipe adverse marquera 58" (rules.md §3.7).
    r = rules("cannes_contree_2016")
    state = GameState(r).call_time(TimeUp.AFTER_CURRENT_DEAL)
    state = state.apply(Deal(taker=A, points_a=104, bid=100))
    assert state.entries[-1].score.scores == {A: 204, B: 58}
    assert state.game_over and state.winner is A


def test_time_called_twice_never_lengthens_the_game() -> None:
    state = GameState(BIG).call_time(TimeUp.AFTER_MORE_DEALS, 3)
    assert state.call_time(TimeUp.AFTER_MORE_DEALS, 5).deals_left == 3
    assert state.call_time(TimeUp.AFTER_CURRENT_DEAL).deals_left == 1


def test_time_up_errors() -> None:
    over = GameState(BIG).call_time(TimeUp.AS_IT_STANDS)
    with pytest.raises(EngineError) as info:
        over.call_time()
    assert info.value.code == "game.already_over"
    with pytest.raises(EngineError) as info:
        GameState(BIG).call_time(TimeUp.AFTER_MORE_DEALS, 0)
    assert info.value.code == "game.invalid_time_up"


def test_states_with_time_called_are_values() -> None:
    state = GameState(BIG).apply(made(A)).call_time()
    again = GameState(BIG).apply(made(A)).call_time()
    assert state == again and hash(state) == hash(again) and "deals_left=1" in repr(state)


# ---- a game's recorded score ------------------------------------------------------------
def test_final_score_caps_winner_and_loser() -> None:
    r = rules("ffb_classic_2016", target=1000, score_cap_winner=1000, score_cap_loser=500)
    state = start_state(r, 950, 700).apply(made(A, 150))  # 1100 v 712
    final = final_score(state)
    assert final == FinalScore(A, 1000, 500, 1100, 712)
    assert final.score(A) == 1000 and final.score(B) == 500


def test_final_score_without_caps_is_the_totals() -> None:
    state = start_state(rules("ffb_classic_2016"), 950, 700).apply(made(A, 150))
    assert final_score(state) == FinalScore(A, 1100, 712, 1100, 712)


def test_a_draw_caps_both_teams_at_the_winner_cap() -> None:
    r = rules("ffb_classic_2016", target=100_000, score_cap_winner=100, score_cap_loser=50)
    state = start_state(r, 300, 300).call_time(TimeUp.AS_IT_STANDS)
    assert final_score(state) == FinalScore(None, 100, 100, 300, 300)


def test_final_score_needs_a_finished_game() -> None:
    with pytest.raises(EngineError) as info:
        final_score(GameState(BIG))
    assert info.value.code == "game.not_over"


# ---- matches --------------------------------------------------------------------------------
def finished(winner: Team | None, a: int, b: int) -> FinalScore:
    return FinalScore(winner, a, b, a, b)


def test_best_of_three_is_over_after_two_wins() -> None:
    r = rules("ffb_classic_2016", match_games=3)
    match = fold_match(r, [finished(A, 1000, 600), finished(A, 1010, 900)])
    assert match.over and match.winner is A and (match.wins_a, match.wins_b) == (2, 0)
    with pytest.raises(EngineError) as info:
        match.add(finished(B, 1000, 0))
    assert info.value.code == "game.match_over"


def test_best_of_three_goes_to_a_third_game() -> None:
    r = rules("ffb_classic_2016", match_games=3)
    match = fold_match(r, [finished(A, 1000, 600), finished(B, 700, 1000)])
    assert not match.over and match.winner is None
    match = match.add(finished(B, 200, 1000))
    assert match.over and match.winner is B and (match.points_a, match.points_b) == (1900, 2600)


def test_all_games_are_played_and_equal_wins_go_to_points() -> None:
    # Seed 002: "remporter un maximum de manches … 2 manches de 1000 points".
    r = rules("ffb_classic_2016", match_games=2, match_format="all_games")
    match = fold_match(r, [finished(A, 1000, 990), finished(B, 500, 1000)])
    assert match.over and match.winner is B  # 1 win each; points 1500 v 1990
    draw = fold_match(r, [finished(A, 1000, 900), finished(B, 900, 1000)])
    assert draw.over and draw.winner is None


def test_all_games_keeps_playing_after_a_majority() -> None:
    r = rules("ffb_classic_2016", match_games=3, match_format="all_games")
    match = fold_match(r, [finished(A, 1000, 0), finished(A, 1000, 0)])
    assert not match.over
    assert match.add(finished(B, 0, 1000)).winner is A


def test_drawn_games_count_as_draws() -> None:
    r = rules("ffb_classic_2016", match_games=3)
    match = fold_match(r, [finished(None, 500, 500), finished(A, 1000, 0)])
    assert match.draws == 1 and not match.over


def test_a_match_takes_game_states_and_needs_them_finished() -> None:
    r = rules("ffb_classic_2016", target=1000, score_cap_winner=1000)
    game = start_state(r, 950, 0).apply(made(A, 150))
    match = MatchState(r).add(game)
    assert match.over and match.winner is A and match.games[0].score_a == 1000
    with pytest.raises(EngineError) as info:
        MatchState(r).add(GameState(r))
    assert info.value.code == "game.not_over"
