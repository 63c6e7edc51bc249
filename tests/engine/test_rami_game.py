"""Rami games: deals folded into totals, the game's end (a number of deals, a limit), its winners
and ranking, a game taken up from a sheet, and the check of a paper sheet (table-check).

The seed page: "En fin de partie, c'est le joueur qui a le moins de points qui remporte la
partie"; the positive count: "Le but est naturellement de marquer un maximum de points".
Issue 29: a game ends after a number of deals or at a penalty limit ("the player who reaches it
is out, the lowest total wins").
"""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.rami.deal import Deal
from engine.rami.game import GameState, Standing, fold_game, new_game
from engine.rami.presets import make_rules
from engine.rami.sheet import check_sheet

P3 = ("Anne", "Bob", "Chloé")


def deals(*rows: tuple[int, ...], rami: int | None = None) -> list[Deal]:
    return [Deal(P3, row, rami=i == rami) for i, row in enumerate(rows)]


def test_a_game_of_n_deals_ends_after_the_last_and_the_lowest_total_wins() -> None:
    rules = make_rules(deals_per_game=3)
    state = fold_game(rules, P3, deals((0, 23, 14), (10, 0, 7)))
    assert state.totals == (10, 23, 21) and not state.game_over and state.deals_left == 1
    assert state.winners == () and state.ended_by is None and state.ended_at is None
    state = state.apply(Deal(P3, (5, 6, 0)))
    assert state.totals == (15, 29, 21) and state.game_over
    assert state.ended_by == "deals" and state.ended_at == 2 and state.deals_left == 0
    assert state.winners == ("Anne",)
    assert state.ranking() == (
        Standing("Anne", 15, 1),
        Standing("Chloé", 21, 2),
        Standing("Bob", 29, 3),
    )
    assert [e.totals for e in state.entries] == [(0, 23, 14), (10, 23, 21), (15, 29, 21)]


def test_no_deal_after_the_end() -> None:
    state = fold_game(make_rules(deals_per_game=1), P3, deals((0, 2, 3)))
    with pytest.raises(EngineError) as refused:
        state.apply(Deal(P3, (0, 2, 3)))
    assert refused.value.code == "rami.game_over"
    assert refused.value.params == {"deal_index": 1}


def test_a_penalty_limit_puts_out_who_reaches_it_and_the_lowest_total_wins() -> None:
    rules = make_rules(game_end="limit", limit=50)
    state = fold_game(rules, P3, deals((0, 23, 14), (0, 26, 14)))
    assert state.totals == (0, 49, 28) and not state.game_over and state.deals_left is None
    assert state.reached_limit == ()
    state = state.apply(Deal(P3, (5, 0, 22)))  # Chloé reaches exactly 50: she is out
    assert state.totals == (5, 49, 50) and state.game_over and state.ended_by == "limit"
    assert state.reached_limit == ("Chloé",) and state.winners == ("Anne",)


def test_a_rami_can_put_two_players_out_at_once() -> None:
    rules = make_rules(game_end="limit", limit=50)
    state = fold_game(rules, P3, deals((0, 30, 30), rami=0))
    assert state.totals == (0, 60, 60) and state.reached_limit == ("Bob", "Chloé")
    assert state.winners == ("Anne",)


def test_the_positive_count_ranks_the_highest_first_and_its_limit_is_a_target() -> None:
    rules = make_rules("seed_002_positive", game_end="limit", limit=100)
    state = fold_game(rules, P3, deals((0, 23, 14), (30, 0, 14)))
    assert state.totals == (37, 44, 0) and not state.game_over
    assert [s.player for s in state.ranking()] == ["Bob", "Anne", "Chloé"]
    state = state.apply(Deal(P3, (20, 20, 0), rami=True))  # Chloé scores (20 + 20) × 2
    assert state.totals == (37, 44, 80) and not state.game_over
    state = state.apply(Deal(P3, (40, 0, 30)))
    assert state.totals == (37, 114, 80) and state.game_over
    assert state.winners == ("Bob",) and state.reached_limit == ("Bob",)


