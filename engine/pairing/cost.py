"""What a table costs, and the clock every search runs against.

Teams are placed in order (ranking order, or the drawn order). A table between the teams at
positions ``i`` and ``j`` costs, in lexicographic tiers (each tier outweighs any sum of the tiers
below it): ``rematch_tier`` if the teams have met (fewest rematch tables first); then previous
meetings x ``repeat_tier`` (among rematches, the least repeated); then, for the bye, its place
in the bye order x ``bye_tier``; then ``club_tier`` if both teams are of the same club and
same-club tables are to be avoided; then ``(i - j) ** 2``, which keeps pairs close in the order
(1-2, 3-4, ... costs the minimum). The matching itself lives elsewhere (:mod:`.exact`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from engine.pairing.model import History

__all__ = ["Clock", "Context"]


class Clock:
    """The time budget of one pairing, started when it is built."""

    def __init__(self, budget_s: float) -> None:
        self.budget_s = budget_s if isinstance(budget_s, int | float) else 0.0
        self.start = time.perf_counter()
        self.deadline = self.start + (self.budget_s if self.budget_s > 0 else 0.0)

    def allows(self, estimate_s: float) -> bool:
        return time.perf_counter() + estimate_s <= self.deadline


@dataclass
class Context:
    """One pairing's costs (history, clubs, tiers), its clock and its fallback count."""

    history: History
    clubs: dict[int, str | None]
    avoid_club: bool
    size: int
    clock: Clock
    greedy_teams: int = 0
    club_tier: int = 0
    bye_tier: int = 0
    repeat_tier: int = 0
    rematch_tier: int = 0

    def __post_init__(self) -> None:
        n = max(self.size, 2)
        most = max(self.history.most_meetings(), 1)
        # each tier outweighs the largest possible sum of the tiers below it
        self.club_tier = n**3  # > (n / 2) tables x (n - 1) ** 2
        self.bye_tier = n**4  # > (n / 2) x (club + distance)
        self.repeat_tier = n**6  # > n x bye + (n / 2) x (club + distance)
        self.rematch_tier = self.repeat_tier * (n * most + 1)  # > every repeat of every table

    def same_club(self, a: int, b: int) -> bool:
        club = self.clubs[a]
        return club is not None and club == self.clubs[b]

    def conflict(self, a: int, b: int) -> bool:
        return self.history.meetings(a, b) > 0 or (self.avoid_club and self.same_club(a, b))

    def cost(self, a: int, b: int, gap: int) -> int:
        meetings = self.history.meetings(a, b)
        cost = gap * gap
        if meetings:
            cost += self.rematch_tier + meetings * self.repeat_tier
        if self.avoid_club and self.same_club(a, b):
            cost += self.club_tier
        return cost
