"""A season's standings rules (:class:`SeasonRules`) and its tie-breaks (:data:`SEASON_TIEBREAKS`).

Credit per player or per pair, the barème (:mod:`.bareme`), best N of M contests, the
attendance needed for the final ranking and for a prize, which contest kinds count, and the
ordered tie-breaks (default: parties won, then total score, over the counted contests).
Every value is checked on construction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

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
            if name not in SEASON_TIEBREAKS:
                raise SeasonError("season.unknown_tiebreak", name=repr(name))
            if name in names[:i]:
                raise _bad("tiebreaks", names)
        object.__setattr__(self, "tiebreaks", names)

    @property
    def value_divisor(self) -> int:
        """A row's ``value`` divided by this is the number a page shows (1 but for a
        combined per-partie barème)."""
        return self.bareme.value_divisor
