"""The JSON command line (issue §8): python -m engine score|game|presets|options."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest

from engine.cli import run
from engine.errors import error_codes

ROOT = Path(__file__).resolve().parents[2]


def call(command: str, payload: object | str | None = None) -> tuple[int, dict]:  # type: ignore[type-arg]
    text = payload if isinstance(payload, str) else json.dumps(payload)
    code, out = run([command], StringIO(text or ""))
    json.dumps(out)  # always serialisable
    return code, out


def test_score_contree_example() -> None:
    code, out = call(
        "score",
        {"rules": "ffb_contree_2016", "deal": {"taker": "A", "points": {"A": 117}, "bid": 110}},
    )
    assert code == 0
    assert out["scores"] == {"A": 230, "B": 50}
    assert out["outcome"] == "made" and out["contract_made"] is True and out["carry_out"] == 0
    for team in ("A", "B"):
        assert sum(line["points"] for line in out["breakdown"][team]) == out["scores"][team]


def test_score_litige_with_carry_and_taker_points() -> None:
    code, out = call(
        "score",
        {"rules": "ffb_classic_2016", "deal": {"taker": "B", "taker_points": 81}, "carry_in": 40},
    )
    assert code == 0 and out["outcome"] == "litige" and out["contract_made"] is None
    assert out["carry_out"] == 121 and out["scores"] == {"A": 81, "B": 0}


def test_score_with_rules_object_and_announcements() -> None:
    deal = {
        "taker": "A",
        "trump": "hearts",
        "points": {"A": 90, "B": 72},
        "belote": "A",
        "announcements": [
            {"team": "A", "kind": "carre", "rank": "J"},
            {"team": "B", "kind": "tierce", "suit": "spades", "top": "ace"},
        ],
    }
    code, out = call("score", {"rules": {"preset": "classic_announcements"}, "deal": deal})
    assert code == 0 and out["scores"] == {"A": 310, "B": 72}


def test_score_contre_levels_and_capot_bid() -> None:
    base = {"rules": "ffb_contree_2016"}
    _, out = call(
        "score", {**base, "deal": {"taker": "A", "points": {"A": 110}, "bid": 100, "contre": 1}}
    )
    assert out["scores"] == {"A": 520, "B": 0}
    _, out = call(
        "score", {**base, "deal": {"taker": "A", "points": {"A": 110}, "bid": 100, "contre": 2}}
    )
    assert out["scores"] == {"A": 1040, "B": 0}
    _, out = call("score", {**base, "deal": {"taker": "B", "capot": "B", "bid": "capot"}})
    assert out["scores"] == {"A": 0, "B": 500} and out["outcome"] == "capot"


def test_game_command() -> None:
    deals = [
        {"taker": "A", "points": {"A": 162}},
        {"taker": "A", "points": {"A": 81}},
        {"void": True},
        {"taker": "B", "points": {"B": 100}},
        {"taker": "A", "capot": "A"},
        {"taker": "A", "capot": "A"},
    ]
    rules = {"preset": "ffb_classic_2016", "target": 501}
    code, out = call("game", {"rules": rules, "deals": deals})
    assert code == 0
    assert [d["reserve"] for d in out["deals"]] == [0, 81, 81, 0, 0, 0]
    assert out["totals"] == {"A": 162 + 0 + 62 + 252 + 252, "B": 81 + 100 + 81}
    assert out["deals"][3]["scores"] == {"A": 62, "B": 181}  # B collects the reserve
    assert [d["counted"] for d in out["deals"]] == [True, True, False, True, True, True]
    assert out["game_over"] is True and out["winner"] == "A" and out["ended_at"] == 5


def test_game_after_end_is_an_error() -> None:
    deals = [{"taker": "A", "capot": "A"}] * 3
    code, out = call("game", {"rules": "classic_seed_001", "deals": deals})
    assert code == 2 and out["error"]["code"] == "game.already_over"
    assert out["error"]["params"]["deal_index"] == 2


def test_presets_and_options() -> None:
    code, out = call("presets")
    assert code == 0 and len(out["presets"]) == 10
    assert all(p["source"] and p["rules"]["variant"] for p in out["presets"])
    code, out = call("options")
    names = {o["name"] for o in out["options"]}
    assert {"variant", "capot_value", "tie_rule", "rounding", "both_cross_rule"} <= names


def test_table_check_command() -> None:
    code, out = call(
        "table-check",
        {"rules": "club_contest", "n_deals": 12, "totals": {"A": 1000, "B": 944}, "belotes": 1},
    )
    assert code == 0 and out["consistent"] is False and out["likely_missing"] == "belote"


@pytest.mark.parametrize(
    ("command", "payload", "code"),
    [
        ("score", "{not json", "cli.invalid_json"),
        ("score", "", "cli.invalid_json"),
        ("score", "[1]", "deal.not_an_object"),
        ("score", {"rules": "nope", "deal": {}}, "rules.unknown_preset"),
        ("score", {"rules": {"capot_value": 1}, "deal": {}}, "rules.invalid_value"),
        ("score", {"rules": {"colour": 1}, "deal": {}}, "rules.unknown_option"),
        (
            "score",
            {"rules": "ffb_classic_2016", "deal": {"taker": "C", "points": {"A": 1}}},
            "deal.invalid_value",
        ),
        (
            "score",
            {"rules": "ffb_classic_2016", "deal": {"taker": "A", "pts": 1}},
            "deal.unknown_field",
        ),
        (
            "score",
            {"rules": "ffb_classic_2016", "deal": {"taker": "A", "points": {"A": 200}}},
            "deal.points_out_of_range",
        ),
        (
            "score",
            {"rules": "ffb_classic_2016", "deal": {"taker": "A", "points": {"A": "90"}}},
            "deal.invalid_value",
        ),
        (
            "score",
            {"rules": "ffb_classic_2016", "deal": {"taker": "A", "points": {"A": 90}, "contre": 1}},
            "deal.contre_in_classic",
        ),
        (
            "score",
            {"rules": "ffb_contree_2016", "deal": {"taker": "A", "points": {"A": 90}, "bid": 95}},
            "deal.bid_out_of_range",
        ),
        (
            "score",
            {
                "rules": "ffb_contree_2016",
                "deal": {"taker": "A", "points": {"A": 90}, "bid": 90, "surcontre": True},
            },
            "deal.surcontre_without_contre",
        ),
        (
            "score",
            {
                "rules": "ffb_classic_2016",
                "deal": {"taker": "A", "points": {"A": 90}},
                "carry_in": -1,
            },
            "deal.invalid_carry_in",
        ),
        ("game", {"rules": "ffb_classic_2016"}, "game.not_an_object"),
        ("dance", {}, "cli.unknown_command"),
    ],
)
def test_bad_input_exits_2_with_a_coded_error(command: str, payload: object, code: str) -> None:
    exit_code, out = call(command, payload)  # type: ignore[arg-type]
    assert exit_code == 2
    assert out["error"]["code"] == code and code in error_codes()
    assert isinstance(out["error"]["message"], str)


def test_real_process_never_prints_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "score"],
        input="{oops",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"]["code"] == "cli.invalid_json"
    assert "Traceback" not in proc.stderr + proc.stdout
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "score"],
        input=json.dumps(
            {"rules": "ffb_classic_2016", "deal": {"taker": "A", "points": {"A": 100}}}
        ),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["scores"] == {"A": 100, "B": 62}


def test_engine_does_not_import_django() -> None:
    code = "import sys, engine.belote.cli, engine.belote.game; print(any(m.startswith('django') for m in sys.modules))"
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert proc.stdout.strip() == "False"
