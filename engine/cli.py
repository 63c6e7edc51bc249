"""The engine's command line: JSON in on stdin, JSON out on stdout.

This module owns the engine's stable public interface for other programs and the JSON
reading of deals (``deal_from_json``) and writing of scores (``score_to_json``):

    python -m engine score    {"rules": ..., "deal": {...}, "carry_in": 0, "last_deal": false}
    python -m engine game     {"rules": ..., "deals": [{...}, ...]}
    python -m engine presets  (no input)
    python -m engine options  (no input)

Errors never print a traceback: bad JSON or an invalid deal exits with code 2 and prints
``{"error": {"code": ..., "message": ..., "params": {...}}}``; an engine bug exits with 1 and
the code ``cli.internal_error``. docs/engine.md documents every field with examples.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from engine.cards import Rank, Suit, Trump
from engine.deal import (
    Announcement,
    AnnouncementKind,
    Contract,
    Deal,
    DealKind,
    DealScore,
    Team,
    score_deal,
)
from engine.errors import EngineError
from engine.game import GameState, table_check
from engine.rules import OPTIONS, PRESETS, Ruleset, ruleset_from_json

__all__ = ["deal_from_json", "main", "score_to_json"]

_RANKS: dict[str, Rank] = {r.value: r for r in Rank}
_RANKS.update(
    {
        "7": Rank.SEVEN,
        "8": Rank.EIGHT,
        "9": Rank.NINE,
        "10": Rank.TEN,
        "J": Rank.JACK,
        "Q": Rank.QUEEN,
        "K": Rank.KING,
        "A": Rank.ACE,
        "V": Rank.JACK,
        "D": Rank.QUEEN,
        "R": Rank.KING,
    }
)
_TRUMPS: dict[str, Trump] = {t.value: t for t in Trump}
_TRUMPS.update({"SA": Trump.SANS_ATOUT, "TA": Trump.TOUT_ATOUT})

_DEAL_FIELDS = frozenset(
    {
        "kind",
        "void",
        "taker",
        "trump",
        "points",
        "taker_points",
        "defense_points",
        "capot",
        "belote",
        "dix_de_der",
        "announcements",
        "announcement_priority",
        "bid",
        "contre",
        "surcontre",
        "solo_capot",
        "penalised",
        "last",
    }
)


def _bad(field: str, value: object, expected: str) -> EngineError:
    return EngineError(
        "deal.invalid_value",
        f"{field} must be {expected}",
        {"field": field, "value": value if isinstance(value, str | int | bool) else repr(value)},
    )


def _team(data: Mapping[str, Any], key: str) -> Team | None:
    v = data.get(key)
    if v is None:
        return None
    if v == "A":
        return Team.A
    if v == "B":
        return Team.B
    raise _bad(key, v, '"A", "B" or null')


def _int(value: object, field: str) -> int:
    if type(value) is not int:
        raise _bad(field, value, "a whole number")
    return value


def _announcement(item: object, i: int) -> Announcement:
    field = f"announcements[{i}]"
    if not isinstance(item, Mapping):
        raise _bad(field, item, "an object")
    unknown = set(item) - {"team", "kind", "suit", "rank", "top", "length"}
    if unknown:
        raise EngineError(
            "deal.unknown_field", "unknown announcement field", {"field": sorted(unknown)[0]}
        )
    team = _team(item, "team")
    if team is None:
        raise _bad(f"{field}.team", item.get("team"), '"A" or "B"')
    try:
        kind = AnnouncementKind(str(item.get("kind")))
    except ValueError:
        raise _bad(f"{field}.kind", item.get("kind"), "tierce, quarte, quinte or carre") from None
    rank_raw = item.get("rank", item.get("top"))
    rank = _RANKS.get(rank_raw) if isinstance(rank_raw, str) else None
    if rank is None and isinstance(rank_raw, int) and str(rank_raw) in _RANKS:
        rank = _RANKS[str(rank_raw)]
    if rank is None:
        raise _bad(f"{field}.rank", rank_raw, "a rank (seven ... ace, or 7 8 9 10 J Q K A)")
    suit: Suit | None = None
    if item.get("suit") is not None:
        try:
            suit = Suit(item["suit"])
        except ValueError:
            raise _bad(f"{field}.suit", item["suit"], "hearts, diamonds, clubs or spades") from None
    length = item.get("length")
    if length is not None:
        length = _int(length, f"{field}.length")
    return Announcement(team, kind, rank, suit, length)


def deal_from_json(data: object) -> Deal:
    """Build a ``Deal`` from its JSON object (field names in docs/engine.md)."""
    if not isinstance(data, Mapping):
        raise EngineError("deal.not_an_object", "the deal must be an object", {})
    unknown = set(data) - _DEAL_FIELDS
    if unknown:
        raise EngineError(
            "deal.unknown_field", "unknown deal field", {"field": sorted(map(str, unknown))[0]}
        )
    kind = DealKind.PLAYED
    if data.get("kind") is not None:
        try:
            kind = DealKind(data["kind"])
        except ValueError:
            raise _bad("kind", data["kind"], "played, void or penalty") from None
    if data.get("void") is True:
        kind = DealKind.VOID
    elif data.get("void") not in (None, False):
        raise _bad("void", data["void"], "true or false")
    taker = _team(data, "taker")
    trump: Trump | None = None
    if data.get("trump") is not None:
        t = data["trump"]
        trump = _TRUMPS.get(t) if isinstance(t, str) else None
        if trump is None:
            raise _bad("trump", t, "hearts, diamonds, clubs, spades, sans_atout or tout_atout")
    pa = pb = None
    points = data.get("points")
    if points is not None:
        if not isinstance(points, Mapping) or set(points) - {"A", "B"}:
            raise _bad("points", points, 'an object {"A": n, "B": n} (one side may be left out)')
        if points.get("A") is not None:
            pa = _int(points["A"], "points.A")
        if points.get("B") is not None:
            pb = _int(points["B"], "points.B")
    for key in ("taker_points", "defense_points"):
        if data.get(key) is None:
            continue
        value = _int(data[key], key)
        if taker is None:
            raise EngineError("deal.missing_taker", f"{key} needs the taker", {"field": key})
        side = taker if key == "taker_points" else taker.other
        if (pa if side is Team.A else pb) is not None:
            raise _bad(key, value, "given once (points and taker_points/defense_points clash)")
        if side is Team.A:
            pa = value
        else:
            pb = value
    belote: Team | None = None
    ta_belotes: tuple[int, int] | None = None
    raw_bel = data.get("belote")
    if isinstance(raw_bel, Mapping):
        if set(raw_bel) - {"A", "B"}:
            raise _bad("belote", raw_bel, 'a team, null, or {"A": n, "B": n}')
        ta_belotes = (_int(raw_bel.get("A", 0), "belote.A"), _int(raw_bel.get("B", 0), "belote.B"))
    else:
        belote = _team(data, "belote")
    anns_raw = data.get("announcements") or []
    if not isinstance(anns_raw, list):
        raise _bad("announcements", anns_raw, "a list")
    announcements = tuple(_announcement(a, i) for i, a in enumerate(anns_raw))
    bid: int | None = None
    contract = Contract.POINTS
    raw_bid = data.get("bid")
    if raw_bid == "capot":
        contract = Contract.CAPOT
    elif raw_bid == "generale":
        contract = Contract.GENERALE
    elif raw_bid is not None:
        if type(raw_bid) is not int:
            raise _bad("bid", raw_bid, 'a number, "capot" or "generale"')
        bid = raw_bid
    contre_raw = data.get("contre", False)
    surcontre_raw = data.get("surcontre", False)
    if type(surcontre_raw) is not bool:
        raise _bad("surcontre", surcontre_raw, "true or false")
    if type(contre_raw) is bool:
        contre, surcontre = contre_raw, surcontre_raw
    elif contre_raw in (0, 1, 2) and type(contre_raw) is int:
        contre, surcontre = contre_raw >= 1, contre_raw == 2 or surcontre_raw
    else:
        raise _bad("contre", contre_raw, "0, 1, 2, true or false")
    solo = data.get("solo_capot", True)
    if type(solo) is not bool:
        raise _bad("solo_capot", solo, "true or false")
    return Deal(
        taker=taker,
        trump=trump,
        points_a=pa,
        points_b=pb,
        capot=_team(data, "capot"),
        belote=belote,
        ta_belotes=ta_belotes,
        dix_de_der=_team(data, "dix_de_der"),
        announcements=announcements,
        announcement_priority=_team(data, "announcement_priority"),
        bid=bid,
        contract=contract,
        contre=contre,
        surcontre=surcontre,
        solo_capot=solo,
        kind=kind,
        penalised=_team(data, "penalised"),
    )


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
    rules = _rules(data)
    deal = deal_from_json(data.get("deal"))
    carry_in = data.get("carry_in", 0)
    if type(carry_in) is not int or carry_in < 0:
        raise EngineError("deal.invalid_carry_in", "carry_in must be an int >= 0", {})
    last = data.get("last_deal", False)
    if type(last) is not bool:
        raise _bad("last_deal", last, "true or false")
    return score_to_json(score_deal(rules, deal, carry_in, last_deal=last))


def cmd_game(data: object) -> dict[str, Any]:
    if not isinstance(data, Mapping) or not isinstance(data.get("deals"), list):
        raise EngineError("game.not_an_object", "the input needs a 'deals' list", {})
    _check_keys(data, {"rules", "deals"}, "game.not_an_object")
    rules = _rules(data)
    state = GameState(rules)
    raw_deals: Sequence[Any] = data["deals"]
    for i, raw in enumerate(raw_deals):
        try:
            deal = deal_from_json(raw)
            last = isinstance(raw, Mapping) and raw.get("last") is True
            state = state.apply(deal, last_deal=last)
        except EngineError as exc:
            exc.params.setdefault("deal_index", i)
            raise
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


def cmd_presets() -> dict[str, Any]:
    return {
        "presets": [
            {"name": p.name, "title": p.title, "source": p.source, "rules": p.rules.to_json()}
            for p in PRESETS.values()
        ]
    }


def cmd_options() -> dict[str, Any]:
    return {"options": [spec.to_json() for spec in OPTIONS.values()]}


_USAGE = "usage: python -m engine {score|game|table-check|presets|options} < input.json"


def run(argv: Sequence[str], stdin: TextIO) -> tuple[int, dict[str, Any]]:
    """Run one command; return (exit code, JSON output). Never raises."""
    try:
        if len(argv) != 1:
            raise EngineError("cli.unknown_command", _USAGE, {"argv": list(argv)})
        command = argv[0]
        if command == "presets":
            return 0, cmd_presets()
        if command == "options":
            return 0, cmd_options()
        handlers = {"score": cmd_score, "game": cmd_game, "table-check": cmd_table_check}
        handler = handlers.get(command)
        if handler is None:
            raise EngineError("cli.unknown_command", _USAGE, {"command": command})
        try:
            data = json.loads(stdin.read())
        except (ValueError, UnicodeDecodeError) as exc:
            raise EngineError("cli.invalid_json", f"invalid JSON: {exc}", {}) from None
        return 0, handler(data)
    except EngineError as exc:
        return 2, {"error": exc.to_json()}
    except RecursionError:
        return 2, {
            "error": {
                "code": "cli.invalid_json",
                "message": "input nested too deeply",
                "params": {},
            }
        }
    except Exception as exc:  # a bug: still no traceback on stdout or stderr
        return 1, {
            "error": {
                "code": "cli.internal_error",
                "message": f"{type(exc).__name__}: {exc}",
                "params": {},
            }
        }


def main(argv: Sequence[str] | None = None) -> int:
    code, out = run(sys.argv[1:] if argv is None else argv, sys.stdin)
    sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=2, default=str) + "\n")
    return code
