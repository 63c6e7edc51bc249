"""The description of every tarot rule option: type, allowed values, default, source.

This module owns ``OPTIONS`` (each option an ``engine.games.OptionSpec``: what ``python -m
engine tarot options`` prints and a contest form is built from), each option's check of its
value with tarot's code (``check``), and ``coerce``
(a JSON value into the option's type, with tarot's coded errors).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import Final

from engine.games import OptionSpec, jsonable
from engine.tarot.errors import EngineError
from engine.tarot.rules import options

__all__ = ["ENUM_TYPES", "OPTIONS", "SPECS", "OptionSpec", "check", "coerce", "jsonable"]


def check(spec: OptionSpec, value: object) -> None:
    """``tarot.invalid_value`` unless ``spec`` allows ``value``."""
    if not spec.allows(value):
        raise EngineError(
            "tarot.invalid_value",
            f"option {spec.name!r} cannot be {value!r}",
            {"option": spec.name, "value": jsonable(value), "allowed": list(spec.choices)},
        )


_DESCRIPTIONS: Final[dict[str, str]] = {
    "multipliers": (
        "what each contract multiplies (25 + margin) and the petit au bout by: 1_2_4_6 (FFT 2012: "
        "prise ×1, garde ×2, garde sans ×4, garde contre ×6; the seed page's garde example gives ×2 "
        "too) or 1_2_4_8_16 (older sheets: petite ×1, pousse ×2, garde ×4, garde sans ×8, garde "
        "contre ×16)"
    ),
    "pousse": (
        "the old pousse contract between petite and garde (older sheets; 'la pousse n'existe "
        "plus', rencontrestarot.org); needs multipliers 1_2_4_8_16"
    ),
    "poignee_trumps": (
        "trumps shown by a simple / double / triple poignée: fft (13/15/18 at three, 10/13/15 at "
        "four, 8/10/13 at five; FFT 2012) or seed_002 (13/15/22, 10/13/15, 8/10/15; the seed page)"
    ),
    "poignee_values": (
        "simple / double / triple poignée, not multiplied, to the side that wins the deal: "
        "20_30_40 (FFT 2012), 10_30_40 (the seed page), 20_40_60 (house rules)"
    ),
    "five_players": (
        "a table of five: called_king (the taker calls a king: taker 2X, partner X, defenders −X, "
        "taker alone 4X; FFT 2012 and the seed page) or mort (played at four, the dealer sits out "
        "and scores 0, the mort rotates; FFT 2012, small free tournaments)"
    ),
    "margin_rounding": (
        "the margin before 25 is added: none (FFT 2012), nearest_5 or nearest_10 (house rule, "
        "'arrondi à 5 ou à 10 selon entente préalable'; a half rounds up)"
    ),
    "miseres": (
        "misère d'atout (no trump; the excuse is a trump) and misère de têtes (no honour, no bout) "
        "are played: each pays its announcer misere_value by every other player (the seed page; "
        "'les deux misères disparaissent dans la règle officielle')"
    ),
    "misere_value": "what each other player pays a misère: 10 (the seed page) or 20 (house rules)",
    "game_end": (
        "when a game is over: open (FFT donnes libres: the contest decides), deals (after "
        "deals_per_game deals) or target (a player's total reaches target: the seed page's 1000)"
    ),
    "deals_per_game": "deals in a game when game_end is deals (passed deals not counted)",
    "target": "the total that ends a game when game_end is target (the seed page: 1000)",
}

_INT_CHOICES: Final[dict[str, tuple[int, ...]]] = {"misere_value": (10, 20)}
_INT_RANGES: Final[dict[str, tuple[int, int]]] = {
    "deals_per_game": (1, 200),
    "target": (1, 100_000),
}


def _field_type(f: dataclasses.Field[object]) -> object:
    # Annotations are strings (from __future__ import annotations): resolve them among the
    # option enums (int and bool are builtins).
    return eval(f.type, dict(vars(options))) if isinstance(f.type, str) else f.type


def _spec(f: dataclasses.Field[object]) -> OptionSpec:
    typ, desc = _field_type(f), _DESCRIPTIONS[f.name]
    if typ is bool:
        return OptionSpec(f.name, "bool", (False, True), f.default, desc)
    if typ is int and f.name in _INT_RANGES:
        return OptionSpec(f.name, "int", _INT_RANGES[f.name], f.default, desc, ranged=True)
    if typ is int:
        return OptionSpec(f.name, "int", _INT_CHOICES[f.name], f.default, desc)
    assert isinstance(typ, type) and issubclass(typ, Enum)
    return OptionSpec(f.name, "enum", tuple(m.value for m in typ), f.default, desc)


SPECS: Final = {f.name: _spec(f) for f in dataclasses.fields(options.RuleOptions)}
OPTIONS: Final[Mapping[str, OptionSpec]] = MappingProxyType(SPECS)
ENUM_TYPES: Final[dict[str, type[Enum]]] = {
    f.name: t
    for f in dataclasses.fields(options.RuleOptions)
    if isinstance(t := _field_type(f), type) and issubclass(t, Enum)
}


def coerce(name: str, value: object) -> object:
    """``value`` as option ``name`` holds it (an enum from its string), checked; coded errors."""
    spec = SPECS.get(name)
    if spec is None:
        raise EngineError("tarot.unknown_option", f"unknown option {name!r}", {"option": name})
    enum_type = ENUM_TYPES.get(name)
    if enum_type is not None and not isinstance(value, enum_type):
        try:
            value = enum_type(value)
        except ValueError:
            check(spec, value)  # raises tarot.invalid_value with the allowed values
    check(spec, value)
    return value
