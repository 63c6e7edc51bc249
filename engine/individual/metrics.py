"""The registry of named individual tie-breaks (:data:`INDIVIDUAL_TIEBREAKS`).

Every metric is a value per player, independent of which players are tied (a mêlée has no
direct encounter: partners change at every partie), so a ranking sorts once on the whole key.
The opponents' Buchholz sums, for every partie played at a table, the current totals of the
credited opponents faced; partners are never counted (their totals move with the player's
own, which would reward a player for his own results twice), nor volunteers (who have no
total). Each bye or forfeit stands for the table's two opponents, per the contest's
``unplayed_rounds``: two dummies worth the player's own value (``self``), worth 0 (``zero``),
or nothing (``ignore``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import Final

from engine.individual.errors import IndividualError
from engine.individual.totals import PlayerAcc
from engine.standings import UnplayedRounds

__all__ = ["INDIVIDUAL_TIEBREAKS", "OPPONENTS_PER_TABLE", "IndividualMetric", "PlayerTable"]

# A table of belote has two opponents: an unplayed partie stands for two of them.
OPPONENTS_PER_TABLE: Final = 2


@dataclass(frozen=True, slots=True)
class PlayerTable:
    """What a metric may read: every player's totals, the Buchholz rule and the stored lots."""

    accs: Mapping[int, PlayerAcc]
    unplayed_rounds: UnplayedRounds
    lots: Mapping[int, int]


PlayerValues = Callable[[PlayerTable], Mapping[int, int]]


@dataclass(frozen=True, slots=True)
class IndividualMetric:
    """A named tie-break: ``values`` gives every player's value."""

    name: str
    description: str
    higher_is_better: bool
    values: PlayerValues


def _field(name: str) -> PlayerValues:
    get = attrgetter(name)

    def values(table: PlayerTable) -> Mapping[int, int]:
        return {p: get(a) for p, a in table.accs.items()}

    return values


def _lot(table: PlayerTable) -> Mapping[int, int]:
    missing = sorted(p for p in table.accs if p not in table.lots)
    if missing:
        raise IndividualError("individual.missing_lot", players=missing)
    return {p: table.lots[p] for p in table.accs}


def _opponents_buchholz(measure: str) -> PlayerValues:
    get = attrgetter(measure)

    def values(table: PlayerTable) -> Mapping[int, int]:
        own = {p: get(a) for p, a in table.accs.items()}
        mode = table.unplayed_rounds
        out: dict[int, int] = {}
        for player, acc in table.accs.items():
            total = sum(map(own.__getitem__, acc.opponents))
            if mode is UnplayedRounds.SELF:
                total += own[player] * OPPONENTS_PER_TABLE * acc.unplayed
            out[player] = total
        return out

    return values


def _build() -> dict[str, IndividualMetric]:
    fields = [
        ("first_partie", "points scored in partie 1 (the best first partie)", True),
        ("wins", "parties won (byes counting as wins if the policy says so)", True),
        ("points_for", "points scored by the player's pairs", True),
        ("points_against", "points conceded (lower is better)", False),
        ("difference", "points scored minus points conceded", True),
        ("match_points", "match points of the barème", True),
        ("best_game", "best total in one partie played at a table", True),
    ]
    registry = {n: IndividualMetric(n, d, hi, _field(n)) for n, d, hi in fields}
    measures = (("points", "points_for"), ("wins", "wins"), ("match_points", "match_points"))
    for suffix, measure in measures:
        name = f"opponents_buchholz_{suffix}"
        text = f"sum of the opponents' {suffix.replace('_', ' ')}, partners not counted"
        registry[name] = IndividualMetric(name, text, True, _opponents_buchholz(measure))
    registry["lot"] = IndividualMetric(
        "lot", "lot drawn once and stored (lower first)", False, _lot
    )
    return registry


INDIVIDUAL_TIEBREAKS: Final[Mapping[str, IndividualMetric]] = _build()
