"""A tarot game: deals folded into per-player totals that always add up to zero, taken up
from a sheet, ended by the rules (open, a number of deals, a target), and the table check of
a paper sheet (the bilans add up to zero)."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.tarot.game import fold, start_game, table_check
from engine.tarot.model import Deal

from .tarot_helpers import FFT, SEED, deal, rules


def test_totals_are_the_sum_of_the_deals_and_add_up_to_zero() -> None:
    game = fold(
        FFT, 4, [deal(4, 0, "garde", 49, 2), deal(4, 2, "petite", 30, 1), Deal(4, passed=True)]
    )
    assert [s.scores for s in game.scores] == [
        (198, -66, -66, -66),
        (46, 46, -138, 46),
        (0, 0, 0, 0),
    ]
    assert game.totals == (244, -20, -204, -20) and sum(game.totals) == 0
    assert game.deals_counted == 2 and not game.over and game.winners == ()


def test_an_open_game_never_ends_by_itself() -> None:
    game = fold(FFT, 3, [deal(3, i % 3, "garde_contre", 80, 3) for i in range(30)])
    assert not game.over and game.deals_counted == 30


def test_a_game_of_n_deals_does_not_count_passed_deals() -> None:
    r = rules(game_end="deals", deals_per_game=2)
    game = fold(r, 4, [deal(4, 0), Deal(4, passed=True), deal(4, 1)])
    assert game.over and game.ended_at == 2
    assert game.totals == (132, 132, -132, -132) and game.winners == (0, 1)  # tied: both
    with pytest.raises(EngineError) as refused:
        game.apply(deal(4, 2))
    assert refused.value.code == "tarot.game_over" and refused.value.params == {"deal_index": 3}


def test_the_seed_page_game_ends_at_1000() -> None:
    big = deal(4, 1, "garde_contre", 91, 3, chelem="taker", announced=True)  # 2880 for seat 1
    game = fold(SEED, 4, [deal(4, 0), big])
    assert game.over and game.ended_at == 1 and game.winners == (1,)


def test_a_game_taken_up_from_a_sheet() -> None:
    game = start_game(FFT, 4, (100, -50, -25, -25), 3).apply(deal(4, 0, "garde", 49, 2))
    assert game.totals == (298, -116, -91, -91) and game.deals_counted == 4


@pytest.mark.parametrize(
    ("rules_", "totals", "counted", "field"),
    [
        (FFT, (100, -50, -25, -24), 0, "totals"),  # a sheet's totals add up to zero
        (FFT, (100, -100, 0), 0, "totals"),  # one per player
        (FFT, None, -1, "deals_counted"),
        (rules(game_end="deals", deals_per_game=4), None, 4, "deals_counted"),
        (SEED, (1000, -1000, 0, 0), 0, "totals"),  # already over
    ],
)
def test_an_impossible_start_is_refused(
    rules_: object, totals: tuple[int, ...] | None, counted: int, field: str
) -> None:
    with pytest.raises(EngineError) as refused:
        start_game(rules_, 4, totals, counted)  # type: ignore[arg-type]
    assert refused.value.code == "tarot.invalid_start" and refused.value.params == {"field": field}


def test_a_deal_of_another_table_is_refused() -> None:
    with pytest.raises(EngineError) as refused:
        fold(FFT, 4, [deal(3, 0)])
    assert refused.value.code == "tarot.invalid_players"


def test_the_table_check_of_a_paper_sheet() -> None:
    assert table_check((318, -106, -106, -106)).consistent
    wrong = table_check((318, -106, -106, -96))
    assert (wrong.consistent, wrong.total, wrong.differences) == (False, 10, None)
    against = table_check((318, -106, -106, -106), (318, -106, -116, -96))
    assert (against.consistent, against.differences) == (False, (0, 0, 10, -10))
