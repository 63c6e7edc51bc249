"""Rami on the command line (``python -m engine rami score|game|table-check|presets|options``) and
through the engine's game interface: the same error contract as belote (exit 2 and a coded JSON
error), rules from presets and partial objects, the JSON of deals, games and sheets.
"""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest

from engine.catalog import GAMES, game_named
from engine.cli import run
from engine.errors import error_codes
from engine.rami.errors import RAMI_ERROR_CODES
from engine.rami.presets import PRESETS, make_rules, rules_from_json
from engine.rami.rules import OPTIONS, RamiRules

ROOT = Path(__file__).resolve().parents[2]
DEAL = {"players": {"Anne": 0, "Bob": ["KH", "7S"], "Chloé": {"cards": ["AD"], "penalty": 11}}}


def call(argv: list[str], payload: object = None) -> tuple[int, dict[str, Any]]:
    return run(["rami", *argv], StringIO(json.dumps(payload)))


def test_rami_is_in_the_catalog_with_its_codes() -> None:
    assert game_named("rami") is GAMES["rami"]
    assert set(error_codes("rami")) == set(RAMI_ERROR_CODES)
    assert all(code.startswith("rami.") and code.count(".") == 1 for code in RAMI_ERROR_CODES)


def test_score_a_deal() -> None:
    code, out = call(["score"], {"rules": "seed_002", "deal": {**DEAL, "rami": True}})
    assert code == 0
    assert out["scores"] == {"Anne": 0, "Bob": 34, "Chloé": 22}
    assert out["penalties"] == {"Anne": 0, "Bob": 17, "Chloé": 11}
    assert out["winner"] == "Anne" and out["rami"] is True and out["stock_out"] is False
    assert out["breakdown"]["Bob"] == [
        {"code": "hand", "points": 17, "label": "cards left in hand"},
        {"code": "rami", "points": 17, "label": "rami"},
    ]


def test_written_scores_are_checked() -> None:
    deal = {**DEAL, "scores": {"Anne": 0, "Bob": 17}}
    assert call(["score"], {"rules": "seed_002", "deal": deal})[0] == 0
    code, out = call(["score"], {"rules": "seed_002", "deal": {**DEAL, "scores": {"Bob": 18}}})
    assert code == 2 and out["error"]["code"] == "rami.score_mismatch"
    assert out["error"]["params"] == {"player": "Bob", "written": 18, "expected": 17}


@pytest.mark.parametrize(
    ("payload", "code", "params"),
    [
        ({"deal": DEAL}, "rami.invalid_input", {"field": "rules"}),
        ({"rules": "seed_002"}, "rami.invalid_input", {"field": "deal"}),
        (
            {"rules": "seed_002", "deal": DEAL, "hand": {}},
            "rami.invalid_input",
            {"field": "input.hand"},
        ),
        (
            {"rules": "seed_002", "deal": {"players": [0, 5]}},
            "rami.invalid_input",
            {"field": "deal.players"},
        ),
        (
            {"rules": "seed_002", "deal": {**DEAL, "rami": 1}},
            "rami.invalid_input",
            {"field": "deal.rami"},
        ),
        (
            {"rules": "seed_002", "deal": {**DEAL, "scores": [0]}},
            "rami.invalid_input",
            {"field": "deal.scores"},
        ),
        (
            {"rules": "seed_002", "deal": {"players": {"A": 0, "B": 2.5}}},
            "rami.invalid_hand_value",
            {"player": "B"},
        ),
        (
            {"rules": "seed_002", "deal": {"players": {"A": 0, "B": {"penalty": "3"}}}},
            "rami.invalid_hand_value",
            {"player": "B"},
        ),
        (
            {"rules": "seed_002", "deal": {"players": {"A": 0, "B": {"cards": "KH"}}}},
            "rami.invalid_hand_value",
            {"player": "B"},
        ),
        (
            {"rules": "seed_002", "deal": {"players": {"A": 0, "B": {}}}},
            "rami.invalid_hand_value",
            {"player": "B"},
        ),
        (
            {"rules": "seed_002", "deal": {"players": {"A": 0, "B": ["KX"]}}},
            "rami.invalid_card",
            {"player": "B", "card": "KX"},
        ),
        (
            {"rules": "seed_002", "deal": {"players": {"A": 0, "B": ["JOKER"]}}},
            "rami.joker_without_two_decks",
            {"player": "B"},
        ),
        (
            {"rules": "seed_002", "deal": {"players": {"A": 0}}},
            "rami.invalid_players",
            {"count": 1},
        ),
        ({"rules": "belote", "deal": DEAL}, "rami.unknown_preset", {"preset": "belote"}),
        ({"rules": 3, "deal": DEAL}, "rami.rules_not_an_object", {}),
        ({"rules": {"target": 501}, "deal": DEAL}, "rami.unknown_option", {"option": "target"}),
        (
            {"rules": {"decks": 3}, "deal": DEAL},
            "rami.invalid_option",
            {"option": "decks", "value": 3},
        ),
        (
            {"rules": {"count": "negative"}, "deal": DEAL},
            "rami.invalid_option",
            {"option": "count"},
        ),
        (
            {"rules": {"deals_per_game": 0}, "deal": DEAL},
            "rami.invalid_option",
            {"option": "deals_per_game", "allowed": [1, 100]},
        ),
        ({"rules": {"limit": True}, "deal": DEAL}, "rami.invalid_option", {"option": "limit"}),
        ({"rules": {"preset": 7}, "deal": DEAL}, "rami.unknown_preset", {"preset": "7"}),
        ("not an object", "rami.invalid_input", {"field": "input"}),
    ],
)
def test_refusals_exit_2_with_a_coded_error(
    payload: object, code: str, params: dict[str, object]
) -> None:
    exit_code, out = call(["score"], payload)
    assert exit_code == 2 and out["error"]["code"] == code
    assert params.items() <= out["error"]["params"].items()


