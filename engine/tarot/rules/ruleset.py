"""``Ruleset``: one frozen, JSON-serialisable value holding every tarot option of a contest.

This module owns the ``Ruleset`` dataclass (defaults: FFT 2012), its validation when it is
built (so scoring never re-checks it) and the tables derived once per ruleset for the scoring
code (``derived``: the multiplier of each contract, the trumps and value of each poignée by
table size, the margin's rounding step). Descriptions live in ``spec``, JSON in ``json``,
presets in ``presets``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from engine.tarot.errors import EngineError
from engine.tarot.rules.options import (
    FivePlayers,
    MarginRounding,
    Multipliers,
    PoigneeTrumps,
    PoigneeValues,
    RuleOptions,
)
from engine.tarot.rules.spec import SPECS, check, coerce, jsonable

__all__ = ["CONTRACTS", "POIGNEES", "Derived", "Ruleset"]

# The contracts in increasing order and the poignées, as the JSON writes them (and the model's
# enums are); ``Derived`` maps them to their numbers.
CONTRACTS: Final = ("petite", "pousse", "garde", "garde_sans", "garde_contre")
POIGNEES: Final = ("simple", "double", "triple")

_MULTIPLIERS: Final = {
    Multipliers.FFT: (1, 0, 2, 4, 6),
    Multipliers.DOUBLING: (1, 2, 4, 8, 16),
}
# Trumps shown by a simple, double, triple poignée, by the number of players who play the
# deal (a table of five with a mort plays at four).
_POIGNEE_TRUMPS: Final = {
    PoigneeTrumps.FFT: {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)},
    PoigneeTrumps.SEED_002: {3: (13, 15, 22), 4: (10, 13, 15), 5: (8, 10, 15)},
}
_POIGNEE_VALUES: Final = {
    PoigneeValues.V20_30_40: (20, 30, 40),
    PoigneeValues.V10_30_40: (10, 30, 40),
    PoigneeValues.V20_40_60: (20, 40, 60),
}
_ROUNDING: Final = {
    MarginRounding.NONE: 1,
    MarginRounding.NEAREST_5: 5,
    MarginRounding.NEAREST_10: 10,
}


@dataclass(frozen=True, slots=True)
class Derived:
    """Tables computed once per ruleset, so that scoring a deal reads tuples, not options."""

    multipliers: dict[str, int]  # contract (its JSON name) → multiplier; 0 = not played
    poignee_trumps: dict[int, dict[str, int]]  # players at play → kind → trumps shown
    poignee_values: dict[str, int]  # kind → value
    rounding_step: int  # 1: to the point
    mort: bool  # a table of five plays at four with a mort
    misere_value: int  # 0: misères are not played


@dataclass(frozen=True, slots=True)
class Ruleset(RuleOptions):
    """Every tarot option of a contest. Defaults are the FFT 2012 rules.

    Build one with ``make_ruleset(preset, **overrides)`` or ``ruleset_from_json``; an invalid
    value raises ``EngineError('tarot.invalid_value')``, a contradiction
    ``tarot.rules_inconsistent``.
    """

    derived: Derived = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for name, spec in SPECS.items():
            check(spec, getattr(self, name))
        if self.pousse and self.multipliers is Multipliers.FFT:
            raise EngineError(
                "tarot.rules_inconsistent",
                "the pousse contract has no multiplier in the FFT table (1_2_4_6)",
                {"options": ["pousse", "multipliers"]},
            )
        multipliers = list(_MULTIPLIERS[self.multipliers])
        if not self.pousse:
            multipliers[1] = 0
        # Keyed by the JSON names, which the model's enums are (StrEnum): a deal's contract
        # reads its multiplier in one lookup.
        derived = Derived(
            dict(zip(CONTRACTS, multipliers, strict=True)),
            {
                n: dict(zip(POIGNEES, trumps, strict=True))
                for n, trumps in _POIGNEE_TRUMPS[self.poignee_trumps].items()
            },
            dict(zip(POIGNEES, _POIGNEE_VALUES[self.poignee_values], strict=True)),
            _ROUNDING[self.margin_rounding],
            self.five_players is FivePlayers.MORT,
            self.misere_value if self.miseres else 0,
        )
        object.__setattr__(self, "derived", derived)

    def to_json(self) -> dict[str, Any]:
        """Every option as plain JSON values (enums as strings), in declaration order.

        ``engine.tarot.rules.ruleset_from_json`` reverses it.
        """
        return {name: jsonable(getattr(self, name)) for name in SPECS}

    def replace(self, **overrides: object) -> Ruleset:
        """A copy with some options changed (values given as enums or their JSON strings)."""
        values = {name: getattr(self, name) for name in SPECS}
        values.update((name, coerce(name, value)) for name, value in overrides.items())
        return Ruleset(**values)
