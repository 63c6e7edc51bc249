"""The individual standings' error type and its codes (the ``individual.*`` view of the one list
in :mod:`engine.errors`, where each code has its developer description)."""

from __future__ import annotations

from typing import Any, Final

from engine.errors import EngineError, codes_with_prefix

__all__ = ["INDIVIDUAL_ERROR_CODES", "IndividualError"]

INDIVIDUAL_ERROR_CODES: Final[tuple[str, ...]] = codes_with_prefix("individual.")


class IndividualError(EngineError):
    """An input the individual standings refuse; ``code`` is one of
    :data:`INDIVIDUAL_ERROR_CODES`, ``params`` holds the offending values."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in INDIVIDUAL_ERROR_CODES:  # a programming error, not a user error
            raise ValueError(f"unlisted individual error code {code!r}")
        super().__init__(code, params=params)
