"""Belote (classic, contrée, coinche) as one game of the engine: ``BELOTE``.

This module owns belote's answer to ``engine.games.Game``: a declaration over belote's own
modules (its presets, the default first, and options; its rules to and from JSON; one deal's
score and a game's fold, ``engine.belote.cli``'s ``score_deal_json`` and ``fold_game_json``;
its commands). It adds no rule of its own.
"""

from __future__ import annotations

from typing import Final

from engine.belote import cli
from engine.belote.rules import OPTIONS, PRESETS, Ruleset, ruleset_from_json
from engine.games import Declaration, preset_infos

__all__ = ["BELOTE"]

BELOTE: Final[Declaration[Ruleset]] = Declaration(
    name="belote",
    default_preset="club_contest",
    preset_list=preset_infos(PRESETS),
    option_list=tuple(spec.to_json() for spec in OPTIONS.values()),
    read_rules=ruleset_from_json,
    write_rules=Ruleset.to_json,
    score=cli.score_deal_json,
    fold=cli.fold_game_json,
    score_command=cli.cmd_score,
    game_command=cli.cmd_game,
    table_check_command=cli.cmd_table_check,
)
