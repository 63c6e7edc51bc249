"""The seasons' "why" report: stable codes and params, never sentences (as the pairing's).

:func:`~engine.seasons.standings.compute_season_standings`, :func:`~engine.seasons.clubs.club_standings`
and :func:`~engine.seasons.qualification.qualify_from_season` return their facts as
:class:`SeasonReportItem` values; the app translates each :class:`SeasonReportCode` into French.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

__all__ = ["SeasonParam", "SeasonReport", "SeasonReportCode", "SeasonReportItem"]

SeasonParam = int | str | bool | None | tuple[int, ...]


class SeasonReportCode(StrEnum):
    CONTEST_NOT_COUNTED = "contest_not_counted"  # contest, kind: its kind is not counted
    CONTEST_DROPPED = "contest_dropped"  # entrant, contest, value, best_of: outside the best N
    BELOW_ATTENDANCE = "below_attendance"  # entrant, attended, minimum: not in the final ranking
    NO_PRIZE = "no_prize"  # entrant, attended, minimum: ranked, but too few contests for a prize
    SHARED_RANK = "shared_rank"  # rank, entrants: equal on every key
    TIE_BROKEN = "tie_broken"  # rank, entrant, above, key: equal value, split by tie-break `key`
    NO_CLUB = "no_club"  # entrant: no club known, left out of the club ranking
    CLUB_MEMBER_NOT_COUNTED = (
        "club_member_not_counted"  # club, entrant, best, reason (best, not_eligible)
    )
    QUALIFIED = "qualified"  # entrant, order, rule, source, contest, place
    ALREADY_QUALIFIED = "already_qualified"  # entrant, rule, contest, place, by_rule, by_contest
    TIE_AT_CUT = "tie_at_cut"  # rule, contest, place, taken, left: equal places split by order
    SHORT = "short"  # rule, contest, wanted, found: fewer entrants than the rule asks


@dataclass(frozen=True)
class SeasonReportItem:
    """One fact: a stable ``code`` and its ``params``."""

    code: SeasonReportCode
    params: dict[str, SeasonParam] = field(default_factory=dict, hash=False)

    def describe(self) -> str:
        """An English line for developers (users get the French translation of ``code``)."""
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.code.value}: {args}"


@dataclass(frozen=True)
class SeasonReport:
    items: tuple[SeasonReportItem, ...] = ()

    def of(self, code: SeasonReportCode | str) -> tuple[SeasonReportItem, ...]:
        """The items with this code, in report order."""
        return tuple(item for item in self.items if item.code == code)

    def codes(self) -> tuple[SeasonReportCode, ...]:
        return tuple(item.code for item in self.items)

    def describe(self) -> str:
        return "\n".join(item.describe() for item in self.items)
