"""Tarot's commands on the engine's command line: JSON in, JSON out, coded errors.

This module owns ``python -m engine tarot score|game|table-check`` (``presets`` and
``options`` print the game's declaration) and the
JSON writing of a deal's score (``score_to_json``: each player's marque, the breakdown lines
and the whole sum in one sentence). ``score_deal_json`` and ``fold_game_json`` are the score
and game commands once the rules are read: ``engine.tarot.interface`` offers them to the
engine's game interface. The reading of tables and deals is ``engine.tarot.deal_json``'s; the shared
command line (``engine.cli``) dispatches, prints and maps errors to exit codes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.tarot.deal import DealScore, score_deal
from engine.tarot.deal_json import check_keys, deal_from_json, players_from_json, read_scores
from engine.tarot.errors import EngineError
from engine.tarot.explain import explain, sentence
from engine.tarot.game import TarotGame, start_game, table_check
from engine.tarot.rules import Ruleset, ruleset_from_json

__all__ = [
    "cmd_game",
    "cmd_score",
    "cmd_table_check",
    "fold_game_json",
    "score_deal_json",
    "score_to_json",
]


def _object(data: object, field: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise EngineError("tarot.not_an_object", f"{field} must be a JSON object", {"field": field})
    return data


def _rules(data: Mapping[str, Any]) -> Ruleset:
    if "rules" not in data:
        raise EngineError("tarot.rules_not_an_object", "the input needs a 'rules' key", {})
    return ruleset_from_json(data["rules"])


def _without_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "rules"}


# The facts of a played deal, null on a passed one.
_FACTS = ("contract", "multiplier", "points", "bouts", "needed", "made", "margin")


def score_to_json(rules: Ruleset, score: DealScore, names: Sequence[str]) -> dict[str, Any]:
    """The JSON object of a deal's score (docs/engine.md, "Tarot")."""
    d = score.deal
    lines = explain(rules, d, names)
    roles = [r.value for r in score.roles()] if not d.passed else ["passed"] * d.players
    facts: dict[str, Any] = dict.fromkeys(_FACTS)
    if not d.passed:
        facts.update(
            contract=d.contract.value,
            multiplier=rules.derived.multipliers[d.contract],
            points=d.halves / 2 if d.halves & 1 else d.halves // 2,
            bouts=d.bouts,
            needed=score.needed,
            made=score.made,
            margin=score.margin,
        )
    return {
        "passed": d.passed,
        **facts,
        "value": score.value,
        "roles": dict(zip(names, roles, strict=True)),
        "scores": dict(zip(names, score.scores, strict=True)),
        "breakdown": [
            {"code": ln.code, "points": ln.points, "label": ln.label}
            | ({"player": names[ln.seat]} if ln.seat is not None else {})
            for ln in lines
        ],
        "explanation": sentence(lines, score.value, score.scores, roles, names),
    }


def _check_written(raw: Mapping[str, Any], score: DealScore, names: Sequence[str]) -> None:
    """A deal's ``"scores"`` as written on the sheet: adding up to zero, and the engine's."""
    if "scores" not in raw:
        return
    written = read_scores(raw["scores"], "scores", names)
    if sum(written) != 0:
        raise EngineError("tarot.scores_not_zero", "written scores", {"sum": sum(written)})
    if written != score.scores:
        raise EngineError(
            "tarot.score_mismatch",
            "the written scores differ from the engine's",
            {
                "written": dict(zip(names, written, strict=True)),
                "expected": dict(zip(names, score.scores, strict=True)),
            },
        )


def cmd_score(data: object) -> dict[str, Any]:
    data = _object(data, "input")
    check_keys(data, {"rules", "players", "deal"})
    return score_deal_json(_rules(data), _without_rules(data))


