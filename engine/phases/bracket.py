"""Knockout brackets: seeding, byes, placement matches, third-place match, results and places.

A field of ``n`` seeded teams (best first) fills a bracket of ``S`` positions, the next power
of two, in the standard order (1 v S, S/2 v S/2 + 1, ...), so that the ``S - n`` byes go to the
top seeds and the two best seeds can only meet in the final. The structure is fixed by ``n``
and the places to decide, so every match exists from the start with its two *sources* (a seed,
or the winner or loser of an earlier match) and the results, given as the winner of each match
id, fill it in. The losers of each round of a (sub-)bracket decide the block of places below
its winners: with ``places = 4`` the two semi-final losers play for third place, with
``places = 8`` the quarter-final losers play a bracket for places 5 to 8, and so on
(``places=None``: every place is played). Losers whose block is not played share its first
place (semi-finalists 3rd). A placement sub-bracket keeps its losers in bracket order (the
losers of two matches whose winners meet, meet) and seeds them in that order when it has byes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from engine.phases.errors import PhaseError, check_teams, is_int
from engine.phases.report import PhaseReport, PhaseReportCode, PhaseReportItem

__all__ = [
    "Bracket",
    "BracketMatch",
    "BracketPlace",
    "BracketSpec",
    "PlaceTitle",
    "Source",
    "SourceKind",
    "bracket_positions",
    "build_bracket",
    "next_power_of_two",
]


class SourceKind(StrEnum):
    SEED = "seed"  # ref: the seed number, from 1
    WINNER = "winner"  # ref: a match id
    LOSER = "loser"  # ref: a match id


@dataclass(frozen=True, slots=True)
class Source:
    kind: SourceKind
    ref: int | str


class PlaceTitle(StrEnum):
    """What a place is called on the prize list (the app translates; ``round_of`` says more)."""

    WINNER = "winner"  # vainqueur
    FINALIST = "finalist"  # finaliste
    THIRD = "third"  # third-place match won
    FOURTH = "fourth"
    SEMI_FINALIST = "semi_finalist"  # shared third, no third-place match
    QUARTER_FINALIST = "quarter_finalist"
    ROUND_OF = "round_of"  # lost in the round of ``round_of`` (16, 32, ...)
    PLACE = "place"  # a place decided by placement matches (5th, 6th...), or shared below them
    RANKED = "ranked"  # not from a bracket: a ranking (pools, Swiss) placed the team


@dataclass(frozen=True)
class BracketSpec:
    """``entrants`` in seed order (best first); ``places``: the last place decided by matches
    (2: final only; 4 or ``third_place``: a third-place match; 8: placement down to 8th;
    ``None``: every place)."""

    entrants: tuple[int, ...]
    name: str = "main"
    places: int | None = 2
    third_place: bool = False


@dataclass(frozen=True, slots=True)
class BracketMatch:
    id: str  # "main.p1.r1.m1": bracket, first place decided, round, match
    places: tuple[int, int]  # the block of places its (sub-)bracket decides
    round: int  # in its (sub-)bracket, from 1
    round_of: int  # positions at this stage of its (sub-)bracket: 2 = its final
    number: int  # in its round, from 1
    source_a: Source
    source_b: Source
    team_a: int | None = None  # known once its source is decided
    team_b: int | None = None
    winner: int | None = None
    loser: int | None = None

    @property
    def ready(self) -> bool:
        return self.team_a is not None and self.team_b is not None

    @property
    def decided(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True, slots=True)
class BracketPlace:
    team: int
    place: int  # in this bracket, from 1; equal for the teams sharing an unplayed block
    shared: bool
    title: PlaceTitle
    round_of: int  # the stage the team was eliminated at (1 for the winner of its block)


@dataclass(frozen=True, slots=True)
class _Award:
    """Who gets a place once decided: the winner of a block's final, or a loser."""

    source: Source
    place: int
    shared: bool
    top_line: bool  # eliminated in the main line (places from 1), not in a placement block
    round_of: int


