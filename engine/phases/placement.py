"""The final placement of every team, for the prize list.

Tiers are given in prize-list order: brackets (main, then consolante...) and rankings (teams
eliminated in pools or a Swiss phase, best first). A team listed by several brackets is placed
by the last one (a first-round loser of the main bracket sent to the consolante is placed by
the consolante); rankings place only the teams no bracket lists (the first ranking listing a
team places it). Overall places follow on from one tier to the next, and teams sharing a place
in their tier share it overall (1, 2, 3, 3, 5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.phases.bracket import Bracket, BracketPlace, PlaceTitle
from engine.phases.errors import PhaseError, check_teams
from engine.phases.report import PhaseReport, PhaseReportCode, PhaseReportItem

__all__ = ["BracketTier", "FinalPlace", "FinalPlacement", "RankingTier", "Tier", "final_placement"]


@dataclass(frozen=True)
class BracketTier:
    bracket: Bracket  # finished


@dataclass(frozen=True)
class RankingTier:
    """Teams placed by a ranking, best first; ``ranks`` (same length) makes places shared."""

    name: str
    teams: tuple[int, ...]
    ranks: tuple[int, ...] | None = None


Tier = BracketTier | RankingTier


@dataclass(frozen=True, slots=True)
class FinalPlace:
    team: int
    place: int  # overall, from 1
    shared: bool
    tier: str  # the bracket's name ("main", "consolante") or the ranking's
    tier_place: int  # place within the tier
    title: PlaceTitle  # "winner" of tier "consolante" = vainqueur de la consolante
    round_of: int  # the stage reached in a bracket (1 for a block's winner; 0 for a ranking)


@dataclass(frozen=True)
class FinalPlacement:
    places: tuple[FinalPlace, ...]  # best first, each team once
    report: PhaseReport

    def of(self, team: int) -> FinalPlace:
        for p in self.places:
            if p.team == team:
                return p
        raise KeyError(team)


def final_placement(tiers: Sequence[Tier]) -> FinalPlacement:
    """Place every team of ``tiers`` exactly once (brackets must be finished)."""
    rows = [_tier_rows(tier) for tier in tiers]
    owner = _owners(tiers, rows)
    places: list[FinalPlace] = []
    for index, (name, tier_rows) in enumerate(rows):
        kept = [r for r in tier_rows if owner[r.team] == index]
        offset = len(places)
        for r in kept:
            better = sum(1 for other in kept if other.place < r.place)
            equal = sum(1 for other in kept if other.place == r.place)
            places.append(
                FinalPlace(
                    r.team, offset + better + 1, equal > 1, name, r.place, r.title, r.round_of
                )
            )
    items = [
        PhaseReportItem(
            PhaseReportCode.PLACED,
            {"team": p.team, "place": p.place, "tier": p.tier, "title": p.title.value},
        )
        for p in places
    ]
    return FinalPlacement(tuple(places), PhaseReport(tuple(items)))


def _tier_rows(tier: Tier) -> tuple[str, tuple[BracketPlace, ...]]:
    """A tier's teams as bracket-like places, best first."""
    if isinstance(tier, BracketTier):
        return tier.bracket.name, tier.bracket.placements()
    teams = check_teams(tier.teams, minimum=0)
    ranks = tier.ranks if tier.ranks is not None else tuple(range(1, len(teams) + 1))
    if len(ranks) != len(teams) or list(ranks) != sorted(ranks):
        raise PhaseError("phases.invalid_teams", team=repr(tier.name), reason="ranks")
    counts = {r: ranks.count(r) for r in ranks}
    return tier.name, tuple(
        BracketPlace(t, r, counts[r] > 1, PlaceTitle.RANKED, 0)
        for t, r in zip(teams, ranks, strict=True)
    )


def _owners(
    tiers: Sequence[Tier], rows: Sequence[tuple[str, tuple[BracketPlace, ...]]]
) -> dict[int, int]:
    """The index of the tier that places each team: the last bracket, else the first ranking."""
    owner: dict[int, int] = {}
    listed = list(enumerate(zip(tiers, rows, strict=True)))
    for index, (tier, (_, tier_rows)) in listed:
        if isinstance(tier, BracketTier):
            for r in tier_rows:
                owner[r.team] = index
    for index, (tier, (_, tier_rows)) in listed:
        if isinstance(tier, RankingTier):
            for r in tier_rows:
                owner.setdefault(r.team, index)
    return owner
