"""The command line's game start, time call, and every newly accepted or refused field
(issue 14: "ignore nothing silently"; docs/engine.md, Deal fields)."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest

from engine.cli import run
from engine.errors import error_codes


def call(command: str, payload: object) -> tuple[int, dict[str, Any]]:
    code, out = run([command], StringIO(json.dumps(payload)))
    json.dumps(out)
    return code, out


def score(rules: object, deal: dict[str, Any], **extra: object) -> tuple[int, dict[str, Any]]:
    return call("score", {"rules": rules, "deal": deal, **extra})


def error(out: dict[str, Any]) -> str:
    code = str(out["error"]["code"])
    assert code in error_codes()
    return code


# ---- game: start and time_up ------------------------------------------------------------
def test_game_starts_from_a_sheet_state() -> None:
    code, out = call(
        "game",
        {
            "rules": {"preset": "ffb_classic_2016", "target": 1000},
            "start": {"A": 900, "B": 700, "reserve": 81},
            "deals": [{"taker": "A", "points": {"A": 100}}],
        },
    )
    assert code == 0
    assert out["deals"][0]["scores"] == {"A": 181, "B": 62}
    assert out["totals"] == {"A": 1081, "B": 762} and out["reserve"] == 0
    assert out["game_over"] is True and out["winner"] == "A"
    assert out["final"] == {"A": 1081, "B": 762}


def test_game_start_with_deals_counted_and_caps() -> None:
    code, out = call(
        "game",
        {
            "rules": {"preset": "club_contest", "score_cap_winner": 600, "score_cap_loser": 400},
            "start": {"A": 500, "B": 400, "deals_counted": 11},
            "deals": [{"taker": "A", "points": {"A": 100}}],
        },
    )
    assert code == 0 and out["game_over"] and out["winner"] == "A"
    assert out["totals"] == {"A": 600, "B": 462} and out["final"] == {"A": 600, "B": 400}


@pytest.mark.parametrize(
    "start",
    [
        {"A": -1},
        {"B": "10"},
        {"reserve": 1.5},
        {"deals_counted": 12},
        {"C": 3},
        [1, 2],
    ],
)
def test_bad_starts_are_refused(start: object) -> None:
    code, out = call("game", {"rules": "club_contest", "start": start, "deals": []})
    assert code == 2 and error(out) == "game.invalid_start"


def test_game_time_up_after_a_deal() -> None:
    deals = [{"taker": "A", "points": {"A": 100}}, {"taker": "B", "points": {"B": 150}}]
    rules = {"preset": "ffb_classic_2016", "target": 5000, "time_up": "after_current_deal"}
    code, out = call("game", {"rules": rules, "deals": deals, "time_up": 0})
    assert code == 0 and out["game_over"] and out["ended_at"] == 1 and out["winner"] == "B"
    code, out = call(
        "game", {"rules": {**rules, "time_up": "as_it_stands"}, "deals": deals[:1], "time_up": 0}
    )
    assert code == 0 and out["game_over"] and out["ended_at"] == 0 and out["winner"] == "A"
    code, out = call(
        "game", {"rules": {**rules, "time_up": "as_it_stands"}, "deals": deals, "time_up": 0}
    )
    assert (
        code == 2
        and error(out) == "game.already_over"
        and out["error"]["params"]["deal_index"] == 1
    )
    code, out = call("game", {"rules": rules, "deals": deals[:1], "time_up": -1})
    assert code == 0 and out["game_over"] and out["deals_left"] == 0


@pytest.mark.parametrize("time_up", [2, -2, "now", True])
def test_bad_time_up_is_refused(time_up: object) -> None:
    deals = [{"taker": "A", "points": {"A": 100}}, {"taker": "B", "points": {"B": 150}}]
    code, out = call("game", {"rules": "ffb_classic_2016", "deals": deals, "time_up": time_up})
    assert code == 2 and error(out) == "game.invalid_time_up"


def test_game_reports_deals_left_and_no_final_while_running() -> None:
    code, out = call("game", {"rules": "ffb_classic_2016", "deals": []})
    assert code == 0 and out["deals_left"] is None and out["final"] is None


# ---- accepted and checked fields -------------------------------------------------------
def test_tricks_are_accepted_and_checked() -> None:
    deal = {"taker": "A", "points": {"A": 100}, "tricks": {"A": 5, "B": 3}}
    assert score("ffb_classic_2016", deal)[1]["scores"] == {"A": 100, "B": 62}
    code, _ = score("ffb_classic_2016", {"taker": "A", "capot": "A", "tricks": {"A": 8, "B": 0}})
    assert code == 0


@pytest.mark.parametrize(
    "deal",
    [
        {"taker": "A", "points": {"A": 100}, "tricks": {"A": 5, "B": 4}},  # 9 tricks
        {"taker": "A", "points": {"A": 100}, "tricks": {"A": 9, "B": -1}},
        {"taker": "A", "points": {"A": 100}, "tricks": {"A": 5}},  # both are needed
        {"taker": "A", "capot": "A", "tricks": {"A": 7, "B": 1}},
        {"taker": "A", "points": {"A": 150, "B": 12}, "tricks": {"A": 8, "B": 0}},
        {"taker": "B", "points": {"A": 10, "B": 152}, "tricks": {"A": 0, "B": 8}},
    ],
)
def test_impossible_tricks_are_refused(deal: dict[str, Any]) -> None:
    code, out = score("ffb_classic_2016", deal)
    assert code == 2 and error(out) == "deal.tricks_inconsistent"


def test_eight_tricks_without_capot_mean_a_capot() -> None:
    deal = {"taker": "A", "points": {"A": 162}, "tricks": {"A": 8, "B": 0}}
    code, out = score("ffb_classic_2016", deal)
    assert code == 0 and out["outcome"] == "capot" and out["scores"] == {"A": 252, "B": 0}
    code, out = score("ffb_classic_2016", {**deal, "capot": "B"})
    assert code == 2  # B capot with A's 162 points: the engine refuses it first
    code, out = score("ffb_classic_2016", {"taker": "A", "capot": "A", "tricks": {"A": 7, "B": 1}})
    assert code == 2 and error(out) == "deal.tricks_inconsistent"


def test_a_team_without_a_trick_has_no_points() -> None:
    deal = {"taker": "A", "points": {"A": 150, "B": 12}, "tricks": {"A": 8, "B": 0}}
    assert error(score("ffb_classic_2016", deal)[1]) == "deal.tricks_inconsistent"
    deal = {"taker": "A", "points": {"A": 152, "B": 10}, "tricks": {"A": 7, "B": 1}}
    assert score("ffb_classic_2016", deal)[0] == 0  # one trick may be worth 10


def test_capot_bid_value_is_checked_against_the_rules() -> None:
    deal = {"taker": "A", "capot": "A", "bid": "capot", "capot_bid_value": 250}
    assert score("ffb_contree_2016", deal)[1]["scores"] == {"A": 500, "B": 0}  # 502 → 500
    code, out = score("ffb_contree_2016", {**deal, "capot_bid_value": 270})
    assert code == 2 and error(out) == "deal.capot_bid_value_mismatch"
    assert out["error"]["params"] == {"value": 270, "expected": 250}
    code, out = score("cannes_contree_2016", {**deal, "capot_bid_value": 270})
    assert code == 0
    code, out = score(
        "ffb_contree_2016", {"taker": "A", "points": {"A": 100}, "bid": 90, "capot_bid_value": 250}
    )
    assert code == 2 and error(out) == "deal.field_not_applicable"


def test_written_scores_are_checked() -> None:
    deal = {"taker": "A", "points": {"A": 100}, "scores": {"A": 100, "B": 62}}
    assert score("ffb_classic_2016", deal)[0] == 0
    code, out = score("ffb_classic_2016", {**deal, "scores": {"A": 100, "B": 60}})
    assert code == 2 and error(out) == "deal.score_mismatch"
    assert out["error"]["params"]["expected"] == {"A": 100, "B": 62}
    code, out = call(
        "game",
        {"rules": "ffb_classic_2016", "deals": [{**deal, "scores": {"A": 0, "B": 162}}]},
    )
    assert (
        code == 2
        and error(out) == "deal.score_mismatch"
        and out["error"]["params"]["deal_index"] == 0
    )


def test_last_is_the_last_deal_in_score_too() -> None:
    deal = {"taker": "A", "points": {"A": 81}, "last": True}
    assert score("club_contest", deal)[1]["outcome"] == "split"
    assert score("club_contest", deal, last_deal=True)[1]["outcome"] == "split"
    code, out = score("club_contest", deal, last_deal=False)
    assert code == 2 and error(out) == "deal.invalid_value"


# ---- refused fields ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "deal", "field"),
    [
        ("ffb_classic_2016", {"void": True, "taker": "A"}, "taker"),
        ("ffb_classic_2016", {"kind": "void", "points": {"A": 100}}, "points"),
        ("ffb_classic_2016", {"kind": "penalty", "penalised": "A", "taker": "B"}, "taker"),
        ("ffb_classic_2016", {"kind": "penalty", "penalised": "A", "belote": "B"}, "belote"),
        (
            "ffb_contree_2016",
            {"kind": "penalty", "penalised": "A", "bid": 90, "contre": 1},
            "contre",
        ),
        ("contree_points_annonces", {"kind": "penalty", "penalised": "A", "bid": 90}, "bid"),
        ("ffb_classic_2016", {"kind": "penalty", "penalised": "A", "bid": 90}, "bid"),
        (
            "ffb_contree_2016",
            {"taker": "A", "points": {"A": 100}, "bid": 90, "solo_capot": True},
            "solo_capot",
        ),
        (
            "ffb_classic_2016",
            {"taker": "A", "points": {"A": 100}, "announcement_priority": "A"},
            "announcement_priority",
        ),
    ],
)
def test_fields_that_would_change_nothing_are_refused(
    rules: str, deal: dict[str, Any], field: str
) -> None:
    code, out = score(rules, deal)
    assert code == 2 and error(out) == "deal.field_not_applicable"
    assert out["error"]["params"]["field"] == field


def test_neutral_values_on_void_and_penalty_deals_are_accepted() -> None:
    deal = {
        "kind": "penalty",
        "penalised": "A",
        "bid": 90,
        "contre": 0,
        "taker": None,
        "announcements": [],
    }
    code, out = score("ffb_contree_2016", deal)
    assert code == 0 and out["scores"] == {"A": 0, "B": 250}
    assert score("ffb_classic_2016", {"void": True, "belote": None, "surcontre": False})[0] == 0


@pytest.mark.parametrize(
    "deal",
    [
        {"kind": "penalty", "void": True, "penalised": "A"},  # two kinds
        {"void": "yes"},
        {"taker": "A", "points": {"A": 100}, "bid": 90, "contre": 1, "surcontre": True},
        {
            "taker": "A",
            "points": {"A": 100},
            "announcements": [
                {"team": "A", "kind": "tierce", "suit": "hearts", "rank": "ace", "top": "ace"}
            ],
        },
    ],
)
def test_contradictory_fields_are_refused(deal: dict[str, Any]) -> None:
    code, out = score("ffb_contree_2016", deal)
    assert code == 2 and error(out) == "deal.invalid_value"


def test_accepted_fields_on_played_deals_still_score() -> None:
    deal = {
        "taker": "A",
        "trump": "hearts",
        "points": {"A": 90},
        "announcements": [{"team": "A", "kind": "tierce", "suit": "spades", "top": "ace"}],
        "announcement_priority": "A",
        "dix_de_der": "A",
        "tricks": {"A": 4, "B": 4},
    }
    code, out = score("classic_announcements", deal)
    assert code == 0 and out["scores"] == {"A": 110, "B": 72}
    deal = {"taker": "A", "capot": "A", "bid": "generale", "solo_capot": False}
    rules = {
        "preset": "ffb_contree_2016",
        "generale_made": "fixed_500",
        "generale_failed": "fixed_500",
    }
    assert score(rules, deal)[1]["contract_made"] is False
