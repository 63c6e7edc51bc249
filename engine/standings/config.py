"""How a contest ranks its teams (:class:`StandingsConfig`), checked and stored as JSON.

The ranking method, the ordered tie-breaks (names of :data:`~engine.standings.metrics.TIEBREAKS`),
the bye and forfeit policies, the barème (:class:`MatchPointsScale`), the unplayed-round rule
of the Buchholz and where withdrawn teams go (:class:`~.model.WithdrawalRule`). Every value is
checked on construction; ``from_json`` refuses unknown keys so that a typo never silently changes
a ranking.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, TypeVar

from engine.standings.errors import StandingsError
from engine.standings.metrics import TIEBREAKS
from engine.standings.model import AwardMode, RankingMethod, UnplayedRounds, WithdrawalRule

__all__ = ["ByePolicy", "ForfeitPolicy", "MatchPointsScale", "StandingsConfig"]


def _check_int(name: str, value: object, *, minimum: int | None = None) -> int:
    # bool is an int subclass: a JSON true must not pass for 1.
    if isinstance(value, bool) or not isinstance(value, int):
        raise StandingsError("standings.invalid_config", field=name, value=repr(value))
    if minimum is not None and value < minimum:
        raise StandingsError("standings.invalid_config", field=name, value=repr(value))
    return value


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise StandingsError("standings.invalid_config", field=name, value=repr(value))
    return value


_E = TypeVar("_E", bound=StrEnum)


def _enum(cls: type[_E], name: str, value: object, code: str) -> _E:
    if not isinstance(value, str):
        raise StandingsError(code, field=name, value=repr(value))
    try:
        return cls(value)
    except ValueError:
        raise StandingsError(code, field=name, value=repr(value)) from None


@dataclass(frozen=True, slots=True)
class ByePolicy:
    award: AwardMode = AwardMode.FIXED
    value: int = 0
    counts_as_win: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "award", _enum(AwardMode, "bye.award", self.award, "standings.invalid_config")
        )
        _check_int("bye.value", self.value, minimum=0)
        _check_bool("bye.counts_as_win", self.counts_as_win)


@dataclass(frozen=True, slots=True)
class ForfeitPolicy:
    award: AwardMode = AwardMode.FIXED
    value: int = 0
    loser_points: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "award",
            _enum(AwardMode, "forfeit.award", self.award, "standings.invalid_config"),
        )
        _check_int("forfeit.value", self.value, minimum=0)
        _check_int("forfeit.loser_points", self.loser_points, minimum=0)


@dataclass(frozen=True, slots=True)
class MatchPointsScale:
    """The barème: match points per result, optionally plus the team's score in the game."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    bye: int = 2
    forfeit_win: int = 2
    forfeit_loss: int = 0
    add_score: bool = False
    score_divisor: int = 1

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss", "bye", "forfeit_win", "forfeit_loss"):
            _check_int(f"match_points.{name}", getattr(self, name))
        _check_bool("match_points.add_score", self.add_score)
        _check_int("match_points.score_divisor", self.score_divisor, minimum=1)


_CONFIG_VERSION: Final = 1


