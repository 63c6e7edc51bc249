"""Every refusal code of tarot, each raised through the command line by the input that earns
it (exit 2, the code and its params), and none of tarot's registered codes left untested."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import error_codes
from engine.tarot.errors import TAROT_ERROR_CODES

from .tarot_helpers import call

T4 = ["N", "E", "S", "W"]
T5 = [*T4, "O"]
OK = {"taker": "N", "contract": "garde", "points": 49, "bouts": 2}


def deal(players: list[str] = T4, rules: object = "fft_2012", **fields: Any) -> dict[str, Any]:
    d = {k: v for k, v in {**OK, **fields}.items() if v is not ...}
    return {"rules": rules, "players": players, "deal": d}


CASES: list[tuple[str, list[str], object, dict[str, object]]] = [
    # Rulesets
    ("tarot.rules_not_an_object", ["score"], {"players": T4, "deal": OK}, {}),
    ("tarot.unknown_preset", ["score"], deal(rules="ffb"), {"preset": "ffb"}),
    ("tarot.unknown_option", ["score"], deal(rules={"chien": 3}), {"option": "chien"}),
    ("tarot.invalid_value", ["score"], deal(rules={"pousse": 1}), {"option": "pousse"}),
    ("tarot.rules_inconsistent", ["score"], deal(rules={"pousse": True}), {}),
    # Shape
    ("tarot.not_an_object", ["score"], deal(deal=None) | {"deal": 3}, {"field": "deal"}),
    ("tarot.unknown_field", ["score"], deal(chien=[]), {"field": "chien"}),
    ("tarot.invalid_field", ["score"], deal(points=40.25), {"field": "points"}),
    ("tarot.invalid_field", ["score"], deal(contract="guard"), {"field": "contract"}),
    ("tarot.invalid_field", ["score"], deal(bouts="2"), {"field": "bouts"}),
    ("tarot.invalid_field", ["score"], deal(points=49, defense_points=40), {"field": "defense_points"}),
    ("tarot.invalid_field", ["score"], deal(poignees=[{"player": "N"}]), {"field": "poignees"}),
    ("tarot.invalid_field", ["score"], deal(passed=True), {"field": "passed"}),
    ("tarot.missing_field", ["score"], deal(bouts=...), {"field": "bouts"}),
    ("tarot.missing_field", ["score"], deal(T5), {"field": "partner"}),
    ("tarot.invalid_players", ["score"], deal(["N", "E", "N"]), {}),
    ("tarot.invalid_players", ["score"], deal(["N", "E"]), {}),
    ("tarot.unknown_player", ["score"], deal(taker="Z"), {"field": "taker", "player": "Z"}),
    # Impossible deals
    ("tarot.points_out_of_range", ["score"], deal(points=92), {"points": 92.0}),
    ("tarot.points_out_of_range", ["score"], deal(points=-1), {"points": -1.0}),
    ("tarot.half_point_at_four", ["score"], deal(points=49.5), {"points": 49.5}),
    ("tarot.bouts_out_of_range", ["score"], deal(bouts=4), {"bouts": 4}),
    ("tarot.points_bouts_mismatch", ["score"], deal(points=8, bouts=2), {"low": 9.0}),
    ("tarot.contract_not_allowed", ["score"], deal(contract="pousse"), {"contract": "pousse"}),
    ("tarot.partner_not_allowed", ["score"], deal(partner="S"), {"players": 4}),
    ("tarot.mort_not_allowed", ["score"], deal(T5, partner=None, mort="O"), {"players": 5}),
    ("tarot.mort_plays", ["score"], deal(T5, {"five_players": "mort"}, mort="N"), {"field": "taker"}),
    ("tarot.poignee_twice", ["score"], deal(poignees=[{"player": "E", "kind": "simple"}] * 2), {"player": 1}),
    ("tarot.poignee_impossible", ["score"], deal(poignees=[{"player": "E", "kind": "triple"}, {"player": "S", "kind": "double"}]), {"trumps": 28}),
    ("tarot.petit_au_bout_impossible", ["score"], deal(points=60, bouts=0, petit_au_bout="taker"), {"reason": "taker_has_no_bout"}),
    ("tarot.petit_au_bout_impossible", ["score"], deal(points=80, bouts=3, petit_au_bout="defense"), {"reason": "taker_has_every_bout"}),
    ("tarot.chelem_impossible", ["score"], deal(chelem="taker"), {"chelem": "taker", "reason": "points"}),
    ("tarot.miseres_off", ["score"], deal(miseres=[{"player": "E", "kind": "atout"}]), {}),
    ("tarot.misere_impossible", ["score"], deal(rules="seed_002", miseres=[{"player": "E", "kind": "tete"}] * 2), {"player": 1}),
    ("tarot.scores_not_zero", ["score"], deal(scores={"N": 198, "E": -66, "S": -66, "W": -65}), {"sum": 1}),
    ("tarot.score_mismatch", ["score"], deal(scores={"N": 195, "E": -65, "S": -65, "W": -65}), {}),
    # Games
    ("tarot.game_over", ["game"], {"rules": {"game_end": "deals", "deals_per_game": 1}, "players": T4, "deals": [OK, OK]}, {"deal_index": 1}),
    ("tarot.invalid_start", ["game"], {"rules": "fft_2012", "players": T4, "deals": [], "start": {"totals": dict.fromkeys(T4, 5)}}, {"field": "totals"}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("code", "command", "payload", "params"),
    CASES,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)],
)
def test_each_refusal_exits_2_with_its_code(
    code: str, command: list[str], payload: object, params: dict[str, object]
) -> None:
    exit_code, out = call(["tarot", *command], payload)
    assert exit_code == 2, out
    assert out["error"]["code"] == code, out
    assert params.items() <= out["error"]["params"].items(), out


def test_every_tarot_code_is_exercised_and_registered_under_tarot() -> None:
    assert {case[0] for case in CASES} == set(TAROT_ERROR_CODES)
    assert set(error_codes("tarot")) == set(TAROT_ERROR_CODES)
    assert all(code.startswith("tarot.") and code.count(".") == 1 for code in TAROT_ERROR_CODES)
