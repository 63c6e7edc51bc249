"""Tarot rulesets to and from JSON: a preset name, a full options object, or a partial one.

This module owns the reading of a ruleset's JSON: a preset name; an object whose missing
options come from its ``"preset"`` (FFT 2012 without one); unknown keys or bad values raise
tarot's coded errors. ``Ruleset.to_json`` writes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.tarot.errors import EngineError
from engine.tarot.rules.presets import DEFAULT_PRESET, preset_named
from engine.tarot.rules.ruleset import Ruleset
from engine.tarot.rules.spec import coerce

__all__ = ["ruleset_from_json", "ruleset_to_json"]


def ruleset_to_json(rules: Ruleset) -> dict[str, Any]:
    """Every option of ``rules`` as JSON values, in declaration order (``Ruleset.to_json``)."""
    return rules.to_json()


def ruleset_from_json(data: object) -> Ruleset:
    """Build a ruleset from JSON: a preset name, a full options object, or a partial one.

    A partial object starts from its ``"preset"`` key if given, otherwise from FFT 2012.
    Unknown keys raise ``tarot.unknown_option``; bad values ``tarot.invalid_value``.
    """
    if isinstance(data, str):
        return preset_named(data).rules
    if not isinstance(data, Mapping):
        raise EngineError(
            "tarot.rules_not_an_object", "rules must be an object or a preset name", {}
        )
    options = {str(k): v for k, v in data.items()}
    name = options.pop("preset", DEFAULT_PRESET)
    if not isinstance(name, str):
        raise EngineError(
            "tarot.unknown_preset", "the preset must be a name", {"preset": str(name)}
        )
    base = preset_named(name).rules
    if not options:
        return base
    values = {k: coerce(k, v) for k, v in options.items()}
    return base.replace(**values)
