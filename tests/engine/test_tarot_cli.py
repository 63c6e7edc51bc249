"""``python -m engine tarot score|game|table-check|presets|options``: JSON in, JSON out, and the
same error contract as belote's (exit 2 and a coded JSON error)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.catalog import GAMES
from engine.tarot.rules import PRESETS

from .tarot_helpers import call

ROOT = Path(__file__).resolve().parents[2]
TABLE = ["N", "E", "S", "W"]
FIRST = {"taker": "N", "contract": "garde", "points": 49, "bouts": 2, "petit_au_bout": "taker",
         "poignees": [{"player": "N", "kind": "simple"}]}  # fmt: skip


def test_tarot_is_in_the_catalog_with_its_commands() -> None:
    assert GAMES["tarot"].name == "tarot"
    assert set(GAMES["tarot"].commands()) == {"score", "game", "table-check", "presets", "options"}


def test_score_writes_the_marque_the_breakdown_and_the_sentence() -> None:
    code, out = call(["tarot", "score"], {"rules": "fft_2012", "players": TABLE, "deal": FIRST})
    assert code == 0
    assert out["scores"] == {"N": 318, "E": -106, "S": -106, "W": -106}
    assert out["roles"] == {"N": "taker", "E": "defender", "S": "defender", "W": "defender"}
    assert {k: out[k] for k in ("contract", "multiplier", "points", "bouts", "needed")} == {
        "contract": "garde", "multiplier": 2, "points": 49, "bouts": 2, "needed": 41,
    }  # fmt: skip
    assert (out["made"], out["margin"], out["value"], out["passed"]) == (True, 8, 106, False)
    assert [(ln["code"], ln["points"]) for ln in out["breakdown"]] == [
        ("base", 66), ("petit_au_bout", 20), ("poignee", 20),
    ]  # fmt: skip
    assert out["breakdown"][2]["player"] == "N"
    assert out["explanation"].startswith("25 + 8 = 33 × 2 = 66, petit au bout")
    assert out["explanation"].endswith(
        "= 106: N (taker) +318, E (defender) −106, S (defender) −106, W (defender) −106"
    )


def test_score_reads_every_way_a_sheet_writes_a_deal() -> None:
    deal = {"taker": "E", "contract": "prise", "defense_points": 50.5, "bouts": 1,
             "partner": "S", "miseres": None, "chelem_announced": False}  # fmt: skip
    rules = {"preset": "seed_002"}
    code, out = call(["tarot", "score"], {"rules": rules, "players": [*TABLE, "O"], "deal": deal})
    assert code == 0 and out["contract"] == "petite" and out["points"] == 40.5
    assert out["scores"] == {"N": 36, "E": -72, "S": -36, "W": 36, "O": 36}
    written = {**deal, "scores": out["scores"]}
    payload = {"rules": rules, "players": [*TABLE, "O"], "deal": written}
    assert call(["tarot", "score"], payload)[0] == 0


def test_a_passed_deal_scores_nothing() -> None:
    code, out = call(
        ["tarot", "score"], {"rules": "fft_2012", "players": TABLE, "deal": {"passed": True}}
    )
    assert code == 0 and out["scores"] == dict.fromkeys(TABLE, 0) and out["contract"] is None
    assert out["explanation"].startswith("passed")


def test_game_folds_deals_into_per_player_totals() -> None:
    deals = [
        FIRST,
        {"passed": True},
        {"taker": "S", "contract": "petite", "points": 30, "bouts": 1},
    ]
    payload = {"rules": "fft_2012", "players": TABLE, "deals": deals,
               "start": {"totals": {"N": 10, "E": -10, "S": 0, "W": 0}, "deals_counted": 2}}  # fmt: skip
    code, out = call(["tarot", "game"], payload)
    assert code == 0
    assert [d["totals"] for d in out["deals"]] == [
        {"N": 328, "E": -116, "S": -106, "W": -106},
        {"N": 328, "E": -116, "S": -106, "W": -106},
        {"N": 374, "E": -70, "S": -244, "W": -60},
    ]
    assert out["totals"] == {"N": 374, "E": -70, "S": -244, "W": -60}
    assert (out["sum"], out["balanced"], out["deals_counted"]) == (0, True, 4)
    assert (out["game_over"], out["ended_at"], out["winners"]) == (False, None, [])
    assert out["deals"][1] == {**out["deals"][1], "passed": True, "made": None, "value": 0}


def test_a_refused_deal_in_a_game_names_its_index() -> None:
    payload = {"rules": "fft_2012", "players": TABLE, "deals": [FIRST, {**FIRST, "points": 95}]}
    code, out = call(["tarot", "game"], payload)
    assert code == 2 and out["error"]["code"] == "tarot.points_out_of_range"
    assert out["error"]["params"] == {"points": 95.0, "deal_index": 1}


def test_table_check_adds_the_bilans_and_compares_them_with_the_deals() -> None:
    bilans = {"N": 318, "E": -106, "S": -106, "W": -106}
    code, out = call(["tarot", "table-check"], {"players": TABLE, "bilans": bilans})
    assert code == 0 and out == {
        "consistent": True,
        "sum": 0,
        "expected": None,
        "differences": None,
    }
    wrong = {**bilans, "W": -116}
    payload = {"rules": "fft_2012", "players": TABLE, "bilans": wrong, "deals": [FIRST]}
    code, out = call(["tarot", "table-check"], payload)
    assert code == 0 and (out["consistent"], out["sum"]) == (False, -10)
    assert out["expected"] == bilans and out["differences"] == {"N": 0, "E": 0, "S": 0, "W": -10}


def test_presets_and_options() -> None:
    code, out = call(["tarot", "presets"])
    assert code == 0 and [p["name"] for p in out["presets"]] == list(PRESETS)
    assert out["presets"][0]["rules"]["multipliers"] == "1_2_4_6"
    code, out = call(["tarot", "options"])
    assert code == 0 and out["options"][0]["name"] == "multipliers"


@pytest.mark.parametrize(
    ("argv", "payload", "code"),
    [
        (["tarot", "score"], [1], "tarot.not_an_object"),
        (["tarot", "score"], {"players": TABLE, "deal": FIRST}, "tarot.rules_not_an_object"),
        (
            ["tarot", "score"],
            {"rules": "fft_2012", "players": TABLE, "deal": FIRST, "donne": FIRST},
            "tarot.unknown_field",
        ),
        (["tarot", "game"], {"rules": "fft_2012", "players": TABLE}, "tarot.not_an_object"),
        (["tarot", "table-check"], {"players": TABLE}, "tarot.missing_field"),
        (["tarot", "deal"], {}, "cli.unknown_command"),
    ],
)
def test_errors_exit_2_with_a_coded_json_error(argv: list[str], payload: object, code: str) -> None:
    exit_code, out = call(argv, payload)
    assert exit_code == 2 and out["error"]["code"] == code


def test_the_module_runs_as_a_program() -> None:
    payload = json.dumps({"rules": "seed_002", "players": TABLE, "deal": FIRST})
    done = subprocess.run(
        [sys.executable, "-m", "engine", "tarot", "score"],
        input=payload, capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scores"]["N"] == 3 * (66 + 10 + 20)  # a simple is 10 here
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "tarot", "score"],
        input="{", capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert bad.returncode == 2 and json.loads(bad.stdout)["error"]["code"] == "cli.invalid_json"
