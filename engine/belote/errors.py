"""Belote's error codes (rules, deals, games), registered with the engine's register.

This module owns the ``rules.*``, ``deal.*`` and ``game.*`` codes (published: they never
change) and registers them when belote is imported; belote's modules import ``EngineError``
from here so that the codes are registered before any is raised. The Django side gives a French
message for each (``scoring.messages``).
"""

from __future__ import annotations

from typing import Final

from engine.errors import EngineError, register_codes

__all__ = ["BELOTE_ERROR_CODES", "EngineError"]

_CODES: Final = {
    # Rulesets
    "rules.not_an_object": "the ruleset must be a JSON object or a preset name",
    "rules.unknown_preset": "no preset has this name",
    "rules.unknown_option": "the ruleset names an option that does not exist",
    "rules.invalid_value": "an option has a value outside its allowed values",
    "rules.inconsistent": "two options contradict each other",
    # Deals: shape
    "deal.not_an_object": "the deal must be a JSON object",
    "deal.unknown_field": "the deal has a field the engine does not know",
    "deal.invalid_value": "a deal field has a value of the wrong type or outside its choices",
    "deal.missing_taker": "a played deal needs the taker's team",
    "deal.missing_points": "card points are needed for at least one team",
    "deal.missing_bid": "a contrée/coinche deal needs a bid (a number, capot or générale)",
    "deal.missing_penalised_team": "a penalty needs the penalised team",
    "deal.invalid_carry_in": "the litige reserve brought in must be a whole number >= 0",
    # Deals: impossible facts
    "deal.points_out_of_range": "card points must lie between 0 and the deal total",
    "deal.points_do_not_add_up": "the two teams' card points must add up to the deal total",
    "deal.capot_without_all_points": "the capot team must have all the card points",
    "deal.dix_de_der_impossible": "the team given the last trick has fewer than 10 points or was capot",
    "deal.belote_at_sans_atout": "there is no belote at sans-atout",
    "deal.too_many_belotes": "one belote per deal (up to 4 at tout-atout)",
    "deal.belote_conflict": "give either belote or ta_belotes, not both",
    "deal.trump_not_allowed": "sans-atout and tout-atout are off in these rules",
    "deal.bid_in_classic": "classic belote has no bids",
    "deal.bid_out_of_range": "the bid is not one of the rules' allowed bids",
    "deal.invalid_contract": "a capot or générale contract cannot carry a number bid",
    "deal.contre_in_classic": "classic belote has no contre",
    "deal.surcontre_without_contre": "a surcontre needs a contre",
    "deal.generale_without_contree": "a générale is only bid in contrée/coinche",
    "deal.generale_disabled": "the générale is off in these rules",
    "deal.announcements_disabled": "these rules are played without announcements",
    "deal.announcement_invalid": "an announcement is malformed (kind, suit, rank or length)",
    "deal.announcement_impossible_sequence": "the sequence does not fit below its top card",
    "deal.announcement_sequence_too_long": "a sequence has at most 8 cards",
    "deal.announcement_duplicate_carre": "there is only one carré of each rank",
    "deal.card_used_twice": "a card appears in two announcements where the rules forbid it",
    "deal.announcements_exceed_hand": "a team's announcements need more than its 16 cards",
    "deal.announcement_tie_unresolved": "equal best announcements: announcement_priority is needed",
    "deal.penalty_team_invalid": "only a penalty deal names a penalised team",
    # Deals: fields a score sheet gives for information (command line; field in params)
    "deal.field_not_applicable": "a field that would change nothing for this deal (kind, contract, rules)",
    "deal.tricks_inconsistent": "the trick counts contradict the deal (8 in all, capot, points, last trick)",
    "deal.capot_bid_value_mismatch": "the capot bid's value written differs from the rules' (value, expected)",
    "deal.score_mismatch": "the deal's scores as written differ from the engine's (written, expected)",
    # Games
    "game.not_an_object": "the game input must be a JSON object with a list of deals",
    "game.already_over": "a deal was added after the game had ended",
    "game.invalid_totals": "totals must be whole numbers >= 0 and the deal count >= 0",
    "game.invalid_start": "a game's starting state is impossible (field; totals, reserve and deals >= 0, fewer deals than the game has)",
    "game.invalid_time_up": "time is called with an impossible value (field: more_deals >= 1, or time_up a deal index or -1)",
    "game.not_over": "a game's final score or a match needs a game that is over",
    "game.match_over": "a game was added to a match that was already decided",
    "game.table_check_not_applicable": "the table check needs classic rules without announcements or rounding",
}

register_codes("belote", _CODES)

BELOTE_ERROR_CODES: Final[tuple[str, ...]] = tuple(_CODES)
