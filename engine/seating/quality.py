"""How good a whole schedule is, and the counting bounds it is measured against.

What this module owns
---------------------
:func:`quality` counts, over parties already seated, the repeated partners, repeated
opponents and repeated meetings (a pair that was together ``k`` times counts ``k - 1``), and
how unevenly players sat out. :func:`bounds` gives the counting lower bounds for ``n``
players over ``R`` parties: a partie makes ``P`` pairs of a kind (partners, opponents,
meetings) and only ``n (n - 1) / 2`` pairs exist, so at least ``R P - n (n - 1) / 2`` are
repeats. (8 belote players: 4 repeated opponents after 4 parties, 20 after 6.) The benchmark
and the tests use both; the app may show them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.seating.field import layout
from engine.seating.model import Game, PastPartie

__all__ = ["Quality", "bounds", "quality"]


@dataclass(frozen=True, slots=True)
class Quality:
    parties: int
    repeated_partners: int
    repeated_opponents: int
    repeated_meetings: int
    exempt_spread: int  # most minus fewest times out, among the players of every partie


def _repeats(counter: Counter[tuple[int, int]]) -> int:
    return sum(c - 1 for c in counter.values() if c > 1)


def quality(parties: Iterable[PastPartie]) -> Quality:
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    meetings: Counter[tuple[int, int]] = Counter()
    outs: Counter[int] = Counter()
    everywhere: set[int] | None = None
    count = 0
    for past in parties:
        count += 1
        present = {p for t in past.tables for p in t.players} | set(past.exempt)
        everywhere = present if everywhere is None else everywhere & present
        for table in past.tables:
            partners.update(table.partners())
            opponents.update(table.opponents())
            meetings.update(table.meetings())
        outs.update(past.exempt)
    times = [outs[p] for p in everywhere or ()]
    spread = max(times) - min(times) if times else 0
    return Quality(count, _repeats(partners), _repeats(opponents), _repeats(meetings), spread)


def bounds(game: Game | str, players: int, parties: int) -> Quality:
    """Counting lower bounds for ``players`` present at each of ``parties`` parties."""
    kind = Game(game)
    sizes, out = layout(kind, players)
    pairs = math.comb(players, 2)
    per_meetings = sum(math.comb(s, 2) for s in sizes)
    if kind is Game.BELOTE:
        per_partners, per_opponents = 2 * len(sizes), 4 * len(sizes)
    else:
        per_partners, per_opponents = 0, per_meetings
    return Quality(
        parties,
        max(0, parties * per_partners - pairs),
        max(0, parties * per_opponents - pairs),
        max(0, parties * per_meetings - pairs),
        0 if (out * parties) % players == 0 else 1,  # outs cannot be shared evenly
    )