@dataclass(frozen=True)
class Bracket:
    name: str
    entrants: tuple[int, ...]
    size: int  # positions: the next power of two
    places: int  # the last place decided by matches
    matches: tuple[BracketMatch, ...]  # in playing order (a match after those it depends on)
    byes: tuple[int, ...]  # top seeds going straight to the second round
    report: PhaseReport
    _awards: tuple[_Award, ...] = field(repr=False, compare=False, default=())

    def match(self, match_id: str) -> BracketMatch:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise PhaseError("phases.unknown_match", match=match_id)

    def to_play(self) -> tuple[BracketMatch, ...]:
        """The matches whose two teams are known and whose result is not."""
        return tuple(m for m in self.matches if m.ready and not m.decided)

    @property
    def finished(self) -> bool:
        return all(m.decided for m in self.matches)

    @property
    def winner(self) -> int | None:
        """The bracket's winner once its final is decided (the only entrant of a 1-team field)."""
        top = [a for a in self._awards if a.place == 1]
        return _resolve(self, top[0].source) if top else None

    def losers_of(self, round_number: int) -> tuple[int, ...]:
        """The losers of a round of the main line (places from 1), best seed first: the
        entrants of a consolante of first-round losers."""
        seed = {t: i for i, t in enumerate(self.entrants)}
        losers = [
            m.loser
            for m in self.matches
            if m.places[0] == 1 and m.round == round_number and m.loser is not None
        ]
        return tuple(sorted(losers, key=seed.__getitem__))

    def placements(self) -> tuple[BracketPlace, ...]:
        """Every entrant's place, best first; raises ``phases.bracket_not_finished`` before."""
        pending = tuple(m.id for m in self.matches if not m.decided)
        if pending:
            raise PhaseError("phases.bracket_not_finished", bracket=self.name, pending=len(pending))
        out = []
        for award in self._awards:
            team = _resolve(self, award.source)
            assert team is not None
            out.append(BracketPlace(team, award.place, award.shared, _title(award), award.round_of))
        return tuple(sorted(out, key=lambda p: (p.place, self.entrants.index(p.team))))


