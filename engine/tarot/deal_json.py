"""Tarot deals and tables read from JSON, with tarot's coded errors.

This module owns the JSON form of a table (``"players"``: 3 to 5 distinct names, in the order
of play) and of a deal (``"taker"``, ``"contract"``, ``"points"``, ``"bouts"``...: see
docs/engine.md, "Tarot"), read into a ``Deal`` whose players are seats. It refuses what is
malformed (a wrong type, an unknown field or player, a missing fact); what is impossible
(more than 91 points, a partner at four...) is ``engine.tarot.checks``'s to refuse. Nothing
is ignored silently.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeVar

from engine.tarot.errors import EngineError
from engine.tarot.model import Contract, Deal, MisereKind, PetitTrick, PoigneeKind, Side
from engine.tarot.rules import Ruleset

__all__ = ["check_keys", "deal_from_json", "players_from_json", "read_scores"]

E = TypeVar("E", Contract, Side, PoigneeKind, MisereKind, PetitTrick)

_FIELDS: Final = frozenset(
    {
        "taker",
        "contract",
        "points",
        "defense_points",
        "bouts",
        "partner",
        "mort",
        "petit_au_bout",
        "petit_trick",
        "chelem",
        "chelem_announced",
        "poignees",
        "miseres",
        "scores",
        "passed",
    }
)
_PASSED_FIELDS: Final = frozenset({"passed", "mort", "scores"})
_CONTRACT_ALIASES: Final = {"prise": "petite"}  # the FFT's "prise ou petite"


def check_keys(data: Mapping[Any, Any], allowed: frozenset[str] | set[str]) -> None:
    """``tarot.unknown_field`` for the first key outside ``allowed``."""
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise EngineError("tarot.unknown_field", "unknown field", {"field": unknown[0]})


def _invalid(field: str, value: object, reason: str = "") -> EngineError:
    return EngineError(
        "tarot.invalid_field",
        f"bad value for {field!r}{': ' + reason if reason else ''}",
        {
            "field": field,
            "value": value if isinstance(value, str | int | float | None) else str(value),
        },
    )


def players_from_json(raw: object) -> tuple[str, ...]:
    """The table's players: 3 to 5 distinct non-empty names (``tarot.invalid_players``)."""
    ok = (
        isinstance(raw, list)
        and 3 <= len(raw) <= 5
        and all(isinstance(p, str) and p.strip() for p in raw)
        and len(set(raw)) == len(raw)
    )
    if not ok:
        raise EngineError(
            "tarot.invalid_players",
            "players: a list of 3, 4 or 5 distinct names",
            {"players": raw if isinstance(raw, list) else str(raw)},
        )
    assert isinstance(raw, list)
    return tuple(raw)


def _seat(names: Sequence[str], field: str, name: object) -> int:
    if isinstance(name, str) and name in names:
        return names.index(name)
    raise EngineError(
        "tarot.unknown_player",
        f"{field}: no such player at the table",
        {"field": field, "player": name if isinstance(name, str) else str(name)},
    )


def _enum(kind: type[E], field: str, value: object) -> E:
    try:
        return kind(value)  # type: ignore[arg-type]  # any JSON value: refused below
    except ValueError:
        raise _invalid(field, value, "one of " + ", ".join(m.value for m in kind)) from None


def _bool(data: Mapping[str, Any], field: str) -> bool:
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise _invalid(field, value, "true or false")
    return value


