"""The phases' error type, its codes, and the input checks every phase shares.

The codes live in :mod:`engine.errors`; :data:`PHASES_ERROR_CODES` is the view of the
``phases.*`` ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from engine.errors import EngineError, codes_with_prefix

__all__ = ["PHASES_ERROR_CODES", "PhaseError", "check_seed", "check_teams", "is_int"]

PHASES_ERROR_CODES: Final[tuple[str, ...]] = codes_with_prefix("phases.")


class PhaseError(EngineError):
    """A phase input the engine refuses; ``code`` is one of :data:`PHASES_ERROR_CODES`."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in PHASES_ERROR_CODES:  # a programming error, not a user error
            raise ValueError(f"unlisted phases error code {code!r}")
        super().__init__(code, params=params)


def is_int(value: object) -> bool:
    """A whole number, and not a bool (a JSON ``true`` must not pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_teams(teams: Iterable[object], minimum: int) -> tuple[int, ...]:
    """The team ids as a tuple, refusing non-integers, duplicates and too small a field."""
    out: list[int] = []
    seen: set[int] = set()
    for team in teams:
        if not isinstance(team, int) or isinstance(team, bool) or team in seen:
            raise PhaseError("phases.invalid_teams", team=repr(team), reason="id")
        seen.add(team)
        out.append(team)
    if len(out) < minimum:
        raise PhaseError("phases.not_enough_teams", count=len(out), minimum=minimum)
    return tuple(out)


def check_seed(seed: object) -> None:
    """A seed is ``None`` (one is drawn) or a whole number >= 0."""
    if seed is None:
        return
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise PhaseError("phases.invalid_seed", seed=repr(seed))
