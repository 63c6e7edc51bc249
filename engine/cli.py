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
from engine.game import GameState, final_score, start_state, table_check
from engine.rules import OPTIONS, PRESETS, Ruleset, ruleset_from_json

__all__ = ["check_deal_fields", "check_scores", "deal_from_json", "main", "score_to_json"]

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

# Every deal field the command line reads, and the only ones it accepts (docs/engine.md).
_DEAL_FIELDS = frozenset(
    {
        "kind",
        "void",
        "taker",
        "trump",
        "points",
        "taker_points",
        "defense_points",
        "tricks",
        "capot",
        "belote",
        "dix_de_der",
        "announcements",
        "announcement_priority",
        "bid",
        "capot_bid_value",
        "contre",
        "surcontre",
        "solo_capot",
        "penalised",
        "scores",
        "last",
    }
)
# The fields a void deal or a penalty may carry: any other would change nothing, so it is
# refused (``deal.field_not_applicable``) rather than ignored. "scores" and "last" are
# checked or used for every kind; a penalty reads the bid (penalty_adds_contract).
_VOID_FIELDS = frozenset({"kind", "void", "scores", "last"})
_PENALTY_FIELDS = _VOID_FIELDS | {"penalised", "bid"}


def _bad(field: str, value: object, expected: str) -> EngineError:
    return EngineError(
        "deal.invalid_value",
        f"{field} must be {expected}",
        {"field": field, "value": value if isinstance(value, str | int | bool) else repr(value)},
    )


def _not_applicable(field: str, why: str) -> EngineError:
    return EngineError("deal.field_not_applicable", f"{field}: {why}", {"field": field})


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


