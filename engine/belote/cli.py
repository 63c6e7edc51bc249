"""Belote's commands on the engine's command line: JSON in, JSON out, coded errors.

This module owns belote's commands (``python -m engine score|game|table-check``, the same
under ``python -m engine belote …``; ``presets`` and ``options`` print the game's declaration) and the JSON writing of scores
(``score_to_json``); the reading of deals is ``engine.belote.deal_json`` (``deal_from_json``,
re-exported here). ``score_deal_json`` and ``fold_game_json`` are the score and game commands
once the rules are read: ``engine.belote.interface`` offers them to the engine's game interface. The
shared command line (``engine.cli``) dispatches, prints and maps errors to exit codes;
docs/engine.md documents every field with examples.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.belote.deal import DealScore, Team, score_deal
from engine.belote.deal_json import (
    bad_value,
    check_deal_fields,
    check_scores,
    deal_from_json,
    read_bool,
)
from engine.belote.errors import EngineError
from engine.belote.game import GameState, final_score, start_state, table_check
from engine.belote.rules import Ruleset, ruleset_from_json

__all__ = [
    "check_deal_fields",
    "check_scores",
    "cmd_game",
    "cmd_score",
    "cmd_table_check",
    "deal_from_json",
    "fold_game_json",
    "score_deal_json",
    "score_to_json",
]


def score_to_json(score: DealScore) -> dict[str, Any]:
    """The JSON object of a deal's score (see docs/engine.md)."""
    collected_by, collected = score.reserve_collected
    return {
        "scores": {"A": score.score_a, "B": score.score_b},
        "outcome": score.outcome.value,
        "contract_made": score.contract_made,
        "carry_in": score.carry_in,
        "carry_out": score.carry_out,
        "reserve_collected": (
            {"team": collected_by.value, "points": collected} if collected_by else None
        ),
        "breakdown": {
            team.value: [
                {"code": ln.code, "points": ln.points, "label": ln.label}
                for ln in score.breakdown
                if ln.team is team
            ]
            for team in (Team.A, Team.B)
        },
    }


def _rules(data: Mapping[str, Any]) -> Ruleset:
    if "rules" not in data:
        raise EngineError("rules.not_an_object", "the input needs a 'rules' key", {})
    return ruleset_from_json(data["rules"])


def _check_keys(data: Mapping[str, Any], allowed: set[str], code: str) -> None:
    unknown = set(data) - allowed
    if unknown:
        raise EngineError(code, "unknown input key", {"field": sorted(map(str, unknown))[0]})


def cmd_score(data: object) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise EngineError("deal.not_an_object", "the input must be an object", {})
    _check_keys(data, {"rules", "deal", "carry_in", "last_deal"}, "deal.unknown_field")
    return score_deal_json(_rules(data), _without_rules(data))


def _without_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "rules"}


def score_deal_json(rules: Ruleset, data: object) -> dict[str, Any]:
    """One deal's score: ``{"deal": {...}, "carry_in": 0, "last_deal": false}`` under ``rules``."""
    if not isinstance(data, Mapping):
        raise EngineError("deal.not_an_object", "the input must be an object", {})
    _check_keys(data, {"deal", "carry_in", "last_deal"}, "deal.unknown_field")
    raw = data.get("deal")
    deal = deal_from_json(raw)
    assert isinstance(raw, Mapping)  # deal_from_json refuses anything else
    carry_in = data.get("carry_in", 0)
    if type(carry_in) is not int or carry_in < 0:
        raise EngineError("deal.invalid_carry_in", "carry_in must be an int >= 0", {})
    last = read_bool(data, "last_deal", False)
    if "last" in raw:  # the deal's own "last" means the same; both must agree
        if read_bool(raw, "last", False) != last and "last_deal" in data:
            raise bad_value("last", raw["last"], "the same as last_deal")
        last = read_bool(raw, "last", False)
    check_deal_fields(raw, deal, rules)
    score = score_deal(rules, deal, carry_in, last_deal=last)
    check_scores(raw, score)
    return score_to_json(score)