def _halves(field: str, value: object) -> int:
    """Card points in halves: 49 → 98, 40.5 → 81; anything but a whole or half number refused."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _invalid(field, value, "a number of points, in halves")
    doubled = value * 2
    if doubled != int(doubled):
        raise _invalid(field, value, "a number of points, in halves")
    return int(doubled)


def _points(data: Mapping[str, Any]) -> int:
    if "points" not in data and "defense_points" not in data:
        raise EngineError("tarot.missing_field", "the taker's points", {"field": "points"})
    taker = _halves("points", data["points"]) if "points" in data else None
    defense = (
        _halves("defense_points", data["defense_points"]) if "defense_points" in data else None
    )
    if taker is None:
        assert defense is not None
        return 182 - defense
    if defense is not None and taker + defense != 182:
        raise _invalid("defense_points", data["defense_points"], "91 − the taker's points")
    return taker


def _side(data: Mapping[str, Any], field: str) -> Side | None:
    value = data.get(field)
    return None if value is None else _enum(Side, field, value)


def _pairs(
    data: Mapping[str, Any], field: str, kind: type[E], names: Sequence[str]
) -> tuple[tuple[int, E], ...]:
    raw = data.get(field, [])
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _invalid(field, raw, "a list of {player, kind}")
    out = []
    for item in raw:
        if not isinstance(item, Mapping) or "player" not in item or "kind" not in item:
            raise _invalid(field, item, "a list of {player, kind}")
        check_keys(item, {"player", "kind"})
        out.append((_seat(names, field, item["player"]), _enum(kind, field, item["kind"])))
    return tuple(out)


def _required(data: Mapping[str, Any], field: str) -> Any:
    if field not in data:
        raise EngineError("tarot.missing_field", f"the deal needs {field!r}", {"field": field})
    return data[field]


def _bouts(value: object) -> int:
    if type(value) is not int:
        raise _invalid("bouts", value, "a whole number, 0 to 3")
    return value


def _roles(data: Mapping[str, Any], names: Sequence[str], rules: Ruleset) -> dict[str, Any]:
    """Taker, partner (five with a called king: required, null when alone) and mort."""
    five = len(names) == 5
    if five and not rules.derived.mort:
        _required(data, "partner")
    partner = data.get("partner")
    mort = data.get("mort")
    return {
        "taker": _seat(names, "taker", _required(data, "taker")),
        "partner": None if partner is None else _seat(names, "partner", partner),
        "mort": None if mort is None else _seat(names, "mort", mort),
    }


def deal_from_json(raw: object, names: Sequence[str], rules: Ruleset) -> Deal:
    """The ``Deal`` a JSON object describes at a table of ``names`` (coded errors)."""
    if not isinstance(raw, Mapping):
        raise EngineError("tarot.not_an_object", "a deal is a JSON object", {"field": "deal"})
    check_keys(raw, _FIELDS)
    n = len(names)
    if _bool(raw, "passed"):
        extra = sorted(str(k) for k in raw if k not in _PASSED_FIELDS)
        if extra:
            raise _invalid("passed", True, f"a passed deal records no {extra[0]!r}")
        mort = raw.get("mort")
        return Deal(n, passed=True, mort=None if mort is None else _seat(names, "mort", mort))
    contract = _required(raw, "contract")
    if isinstance(contract, str):
        contract = _CONTRACT_ALIASES.get(contract, contract)
    return Deal(
        n,
        contract=_enum(Contract, "contract", contract),
        halves=_points(raw),
        bouts=_bouts(_required(raw, "bouts")),
        petit_au_bout=_side(raw, "petit_au_bout"),
        petit_trick=_enum(PetitTrick, "petit_trick", raw.get("petit_trick", "last")),
        chelem=_side(raw, "chelem"),
        chelem_announced=_bool(raw, "chelem_announced"),
        poignees=_pairs(raw, "poignees", PoigneeKind, names),
        miseres=_pairs(raw, "miseres", MisereKind, names),
        **_roles(raw, names, rules),
    )


def read_scores(raw: object, field: str, names: Sequence[str]) -> tuple[int, ...]:
    """Scores or bilans written per player (``{"N": 318, ...}``): every player, whole numbers."""
    if not isinstance(raw, Mapping) or set(raw) != set(names):
        raise _invalid(field, raw, "one whole number per player")
    values = tuple(raw[name] for name in names)
    if any(type(v) is not int for v in values):
        raise _invalid(field, raw, "one whole number per player")
    return values
