"""The individual standings' plain values: partie results in, player rows out.

What this module owns
---------------------
:class:`PartieResult` (one table of one partie, or a bye, or a forfeit, with the players who
played it on each side), :class:`Lineup` (who played for a fixed pair from which partie, for
the individual ranking of a pairs contest), :class:`IndividualConfig` (the contest's scoring
rules, an :class:`engine.standings.StandingsConfig`, plus the individual tie-breaks, checked
and stored as JSON) and :class:`IndividualRow`. No computation beyond checks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, NamedTuple

from engine.individual.errors import IndividualError
from engine.individual.metrics import INDIVIDUAL_TIEBREAKS
from engine.standings import ResultKind, StandingsConfig, StandingsError

__all__ = [
    "DEFAULT_TIEBREAKS",
    "IndividualConfig",
    "IndividualRow",
    "Lineup",
    "PartieResult",
    "Side",
]


class Side(StrEnum):
    A = "a"
    B = "b"


class PartieResult(NamedTuple):
    """One table of one partie, from the players' side.

    ``side_a`` / ``side_b``: the players who played that partie for each pair (one or two ids:
    a solo player with a volunteer partner names only himself, or names the volunteer, who is
    then listed in ``volunteers`` and credited nothing). A bye has ``side_b=()`` (a mêlée's
    exempt player is a bye of one; its scores are ignored unless the bye policy is
    ``recorded``). A forfeit names the losing side in ``forfeit_loser``.
    A named tuple, as :class:`engine.standings.GameResult` (one per table of a rebuild).
    """

    partie: int
    side_a: tuple[int, ...]
    side_b: tuple[int, ...] = ()
    score_a: int = 0
    score_b: int = 0
    kind: ResultKind = ResultKind.PLAYED
    forfeit_loser: Side | None = None


class Lineup(NamedTuple):
    """Who played for fixed pair ``team`` from partie ``from_partie`` on (until the team's next
    lineup): the journal's "B replaces C from partie 3" is a second lineup of the team."""

    team: int
    players: tuple[int, ...]
    from_partie: int = 1


# Individual rankings are broken first by the best first partie, then wins, then points
# conceded (what clubs print under a mêlée ranking).
DEFAULT_TIEBREAKS: Final[tuple[str, ...]] = ("first_partie", "wins", "points_against")

_CONFIG_VERSION: Final = 1


def _invalid(field_name: str, value: object) -> IndividualError:
    return IndividualError("individual.invalid_config", field=field_name, value=repr(value))


@dataclass(frozen=True, slots=True)
class IndividualConfig:
    """How a contest ranks its players.

    ``scoring`` is the contest's own :class:`StandingsConfig` (ranking method, bye and forfeit
    policies, barème, unplayed rounds of the Buchholz); its team tie-breaks must be empty, as
    individual tie-breaks are names of :data:`~engine.individual.metrics.INDIVIDUAL_TIEBREAKS`.
    """

    scoring: StandingsConfig = field(default_factory=StandingsConfig)
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS

    def __post_init__(self) -> None:
        if not isinstance(self.scoring, StandingsConfig):
            raise _invalid("scoring", self.scoring)
        if self.scoring.tiebreaks:
            raise _invalid("scoring.tiebreaks", self.scoring.tiebreaks)
        if isinstance(self.tiebreaks, str) or not isinstance(self.tiebreaks, Sequence):
            raise _invalid("tiebreaks", self.tiebreaks)
        names = tuple(self.tiebreaks)
        for i, name in enumerate(names):
            if not isinstance(name, str) or name not in INDIVIDUAL_TIEBREAKS:
                raise IndividualError("individual.unknown_tiebreak", name=repr(name))
            if name in names[:i]:
                raise IndividualError("individual.duplicate_tiebreak", name=name)
        object.__setattr__(self, "tiebreaks", names)

    def to_json(self) -> dict[str, Any]:
        """A plain dict that ``from_json`` reads back."""
        return {
            "version": _CONFIG_VERSION,
            "scoring": self.scoring.to_json(),
            "tiebreaks": list(self.tiebreaks),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> IndividualConfig:
        """Read a stored config (a dict or its JSON text); unknown keys are refused."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError:
                raise _invalid("$", data) from None
        if not isinstance(data, Mapping):
            raise _invalid("$", data)
        for key in data:
            if key not in ("version", "scoring", "tiebreaks"):
                raise _invalid(str(key), data[key])
        if data.get("version", _CONFIG_VERSION) != _CONFIG_VERSION:
            raise _invalid("version", data.get("version"))
        tiebreaks = data.get("tiebreaks", list(DEFAULT_TIEBREAKS))
        if not isinstance(tiebreaks, list | tuple):
            raise _invalid("tiebreaks", tiebreaks)
        try:
            scoring = StandingsConfig.from_json(data.get("scoring", {}))
        except StandingsError as exc:  # one error family per entry point
            raise _invalid("scoring", exc.params) from exc
        return cls(scoring=scoring, tiebreaks=tuple(tiebreaks))


@dataclass(frozen=True, slots=True)
class IndividualRow:
    """One player's line in the individual standings.

    Counters follow the team rows of :class:`engine.standings.StandingRow`: ``played`` counts
    parties at a table, ``wins`` includes byes when the bye policy says so. ``first_partie`` is
    the player's points in partie 1 (0 for a player who came in later). ``parties`` are the
    parties the player is credited for (a replaced player: only those he played);
    ``partners`` and ``opponents`` the distinct credited players met in each role.
    ``tiebreak_values`` follow ``config.tiebreaks`` (``points_against`` as the plain number).
    """

    rank: int
    player: int
    shared: bool
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    forfeits_won: int
    forfeits_lost: int
    points_for: int
    points_against: int
    difference: int
    match_points: int
    best_game: int
    first_partie: int
    parties: tuple[int, ...]
    partners: tuple[int, ...]
    opponents: tuple[int, ...]
    tiebreak_values: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A plain dict for a stored snapshot (tuples as lists)."""
        out: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out
