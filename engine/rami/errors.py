"""Rami's error codes, registered with the engine's register when rami is imported.

This module owns the ``rami.*`` codes (published: they never change once released); rami's
modules import ``EngineError`` from here so that the codes are registered before any is raised.
Params are named in brackets; the Django side will give each code a French message.
"""

from __future__ import annotations

from typing import Final

from engine.errors import EngineError, register_codes

__all__ = ["RAMI_ERROR_CODES", "EngineError"]

_CODES: Final = {
    # Rules
    "rami.rules_not_an_object": "the rules must be a JSON object or a preset name",
    "rami.unknown_preset": "no rami preset has this name (preset, allowed)",
    "rami.unknown_option": "the rules name an option rami does not have (option)",
    "rami.invalid_option": "an option has a value outside its allowed values (option, value, allowed)",
    # Input shape (command line)
    "rami.invalid_input": "the input is not an object, lacks a field or has an unknown one (field)",
    # Deals: players
    "rami.invalid_players": "a deal needs 2 to 7 players with distinct, non-empty names (count, min, max, player)",
    "rami.players_mismatch": "a deal's players are not the game's (deal_index, missing, unknown)",
    # Deals: what each player holds
    "rami.invalid_hand_value": "a player's entry is not a penalty, a card list or {cards, penalty} (player)",
    "rami.invalid_card": "a card is not a rank (A 2-10 J Q K) and a suit (H D C S), nor JOKER (player, card)",
    "rami.joker_without_two_decks": "a joker is only played in the two-deck game (player)",
    "rami.card_count_exceeded": "more copies of a card than the decks hold (card, count, allowed)",
    "rami.too_many_cards": "a player holds more cards than were dealt (player, count, dealt)",
    "rami.penalty_out_of_range": "a penalty is not a whole number a hand can hold (player, penalty, min, max)",
    "rami.penalty_mismatch": "the penalty written differs from the value of the cards (player, written, cards_value)",
    # Deals: how the deal ended
    "rami.no_winner": "nobody went out (a penalty of 0) and the deal is not marked stock_out",
    "rami.two_winners": "two players went out in the same deal (players)",
    "rami.stock_out_disabled": "a deal ends on stock out only with the rules' stock_out = ends_deal",
    "rami.stock_out_with_winner": "a deal that ended on stock out has a player who went out (player)",
    "rami.rami_without_winner": "a rami needs the player who went out; a stock-out deal has none",
    "rami.score_mismatch": "the deal's scores as written differ from the engine's (player, written, expected)",
    # Games
    "rami.invalid_start": "a game's starting state is impossible (field, value)",
    "rami.game_over": "a deal was added after the game had ended (deal_index)",
    "rami.total_mismatch": "a running total as written differs from the engine's (deal_index, player, written, expected)",
}

register_codes("rami", _CODES)

RAMI_ERROR_CODES: Final[tuple[str, ...]] = tuple(_CODES)