def _start(rules: Ruleset, data: Mapping[str, Any]) -> GameState:
    """The game's starting state: ``"start": {"A": n, "B": n, "reserve": n, "deals_counted": n}``."""
    raw = data.get("start")
    if raw is None:
        return GameState(rules)
    if not isinstance(raw, Mapping):
        raise EngineError("game.invalid_start", "start must be an object", {"field": "start"})
    unknown = sorted(str(k) for k in set(raw) - {"A", "B", "reserve", "deals_counted"})
    if unknown:
        raise EngineError("game.invalid_start", "unknown start field", {"field": unknown[0]})
    return start_state(
        rules, raw.get("A", 0), raw.get("B", 0), raw.get("reserve", 0), raw.get("deals_counted", 0)
    )


def _time_up_index(data: Mapping[str, Any], n_deals: int) -> int | None:
    """``"time_up": i``: time is called once deal i is entered (-1: before the first)."""
    value = data.get("time_up")
    if value is None:
        return None
    if type(value) is not int or not -1 <= value < n_deals:
        raise EngineError(
            "game.invalid_time_up",
            "time_up is the index of a deal (or -1: before the first deal)",
            {"field": "time_up"},
        )
    return value


def cmd_game(data: object) -> dict[str, Any]:
    if not isinstance(data, Mapping) or not isinstance(data.get("deals"), list):
        raise EngineError("game.not_an_object", "the input needs a 'deals' list", {})
    _check_keys(data, {"rules", "deals", "start", "time_up"}, "game.not_an_object")
    return fold_game_json(_rules(data), _without_rules(data))


def fold_game_json(rules: Ruleset, data: object) -> dict[str, Any]:
    """A game: ``{"deals": [...], "start": {...}, "time_up": i}`` folded under ``rules``."""
    if not isinstance(data, Mapping) or not isinstance(data.get("deals"), list):
        raise EngineError("game.not_an_object", "the input needs a 'deals' list", {})
    _check_keys(data, {"deals", "start", "time_up"}, "game.not_an_object")
    state = _start(rules, data)
    raw_deals: Sequence[Any] = data["deals"]
    time_up = _time_up_index(data, len(raw_deals))
    if time_up == -1:
        state = state.call_time()
    for i, raw in enumerate(raw_deals):
        try:
            state = _apply(state, raw, rules)
        except EngineError as exc:
            exc.params.setdefault("deal_index", i)
            raise
        if i == time_up and not state.game_over:
            state = state.call_time()
    return _game_to_json(state)


def _apply(state: GameState, raw: object, rules: Ruleset) -> GameState:
    deal = deal_from_json(raw)
    assert isinstance(raw, Mapping)  # deal_from_json refuses anything else
    check_deal_fields(raw, deal, rules)
    state = state.apply(deal, last_deal=read_bool(raw, "last", False))
    check_scores(raw, state.entries[-1].score)
    return state


def _game_to_json(state: GameState) -> dict[str, Any]:
    final = final_score(state) if state.game_over else None
    return {
        "deals": [
            {
                "index": e.index,
                "scores": {"A": e.score.score_a, "B": e.score.score_b},
                "outcome": e.score.outcome.value,
                "contract_made": e.score.contract_made,
                "totals": {"A": e.total_a, "B": e.total_b},
                "reserve": e.reserve,
                "counted": e.counted,
            }
            for e in state.entries
        ],
        "totals": {"A": state.total_a, "B": state.total_b},
        "reserve": state.reserve,
        "deals_counted": state.deals_counted,
        "game_over": state.game_over,
        "winner": state.winner.value if state.winner else None,
        "ended_at": state.ended_at,
        "deals_left": state.deals_left,
        "final": {"A": final.score_a, "B": final.score_b} if final else None,
    }


def cmd_table_check(data: object) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise EngineError("game.not_an_object", "the input must be an object", {})
    _check_keys(data, {"rules", "n_deals", "totals", "belotes", "capots"}, "game.not_an_object")
    rules = _rules(data)
    totals = data.get("totals")
    if not isinstance(totals, Mapping):
        raise EngineError("game.invalid_totals", "totals must be {'A': n, 'B': n}", {})
    check = table_check(
        rules,
        data.get("n_deals"),  # type: ignore[arg-type]  # checked by table_check
        totals.get("A"),  # type: ignore[arg-type]
        totals.get("B"),  # type: ignore[arg-type]
        data.get("belotes"),
        data.get("capots"),
    )
    return {
        "consistent": check.consistent,
        "actual_total": check.actual_total,
        "expected_total": check.expected_total,
        "difference": check.difference,
        "belotes": check.belotes,
        "capots": check.capots,
        "likely_missing": check.likely_missing,
    }
