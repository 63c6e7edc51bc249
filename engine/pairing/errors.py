"""The pairing's error type and its codes.

The codes live in :mod:`engine.errors` (the one list of every engine code, with their
descriptions and params); :data:`PAIRING_ERROR_CODES` is the view of the ``pairing.*`` ones.
"""

from __future__ import annotations

from typing import Any, Final

from engine.errors import EngineError, codes_with_prefix

__all__ = ["PAIRING_ERROR_CODES", "PairingError", "is_int"]

PAIRING_ERROR_CODES: Final[tuple[str, ...]] = codes_with_prefix("pairing.")


class PairingError(EngineError):
    """A pairing request the engine refuses; ``code`` is one of :data:`PAIRING_ERROR_CODES`.

    Same fields as :class:`engine.errors.EngineError` (``code``, ``message``, ``params``).
    """

    def __init__(self, code: str, **params: Any) -> None:
        if code not in PAIRING_ERROR_CODES:  # a programming error, not a user error
            raise ValueError(f"unregistered pairing error code: {code}")
        super().__init__(code, params=params)


def is_int(value: object) -> bool:
    """A whole number, and not a bool (a JSON ``true`` must not pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)
