"""Rami's rules: every option with its allowed values and source, checked once when built.

This module owns the option enums, ``RamiRules`` (one frozen value holding every option; it is
stored on a contest as JSON and frozen when the contest starts), ``OPTIONS`` (what
``python -m engine rami options`` prints) and the numbers derived once per ruleset so that
scoring a deal reads plain slots: the cards dealt and the largest penalty at each table size.
Presets and the JSON reading are ``engine.rami.presets``'.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from types import MappingProxyType
from typing import Any, Final

from engine.games import OptionSpec, jsonable
from engine.rami.cards import max_hand_value
from engine.rami.errors import EngineError

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "Count",
    "GameEnd",
    "OptionSpec",
    "RamiBonus",
    "RamiRules",
    "StockOut",
    "coerce",
    "dealt",
]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 7


class Count(StrEnum):
    """Who scores a deal, and which total wins."""

    PENALTY = "penalty"  # seed page: each scores his cards left in hand; the lowest total wins
    POSITIVE = "positive"  # seed page's variant: the winner scores the others' hands; highest wins


class RamiBonus(StrEnum):
    """What "faire rami" (all one's cards laid in one turn) does to the others' hands."""

    DOUBLE = "double"  # seed page: "Les points sont alors doublés"
    # seed page: "dans certaines autres règles, on se contente d'ajouter 10 points"
    ADD_10 = "add_10"


class StockOut(StrEnum):
    """What happens when the stock (talon) runs out."""

    NEW_STOCK = "new_stock"  # seed page: the discard pile is turned over as a new stock
    ENDS_DEAL = "ends_deal"  # seed page's variant "Fin de partie": the deal ends, nobody out


class GameEnd(StrEnum):
    """When a game (several deals) ends."""

    DEALS = "deals"  # after ``deals_per_game`` deals
    LIMIT = "limit"  # after the deal in which a total reaches the limit


def dealt(decks: int, players: int) -> int:
    """Cards dealt to each player: 10 at 2 players, 7 at 3–5, 6 at 6–7; 10 with two decks."""
    if decks == 2 or players == 2:
        return 10
    return 7 if players <= 5 else 6


@dataclass(frozen=True, slots=True)
class _Derived:
    """Numbers read by ``score_deal``, indexed by the number of players (0 below 2)."""

    dealt: tuple[int, ...]
    max_penalty: tuple[int, ...]  # the largest value a player's cards left can be worth
    positive: bool
    double: bool
    rami_add: int  # what a rami adds to each loser's hand (0 when it doubles)
    stock_out_ends_deal: bool


@dataclass(frozen=True, slots=True)
class RamiRules:
    """Every option of a rami contest; the defaults are the seed page's one-deck game.

    Build one with ``engine.rami.presets.make_rules`` or ``rules_from_json``; a bad value raises
    ``EngineError("rami.invalid_option")``.
    """

    decks: int = 1
    count: Count = Count.PENALTY
    rami_bonus: RamiBonus = RamiBonus.DOUBLE
    stock_out: StockOut = StockOut.NEW_STOCK
    game_end: GameEnd = GameEnd.DEALS
    deals_per_game: int = 12
    limit: int = 100
    derived: _Derived = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for name, spec in OPTIONS.items():
            value = getattr(self, name)
            if not spec.allows(value):
                raise _invalid(spec, value)
        sizes = range(MAX_PLAYERS + 1)
        cards = tuple(dealt(self.decks, n) if n >= MIN_PLAYERS else 0 for n in sizes)
        derived = _Derived(
            dealt=cards,
            max_penalty=tuple(max_hand_value(self.decks, c) for c in cards),
            positive=self.count is Count.POSITIVE,
            double=self.rami_bonus is RamiBonus.DOUBLE,
            rami_add=10 if self.rami_bonus is RamiBonus.ADD_10 else 0,
            stock_out_ends_deal=self.stock_out is StockOut.ENDS_DEAL,
        )
        object.__setattr__(self, "derived", derived)

    def to_json(self) -> dict[str, Any]:
        """Every option as plain JSON values (enums as strings), in declaration order."""
        out: dict[str, Any] = {}
        for name in OPTIONS:
            value = getattr(self, name)
            out[name] = jsonable(value)
        return out

    def replace(self, **overrides: object) -> RamiRules:
        """A copy with some options changed (values given as enums or their JSON strings)."""
        values: dict[str, object] = {name: getattr(self, name) for name in OPTIONS}
        values.update((name, coerce(name, value)) for name, value in overrides.items())
        return RamiRules(**values)  # type: ignore[arg-type]


def _invalid(spec: OptionSpec, value: object) -> EngineError:
    shown = jsonable(value)
    return EngineError(
        "rami.invalid_option",
        f"option {spec.name!r} cannot be {shown!r}",
        {"option": spec.name, "value": shown, "allowed": list(spec.choices)},
    )


_SEED: Final = "seed page 002"
_DESCRIPTIONS: Final[Mapping[str, str]] = {
    "decks": (
        "1: one 52-card deck, no joker, 10 cards each at 2 players, 7 at 3–5, 6 at 6–7; "
        "2: two 54-card decks, 10 cards each whatever the count, a joker worth 25 in hand. "
        f"{_SEED}, 'Distribution' and 'Rami avec 2 jeux de cartes'"
    ),
    "count": (
        "penalty: each player scores the value of his cards left in hand (ace 11, figures 10, "
        "others their face value), the lowest total wins; positive: the player who goes out "
        "scores the value of the others' hands, the others nothing, the highest total wins. "
        f"{_SEED}, 'Décompte des points' and its variant"
    ),
    "rami_bonus": (
        "a player who lays all his cards in one turn (faire rami): double: each other player's "
        "hand counts double; add_10: each counts 10 more (the positive count's winner scores "
        f"them so increased). {_SEED}, 'Faire rami'"
    ),
    "stock_out": (
        "new_stock: the discard pile is turned over as a new stock and the deal goes on; "
        "ends_deal: the deal ends when the stock is empty at the end of a turn, nobody out "
        "(each scores his hand under the penalty count, nobody scores under the positive count). "
        f"{_SEED}, 'Distribution' and the variant 'Fin de partie'"
    ),
    "game_end": (
        "deals: a game is deals_per_game deals; limit: it ends after the deal in which a total "
        "reaches the limit (penalty count: those players are out and the lowest total wins; "
        "positive count: the highest total wins). Issue 29; the seed page names no end"
    ),
    "deals_per_game": (
        "deals in a game when game_end = deals (house: 12 lets every seat deal equally at "
        "tables of 2, 3, 4 and 6)"
    ),
    "limit": "the total that ends a game when game_end = limit (reached: at or above it)",
}


def _spec(name: str, default: object) -> OptionSpec:
    description = _DESCRIPTIONS[name]
    if isinstance(default, Enum):
        choices = tuple(member.value for member in type(default))
        return OptionSpec(name, "enum", choices, default, description)
    if name == "decks":
        return OptionSpec(name, "int", (1, 2), default, description)
    bounds = (1, 100) if name == "deals_per_game" else (1, 10_000)
    return OptionSpec(name, "int", bounds, default, description, ranged=True)


OPTIONS: Final[Mapping[str, OptionSpec]] = MappingProxyType(
    {f.name: _spec(f.name, f.default) for f in fields(RamiRules) if f.init}
)
_ENUMS: Final[Mapping[str, type[Enum]]] = MappingProxyType(
    {name: type(spec.default) for name, spec in OPTIONS.items() if isinstance(spec.default, Enum)}
)


def coerce(name: str, value: object) -> object:
    """``value`` as option ``name`` holds it (an enum from its string), checked; coded errors."""
    spec = OPTIONS.get(name)
    if spec is None:
        raise EngineError("rami.unknown_option", f"unknown option {name!r}", {"option": name})
    enum_type = _ENUMS.get(name)
    if enum_type is not None and not isinstance(value, enum_type):
        try:
            value = enum_type(value)
        except ValueError:
            raise _invalid(spec, value) from None
    if not spec.allows(value):
        raise _invalid(spec, value)
    return value
