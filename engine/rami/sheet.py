"""The check of a paper rami score sheet: its columns add up, and no line is impossible.

This module owns ``check_sheet`` (``python -m engine rami table-check``). A rami sheet has no
fixed sum per deal (belote's 162, tarot's zero): what it allows checking is that each
player's written total is the sum of his column, and that each line could come from a deal
under the rules. A line is flagged, never refused, when it surely cannot: two players out
(two zeros, or two scorers under the positive count), nobody out where an empty stock does not
end a deal, or a score no deal can give (below 2 or above the largest hand, or doubled / plus
10 after a rami for every other player at once). The engine does not guess which line is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rami.deal import check_players
from engine.rami.deal_json import check_keys, players_from_json
from engine.rami.errors import EngineError
from engine.rami.rules import RamiRules

__all__ = ["check_sheet"]

Row = tuple[str, list[str]]  # a line's reason and the players it names


def check_sheet(rules: RamiRules, data: object) -> dict[str, Any]:
    """``{"players": [...], "deals": [{player: score}...], "totals": {player: n}}`` checked."""
    raw = check_keys(data, {"players", "deals", "totals"}, "input")
    rows = raw.get("deals")
    if not isinstance(rows, list) or not rows:
        raise EngineError(
            "rami.invalid_input", "deals is a list of {player: score}", {"field": "deals"}
        )
    if "players" in raw:
        players = players_from_json(raw["players"])
    else:
        players = tuple(str(p) for p in rows[0]) if isinstance(rows[0], Mapping) else ()
    check_players(players)
    expected = dict.fromkeys(players, 0)
    problems = []
    for index, row in enumerate(rows):
        values = _row(players, row, index)
        for player, value in zip(players, values, strict=True):
            expected[player] += value
        problem = _problem(rules, players, values)
        if problem:
            problems.append({"index": index, "reason": problem[0], "players": problem[1]})
    differences = _differences(raw.get("totals"), expected)
    return {
        "consistent": not differences and not problems,
        "expected_totals": expected,
        "differences": differences,
        "rows": problems,
    }


def _row(players: tuple[str, ...], row: object, index: int) -> tuple[int, ...]:
    field = f"deals[{index}]"
    if not isinstance(row, Mapping) or set(row) != set(players):
        given = set(row) if isinstance(row, Mapping) else set()
        raise EngineError(
            "rami.players_mismatch",
            "each line gives a score for every player of the sheet",
            {
                "deal_index": index,
                "missing": [p for p in players if p not in given],
                "unknown": sorted(str(p) for p in given - set(players)),
            },
        )
    for player in players:
        if type(row[player]) is not int or row[player] < 0:
            raise EngineError(
                "rami.invalid_input",
                "a score is a whole number >= 0",
                {"field": f"{field}.{player}"},
            )
    return tuple(row[p] for p in players)


def _differences(written: object, expected: Mapping[str, int]) -> dict[str, int]:
    """Written total minus the column's sum, for each player whose total is written wrong."""
    if written is None:
        return {}
    if not isinstance(written, Mapping) or any(
        p not in expected or type(v) is not int for p, v in written.items()
    ):
        raise EngineError(
            "rami.invalid_input",
            "totals are {player: whole number} for the sheet's players",
            {"field": "totals"},
        )
    return {p: v - expected[p] for p, v in written.items() if v != expected[p]}


def _problem(rules: RamiRules, players: tuple[str, ...], values: tuple[int, ...]) -> Row | None:
    if rules.derived.positive:
        return _positive_problem(rules, players, values)
    top = rules.derived.max_penalty[len(players)]
    out = [p for p, v in zip(players, values, strict=True) if v == 0]
    if len(out) > 1:
        return "two_winners", out
    if not out and not rules.derived.stock_out_ends_deal:
        return "no_winner", []
    losers = [(p, v) for p, v in zip(players, values, strict=True) if v]
    plain = [p for p, v in losers if not 2 <= v <= top]
    if not plain:
        return None
    if out and all(_rami_fits(rules, v, 1, top) for _, v in losers):
        return None  # a rami: every other player's hand doubled (or + 10)
    return "impossible_scores", plain


def _positive_problem(
    rules: RamiRules, players: tuple[str, ...], values: tuple[int, ...]
) -> Row | None:
    scorers = [p for p, v in zip(players, values, strict=True) if v]
    if len(scorers) > 1:
        return "two_winners", scorers
    if not scorers:
        return None if rules.derived.stock_out_ends_deal else ("no_winner", [])
    others = len(players) - 1
    top = rules.derived.max_penalty[len(players)]
    won = max(values)
    if 2 * others <= won <= others * top or _rami_fits(rules, won, others, top):
        return None
    return "impossible_scores", scorers


def _rami_fits(rules: RamiRules, value: int, hands: int, top: int) -> bool:
    """``value`` is ``hands`` hands' values (each 2..``top``) after a rami's bonus."""
    if rules.derived.double:
        return value % 2 == 0 and 2 * hands <= value // 2 <= hands * top
    return 2 * hands <= value - rules.derived.rami_add * hands <= hands * top
