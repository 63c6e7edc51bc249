"""Rami as one game of the engine: ``RAMI``.

This module owns rami's answer to ``engine.games.Game``: a declaration over rami's own
modules (its presets, the default first, and options; its rules to and from JSON; one deal's
score and a game's fold, ``engine.rami.cli``'s ``score_deal_json`` and ``fold_game_json``;
its commands). It adds no rule of its own.
"""

from __future__ import annotations

from typing import Final

from engine.games import Declaration, preset_infos
from engine.rami import cli
from engine.rami.presets import DEFAULT_PRESET, PRESETS, rules_from_json
from engine.rami.rules import OPTIONS, RamiRules

__all__ = ["RAMI"]

RAMI: Final[Declaration[RamiRules]] = Declaration(
    name="rami",
    default_preset=DEFAULT_PRESET,
    preset_list=preset_infos(PRESETS),
    option_list=tuple(spec.to_json() for spec in OPTIONS.values()),
    read_rules=rules_from_json,
    write_rules=RamiRules.to_json,
    score=cli.score_deal_json,
    fold=cli.fold_game_json,
    score_command=cli.cmd_score,
    game_command=cli.cmd_game,
    table_check_command=cli.cmd_table_check,
)
