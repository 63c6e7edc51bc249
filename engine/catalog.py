"""The games of the engine, by name: the one place that lists them.

This module owns ``GAMES`` (name → the game's ``engine.games.Game``) and ``DEFAULT_GAME`` (the
game of a command line that names none, and of the contests stored before there were others).
Adding a game is one package under ``engine/`` and one line here; no game's package changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from engine.belote.interface import BELOTE
from engine.errors import EngineError
from engine.games import Game
from engine.rami.interface import RAMI
from engine.tarot.interface import TAROT

__all__ = ["DEFAULT_GAME", "GAMES", "game_named"]

GAMES: Final[Mapping[str, Game[Any]]] = MappingProxyType(
    {game.name: game for game in (BELOTE, TAROT, RAMI)}
)
DEFAULT_GAME: Final = BELOTE.name


def game_named(name: str) -> Game[Any]:
    """The game called ``name``; ``cli.unknown_game`` (with the names allowed) otherwise."""
    game = GAMES.get(name)
    if game is None:
        raise EngineError(
            "cli.unknown_game", f"no game named {name!r}", {"game": name, "allowed": sorted(GAMES)}
        )
    return game
