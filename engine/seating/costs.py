"""The tiered costs every seating solver minimises, and the per-partie counts of a seating.

What this module owns
---------------------
The cost of two players sitting at one table, as partners or as opponents, in lexicographic
tiers: a repeated partner (:data:`W_PARTNER` per previous partnership) outweighs any number of
repeated opponents (:data:`W_OPPONENT`), which outweigh repeated meetings at a table in any role
(:data:`W_MEETING`), which outweigh the ranking gap (0-999 per pair, only with the ranking
option). Tarot has no partners: any two players at one table are opponents, so a repeated
meeting costs :data:`W_OPPONENT`. It also counts, for a finished seating, its repeated pairs
and ranking gap (:func:`seating_terms`), and the proven lower bounds of those counts
(:func:`fresh_bound`).

Why linear in the count: a pair that already met twice costs more than one that met once, so
the repeats that cannot be avoided are spread instead of piling up on the same players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from engine.seating.field import Field, pair_key

__all__ = [
    "CONFLICT",
    "FORBIDDEN",
    "W_MEETING",
    "W_OPPONENT",
    "W_PARTNER",
    "Matrices",
    "Terms",
    "fresh_bound",
    "matrices",
    "seating_terms",
]

# Each tier outweighs what one move (two tables, at most 20 pairs, counts up to ~50) can change
# in the tiers below it, so the search compares moves lexicographically.
RANK_SCALE: Final = 999
W_MEETING: Final = 10**5
W_OPPONENT: Final = 10**9
W_PARTNER: Final = 10**13
CONFLICT: Final = W_MEETING
"""A player whose relations at the table cost this much has a repeat: the search works on it."""
FORBIDDEN: Final = 10**19
"""The cost of seating a player who may not sit out in an exemption seat."""


@dataclass(frozen=True)
class Matrices:
    """``partner[x][y]`` / ``opponent[x][y]``: the cost of ``x`` and ``y`` in that relation."""

    partnered: bool
    partner: list[list[int]]
    opponent: list[list[int]]


def matrices(field: Field) -> Matrices:
    n = field.n
    places = field.rank_place
    if places is None:
        base = [[0] * n for _ in range(n)]
    else:
        span = max(n - 1, 1)
        base = [[abs(px - py) * RANK_SCALE // span for py in places] for px in places]
    opponent = [row[:] for row in base]
    if not field.partnered:
        for (a, b), count in field.meeting.items():
            opponent[a][b] += W_OPPONENT * count
            opponent[b][a] += W_OPPONENT * count
        return Matrices(False, opponent, opponent)
    partner = [row[:] for row in base]
    for (a, b), count in field.meeting.items():
        for matrix in (partner, opponent):
            matrix[a][b] += W_MEETING * count
            matrix[b][a] += W_MEETING * count
    for counter, matrix, weight in (
        (field.partner, partner, W_PARTNER),
        (field.opponent, opponent, W_OPPONENT),
    ):
        for (a, b), count in counter.items():
            matrix[a][b] += weight * count
            matrix[b][a] += weight * count
    return Matrices(True, partner, opponent)


@dataclass(frozen=True, slots=True)
class Terms:
    """Counts of one seating (index tables; belote tables are ``[a, b, c, d]`` = ab v cd)."""

    partners: tuple[tuple[int, int], ...]  # repeated partner pairs
    opponents: tuple[tuple[int, int], ...]
    meetings: tuple[tuple[int, int], ...]
    ranking_gap: int
    weighted: int


def table_cost(m: Matrices, table: Sequence[int]) -> int:
    total = 0
    for i, x in enumerate(table):
        row = m.opponent[x]
        for j in range(i + 1, len(table)):
            y = table[j]
            partners = m.partnered and j == i + 1 and i % 2 == 0
            total += m.partner[x][y] if partners else row[y]
    return total


def seating_terms(field: Field, m: Matrices, tables: Sequence[Sequence[int]]) -> Terms:
    partners: list[tuple[int, int]] = []
    opponents: list[tuple[int, int]] = []
    meetings: list[tuple[int, int]] = []
    gap = 0
    for table in tables:
        for i, x in enumerate(table):
            for j in range(i + 1, len(table)):
                key = pair_key(x, table[j])
                is_partner = field.partnered and j == i + 1 and i % 2 == 0
                if is_partner and field.partner[key]:
                    partners.append(key)
                if not is_partner and (field.opponent if field.partnered else field.meeting)[key]:
                    opponents.append(key)
                if field.meeting[key]:
                    meetings.append(key)
        if field.rank_place is not None:
            places = [field.rank_place[x] for x in table]
            gap += max(places) - min(places)
    weighted = sum(table_cost(m, t) for t in tables)
    return Terms(tuple(partners), tuple(opponents), tuple(meetings), gap, weighted)


def fresh_bound(
    seated: Sequence[int], needs: dict[int, int], met: Mapping[tuple[int, int], int]
) -> int:
    """A lower bound on the repeated pairs of any seating of ``seated``.

    Player ``x`` needs ``needs[x]`` new faces (its opponents, or everyone at its table); if
    fewer seated players are new to it, the shortfall is repeated, and each repeated pair
    serves two players' shortfalls at most.
    """
    present = set(seated)
    seen = dict.fromkeys(seated, 0)
    for (a, b), count in met.items():
        if count and a in present and b in present:
            seen[a] += 1
            seen[b] += 1
    others = len(seated) - 1
    short = sum(max(0, needs[x] - (others - seen[x])) for x in seated)
    return (short + 1) // 2
