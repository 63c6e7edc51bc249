"""Deals from JSON, as a score sheet writes them, with nothing ignored silently.

This module owns the JSON form of a deal (field names and values in docs/engine.md, "Deal
fields"): ``deal_from_json`` builds a ``Deal`` and refuses unknown fields, contradictory
fields and fields that would change nothing for this kind of deal; ``check_deal_fields``
checks the fields a sheet gives for information (trick counts, a capot bid's value, a
penalty's bid) against the deal and the rules; ``check_scores`` checks the scores as written.
``engine.belote.cli`` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.belote.cards import Rank, Suit, Trump
from engine.belote.deal import (
    Announcement,
    AnnouncementKind,
    Contract,
    Deal,
    DealKind,
    DealScore,
    Team,
)
from engine.belote.errors import EngineError
from engine.belote.rules import Ruleset

__all__ = [
    "bad_value",
    "check_deal_fields",
    "check_scores",
    "deal_from_json",
    "read_bool",
]

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


def bad_value(field: str, value: object, expected: str) -> EngineError:
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
    raise bad_value(key, v, '"A", "B" or null')


def _int(value: object, field: str) -> int:
    if type(value) is not int:
        raise bad_value(field, value, "a whole number")
    return value


def read_bool(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if type(value) is not bool:
        raise bad_value(key, value, "true or false")
    return value


def _per_team(data: Mapping[str, Any], key: str) -> tuple[int | None, int | None] | None:
    """An optional ``{"A": n, "B": n}`` object (either side may be left out)."""
    raw = data.get(key)
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(raw) - {"A", "B"}:
        raise bad_value(key, raw, 'an object {"A": n, "B": n} (one side may be left out)')
    a = _int(raw["A"], f"{key}.A") if raw.get("A") is not None else None
    b = _int(raw["B"], f"{key}.B") if raw.get("B") is not None else None
    return a, b


def _announcement(item: object, i: int) -> Announcement:
    field = f"announcements[{i}]"
    if not isinstance(item, Mapping):
        raise bad_value(field, item, "an object")
    unknown = set(item) - {"team", "kind", "suit", "rank", "top", "length"}
    if unknown:
        raise EngineError(
            "deal.unknown_field", "unknown announcement field", {"field": sorted(unknown)[0]}
        )
    team = _team(item, "team")
    if team is None:
        raise bad_value(f"{field}.team", item.get("team"), '"A" or "B"')
    try:
        kind = AnnouncementKind(str(item.get("kind")))
    except ValueError:
        raise bad_value(
            f"{field}.kind", item.get("kind"), "tierce, quarte, quinte or carre"
        ) from None
    return Announcement(team, kind, _rank(item, field), _suit(item, field), _length(item, field))


def _rank(item: Mapping[str, Any], field: str) -> Rank:
    if "rank" in item and "top" in item:
        raise bad_value(f"{field}.top", item["top"], "given once (rank and top are the same field)")
    rank_raw = item.get("rank", item.get("top"))
    rank = _RANKS.get(rank_raw) if isinstance(rank_raw, str) else None
    if rank is None and isinstance(rank_raw, int) and str(rank_raw) in _RANKS:
        rank = _RANKS[str(rank_raw)]
    if rank is None:
        raise bad_value(f"{field}.rank", rank_raw, "a rank (seven ... ace, or 7 8 9 10 J Q K A)")
    return rank


def _suit(item: Mapping[str, Any], field: str) -> Suit | None:
    if item.get("suit") is None:
        return None
    try:
        return Suit(item["suit"])
    except ValueError:
        raise bad_value(
            f"{field}.suit", item["suit"], "hearts, diamonds, clubs or spades"
        ) from None


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
    solo = read_bool(data, "solo_capot", True)
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
        capot=_capot(data),
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


def _capot(data: Mapping[str, Any]) -> Team | None:
    """The capot team; 8 tricks written for a team without ``capot`` mean its capot."""
    capot = _team(data, "capot")
    if capot is None and isinstance(data.get("tricks"), Mapping):
        eight = [t for t in ("A", "B") if data["tricks"].get(t) == 8]
        if eight:
            capot = Team(eight[0])
    return capot


def _kind(data: Mapping[str, Any]) -> DealKind:
    kind = DealKind.PLAYED
    if data.get("kind") is not None:
        try:
            kind = DealKind(data["kind"])
        except ValueError:
            raise bad_value("kind", data["kind"], "played, void or penalty") from None
    if read_bool(data, "void", False):
        if data.get("kind") not in (None, "void"):
            raise bad_value("void", True, 'left out with "kind": "played" or "penalty"')
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
        raise bad_value("trump", t, "hearts, diamonds, clubs, spades, sans_atout or tout_atout")
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
            raise bad_value(key, value, "given once (points and taker_points/defense_points clash)")
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
        raise bad_value("belote", raw_bel, 'a team, null, or {"A": n, "B": n}')
    return None, (_int(raw_bel.get("A", 0), "belote.A"), _int(raw_bel.get("B", 0), "belote.B"))


def _announcements(data: Mapping[str, Any]) -> tuple[Announcement, ...]:
    anns_raw = data.get("announcements") or []
    if not isinstance(anns_raw, list):
        raise bad_value("announcements", anns_raw, "a list")
    return tuple(_announcement(a, i) for i, a in enumerate(anns_raw))


def _bid(data: Mapping[str, Any]) -> tuple[Contract, int | None]:
    raw_bid = data.get("bid")
    if raw_bid == "capot":
        return Contract.CAPOT, None
    if raw_bid == "generale":
        return Contract.GENERALE, None
    if raw_bid is not None and type(raw_bid) is not int:
        raise bad_value("bid", raw_bid, 'a number, "capot" or "generale"')
    return Contract.POINTS, raw_bid


def _contre(data: Mapping[str, Any]) -> tuple[bool, bool]:
    contre_raw = data.get("contre", False)
    surcontre = read_bool(data, "surcontre", False)
    if type(contre_raw) is bool:
        return contre_raw, surcontre
    if type(contre_raw) is int and contre_raw in (0, 1, 2):
        if contre_raw == 1 and surcontre:
            raise bad_value("surcontre", True, 'left out with "contre": 1 (write "contre": 2)')
        return contre_raw >= 1, contre_raw == 2 or surcontre
    raise bad_value("contre", contre_raw, "0, 1, 2, true or false")


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
