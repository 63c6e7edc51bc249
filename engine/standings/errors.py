"""The standings' error type and its codes.

The codes live in :mod:`engine.errors` (the one list of every engine code, with a short developer
description each; the Django side maps each code to a French message); this is the view of the
``standings.*`` ones.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import EngineError, codes_with_prefix

__all__ = ["STANDINGS_ERROR_CODES", "StandingsError"]

STANDINGS_ERROR_CODES: Final[tuple[str, ...]] = codes_with_prefix("standings.")


class StandingsError(EngineError):
    """A standings input the engine refuses; ``code`` is one of :data:`STANDINGS_ERROR_CODES`,
    ``params`` holds the offending values."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in STANDINGS_ERROR_CODES:  # a programming error, not a user error
            raise ValueError(f"unlisted standings error code {code!r}")
        super().__init__(code, params=params)