def test_equal_totals_share_a_rank_and_the_win() -> None:
    state = fold_game(make_rules(deals_per_game=2), P3, deals((0, 10, 20), (10, 0, 30)))
    assert state.totals == (10, 10, 50)
    assert [(s.player, s.rank) for s in state.ranking()] == [("Anne", 1), ("Bob", 1), ("Chloé", 3)]
    assert state.winners == ("Anne", "Bob")


def test_a_deal_may_name_the_players_in_another_order() -> None:
    state = new_game(make_rules(), P3).apply(Deal(("Chloé", "Anne", "Bob"), (0, 5, 7)))
    assert state.totals == (5, 7, 0) and state.entries[0].score.players == P3
    deal = Deal(("Chloé", "Anne", "Bob"), (0, 5, 7), cards=(None, ("5H",), ("7H",)))
    assert new_game(make_rules(), P3).apply(deal).totals == (5, 7, 0)


def test_a_deal_of_other_players_is_refused() -> None:
    with pytest.raises(EngineError) as refused:
        new_game(make_rules(), P3).apply(Deal(("Anne", "Bob", "Dan"), (0, 5, 7)))
    assert refused.value.code == "rami.players_mismatch"
    assert refused.value.params == {"deal_index": 0, "missing": ["Chloé"], "unknown": ["Dan"]}


def test_a_game_taken_up_from_the_middle_of_a_sheet() -> None:
    state = new_game(make_rules(deals_per_game=4), P3, [30, 12, 44], deals_played=3)
    assert state.deals_left == 1
    state = state.apply(Deal(P3, (0, 5, 7)))
    assert state.totals == (30, 17, 51) and state.game_over and state.winners == ("Bob",)


@pytest.mark.parametrize(
    ("rules", "totals", "played", "field"),
    [
        (make_rules(), [1, 2], 0, "totals"),
        (make_rules(), [1, -2, 3], 0, "totals"),
        (make_rules(), [1, 2.5, 3], 0, "totals"),
        (make_rules(), None, -1, "deals_played"),
        (make_rules(deals_per_game=3), None, 3, "deals_played"),
        (make_rules(game_end="limit", limit=50), [0, 50, 3], 2, "totals"),
    ],
)
def test_an_impossible_start_is_refused(
    rules: object, totals: list[object] | None, played: int, field: str
) -> None:
    with pytest.raises(EngineError) as refused:
        new_game(rules, P3, totals, played)  # type: ignore[arg-type]
    assert refused.value.code == "rami.invalid_start"
    assert refused.value.params["field"] == field


def test_a_game_of_one_player_is_refused() -> None:
    with pytest.raises(EngineError) as refused:
        new_game(make_rules(), ["Anne"])
    assert refused.value.code == "rami.invalid_players"


def test_the_state_is_a_value() -> None:
    one = fold_game(make_rules(), P3, deals((0, 5, 7)))
    two = fold_game(make_rules(), P3, deals((0, 5, 7)))
    assert one == two and isinstance(one, GameState) and hash(one) == hash(two)


# The paper sheet ---------------------------------------------------------------------------


def sheet(rules: object, rows: list[dict[str, int]], totals: dict[str, int] | None = None) -> dict:
    data: dict[str, object] = {"deals": rows}
    if totals is not None:
        data["totals"] = totals
    return check_sheet(rules, data)  # type: ignore[arg-type]


def test_a_sheet_whose_columns_add_up() -> None:
    rows = [{"Anne": 0, "Bob": 23, "Chloé": 14}, {"Anne": 20, "Bob": 0, "Chloé": 46}]
    out = sheet(make_rules(), rows, {"Anne": 20, "Bob": 23, "Chloé": 60})
    assert out == {
        "consistent": True,
        "expected_totals": {"Anne": 20, "Bob": 23, "Chloé": 60},
        "differences": {},
        "rows": [],
    }


def test_a_total_written_wrong_is_named_with_its_difference() -> None:
    rows = [{"Anne": 0, "Bob": 23, "Chloé": 14}, {"Anne": 20, "Bob": 0, "Chloé": 46}]
    out = sheet(make_rules(), rows, {"Anne": 20, "Bob": 32, "Chloé": 60})
    assert not out["consistent"] and out["differences"] == {"Bob": 9}