def test_a_game() -> None:
    payload = {
        "rules": {"preset": "seed_002", "game_end": "limit", "limit": 50},
        "deals": [
            {"players": {"Anne": 0, "Bob": 23, "Chloé": 14}, "totals": {"Anne": 0, "Bob": 23}},
            {"players": {"Chloé": 0, "Anne": 3, "Bob": 15}, "rami": True, "scores": {"Bob": 30}},
        ],
    }
    code, out = call(["game"], payload)
    assert code == 0
    assert out["players"] == ["Anne", "Bob", "Chloé"]
    assert out["deals"][1] == {
        "index": 1,
        "scores": {"Anne": 6, "Bob": 30, "Chloé": 0},
        "winner": "Chloé",
        "rami": True,
        "stock_out": False,
        "totals": {"Anne": 6, "Bob": 53, "Chloé": 14},
    }
    assert out["game_over"] is True and out["ended_by"] == "limit" and out["ended_at"] == 1
    assert out["reached_limit"] == ["Bob"] and out["winners"] == ["Anne"]
    assert out["ranking"] == [
        {"player": "Anne", "total": 6, "rank": 1},
        {"player": "Chloé", "total": 14, "rank": 2},
        {"player": "Bob", "total": 53, "rank": 3},
    ]
    assert out["deals_played"] == 2 and out["deals_left"] is None


def test_a_game_taken_up_from_a_sheet_with_its_seats() -> None:
    payload = {
        "rules": {"deals_per_game": 4},
        "players": ["Anne", "Bob"],
        "start": {"totals": {"Anne": 30}, "deals_played": 3},
        "deals": [{"players": {"Bob": 0, "Anne": 5}}],
    }
    code, out = call(["game"], payload)
    assert code == 0 and out["totals"] == {"Anne": 35, "Bob": 0} and out["game_over"] is True
    assert out["winners"] == ["Bob"] and out["deals_left"] == 0


@pytest.mark.parametrize(
    ("payload", "code", "params"),
    [
        ({"rules": "seed_002"}, "rami.invalid_input", {"field": "deals"}),
        ({"rules": "seed_002", "deals": []}, "rami.invalid_input", {"field": "players"}),
        (
            {"rules": "seed_002", "deals": [], "players": "Anne"},
            "rami.invalid_input",
            {"field": "players"},
        ),
        (
            {"rules": "seed_002", "deals": [], "players": ["A", "A"]},
            "rami.invalid_players",
            {"player": "A"},
        ),
        (
            {
                "rules": "seed_002",
                "deals": [{"players": {"A": 0, "B": 3}, "totals": {"A": 0, "B": 4}}],
            },
            "rami.total_mismatch",
            {"deal_index": 0, "player": "B", "written": 4, "expected": 3},
        ),
        (
            {"rules": "seed_002", "deals": [{"players": {"A": 0, "B": 3}, "totals": {"C": 0}}]},
            "rami.invalid_input",
            {"deal_index": 0, "field": "deals[0].totals"},
        ),
        (
            {
                "rules": "seed_002",
                "deals": [{"players": {"A": 0, "B": 3}}, {"players": {"A": 0, "C": 3}}],
            },
            "rami.players_mismatch",
            {"deal_index": 1, "missing": ["B"], "unknown": ["C"]},
        ),
        (
            {
                "rules": "seed_002",
                "deals": [{"players": {"A": 0, "B": 3}}, {"players": {"A": 0, "B": 0}}],
            },
            "rami.two_winners",
            {"deal_index": 1},
        ),
        (
            {
                "rules": {"deals_per_game": 1},
                "deals": [{"players": {"A": 0, "B": 3}}, {"players": {"A": 0, "B": 2}}],
            },
            "rami.game_over",
            {"deal_index": 1},
        ),
        (
            {"rules": "seed_002", "deals": [{"players": {"A": 0, "B": 3}, "bonus": 1}]},
            "rami.invalid_input",
            {"deal_index": 0, "field": "deals[0].bonus"},
        ),
        (
            {
                "rules": "seed_002",
                "players": ["A", "B"],
                "deals": [],
                "start": {"totals": {"C": 1}},
            },
            "rami.invalid_start",
            {"field": "totals"},
        ),
        (
            {"rules": "seed_002", "players": ["A", "B"], "deals": [], "start": {"round": 1}},
            "rami.invalid_input",
            {"field": "start.round"},
        ),
        (
            {
                "rules": "seed_002",
                "players": ["A", "B"],
                "deals": [],
                "start": {"totals": {"A": -1}},
            },
            "rami.invalid_start",
            {"field": "totals"},
        ),
    ],
)
def test_game_refusals(payload: object, code: str, params: dict[str, object]) -> None:
    exit_code, out = call(["game"], payload)
    assert exit_code == 2 and out["error"]["code"] == code
    assert params.items() <= out["error"]["params"].items()