def next_power_of_two(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def bracket_positions(size: int) -> tuple[int, ...]:
    """Seed numbers in bracket order for ``size`` positions: 8 -> 1 8 4 5 2 7 3 6."""
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [x for s in order for x in (s, mirror - s)]
    return tuple(order)


def build_bracket(spec: BracketSpec, results: Mapping[str, int] | None = None) -> Bracket:
    """The bracket of ``spec`` with ``results`` (match id -> winner id) applied."""
    entrants = check_teams(spec.entrants, minimum=2)
    places = _places(spec, len(entrants))
    plan = _Plan(spec.name, places)
    seeds = [Source(SourceKind.SEED, s) for s in range(1, len(entrants) + 1)]
    plan.block(seeds, 1, seeded=True)
    size = next_power_of_two(len(entrants))
    byes = tuple(entrants[s - 1] for s in range(1, size - len(entrants) + 1))
    filled = _apply_results(entrants, plan.matches, dict(results or {}))
    report = _report(entrants, size, byes)
    return Bracket(spec.name, entrants, size, places, filled, byes, report, tuple(plan.awards))


def _places(spec: BracketSpec, n: int) -> int:
    places = spec.places
    if places is None:
        places = n
    if not is_int(places) or places < 1:
        raise PhaseError("phases.invalid_bracket", field="places", value=repr(spec.places))
    if not isinstance(spec.third_place, bool):
        raise PhaseError(
            "phases.invalid_bracket", field="third_place", value=repr(spec.third_place)
        )
    if spec.third_place:
        places = max(places, 4)
    return min(max(places, 2), n)


class _Plan:
    """Builds the fixed structure: matches in playing order and the place awards."""

    def __init__(self, name: str, places: int) -> None:
        self.name = name
        self.places = places
        self.matches: list[BracketMatch] = []
        self.awards: list[_Award] = []

    def block(self, sources: list[Source], first: int, *, seeded: bool) -> None:
        """A (sub-)bracket deciding places ``first`` .. ``first + len(sources) - 1``."""
        size = next_power_of_two(len(sources))
        if seeded or size != len(sources):
            current: list[Source | None] = [
                sources[s - 1] if s <= len(sources) else None for s in bracket_positions(size)
            ]
        else:
            current = list(sources)  # bracket order: the losers of neighbouring matches meet
        last = first + len(sources) - 1
        round_number = 1
        while len(current) > 1:
            current = self._round(current, first, last, round_number)
            round_number += 1
        top = current[0]
        assert top is not None
        self.awards.append(_Award(top, first, False, first == 1, 1))

    def _round(
        self, current: list[Source | None], first: int, last: int, round_number: int
    ) -> list[Source | None]:
        """One round: its matches, the next round's sources, and the block of its losers."""
        following: list[Source | None] = []
        losers: list[Source] = []
        for k in range(len(current) // 2):
            a, b = current[2 * k], current[2 * k + 1]
            if a is None or b is None:  # a bye: the other side goes straight on
                following.append(a if b is None else b)
                continue
            match_id = f"{self.name}.p{first}.r{round_number}.m{len(losers) + 1}"
            self.matches.append(
                BracketMatch(
                    match_id, (first, last), round_number, len(current), len(losers) + 1, a, b
                )
            )
            following.append(Source(SourceKind.WINNER, match_id))
            losers.append(Source(SourceKind.LOSER, match_id))
        self._losers(losers, first + len(following), first == 1, len(current))
        return following

    def _losers(
        self, losers: list[Source], block_first: int, top_line: bool, round_of: int
    ) -> None:
        """The losers of a round decide the places from ``block_first``: played or shared."""
        if len(losers) >= 2 and block_first <= self.places:
            self.block(losers, block_first, seeded=False)
            return
        for source in losers:
            self.awards.append(_Award(source, block_first, len(losers) > 1, top_line, round_of))


def _resolve(bracket: Bracket, source: Source) -> int | None:
    if source.kind is SourceKind.SEED:
        assert isinstance(source.ref, int)
        return bracket.entrants[source.ref - 1]
    for m in bracket.matches:
        if m.id == source.ref:
            return m.winner if source.kind is SourceKind.WINNER else m.loser
    raise AssertionError(source)


def _apply_results(
    entrants: tuple[int, ...], matches: Sequence[BracketMatch], results: dict[str, int]
) -> tuple[BracketMatch, ...]:
    """Fill in teams, winners and losers in playing order; refuse an impossible result."""
    known = {m.id for m in matches}
    for match_id in results:
        if match_id not in known:
            raise PhaseError("phases.unknown_match", match=str(match_id))
    winners: dict[str, int] = {}
    losers: dict[str, int] = {}

    def team(source: Source) -> int | None:
        if source.kind is SourceKind.SEED:
            assert isinstance(source.ref, int)
            return entrants[source.ref - 1]
        side = winners if source.kind is SourceKind.WINNER else losers
        return side.get(str(source.ref))

    filled: list[BracketMatch] = []
    for m in matches:
        a, b = team(m.source_a), team(m.source_b)
        winner = results.get(m.id)
        loser: int | None = None
        if winner is not None:
            if a is None or b is None:
                raise PhaseError("phases.match_not_ready", match=m.id)
            if winner not in (a, b) or not is_int(winner):
                raise PhaseError("phases.invalid_winner", match=m.id, team=repr(winner))
            loser = b if winner == a else a
            winners[m.id], losers[m.id] = winner, loser
        filled.append(replace(m, team_a=a, team_b=b, winner=winner, loser=loser))
    return tuple(filled)


def _title(award: _Award) -> PlaceTitle:
    """Winner and loser of a block's final by place; earlier losers by the stage they reached."""
    if award.round_of == 1:
        return {1: PlaceTitle.WINNER, 3: PlaceTitle.THIRD}.get(award.place, PlaceTitle.PLACE)
    if award.round_of == 2:
        return {2: PlaceTitle.FINALIST, 4: PlaceTitle.FOURTH}.get(award.place, PlaceTitle.PLACE)
    if not award.top_line:
        return PlaceTitle.PLACE
    if award.round_of == 4:
        return PlaceTitle.SEMI_FINALIST
    if award.round_of == 8:
        return PlaceTitle.QUARTER_FINALIST
    return PlaceTitle.ROUND_OF


def _report(entrants: Sequence[int], size: int, byes: Sequence[int]) -> PhaseReport:
    position = {seed: i for i, seed in enumerate(bracket_positions(size), start=1)}
    items = [
        PhaseReportItem(
            PhaseReportCode.BRACKET_SEEDED,
            {"team": team, "seed": seed, "position": position[seed]},
        )
        for seed, team in enumerate(entrants, start=1)
    ]
    items += [
        PhaseReportItem(PhaseReportCode.BRACKET_BYE, {"team": team, "seed": seed, "round_of": size})
        for seed, team in enumerate(byes, start=1)
    ]
    return PhaseReport(tuple(items))
