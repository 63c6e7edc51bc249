"""Rami's named presets, each citing its source, and its rules to and from JSON.

This module owns ``PRESETS`` (name → ``Preset``: title, source, rules; the default,
``seed_002``, first), ``make_rules`` (a preset with overrides) and the JSON form of
``RamiRules``: a preset name, a full options object as ``RamiRules.to_json`` writes it, or a
partial one whose missing options come from its ``"preset"`` (the default preset without one).
Each preset is a function whose docstring is its source.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from engine.rami.errors import EngineError
from engine.rami.rules import Count, RamiRules, coerce

__all__ = [
    "DEFAULT_PRESET",
    "PRESETS",
    "Preset",
    "make_rules",
    "preset_named",
    "rules_from_json",
    "rules_to_json",
]


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    title: str
    source: str
    rules: RamiRules


def seed_002() -> RamiRules:
    """The seed page's rami (seed 002, "LE RAMI"): one 52-card deck, 10 cards each at 2
    players, 7 at 3–5, 6 at 6–7 ("Distribution"); each player scores the cards left in his hand,
    "L'As vaut 11, les figures 10, et les autres cartes leur valeur nominale", the lowest total
    wins ("Décompte des points"); "Lorsqu'un joueur pose toutes ses cartes d'un coup, on dit
    qu'il fait rami. Les points sont alors doublés" ("Faire rami"); an empty stock is renewed
    from the discard pile. The page names no game end: a game of 12 deals (house decision,
    docs/engine.md).
    """
    return RamiRules()


def seed_002_two_decks() -> RamiRules:
    """The seed page's "Rami avec 2 jeux de cartes": two 54-card decks, "Quel que soit le
    nombre de joueurs, on distribue 10 cartes", "Pour le décompte final des points, le Joker
    vaut 25 points"; everything else as the seed page's one-deck game.
    """
    return RamiRules(decks=2)


def seed_002_positive() -> RamiRules:
    """The seed page's variant "Décompte des points": "le gagnant marque le total des valeurs
    des cartes restant dans les mains des autres joueurs. Les perdants ne marquent aucun point.
    Le but est naturellement de marquer un maximum de points. La règle précédente s'applique"
    (a rami doubles); one deck, as the seed page's game.
    """
    return RamiRules(count=Count.POSITIVE)


def _docstring(fn: Callable[[], RamiRules]) -> str:
    return " ".join(str(fn.__doc__).split())


_PRESET_FUNCS: Final = (
    ("seed_002", "Rami as on the seed page (one deck, penalty count, rami doubles)", seed_002),
    ("seed_002_two_decks", "The seed page's two-deck rami (jokers 25)", seed_002_two_decks),
    ("seed_002_positive", "The seed page's positive count (the winner scores)", seed_002_positive),
)

DEFAULT_PRESET: Final = "seed_002"
PRESETS: Final[Mapping[str, Preset]] = MappingProxyType(
    {name: Preset(name, title, _docstring(fn), fn()) for name, title, fn in _PRESET_FUNCS}
)


def preset_named(name: object) -> Preset:
    """The preset called ``name``; ``rami.unknown_preset`` (with the names allowed) otherwise."""
    preset = PRESETS.get(name) if isinstance(name, str) else None
    if preset is None:
        raise EngineError(
            "rami.unknown_preset",
            f"no rami preset named {name!r}",
            {"preset": str(name), "allowed": list(PRESETS)},
        )
    return preset


def make_rules(preset: str | RamiRules = DEFAULT_PRESET, **overrides: object) -> RamiRules:
    """A preset (by name, or rules) with some options overridden: ``make_rules(decks=2)``."""
    base = preset if isinstance(preset, RamiRules) else preset_named(preset).rules
    return base.replace(**overrides) if overrides else base


def rules_to_json(rules: RamiRules) -> dict[str, Any]:
    """Every option of ``rules`` as JSON values; ``rules_from_json`` reverses it."""
    return rules.to_json()


def rules_from_json(data: object) -> RamiRules:
    """Rules from JSON: a preset name, a full options object or a partial one (coded errors)."""
    if isinstance(data, str):
        return preset_named(data).rules
    if not isinstance(data, Mapping):
        raise EngineError(
            "rami.rules_not_an_object", "rules must be an object or a preset name", {}
        )
    options = {str(k): v for k, v in data.items()}
    base = preset_named(options.pop("preset", DEFAULT_PRESET)).rules
    values = {name: coerce(name, value) for name, value in options.items()}
    return base.replace(**values) if values else base