@dataclass(frozen=True, slots=True)
class StandingsConfig:
    """How a contest ranks its teams. Stored on the contest as ``to_json()``."""

    method: RankingMethod = RankingMethod.POINTS
    tiebreaks: tuple[str, ...] = ()
    bye: ByePolicy = field(default_factory=ByePolicy)
    forfeit: ForfeitPolicy = field(default_factory=ForfeitPolicy)
    match_points: MatchPointsScale = field(default_factory=MatchPointsScale)
    unplayed_rounds: UnplayedRounds = UnplayedRounds.SELF
    withdrawals: WithdrawalRule = WithdrawalRule.LEAVE

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "withdrawals",
            _enum(WithdrawalRule, "withdrawals", self.withdrawals, "standings.invalid_config"),
        )
        object.__setattr__(
            self,
            "method",
            _enum(RankingMethod, "method", self.method, "standings.unknown_method"),
        )
        object.__setattr__(
            self,
            "unplayed_rounds",
            _enum(
                UnplayedRounds, "unplayed_rounds", self.unplayed_rounds, "standings.invalid_config"
            ),
        )
        if isinstance(self.tiebreaks, str) or not isinstance(self.tiebreaks, Sequence):
            raise StandingsError(
                "standings.invalid_config", field="tiebreaks", value=repr(self.tiebreaks)
            )
        names = tuple(self.tiebreaks)
        seen: set[str] = set()
        for name in names:
            if not isinstance(name, str) or name not in TIEBREAKS:
                raise StandingsError("standings.unknown_tiebreak", name=repr(name))
            if name in seen:
                raise StandingsError("standings.duplicate_tiebreak", name=name)
            seen.add(name)
        object.__setattr__(self, "tiebreaks", names)
        for name, cls in (
            ("bye", ByePolicy),
            ("forfeit", ForfeitPolicy),
            ("match_points", MatchPointsScale),
        ):
            if not isinstance(getattr(self, name), cls):
                raise StandingsError("standings.invalid_config", field=name)

    def to_json(self) -> dict[str, Any]:
        """A plain dict (str keys, str/int/bool/list values) that ``from_json`` reads back."""
        mp = self.match_points
        return {
            "version": _CONFIG_VERSION,
            "method": self.method.value,
            "tiebreaks": list(self.tiebreaks),
            "bye": {
                "award": self.bye.award.value,
                "value": self.bye.value,
                "counts_as_win": self.bye.counts_as_win,
            },
            "forfeit": {
                "award": self.forfeit.award.value,
                "value": self.forfeit.value,
                "loser_points": self.forfeit.loser_points,
            },
            "match_points": {
                "win": mp.win,
                "draw": mp.draw,
                "loss": mp.loss,
                "bye": mp.bye,
                "forfeit_win": mp.forfeit_win,
                "forfeit_loss": mp.forfeit_loss,
                "add_score": mp.add_score,
                "score_divisor": mp.score_divisor,
            },
            "unplayed_rounds": self.unplayed_rounds.value,
            "withdrawals": self.withdrawals.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> StandingsConfig:
        """Read a stored config (a dict or its JSON text). Missing keys take the defaults;
        unknown keys are refused so that a typo never silently changes a ranking."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError:
                raise StandingsError("standings.invalid_config", field="$") from None
        if not isinstance(data, Mapping):
            raise StandingsError("standings.invalid_config", field="$")
        known = {"version", "method", "tiebreaks", "bye", "forfeit", "match_points"}
        known |= {"unplayed_rounds", "withdrawals"}
        _reject_unknown("", data, known)
        version = data.get("version", _CONFIG_VERSION)
        if version != _CONFIG_VERSION:
            raise StandingsError("standings.invalid_config", field="version", value=repr(version))
        tiebreaks = data.get("tiebreaks", [])
        if not isinstance(tiebreaks, list | tuple):
            raise StandingsError("standings.invalid_config", field="tiebreaks")
        return cls(
            method=data.get("method", RankingMethod.POINTS),
            tiebreaks=tuple(tiebreaks),
            bye=ByePolicy(**_section(data, "bye", ("award", "value", "counts_as_win"))),
            forfeit=ForfeitPolicy(**_section(data, "forfeit", ("award", "value", "loser_points"))),
            match_points=MatchPointsScale(
                **_section(
                    data,
                    "match_points",
                    (
                        "win",
                        "draw",
                        "loss",
                        "bye",
                        "forfeit_win",
                        "forfeit_loss",
                        "add_score",
                        "score_divisor",
                    ),
                )
            ),
            unplayed_rounds=data.get("unplayed_rounds", UnplayedRounds.SELF),
            withdrawals=data.get("withdrawals", WithdrawalRule.LEAVE),
        )


def _reject_unknown(prefix: str, data: Mapping[str, Any], known: set[str]) -> None:
    for key in data:
        if key not in known:
            raise StandingsError("standings.invalid_config", field=f"{prefix}{key}")


def _section(data: Mapping[str, Any], name: str, keys: tuple[str, ...]) -> dict[str, Any]:
    section = data.get(name, {})
    if not isinstance(section, Mapping):
        raise StandingsError("standings.invalid_config", field=name)
    _reject_unknown(f"{name}.", section, set(keys))
    return dict(section)
