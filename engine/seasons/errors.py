"""The seasons' error type and its codes (the ``season.*`` view of the one list in
:mod:`engine.errors`, where each code has its developer description)."""

from __future__ import annotations

from typing import Any, Final

from engine.errors import EngineError, codes_with_prefix

__all__ = ["SEASON_ERROR_CODES", "SeasonError"]

SEASON_ERROR_CODES: Final[tuple[str, ...]] = codes_with_prefix("season.")


class SeasonError(EngineError):
    """An input the season standings refuse; ``code`` is one of :data:`SEASON_ERROR_CODES`,
    ``params`` holds the offending values."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in SEASON_ERROR_CODES:  # a programming error, not a user error
            raise ValueError(f"unlisted season error code {code!r}")
        super().__init__(code, params=params)