@pytest.mark.parametrize(
    ("rules", "row", "reason", "players"),
    [
        (make_rules(), {"Anne": 0, "Bob": 0, "Chloé": 14}, "two_winners", ["Anne", "Bob"]),
        (make_rules(), {"Anne": 3, "Bob": 4, "Chloé": 14}, "no_winner", []),
        (make_rules(), {"Anne": 0, "Bob": 1, "Chloé": 14}, "impossible_scores", ["Bob"]),
        # 75 is more than 7 cards hold, and 75 is no doubled hand: no rami explains it.
        (make_rules(), {"Anne": 0, "Bob": 75, "Chloé": 14}, "impossible_scores", ["Bob"]),
        # A rami doubles everyone: 100 with 3 (3 is no doubled hand) cannot be.
        (make_rules(), {"Anne": 0, "Bob": 100, "Chloé": 3}, "impossible_scores", ["Bob"]),
        (
            make_rules(rami_bonus="add_10"),
            {"Anne": 0, "Bob": 85, "Chloé": 85},
            "impossible_scores",
            ["Bob", "Chloé"],
        ),
        (
            make_rules("seed_002_positive"),
            {"Anne": 5, "Bob": 9, "Chloé": 0},
            "two_winners",
            ["Anne", "Bob"],
        ),
        (make_rules("seed_002_positive"), {"Anne": 0, "Bob": 0, "Chloé": 0}, "no_winner", []),
        (
            make_rules("seed_002_positive"),
            {"Anne": 3, "Bob": 0, "Chloé": 0},
            "impossible_scores",
            ["Anne"],
        ),
        (
            make_rules("seed_002_positive"),
            {"Anne": 297, "Bob": 0, "Chloé": 0},
            "impossible_scores",
            ["Anne"],
        ),
    ],
)
def test_impossible_lines_are_flagged(
    rules: object, row: dict[str, int], reason: str, players: list[str]
) -> None:
    out = sheet(rules, [row])
    assert not out["consistent"]
    assert out["rows"] == [{"index": 0, "reason": reason, "players": players}]


@pytest.mark.parametrize(
    ("rules", "row"),
    [
        (make_rules(), {"Anne": 0, "Bob": 148, "Chloé": 4}),  # a rami: 74 and 2 doubled
        (make_rules(rami_bonus="add_10"), {"Anne": 0, "Bob": 84, "Chloé": 12}),
        (make_rules(stock_out="ends_deal"), {"Anne": 3, "Bob": 4, "Chloé": 14}),
        (make_rules("seed_002_positive"), {"Anne": 0, "Bob": 296, "Chloé": 0}),  # 2 × 74 × 2
        (make_rules("seed_002_positive", stock_out="ends_deal"), {"Anne": 0, "Bob": 0, "Chloé": 0}),
    ],
)
def test_possible_lines_pass(rules: object, row: dict[str, int]) -> None:
    assert sheet(rules, [row])["rows"] == []


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"deals": []}, "rami.invalid_input", "deals"),
        ({"deals": [{"Anne": 0, "Bob": -1}]}, "rami.invalid_input", "deals[0].Bob"),
        ({"deals": [{"Anne": 0, "Bob": 3}], "totals": {"Dan": 3}}, "rami.invalid_input", "totals"),
        ({"deals": [{"Anne": 0, "Bob": 3}], "cards": 3}, "rami.invalid_input", "input.cards"),
    ],
)
def test_a_malformed_sheet_is_refused(data: dict[str, object], code: str, field: str) -> None:
    with pytest.raises(EngineError) as refused:
        check_sheet(make_rules(), data)
    assert refused.value.code == code and refused.value.params["field"] == field


def test_a_sheet_line_with_other_players_is_refused() -> None:
    data = {"players": ["Anne", "Bob"], "deals": [{"Anne": 0, "Bob": 3}, {"Anne": 0, "Dan": 3}]}
    with pytest.raises(EngineError) as refused:
        check_sheet(make_rules(), data)
    assert refused.value.code == "rami.players_mismatch"
    assert refused.value.params == {"deal_index": 1, "missing": ["Bob"], "unknown": ["Dan"]}