def score_deal_json(rules: Ruleset, data: object) -> dict[str, Any]:
    """One deal's score: ``{"players": [...], "deal": {...}}`` under ``rules``."""
    data = _object(data, "input")
    check_keys(data, {"players", "deal"})
    names = players_from_json(data.get("players"))
    raw = data.get("deal")
    deal = deal_from_json(raw, names, rules)
    assert isinstance(raw, Mapping)  # deal_from_json refuses anything else
    score = score_deal(rules, deal)
    _check_written(raw, score, names)
    return score_to_json(rules, score, names)


def cmd_game(data: object) -> dict[str, Any]:
    data = _object(data, "input")
    check_keys(data, {"rules", "players", "deals", "start"})
    return fold_game_json(_rules(data), _without_rules(data))


def _start(rules: Ruleset, data: Mapping[str, Any], names: Sequence[str]) -> TarotGame:
    """``"start": {"totals": {"N": n, ...}, "deals_counted": n}``: a sheet taken up."""
    raw = data.get("start")
    if raw is None:
        return start_game(rules, len(names))
    raw = _object(raw, "start")
    check_keys(raw, {"totals", "deals_counted"})
    totals = read_scores(raw["totals"], "start", names) if "totals" in raw else None
    return start_game(rules, len(names), totals, raw.get("deals_counted", 0))


def fold_game_json(rules: Ruleset, data: object) -> dict[str, Any]:
    """A game: ``{"players": [...], "deals": [...], "start": {...}}`` folded under ``rules``."""
    data = _object(data, "input")
    check_keys(data, {"players", "deals", "start"})
    names = players_from_json(data.get("players"))
    raws = data.get("deals")
    if not isinstance(raws, list):
        raise EngineError(
            "tarot.not_an_object", "the input needs a 'deals' list", {"field": "deals"}
        )
    game = _start(rules, data, names)
    for i, raw in enumerate(raws):
        try:
            game = game.apply(deal_from_json(raw, names, rules))
            _check_written(raw, game.scores[-1], names)
        except EngineError as exc:
            exc.params.setdefault("deal_index", i)
            raise
    return _game_to_json(game, names)


def _game_to_json(game: TarotGame, names: Sequence[str]) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    running = list(game.start)
    for i, score in enumerate(game.scores):
        running = [t + s for t, s in zip(running, score.scores, strict=True)]
        rows.append(
            {
                "index": i,
                "passed": score.deal.passed,
                "made": score.made,
                "value": score.value,
                "scores": dict(zip(names, score.scores, strict=True)),
                "totals": dict(zip(names, running, strict=True)),
            }
        )
    check = table_check(game.totals)
    return {
        "deals": rows,
        "totals": dict(zip(names, game.totals, strict=True)),
        "sum": check.total,
        "balanced": check.consistent,
        "deals_counted": game.deals_counted,
        "game_over": game.over,
        "ended_at": game.ended_at,
        "winners": [names[seat] for seat in game.winners],
    }


def cmd_table_check(data: object) -> dict[str, Any]:
    """``{"players", "bilans", "rules"?, "deals"?}``: the bilans add up to zero, and (with the
    deals and their rules) each is the engine's."""
    data = _object(data, "input")
    check_keys(data, {"rules", "players", "bilans", "deals", "start"})
    names = players_from_json(data.get("players"))
    if "bilans" not in data:
        raise EngineError("tarot.missing_field", "the bilans to check", {"field": "bilans"})
    bilans = read_scores(data["bilans"], "bilans", names)
    if "rules" in data:  # read (and refused if bad) even when no deal needs them
        _rules(data)
    expected = None
    if "deals" in data:
        folded = fold_game_json(
            _rules(data), _without_rules({k: v for k, v in data.items() if k != "bilans"})
        )
        expected = tuple(folded["totals"][name] for name in names)
    check = table_check(bilans, expected)
    return {
        "consistent": check.consistent,
        "sum": check.total,
        "expected": None if expected is None else dict(zip(names, expected, strict=True)),
        "differences": None
        if check.differences is None
        else dict(zip(names, check.differences, strict=True)),
    }
