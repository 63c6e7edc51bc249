"""Rami deals read from JSON, and the scores a sheet writes checked against the engine's.

This module owns the JSON form of a deal (docs/engine.md, "Rami"):
``{"players": {"Anne": 0, "Bob": ["KH", "7S"], "Chloé": {"cards": ["AD"], "penalty": 11}},
"rami": false, "stock_out": false, "scores": {...}}``: each player's entry is his penalty as
written (what a paper sheet records), his cards left in hand (the engine counts them), or
both (checked against each other); ``scores``, optional, are the deal's scores as written,
checked against the engine's. Every refusal is a
``rami.*`` code naming the field or the player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.rami.cards import CARD_VALUES, parse_card
from engine.rami.deal import Deal, DealScore
from engine.rami.errors import EngineError

__all__ = ["check_keys", "check_written", "deal_from_json", "players_from_json", "read_bool"]

_DEAL_KEYS = frozenset({"players", "rami", "stock_out", "scores"})
_ENTRY_KEYS = frozenset({"cards", "penalty"})


def check_keys(data: object, allowed: frozenset[str] | set[str], field: str) -> Mapping[str, Any]:
    """``data`` as an object with no key outside ``allowed`` (``rami.invalid_input``)."""
    if not isinstance(data, Mapping):
        raise EngineError("rami.invalid_input", f"{field} must be an object", {"field": field})
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise EngineError(
            "rami.invalid_input", f"unknown key in {field}", {"field": f"{field}.{unknown[0]}"}
        )
    return data


def read_bool(data: Mapping[str, Any], key: str, field: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise EngineError(
            "rami.invalid_input", f"{key} must be true or false", {"field": f"{field}.{key}"}
        )
    return value


def players_from_json(data: object, field: str = "players") -> tuple[str, ...]:
    """A list of player names (a game's seats): strings, checked by ``new_game``."""
    if not isinstance(data, list) or not all(isinstance(p, str) for p in data):
        raise EngineError("rami.invalid_input", "players must be a list of names", {"field": field})
    return tuple(data)


def deal_from_json(data: object, field: str = "deal") -> Deal:
    """The ``Deal`` a JSON deal describes (its values are checked by ``score_deal``)."""
    raw = check_keys(data, _DEAL_KEYS, field)
    entries = raw.get("players")
    if not isinstance(entries, Mapping):
        raise EngineError(
            "rami.invalid_input",
            "a deal needs its players: {name: penalty or cards}",
            {"field": f"{field}.players"},
        )
    penalties: list[int] = []
    cards: list[tuple[str, ...] | None] = []
    for player, entry in entries.items():
        penalty, held = _entry(str(player), entry)
        penalties.append(penalty)
        cards.append(held)
    return Deal(
        tuple(str(p) for p in entries),
        tuple(penalties),
        read_bool(raw, "rami", field),
        read_bool(raw, "stock_out", field),
        tuple(cards) if any(c is not None for c in cards) else None,
    )


def _entry(player: str, entry: object) -> tuple[int, tuple[str, ...] | None]:
    """A player's penalty and cards (None when not written) from his entry."""
    if type(entry) is int:
        return entry, None
    if isinstance(entry, list):
        cards = _cards(player, entry)
        return _value(cards), cards
    if isinstance(entry, Mapping) and entry and set(entry) <= _ENTRY_KEYS:
        held = _cards(player, entry["cards"]) if "cards" in entry else None
        penalty = entry.get("penalty")
        if penalty is None and held is not None:
            return _value(held), held
        if type(penalty) is int:
            return penalty, held  # score_deal checks it against the cards
    raise EngineError(
        "rami.invalid_hand_value",
        f"{player}: a penalty (a whole number), a list of cards or {{cards, penalty}}",
        {"player": player},
    )


def _cards(player: str, raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise EngineError(
            "rami.invalid_hand_value", f"{player}'s cards must be a list", {"player": player}
        )
    held = []
    for text in raw:
        card = parse_card(text)
        if card is None:
            raise EngineError(
                "rami.invalid_card",
                f"{text!r} is no card (KH, 10S, A♦, JOKER…)",
                {"player": player, "card": text},
            )
        held.append(card)
    return tuple(held)


def _value(cards: Sequence[str]) -> int:
    return sum(CARD_VALUES[c] for c in cards)


def check_written(raw: Mapping[str, Any], score: DealScore, field: str = "deal") -> None:
    """The deal's ``scores`` as the sheet writes them, if given, equal the engine's."""
    written = raw.get("scores")
    if written is None:
        return
    seats = {player: seat for seat, player in enumerate(score.players)}
    if not isinstance(written, Mapping) or any(
        p not in seats or type(v) is not int for p, v in written.items()
    ):
        raise EngineError(
            "rami.invalid_input",
            "scores are {player: whole number} for the deal's players",
            {"field": f"{field}.scores"},
        )
    for player, value in written.items():
        expected = score.scores[seats[player]]
        if value != expected:
            raise EngineError(
                "rami.score_mismatch",
                f"{player}'s score is {expected}, not {value}",
                {"player": player, "written": value, "expected": expected},
            )