def test_table_check() -> None:
    payload = {
        "rules": "seed_002",
        "deals": [{"Anne": 0, "Bob": 23, "Chloé": 14}, {"Anne": 20, "Bob": 0, "Chloé": 0}],
        "totals": {"Anne": 20, "Bob": 32, "Chloé": 14},
    }
    code, out = call(["table-check"], payload)
    assert code == 0 and out["consistent"] is False
    assert out["differences"] == {"Bob": 9}
    assert out["rows"] == [{"index": 1, "reason": "two_winners", "players": ["Bob", "Chloé"]}]


def test_presets_and_options() -> None:
    code, out = call(["presets"])
    assert code == 0
    assert [p["name"] for p in out["presets"]] == [
        "seed_002",
        "seed_002_two_decks",
        "seed_002_positive",
    ]
    assert all("seed" in p["source"] for p in out["presets"])
    code, out = call(["options"])
    assert code == 0 and [o["name"] for o in out["options"]] == list(OPTIONS)
    assert {o["name"]: o.get("values", [o.get("min"), o.get("max")]) for o in out["options"]} == {
        "decks": [1, 2],
        "count": ["penalty", "positive"],
        "rami_bonus": ["double", "add_10"],
        "stock_out": ["new_stock", "ends_deal"],
        "game_end": ["deals", "limit"],
        "deals_per_game": [1, 100],
        "limit": [1, 10_000],
    }


def test_an_unknown_command_lists_ramis_commands() -> None:
    _, out = call(["deal"])
    assert out["error"]["code"] == "cli.unknown_command"
    assert set(out["error"]["params"]["allowed"]) == {
        "score",
        "game",
        "table-check",
        "presets",
        "options",
    }


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_round_trip_through_json(name: str) -> None:
    rules = PRESETS[name].rules
    assert rules_from_json(rules.to_json()) == rules == rules_from_json(name)
    assert rules_from_json(json.loads(json.dumps(rules.to_json()))) == rules


def test_partial_rules_start_from_their_preset_or_the_default() -> None:
    assert rules_from_json({"decks": 2}) == make_rules(decks=2) == make_rules("seed_002_two_decks")
    partial = rules_from_json({"preset": "seed_002_positive", "rami_bonus": "add_10"})
    assert partial == make_rules(count="positive", rami_bonus="add_10")
    assert rules_from_json({}) == RamiRules()
    assert PRESETS["seed_002"].rules == RamiRules()


def test_the_interface_scores_a_deal_and_folds_a_game() -> None:
    rami = game_named("rami")
    rules = rami.rules_from_json({"preset": "seed_002_two_decks"})
    out = rami.score_deal(rules, {"deal": {"players": {"A": 0, "B": ["JOKER", "AH"]}}})
    assert out["scores"] == {"A": 0, "B": 36}
    game = rami.fold_game(rules, {"deals": [{"players": {"A": 0, "B": ["JOKER", "AH"]}}]})
    assert game["totals"] == {"A": 0, "B": 36} and game["game_over"] is False


def test_the_real_command_line() -> None:
    payload = json.dumps({"rules": "seed_002", "deal": {"players": {"A": 0, "B": 1}}})
    done = subprocess.run(
        [sys.executable, "-m", "engine", "rami", "score"],
        input=payload,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2 and done.stderr == ""
    assert json.loads(done.stdout)["error"]["code"] == "rami.penalty_out_of_range"


def test_every_rami_code_is_raised_by_some_test() -> None:
    tests = "".join(
        p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_rami_*.py")
    )
    assert [code for code in RAMI_ERROR_CODES if f'"{code}"' not in tests] == []
