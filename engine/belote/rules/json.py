"""Rulesets to and from JSON: a preset name, a full options object, or a partial one.

This module owns the JSON form of a ``Ruleset`` (enums as their strings, every option in
declaration order) and the reading of partial objects: missing options come from the
``"preset"`` named, otherwise from the defaults of the ``"variant"`` named (issue 14), and
unknown keys or bad values raise coded errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from engine.belote.errors import EngineError
from engine.belote.rules.presets import preset_named
from engine.belote.rules.ruleset import Ruleset
from engine.belote.rules.spec import coerce, jsonable

__all__ = ["VARIANT_DEFAULTS", "ruleset_from_json", "ruleset_to_json"]


def ruleset_to_json(rules: Ruleset) -> dict[str, Any]:
    """Every option of ``rules`` as JSON values, in declaration order (``Ruleset.to_json``)."""
    return rules.to_json()


# A partial object without a preset starts from its variant's reference rules (issue 14):
# classic from the ``Ruleset`` defaults (FFB 2016 classic), contrée from the FFB contrée 2016
# preset, coinche ("contrée with announcements", rules.md §5) from the FFB coinche 2015 preset.
VARIANT_DEFAULTS: Final[Mapping[str, str]] = MappingProxyType(
    {"classic": "ffb_classic_2016", "contree": "ffb_contree_2016", "coinche": "ffb_coinche_2015"}
)


def ruleset_from_json(data: object) -> Ruleset:
    """Build a ruleset from JSON: a preset name, a full options object, or a partial one.

    A partial object starts from its ``"preset"`` key if given, otherwise from the defaults of
    its ``"variant"`` (``VARIANT_DEFAULTS``; FFB 2016 classic without a variant). Unknown keys
    raise ``rules.unknown_option``; bad values ``rules.invalid_value``.
    """
    if isinstance(data, str):
        return preset_named(data).rules
    if not isinstance(data, Mapping):
        raise EngineError("rules.not_an_object", "rules must be an object or a preset name", {})
    options = {str(k): v for k, v in data.items()}
    base = dict(ruleset_to_json(preset_named(_base_preset(options)).rules))
    base.update(options)
    values = {k: coerce(k, v) for k, v in base.items()}
    return Ruleset(**values)  # type: ignore[arg-type]


def _base_preset(options: dict[str, object]) -> str:
    """The preset a partial object starts from; pops ``"preset"`` from ``options``."""
    if "preset" in options:
        name = options.pop("preset")
        if not isinstance(name, str):
            raise EngineError(
                "rules.unknown_preset", "the preset must be a name", {"preset": str(name)}
            )
        return name
    variant = coerce("variant", options.get("variant", "classic"))
    return VARIANT_DEFAULTS[str(jsonable(variant))]
