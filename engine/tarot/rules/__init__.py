"""Tarot rulesets: every scoring option, the named presets with their sources, and JSON.

This package owns ``Ruleset``, one frozen, JSON-serialisable value holding every option a
club may choose (stored on a contest and frozen when it starts), ``OPTIONS`` (what
``python -m engine tarot options`` prints) and ``PRESETS`` (FFT 2012, the default, and the
seed page), each citing its source. Modules: ``options`` (the enums, ``RuleOptions``),
``spec`` (``OPTIONS``, checks and coercion), ``ruleset`` (``Ruleset``, validation, ``derived``
tables), ``presets`` (``PRESETS``, ``make_ruleset``), ``json`` (``ruleset_from_json``).
It validates a ruleset once, when it is built, so that scoring a deal never re-checks it.
"""

from __future__ import annotations

from engine.tarot.rules.json import ruleset_from_json, ruleset_to_json
from engine.tarot.rules.options import (
    FivePlayers,
    GameEnd,
    MarginRounding,
    Multipliers,
    PoigneeTrumps,
    PoigneeValues,
)
from engine.tarot.rules.presets import DEFAULT_PRESET, PRESETS, Preset, make_ruleset
from engine.tarot.rules.ruleset import CONTRACTS, POIGNEES, Derived, Ruleset
from engine.tarot.rules.spec import OPTIONS, OptionSpec

__all__ = [
    "CONTRACTS",
    "DEFAULT_PRESET",
    "OPTIONS",
    "POIGNEES",
    "PRESETS",
    "Derived",
    "FivePlayers",
    "GameEnd",
    "MarginRounding",
    "Multipliers",
    "OptionSpec",
    "PoigneeTrumps",
    "PoigneeValues",
    "Preset",
    "Ruleset",
    "make_ruleset",
    "ruleset_from_json",
    "ruleset_to_json",
]
