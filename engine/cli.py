"""The engine's command line: ``python -m engine [game] command``, JSON in on stdin, JSON out.

This module owns the command line's contract, the same for every game: the first argument may
name a game (``belote``, as listed by ``engine.catalog``; without it, belote, so that
``python -m engine score`` keeps working), the next one is one of that game's commands
(``score``, ``game``, ``presets``, ``options`` and the game's own, such as belote's
``table-check``); input is read from stdin only by the commands that take one.

Errors never print a traceback: bad JSON or a refused input exits with code 2 and prints
``{"error": {"code": ..., "message": ..., "params": {...}}}``; an engine bug exits with 1 and
the code ``cli.internal_error``. docs/engine.md documents every command with examples.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from engine.catalog import DEFAULT_GAME, game_named
from engine.errors import EngineError
from engine.games import Command

__all__ = ["main", "run"]

_USAGE = "usage: python -m engine [game] command < input.json"


def _command(argv: Sequence[str]) -> Command:
    """The command ``argv`` names, of the game it names (coded errors for anything else)."""
    if len(argv) == 2:
        game, name = game_named(argv[0]), argv[1]
    elif len(argv) == 1:
        game, name = game_named(DEFAULT_GAME), argv[0]
    else:
        raise EngineError("cli.unknown_command", _USAGE, {"argv": list(argv)})
    commands = game.commands()
    command = commands.get(name)
    if command is None:
        raise EngineError(
            "cli.unknown_command", _USAGE, {"command": name, "allowed": sorted(commands)}
        )
    return command


def _read_json(stdin: TextIO) -> object:
    try:
        return json.loads(stdin.read())
    except (ValueError, UnicodeDecodeError) as exc:
        raise EngineError("cli.invalid_json", f"invalid JSON: {exc}", {}) from None


def run(argv: Sequence[str], stdin: TextIO) -> tuple[int, dict[str, Any]]:
    """Run one command; return (exit code, JSON output). Never raises."""
    try:
        command = _command(argv)
        data = _read_json(stdin) if command.reads_input else None
        return 0, command.run(data)
    except EngineError as exc:
        return 2, {"error": exc.to_json()}
    except RecursionError:
        return 2, {
            "error": {
                "code": "cli.invalid_json",
                "message": "input nested too deeply",
                "params": {},
            }
        }
    except Exception as exc:  # a bug: still no traceback on stdout or stderr
        return 1, {
            "error": {
                "code": "cli.internal_error",
                "message": f"{type(exc).__name__}: {exc}",
                "params": {},
            }
        }


def main(argv: Sequence[str] | None = None) -> int:
    code, out = run(sys.argv[1:] if argv is None else argv, sys.stdin)
    sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=2, default=str) + "\n")
    return code