def _bool(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if type(value) is not bool:
        raise _bad(key, value, "true or false")
    return value


def _per_team(data: Mapping[str, Any], key: str) -> tuple[int | None, int | None] | None:
    """An optional ``{"A": n, "B": n}`` object (either side may be left out)."""
    raw = data.get(key)
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(raw) - {"A", "B"}:
        raise _bad(key, raw, 'an object {"A": n, "B": n} (one side may be left out)')
    a = _int(raw["A"], f"{key}.A") if raw.get("A") is not None else None
    b = _int(raw["B"], f"{key}.B") if raw.get("B") is not None else None
    return a, b


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
    return Announcement(team, kind, _rank(item, field), _suit(item, field), _length(item, field))


def _rank(item: Mapping[str, Any], field: str) -> Rank:
    if "rank" in item and "top" in item:
        raise _bad(f"{field}.top", item["top"], "given once (rank and top are the same field)")
    rank_raw = item.get("rank", item.get("top"))
    rank = _RANKS.get(rank_raw) if isinstance(rank_raw, str) else None
    if rank is None and isinstance(rank_raw, int) and str(rank_raw) in _RANKS:
        rank = _RANKS[str(rank_raw)]
    if rank is None:
        raise _bad(f"{field}.rank", rank_raw, "a rank (seven ... ace, or 7 8 9 10 J Q K A)")
    return rank


def _suit(item: Mapping[str, Any], field: str) -> Suit | None:
    if item.get("suit") is None:
        return None
    try:
        return Suit(item["suit"])
    except ValueError:
        raise _bad(f"{field}.suit", item["suit"], "hearts, diamonds, clubs or spades") from None


def _length(item: Mapping[str, Any], field: str) -> int | None:
    length = item.get("length")
    return None if length is None else _int(length, f"{field}.length")


def deal_from_json(data: object) -> Deal:
    """Build a ``Deal`` from its JSON object (field names in docs/engine.md).

    Only the deal's own facts are read here; ``check_deal_fields`` checks the fields given
    for information (tricks, a capot bid's value, the written scores) against the rules.
    """
    if not isinstance(data, Mapping):
        raise EngineError("deal.not_an_object", "the deal must be an object", {})
    unknown = set(data) - _DEAL_FIELDS
    if unknown:
        raise EngineError(
            "deal.unknown_field", "unknown deal field", {"field": sorted(map(str, unknown))[0]}
        )
    kind = _kind(data)
    _check_kind_fields(data, kind)
    taker = _team(data, "taker")
    pa, pb = _points(data, taker)
    belote, ta_belotes = _belote(data)
    contract, bid = _bid(data)
    contre, surcontre = _contre(data)
    solo = _bool(data, "solo_capot", True)
    if "solo_capot" in data and contract is not Contract.GENERALE:
        raise _not_applicable("solo_capot", "only a générale bid has a solo capot")
    if data.get("announcement_priority") is not None and not data.get("announcements"):
        raise _not_applicable("announcement_priority", "there are no announcements")
    if "capot_bid_value" in data and contract is not Contract.CAPOT:
        raise _not_applicable("capot_bid_value", 'only with "bid": "capot"')
    return Deal(
        taker=taker,
        trump=_trump(data),
        points_a=pa,
        points_b=pb,
        capot=_team(data, "capot"),
        belote=belote,
        ta_belotes=ta_belotes,
        dix_de_der=_team(data, "dix_de_der"),
        announcements=_announcements(data),
        announcement_priority=_team(data, "announcement_priority"),
        bid=bid,
        contract=contract,
        contre=contre,
        surcontre=surcontre,
        solo_capot=solo,
        kind=kind,
        penalised=_team(data, "penalised"),
    )


def _kind(data: Mapping[str, Any]) -> DealKind:
    kind = DealKind.PLAYED
    if data.get("kind") is not None:
        try:
            kind = DealKind(data["kind"])
        except ValueError:
            raise _bad("kind", data["kind"], "played, void or penalty") from None
    if _bool(data, "void", False):
        if data.get("kind") not in (None, "void"):
            raise _bad("void", True, 'left out with "kind": "played" or "penalty"')
        kind = DealKind.VOID
    return kind


def _check_kind_fields(data: Mapping[str, Any], kind: DealKind) -> None:
    if kind is DealKind.PLAYED:
        return
    allowed = _VOID_FIELDS if kind is DealKind.VOID else _PENALTY_FIELDS
    extra = sorted(str(k) for k, v in data.items() if k not in allowed and not _neutral(k, v))
    if extra:
        raise _not_applicable(extra[0], f"a {kind.value} deal has no {extra[0]}")


def _neutral(key: str, value: object) -> bool:
    """A field written with its "nothing" value (null, false, [], "contre": 0) says nothing."""
    return value is None or value is False or value == [] or (key == "contre" and value == 0)


def _trump(data: Mapping[str, Any]) -> Trump | None:
    t = data.get("trump")
    if t is None:
        return None
    trump = _TRUMPS.get(t) if isinstance(t, str) else None
    if trump is None:
        raise _bad("trump", t, "hearts, diamonds, clubs, spades, sans_atout or tout_atout")
    return trump


def _points(data: Mapping[str, Any], taker: Team | None) -> tuple[int | None, int | None]:
    pa, pb = _per_team(data, "points") or (None, None)
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
    return pa, pb


def _belote(data: Mapping[str, Any]) -> tuple[Team | None, tuple[int, int] | None]:
    raw_bel = data.get("belote")
    if not isinstance(raw_bel, Mapping):
        return _team(data, "belote"), None
    if set(raw_bel) - {"A", "B"}:
        raise _bad("belote", raw_bel, 'a team, null, or {"A": n, "B": n}')
    return None, (_int(raw_bel.get("A", 0), "belote.A"), _int(raw_bel.get("B", 0), "belote.B"))


def _announcements(data: Mapping[str, Any]) -> tuple[Announcement, ...]:
    anns_raw = data.get("announcements") or []
    if not isinstance(anns_raw, list):
        raise _bad("announcements", anns_raw, "a list")
    return tuple(_announcement(a, i) for i, a in enumerate(anns_raw))


def _bid(data: Mapping[str, Any]) -> tuple[Contract, int | None]:
    raw_bid = data.get("bid")
    if raw_bid == "capot":
        return Contract.CAPOT, None
    if raw_bid == "generale":
        return Contract.GENERALE, None
    if raw_bid is not None and type(raw_bid) is not int:
        raise _bad("bid", raw_bid, 'a number, "capot" or "generale"')
    return Contract.POINTS, raw_bid


def _contre(data: Mapping[str, Any]) -> tuple[bool, bool]:
    contre_raw = data.get("contre", False)
    surcontre = _bool(data, "surcontre", False)
    if type(contre_raw) is bool:
        return contre_raw, surcontre
    if type(contre_raw) is int and contre_raw in (0, 1, 2):
        if contre_raw == 1 and surcontre:
            raise _bad("surcontre", True, 'left out with "contre": 1 (write "contre": 2)')
        return contre_raw >= 1, contre_raw == 2 or surcontre
    raise _bad("contre", contre_raw, "0, 1, 2, true or false")


def check_deal_fields(data: Mapping[str, Any], deal: Deal, rules: Ruleset) -> None:
    """Check the fields a sheet gives for information against the deal and the rules.

    ``tricks`` must be possible (8 in all; 8 for a team is its capot; a team without a trick
    has no card points and not the last trick); ``capot_bid_value`` must be the rules' value;
    a penalty's ``bid`` must be one the rules add (``penalty_adds_contract``).
    """
    if data.get("tricks") is not None:
        _check_tricks(data, deal)
    value = data.get("capot_bid_value")
    if value is not None and _int(value, "capot_bid_value") != rules.capot_bid_value:
        raise EngineError(
            "deal.capot_bid_value_mismatch",
            "the capot bid's value is not the rules' value",
            {"value": value, "expected": rules.capot_bid_value},
        )
    adds_bid = rules.penalty_adds_contract and rules.derived.auction
    if deal.kind is DealKind.PENALTY and data.get("bid") is not None and not adds_bid:
        raise _not_applicable("bid", "these rules do not add the contract to a penalty")


def _check_tricks(data: Mapping[str, Any], deal: Deal) -> None:
    ta, tb = _per_team(data, "tricks") or (None, None)
    if ta is None or tb is None or not (0 <= ta <= 8 and 0 <= tb <= 8) or ta + tb != 8:
        raise EngineError("deal.tricks_inconsistent", "tricks must be 0-8 each, 8 in all", {})
    all_eight = Team.A if ta == 8 else Team.B if tb == 8 else None
    if all_eight is not deal.capot:
        raise EngineError(
            "deal.tricks_inconsistent",
            "a team has all 8 tricks exactly when it is the capot team",
            {"capot": deal.capot.value if deal.capot else None},
        )
    for team, n, points in ((Team.A, ta, deal.points_a), (Team.B, tb, deal.points_b)):
        if n == 0 and (points or deal.dix_de_der is team):
            raise EngineError(
                "deal.tricks_inconsistent",
                "a team without a trick has no card points and not the last trick",
                {"team": team.value},
            )


def check_scores(data: Mapping[str, Any], score: DealScore) -> None:
    """The deal's scores as written on the sheet (``"scores"``) must be the engine's."""
    written = _per_team(data, "scores")
    if written is None:
        return
    if written != (score.score_a, score.score_b):
        raise EngineError(
            "deal.score_mismatch",
            "the written scores are not the deal's scores",
            {
                "written": {"A": written[0], "B": written[1]},
                "expected": {"A": score.score_a, "B": score.score_b},
            },
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
    raw = data.get("deal")
    deal = deal_from_json(raw)
    assert isinstance(raw, Mapping)  # deal_from_json refuses anything else
    carry_in = data.get("carry_in", 0)
    if type(carry_in) is not int or carry_in < 0:
        raise EngineError("deal.invalid_carry_in", "carry_in must be an int >= 0", {})
    last = _bool(data, "last_deal", False)
    if "last" in raw:  # the deal's own "last" means the same; both must agree
        if _bool(raw, "last", False) != last and "last_deal" in data:
            raise _bad("last", raw["last"], "the same as last_deal")
        last = _bool(raw, "last", False)
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
            "game.invalid_start",
            "time_up is the index of a deal (or -1: before the first deal)",
            {"field": "time_up"},
        )
    return value


def cmd_game(data: object) -> dict[str, Any]:
    if not isinstance(data, Mapping) or not isinstance(data.get("deals"), list):
        raise EngineError("game.not_an_object", "the input needs a 'deals' list", {})
    _check_keys(data, {"rules", "deals", "start", "time_up"}, "game.not_an_object")
    rules = _rules(data)
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
    state = state.apply(deal, last_deal=_bool(raw, "last", False))
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
