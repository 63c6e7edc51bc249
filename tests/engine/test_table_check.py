"""Table check for classic games of N deals (issue §7)."""

import pytest

from engine.belote.game import fold_game, table_check
from engine.errors import EngineError

from .helpers import A, B, rules

CLUB = rules("club_contest")


def test_plain_game_is_consistent() -> None:
    check = table_check(CLUB, 12, 1000, 944)
    assert check.consistent and check.expected_total == 1944


def test_belotes_and_capots_explain_the_total() -> None:
    check = table_check(CLUB, 12, 1000, 944 + 20 + 90)
    assert check.consistent and (check.belotes, check.capots) == (1, 1)
    assert table_check(CLUB, 12, 1000, 964, belotes=1, capots=0).consistent


def test_missing_belote_or_capot_is_reported() -> None:
    check = table_check(CLUB, 12, 1000, 944, belotes=1, capots=0)
    assert not check.consistent and check.likely_missing == "belote" and check.difference == -20
    check = table_check(CLUB, 12, 1000, 964, belotes=1, capots=1)
    assert check.likely_missing == "capot"
    check = table_check(CLUB, 12, 1000, 954)
    assert not check.consistent


def test_matches_a_folded_game() -> None:
    from engine.belote.deal import Deal

    deals = [Deal(taker=A, points_a=100, belote=B)] * 6 + [Deal(taker=B, capot=B)] * 6
    g = fold_game(CLUB, deals)
    check = table_check(CLUB, 12, g.total_a, g.total_b, belotes=6, capots=6)
    assert check.consistent


def test_not_applicable_to_contree() -> None:
    with pytest.raises(EngineError) as info:
        table_check(rules("ffb_contree_2016"), 12, 1000, 1000)
    assert info.value.code == "game.table_check_not_applicable"


def test_bad_totals() -> None:
    with pytest.raises(EngineError) as info:
        table_check(CLUB, -1, 0, 0)
    assert info.value.code == "game.invalid_totals"
