"""Rami's commands on the engine's command line: JSON in, JSON out, coded errors.

This module owns ``python -m engine rami score|game|table-check`` (``presets`` and ``options``
print the game's declaration) and the JSON
writing of a deal's score and of a game (``score_to_json``, ``game_to_json``).
``score_deal_json`` and ``fold_game_json`` are the score and game commands once the rules are
read: ``engine.rami.interface`` offers them to the engine's game interface. Deals are read by
``engine.rami.deal_json``; the shared command line (``engine.cli``) dispatches, prints and
maps errors to exit codes. docs/engine.md documents every field with examples.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rami.deal import DealScore, score_deal
from engine.rami.deal_json import (
    check_keys,
    check_written,
    deal_from_json,
    players_from_json,
)
from engine.rami.errors import EngineError
from engine.rami.game import GameState, new_game
from engine.rami.presets import rules_from_json
from engine.rami.rules import RamiRules
from engine.rami.sheet import check_sheet

__all__ = [
    "cmd_game",
    "cmd_score",
    "cmd_table_check",
    "fold_game_json",
    "game_to_json",
    "score_deal_json",
    "score_to_json",
]


def score_to_json(score: DealScore) -> dict[str, Any]:
    """A deal's score as JSON, by player name (see docs/engine.md)."""
    names = score.players
    return {
        "scores": dict(zip(names, score.scores, strict=True)),
        "penalties": dict(zip(names, score.penalties, strict=True)),
        "winner": score.winner_name,
        "rami": score.rami,
        "stock_out": score.stock_out,
        "breakdown": {
            name: [{"code": ln.code, "points": ln.points, "label": ln.label} for ln in lines]
            for name, lines in zip(names, score.breakdown(), strict=True)
        },
    }


def _rules(data: Mapping[str, Any]) -> RamiRules:
    if "rules" not in data:
        raise EngineError("rami.invalid_input", "the input needs its rules", {"field": "rules"})
    return rules_from_json(data["rules"])


def _without_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "rules"}


def cmd_score(data: object) -> dict[str, Any]:
    raw = check_keys(data, {"rules", "deal"}, "input")
    return score_deal_json(_rules(raw), _without_rules(raw))


def score_deal_json(rules: RamiRules, data: object) -> dict[str, Any]:
    """One deal's score: ``{"deal": {...}}`` under ``rules``."""
    raw = check_keys(data, {"deal"}, "input")
    deal = deal_from_json(raw.get("deal"))
    score = score_deal(rules, deal)
    check_written(raw["deal"], score)
    return score_to_json(score)


def cmd_game(data: object) -> dict[str, Any]:
    raw = check_keys(data, {"rules", "players", "deals", "start"}, "input")
    return fold_game_json(_rules(raw), _without_rules(raw))


def fold_game_json(rules: RamiRules, data: object) -> dict[str, Any]:
    """A game: ``{"players": [...], "deals": [...], "start": {...}}`` folded under ``rules``."""
    raw = check_keys(data, {"players", "deals", "start"}, "input")
    deals = raw.get("deals")
    if not isinstance(deals, list):
        raise EngineError("rami.invalid_input", "deals must be a list", {"field": "deals"})
    state = _start(rules, raw, deals)
    for index, item in enumerate(deals):
        field = f"deals[{index}]"
        try:
            deal = deal_from_json(_without_totals(item, field), field)
            state = state.apply(deal)
            check_written(item, state.entries[-1].score, field)
            _check_totals(item, state, field)
        except EngineError as exc:
            exc.params.setdefault("deal_index", index)
            raise
    return game_to_json(state)


def _without_totals(item: object, field: str) -> Mapping[str, Any]:
    raw = check_keys(item, {"players", "rami", "stock_out", "scores", "totals"}, field)
    return {k: v for k, v in raw.items() if k != "totals"}


def _check_totals(item: Mapping[str, Any], state: GameState, field: str) -> None:
    """The running totals as the sheet writes them after this deal, if given."""
    written = item.get("totals")
    if written is None:
        return
    totals = dict(zip(state.players, state.totals, strict=True))
    if not isinstance(written, Mapping) or any(
        p not in totals or type(v) is not int for p, v in written.items()
    ):
        raise EngineError(
            "rami.invalid_input",
            "totals are {player: whole number} for the game's players",
            {"field": f"{field}.totals"},
        )
    for player, value in written.items():
        if value != totals[player]:
            raise EngineError(
                "rami.total_mismatch",
                f"{player}'s total is {totals[player]}, not {value}",
                {"player": player, "written": value, "expected": totals[player]},
            )


def _start(rules: RamiRules, raw: Mapping[str, Any], deals: list[Any]) -> GameState:
    """The game's seats (``players``, else the first deal's) and its ``start``, if any."""
    if "players" in raw:
        players = players_from_json(raw["players"])
    elif deals and isinstance(deals[0], Mapping) and isinstance(deals[0].get("players"), Mapping):
        players = tuple(str(p) for p in deals[0]["players"])
    else:
        raise EngineError("rami.invalid_input", "the game needs its players", {"field": "players"})
    start = raw.get("start")
    if start is None:
        return new_game(rules, players)
    start = check_keys(start, {"totals", "deals_played"}, "start")
    totals = start.get("totals", {})
    if not isinstance(totals, Mapping) or set(totals) - set(players):
        raise EngineError(
            "rami.invalid_start",
            "start totals are {player: whole number} for the game's players",
            {"field": "totals", "value": totals},
        )
    return new_game(
        rules, players, [totals.get(p, 0) for p in players], start.get("deals_played", 0)
    )


def game_to_json(state: GameState) -> dict[str, Any]:
    """A game as JSON, by player name (see docs/engine.md)."""
    names = state.players

    def by_name(values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(names, values, strict=True))

    return {
        "players": list(names),
        "deals": [
            {
                "index": e.index,
                "scores": by_name(e.score.scores),
                "winner": e.score.winner_name,
                "rami": e.score.rami,
                "stock_out": e.score.stock_out,
                "totals": by_name(e.totals),
            }
            for e in state.entries
        ],
        "totals": by_name(state.totals),
        "deals_played": state.deals_played,
        "deals_left": state.deals_left,
        "game_over": state.game_over,
        "ended_by": state.ended_by,
        "ended_at": state.ended_at,
        "reached_limit": list(state.reached_limit),
        "winners": list(state.winners),
        "ranking": [
            {"player": s.player, "total": s.total, "rank": s.rank} for s in state.ranking()
        ],
    }


def cmd_table_check(data: object) -> dict[str, Any]:
    raw = check_keys(data, {"rules", "players", "deals", "totals"}, "input")
    return check_sheet(_rules(raw), _without_rules(raw))
