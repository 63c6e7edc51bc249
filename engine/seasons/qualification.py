"""Who goes to the season's final (:func:`qualify_from_season`), and why.

Rules apply in order, each taking entrants not yet qualified: :class:`FirstOfEachContest`
takes the first K of each qualifier contest (contests by date, then id), :class:`FirstOfSeason`
the first K of the season ranking (ranked entrants only). An entrant already qualified (by an
earlier rule or contest, or listed in ``already_qualified``, e.g. the title holder) is skipped
and the next one taken. Entrants of a contest are taken by rank, equal ranks in the contest's
own order (the order of its results); a cut through equal ranks is reported (``tie_at_cut``).
A rule that finds fewer than K entrants takes them all and reports ``short``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.seasons.check import check_contests, entrants_of
from engine.seasons.errors import SeasonError
from engine.seasons.model import ContestKind, Credit, Entrant, SeasonContest
from engine.seasons.report import SeasonReport, SeasonReportCode, SeasonReportItem
from engine.seasons.standings import SeasonStandings

__all__ = [
    "FirstOfEachContest",
    "FirstOfSeason",
    "QualificationRule",
    "QualifiedEntry",
    "SeasonQualification",
    "qualify_from_season",
]


@dataclass(frozen=True, slots=True)
class FirstOfEachContest:
    """The first ``count`` entrants of each contest of ``kinds``."""

    count: int
    kinds: tuple[ContestKind, ...] = (ContestKind.QUALIFIER,)


@dataclass(frozen=True, slots=True)
class FirstOfSeason:
    """The first ``count`` entrants of the season ranking."""

    count: int


QualificationRule = FirstOfEachContest | FirstOfSeason


@dataclass(frozen=True, slots=True)
class QualifiedEntry:
    """One qualified entrant: its ``order`` in the final's list (1, 2, ...), the index of the
    ``rule`` that took it, its ``source`` (``"contest"`` or ``"season"``), the ``contest`` it
    qualified from (``None`` for the season ranking) and its ``place`` there."""

    entrant: Entrant
    order: int
    rule: int
    source: str
    contest: int | None
    place: int


@dataclass(frozen=True)
class SeasonQualification:
    qualified: tuple[QualifiedEntry, ...]
    report: SeasonReport

    def entrants(self) -> tuple[Entrant, ...]:
        return tuple(q.entrant for q in self.qualified)


def _bad(index: int, field: str, value: object) -> SeasonError:
    return SeasonError("season.invalid_qualification", rule=index, field=field, value=repr(value))


def _check_rule(index: int, rule: object, season: SeasonStandings | None) -> None:
    if not isinstance(rule, FirstOfEachContest | FirstOfSeason):
        raise _bad(index, "$", rule)
    if type(rule.count) is not int or rule.count < 1:
        raise _bad(index, "count", rule.count)
    if isinstance(rule, FirstOfSeason) and season is None:
        raise _bad(index, "season", None)
    if isinstance(rule, FirstOfEachContest):
        try:
            for k in rule.kinds:
                ContestKind(k)
        except (ValueError, TypeError):
            raise _bad(index, "kinds", rule.kinds) from None


class _Taker:
    """The list being built: who is in, by which rule, and the report."""

    def __init__(self, already: Iterable[Entrant]) -> None:
        # entrant -> (rule, contest) that qualified it; (None, None): listed as already qualified.
        self.by: dict[Entrant, tuple[int | None, int | None]] = dict.fromkeys(already, (None, None))
        self.out: list[QualifiedEntry] = []
        self.items: list[SeasonReportItem] = []

    def take(
        self,
        index: int,
        candidates: Sequence[tuple[Entrant, int]],
        count: int,
        contest: int | None,
    ) -> None:
        """Take the first ``count`` of ``candidates`` ((entrant, place), in order) not in."""
        source = "season" if contest is None else "contest"
        taken = 0
        last_place: int | None = None
        for entrant, place in candidates:
            if taken == count:
                if place == last_place:  # the cut goes through equal places
                    self._note(
                        SeasonReportCode.TIE_AT_CUT,
                        rule=index,
                        contest=contest,
                        place=place,
                        taken=self.out[-1].entrant,
                        left=entrant,
                    )
                break
            if entrant in self.by:
                self._note(
                    SeasonReportCode.ALREADY_QUALIFIED,
                    entrant=entrant,
                    rule=index,
                    contest=contest,
                    place=place,
                    by_rule=self.by[entrant][0],
                    by_contest=self.by[entrant][1],
                )
                continue
            q = QualifiedEntry(entrant, len(self.out) + 1, index, source, contest, place)
            self.out.append(q)
            self.by[entrant] = (index, contest)
            self._note(
                SeasonReportCode.QUALIFIED,
                entrant=entrant,
                order=q.order,
                rule=index,
                source=source,
                contest=contest,
                place=place,
            )
            taken += 1
            last_place = place
        if taken < count:
            self._note(
                SeasonReportCode.SHORT, rule=index, contest=contest, wanted=count, found=taken
            )

    def _note(self, code: SeasonReportCode, **params: object) -> None:
        self.items.append(SeasonReportItem(code, params))  # type: ignore[arg-type]


def qualify_from_season(
    contests: Iterable[SeasonContest],
    rules: Sequence[QualificationRule],
    *,
    credit: Credit = Credit.PAIR,
    season: SeasonStandings | None = None,
    already_qualified: Iterable[Entrant] = (),
) -> SeasonQualification:
    """The final's entrants from the season's contests and ranking, with the reason for each.

    ``credit`` says what an entrant is (pairs by default: "the first 12 teams of each
    qualifier"); with a ``season`` it must be the season's credit. ``count`` counts entrants
    of that credit. Raises :class:`SeasonError` on a malformed contest or rule.
    """
    credit = Credit(credit)
    if season is not None and season.rules.credit is not credit:
        raise _bad(-1, "credit", credit)
    if isinstance(rules, FirstOfEachContest | FirstOfSeason) or not isinstance(rules, Sequence):
        raise _bad(-1, "rules", rules)
    for i, rule in enumerate(rules):
        _check_rule(i, rule, season)
    checked = check_contests(contests)
    taker = _Taker(already_qualified)
    for i, rule in enumerate(rules):
        if isinstance(rule, FirstOfSeason):
            assert season is not None  # checked above
            ranked = [(r.entrant, r.rank) for r in season.rows if r.rank is not None]
            taker.take(i, ranked, rule.count, None)
            continue
        for c in checked:
            if c.kind in rule.kinds:
                # sorted() is stable: equal ranks keep the contest's own order.
                placings = sorted(c.results, key=lambda p: p.rank)
                candidates = [(e, p.rank) for p in placings for e in entrants_of(p, credit)]
                taker.take(i, candidates, rule.count, c.id)
    return SeasonQualification(tuple(taker.out), SeasonReport(tuple(taker.items)))
