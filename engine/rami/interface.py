"""Rami as one game of the engine: ``RAMI``.

This module owns rami's answer to ``engine.games.Game``: its presets (the default first) and
options, its rules to and from JSON, one deal's score and a game's fold (``engine.rami.cli``'s
``score_deal_json`` and ``fold_game_json``), and its commands. It adds no rule of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from engine.games import Command, JsonObject, PresetInfo
from engine.rami import cli
from engine.rami.presets import DEFAULT_PRESET, PRESETS, rules_from_json
from engine.rami.rules import OPTIONS, RamiRules

__all__ = ["RAMI", "Rami"]

_COMMANDS: Final[Mapping[str, Command]] = MappingProxyType(
    {
        "score": Command(cli.cmd_score),
        "game": Command(cli.cmd_game),
        "table-check": Command(cli.cmd_table_check),
        "presets": Command(lambda _: cli.cmd_presets(), reads_input=False),
        "options": Command(lambda _: cli.cmd_options(), reads_input=False),
    }
)


class Rami:
    """Rami as ``engine.games.Game[RamiRules]``; its one instance is ``RAMI``."""

    name: Final = "rami"
    default_preset: Final = DEFAULT_PRESET

    def presets(self) -> Sequence[PresetInfo]:
        default = PRESETS[self.default_preset]
        ordered = [default, *(p for p in PRESETS.values() if p is not default)]
        return [PresetInfo(p.name, p.title, p.source, p.rules.to_json()) for p in ordered]

    def options(self) -> Sequence[JsonObject]:
        return [spec.to_json() for spec in OPTIONS.values()]

    def rules_from_json(self, data: object) -> RamiRules:
        return rules_from_json(data)

    def rules_to_json(self, rules: RamiRules) -> JsonObject:
        return rules.to_json()

    def score_deal(self, rules: RamiRules, deal: object) -> JsonObject:
        return cli.score_deal_json(rules, deal)

    def fold_game(self, rules: RamiRules, game: object) -> JsonObject:
        return cli.fold_game_json(rules, game)

    def commands(self) -> Mapping[str, Command]:
        return _COMMANDS


RAMI: Final = Rami()
