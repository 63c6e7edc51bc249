"""A season's standings rules (:class:`SeasonRules`) and its tie-breaks (:data:`SEASON_TIEBREAKS`).

Credit per player or per pair, the barème (:mod:`.bareme`), best N of M contests, the
attendance needed for the final ranking and for a prize, which contest kinds count, and the
ordered tie-breaks (default: parties won, then total score, over the counted contests).
Every value is checked on construction; ``to_json`` / ``from_json`` store the rules on the
season (unknown keys refused, so that a typo never silently changes a ranking).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, Final

from engine.seasons.bareme import Bareme, PartieBareme, PlacementFormula, PlacementTable
from engine.seasons.errors import SeasonError
from engine.seasons.model import ContestKind, Credit

__all__ = ["DEFAULT_SEASON_TIEBREAKS", "SEASON_TIEBREAKS", "SeasonMetric", "SeasonRules"]


@dataclass(frozen=True, slots=True)
class SeasonMetric:
    """A named season tie-break: the entrant's total ``attribute`` (over the counted contests
    unless said otherwise), higher or lower first."""

    name: str
    description: str
    higher_is_better: bool
    attribute: str


SEASON_TIEBREAKS: Final[Mapping[str, SeasonMetric]] = {
    m.name: m
    for m in (
        SeasonMetric("wins", "parties won in the counted contests", True, "wins"),
        SeasonMetric("score", "total score of the counted contests", True, "score"),
        SeasonMetric("attended", "contests attended, counted or not", True, "attended"),
        SeasonMetric(
            "best_place", "best final rank in a counted contest (lower first)", False, "best_place"
        ),
        SeasonMetric("lot", "lot drawn once and stored (lower first)", False, "lot"),
    )
}

# "Ties by wins then total score": what challenge rules print.
DEFAULT_SEASON_TIEBREAKS: Final[tuple[str, ...]] = ("wins", "score")


def _bad(field: str, value: object) -> SeasonError:
    return SeasonError("season.invalid_rules", field=field, value=repr(value))


def _count(field: str, value: object, *, minimum: int) -> None:
    if type(value) is not int or value < minimum:
        raise _bad(field, value)


@dataclass(frozen=True, slots=True)
class SeasonRules:
    """How a season ranks its entrants.

    ``best_of``: only the N best contests of each entrant count (``None``: all).
    ``min_contests``: contests attended needed to appear in the final ranking (the others
    are listed after it, unranked). ``prize_min_contests``: contests attended needed for a
    prize (ranked all the same, flagged). ``counted_kinds``: the contest kinds the season
    ranking counts (the final is left out by default). ``tiebreaks``: names of
    :data:`SEASON_TIEBREAKS`, after the barème's value (and, with a barème whose score is a
    tie-break, after the score).
    """

    bareme: Bareme
    credit: Credit = Credit.PLAYER
    best_of: int | None = None
    min_contests: int = 0
    prize_min_contests: int = 0
    counted_kinds: tuple[ContestKind, ...] = (ContestKind.CONTEST, ContestKind.QUALIFIER)
    tiebreaks: tuple[str, ...] = DEFAULT_SEASON_TIEBREAKS

    def __post_init__(self) -> None:
        if not isinstance(self.bareme, PlacementTable | PlacementFormula | PartieBareme):
            raise _bad("bareme", self.bareme)
        try:
            object.__setattr__(self, "credit", Credit(self.credit))
            kinds = tuple(ContestKind(k) for k in self.counted_kinds)
        except (ValueError, TypeError):
            raise _bad("credit/counted_kinds", (self.credit, self.counted_kinds)) from None
        object.__setattr__(self, "counted_kinds", kinds)
        if self.best_of is not None:
            _count("best_of", self.best_of, minimum=1)
        _count("min_contests", self.min_contests, minimum=0)
        _count("prize_min_contests", self.prize_min_contests, minimum=0)
        if isinstance(self.tiebreaks, str):
            raise _bad("tiebreaks", self.tiebreaks)
        names = tuple(self.tiebreaks)
        for i, name in enumerate(names):
            if not isinstance(name, str) or name not in SEASON_TIEBREAKS:
                raise SeasonError("season.unknown_tiebreak", name=repr(name))
            if name in names[:i]:
                raise _bad("tiebreaks", names)
        object.__setattr__(self, "tiebreaks", names)

    @property
    def value_divisor(self) -> int:
        """A row's ``value`` divided by this is the number a page shows (1 but for a
        combined per-partie barème)."""
        return self.bareme.value_divisor

    def to_json(self) -> dict[str, Any]:
        """A plain dict (str keys; str, int, bool, None and list values) for ``from_json``."""
        out = {f.name: _plain(getattr(self, f.name)) for f in fields(self) if f.name != "bareme"}
        bareme = {f.name: _plain(getattr(self.bareme, f.name)) for f in fields(self.bareme)}
        out["bareme"] = {"kind": _KIND_OF[type(self.bareme)], **bareme}
        return {"version": _VERSION, **out}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> SeasonRules:
        """Read stored rules (a dict or its JSON text); missing keys take the defaults."""
        data = _mapping("$", _loads(data))
        if data.get("version", _VERSION) != _VERSION:
            raise _bad("version", data.get("version"))
        known = {f.name for f in fields(cls)} | {"version"}
        _reject_unknown("", data, known)
        if "bareme" not in data:
            raise _bad("bareme", None)
        bareme = _mapping("bareme", data["bareme"])
        kind = bareme.get("kind")
        bareme_cls = _BAREMES.get(kind) if isinstance(kind, str) else None
        if bareme_cls is None:
            raise _bad("bareme.kind", kind)
        _reject_unknown("bareme.", bareme, {f.name for f in fields(bareme_cls)} | {"kind"})
        args = {k: _tuples(v) for k, v in bareme.items() if k != "kind"}
        rest = {k: _tuples(v) for k, v in data.items() if k not in ("version", "bareme")}
        return cls(bareme=bareme_cls(**args), **rest)


_VERSION: Final = 1
_BAREMES: Final[Mapping[str, type[Bareme]]] = {
    "placement_table": PlacementTable,
    "placement_formula": PlacementFormula,
    "partie": PartieBareme,
}
_KIND_OF: Final[Mapping[type, str]] = {cls: kind for kind, cls in _BAREMES.items()}


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuples(value: Any) -> Any:  # the constructors check every value
    # JSON has lists; the rules hold tuples (their checks refuse a list).
    return tuple(value) if isinstance(value, list) else value


def _loads(data: Mapping[str, Any] | str) -> object:
    if not isinstance(data, str):
        return data
    try:
        return json.loads(data)
    except ValueError:
        raise _bad("$", data) from None


def _mapping(field: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _bad(field, value)
    return value


def _reject_unknown(prefix: str, data: Mapping[str, Any], known: set[str]) -> None:
    for key in data:
        if key not in known:
            raise _bad(f"{prefix}{key}", data[key])
