"""The season's barèmes: what one contest's final result is worth in the season.

Three kinds, each a checked frozen value with :meth:`worth`:

* :class:`PlacementTable`: points by final rank from a table (1st 100, 2nd 90, ...), a fixed
  number past the table, plus a participation bonus;
* :class:`PlacementFormula`: ``max(floor, first - step x (rank - 1))`` (``first=None``: the
  number of entrants of the contest, so the last one gets ``1`` with ``step=1``), plus the bonus;
* :class:`PartieBareme`: points per partie by outcome, and the partie's score, as clubs write
  "win = 4 + score, loss = 2 + score, bye = 3 + 1000". ``score_mode`` says how the score counts:
  ``tiebreak`` (the usual reading: the barème points rank first, the summed score breaks their
  ties) or ``combined`` (one number, ``points + score / score_divisor``, kept exact as the
  integer ``points x score_divisor + score``).

A worth is ``(points, score, value)``: ``value`` is what ranks (in units of
``1 / value_divisor``), ``points`` and ``score`` are shown beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.seasons.errors import SeasonError
from engine.seasons.model import Outcome, Placing

__all__ = [
    "Bareme",
    "PartieBareme",
    "PlacementFormula",
    "PlacementTable",
    "ScoreMode",
    "Worth",
]

Worth = tuple[int, int, int]  # (points, score, value)


class ScoreMode(StrEnum):
    TIEBREAK = "tiebreak"  # barème points first, the summed score as the next key
    COMBINED = "combined"  # one number: points + score / score_divisor


def _int(field: str, value: object, minimum: int | None = 0) -> int:
    # type() rather than isinstance(): a JSON true must not pass for 1.
    if type(value) is not int or (minimum is not None and value < minimum):
        raise SeasonError("season.invalid_rules", field=field, value=repr(value))
    return value


@dataclass(frozen=True, slots=True)
class PlacementTable:
    """``points[rank - 1]`` for the ranks the table covers, ``beyond`` past it."""

    points: tuple[int, ...]
    beyond: int = 0
    participation: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.points, tuple) or not self.points:
            raise SeasonError(
                "season.invalid_rules", field="bareme.points", value=repr(self.points)
            )
        for i, p in enumerate(self.points):
            _int(f"bareme.points[{i}]", p)
        _int("bareme.beyond", self.beyond)
        _int("bareme.participation", self.participation)

    @property
    def value_divisor(self) -> int:
        return 1

    def worth(self, placing: Placing, field_size: int) -> Worth:
        rank = placing.rank
        points = self.points[rank - 1] if rank <= len(self.points) else self.beyond
        points += self.participation
        return points, placing.points, points


@dataclass(frozen=True, slots=True)
class PlacementFormula:
    """``max(floor, first - step x (rank - 1)) + participation``; ``first=None`` is the
    contest's number of entrants (as many points as entrants beaten, plus one)."""

    first: int | None = None
    step: int = 1
    floor: int = 0
    participation: int = 0

    def __post_init__(self) -> None:
        if self.first is not None:
            _int("bareme.first", self.first)
        _int("bareme.step", self.step)
        _int("bareme.floor", self.floor)
        _int("bareme.participation", self.participation)

    @property
    def value_divisor(self) -> int:
        return 1

    def worth(self, placing: Placing, field_size: int) -> Worth:
        first = field_size if self.first is None else self.first
        points = max(self.floor, first - self.step * (placing.rank - 1)) + self.participation
        return points, placing.points, points


# The challenge example of issue 18: win = 4 + score, loss = 2 + score, bye = 3 + 1000.
DEFAULT_BYE_SCORE: Final = 1000


@dataclass(frozen=True, slots=True)
class PartieBareme:
    """Points per partie by outcome, plus the partie's score (see the module docstring).

    ``bye_score``: the score a bye is credited with (``None``: the score the contest recorded
    for it). A forfeit keeps the score the contest recorded.
    """

    win: int = 4
    draw: int = 3
    loss: int = 2
    bye: int = 3
    forfeit_win: int = 4
    forfeit_loss: int = 0
    bye_score: int | None = DEFAULT_BYE_SCORE
    score_mode: ScoreMode = ScoreMode.TIEBREAK
    score_divisor: int = 1000

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss", "bye", "forfeit_win", "forfeit_loss"):
            _int(f"bareme.{name}", getattr(self, name), minimum=None)
        if self.bye_score is not None:
            _int("bareme.bye_score", self.bye_score)
        try:
            object.__setattr__(self, "score_mode", ScoreMode(self.score_mode))
        except ValueError:
            raise SeasonError(
                "season.invalid_rules", field="bareme.score_mode", value=repr(self.score_mode)
            ) from None
        _int("bareme.score_divisor", self.score_divisor, minimum=1)

    @property
    def value_divisor(self) -> int:
        return self.score_divisor if self.score_mode is ScoreMode.COMBINED else 1

    def worth(self, placing: Placing, field_size: int) -> Worth:
        constants = {
            Outcome.WIN: self.win,
            Outcome.DRAW: self.draw,
            Outcome.LOSS: self.loss,
            Outcome.BYE: self.bye,
            Outcome.FORFEIT_WIN: self.forfeit_win,
            Outcome.FORFEIT_LOSS: self.forfeit_loss,
        }
        points = score = 0
        for line in placing.parties:
            points += constants[line.outcome]
            if line.outcome == Outcome.BYE and self.bye_score is not None:
                score += self.bye_score
            else:
                score += line.score
        if self.score_mode is ScoreMode.COMBINED:
            return points, score, points * self.score_divisor + score
        return points, score, points


Bareme = PlacementTable | PlacementFormula | PartieBareme
