"""Tarot's error codes (rules, deals, games), registered with the engine's register.

This module owns the ``tarot.*`` codes (published: they never change) and registers them under
the owner ``"tarot"`` when tarot is imported; tarot's modules import ``EngineError`` from here
so that the codes are registered before any is raised. Params are named in brackets.
"""

from __future__ import annotations

from typing import Final

from engine.errors import EngineError, register_codes

__all__ = ["TAROT_ERROR_CODES", "EngineError"]

_CODES: Final = {
    # Rulesets
    "tarot.rules_not_an_object": "the rules must be a JSON object or a preset name (the input needs 'rules')",
    "tarot.unknown_preset": "no tarot preset has this name (preset, allowed)",
    "tarot.unknown_option": "the ruleset names an option tarot does not have (option)",
    "tarot.invalid_value": "an option has a value outside its allowed values (option, value, allowed)",
    "tarot.rules_inconsistent": "two options contradict each other (options)",
    # Input shape
    "tarot.not_an_object": "the input, a deal or a game must be a JSON object (field)",
    "tarot.unknown_field": "the input has a field tarot does not know (field)",
    "tarot.invalid_field": "a field has a value of the wrong type or outside its choices (field, value)",
    "tarot.missing_field": "a field the deal needs is missing (field)",
    "tarot.invalid_players": "a table is 3, 4 or 5 players with distinct non-empty names (players)",
    "tarot.unknown_player": "a deal names a player who is not at the table (field, player)",
    # Deals: impossible facts
    "tarot.points_out_of_range": "the taker's card points must lie between 0 and 91, in halves (points)",
    "tarot.half_point_at_four": "a table playing at four counts whole points only (points)",
    "tarot.bouts_out_of_range": "the taker's side holds 0 to 3 bouts (bouts)",
    "tarot.points_bouts_mismatch": "the points cannot be made with that many bouts (points, bouts, low, high)",
    "tarot.contract_not_allowed": "the contract is not played under these rules: pousse is off (contract)",
    "tarot.partner_not_allowed": "only a called-king deal at five has a partner (players, five_players)",
    "tarot.mort_not_allowed": "only a table of five playing with a mort has one (players, five_players)",
    "tarot.mort_plays": "the mort sits the deal out: neither taker, partner, poignée nor misère (field, player)",
    "tarot.poignee_twice": "one poignée per player (player)",
    "tarot.poignee_impossible": "the poignées shown need more trumps than the 21 and the excuse (trumps)",
    "tarot.petit_au_bout_impossible": "petit au bout by a side that cannot hold the petit at the last trick (side, reason)",
    "tarot.chelem_impossible": "the chelem contradicts the points, the bouts or the petit (chelem, reason)",
    "tarot.miseres_off": "misères are not played under these rules",
    "tarot.misere_impossible": "a misère twice, or a misère d'atout with a poignée (player, kind)",
    "tarot.score_mismatch": "the deal's scores as written differ from the engine's (written, expected)",
    "tarot.scores_not_zero": "scores or bilans written for a table must add up to zero (sum)",
    # Games
    "tarot.game_over": "a deal was added after the game had ended (deal_index)",
    "tarot.invalid_start": "a game's starting totals are impossible: whole numbers adding up to zero (field)",
}

register_codes("tarot", _CODES)

TAROT_ERROR_CODES: Final[tuple[str, ...]] = tuple(_CODES)
