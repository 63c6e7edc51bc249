"""The season ranking (:func:`compute_season_standings`): contests' final results in, ranked
season rows out, with the contests counted and dropped and a "why" report.

Each counted contest is worth the barème's value to every entrant it credits; with
``best_of=N`` an entrant's N best contests count (best value, then best score, then the
earlier contest) and the others are dropped. The ranking key is the total value of the counted
contests (then, for a per-partie barème whose score is a tie-break, their total score), then
the rules' tie-breaks, all over the counted contests only; an exact tie on every key shares the
rank. Entrants below ``min_contests`` are listed after the ranking, unranked.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.individual import shared_ranks
from engine.seasons.bareme import PartieBareme, ScoreMode
from engine.seasons.check import check_contests, entrants_of
from engine.seasons.errors import SeasonError
from engine.seasons.model import Entrant, SeasonContest
from engine.seasons.report import SeasonReport, SeasonReportCode, SeasonReportItem
from engine.seasons.rules import SEASON_TIEBREAKS, SeasonRules

__all__ = ["ContestLine", "SeasonRow", "SeasonStandings", "compute_season_standings"]


@dataclass(frozen=True, slots=True)
class ContestLine:
    """What one contest gave one entrant: its final ``rank`` there, the barème's ``points``,
    ``score`` and ``value``, its parties ``won`` / ``played``, and whether it is ``counted``
    (``False``: dropped by best N of M, a page shows it as "(dropped)")."""

    contest: int
    date: datetime.date
    club: int
    rank: int
    points: int
    score: int
    value: int
    won: int
    played: int
    counted: bool


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """One entrant's line in the season standings.

    ``rank`` is ``None`` below the attendance needed for the final ranking (``eligible``
    false); ``value`` ranks, in units of ``1 / SeasonStandings.value_divisor``; ``points``,
    ``score``, ``wins``, ``played`` and ``best_place`` are over the counted contests,
    ``attended`` over every counted-kind contest the entrant played. ``contests`` are by date.
    """

    rank: int | None
    entrant: Entrant
    shared: bool
    value: int
    points: int
    score: int
    wins: int
    played: int
    attended: int
    best_place: int
    eligible: bool
    prize_eligible: bool
    contests: tuple[ContestLine, ...]
    tiebreak_values: tuple[int, ...]

    @property
    def counted(self) -> tuple[int, ...]:
        return tuple(c.contest for c in self.contests if c.counted)

    @property
    def dropped(self) -> tuple[int, ...]:
        return tuple(c.contest for c in self.contests if not c.counted)

    def to_json(self) -> dict[str, Any]:
        """A plain dict for a stored snapshot (dates as ISO strings)."""
        out: dict[str, Any] = {n: getattr(self, n) for n in self.__slots__ if n != "contests"}
        out["entrant"] = list(self.entrant)
        out["tiebreak_values"] = list(self.tiebreak_values)
        out["contests"] = [
            {n: getattr(c, n) for n in c.__slots__} | {"date": c.date.isoformat()}
            for c in self.contests
        ]
        return out


@dataclass(frozen=True)
class SeasonStandings:
    rules: SeasonRules
    rows: tuple[SeasonRow, ...]
    contests: tuple[int, ...]  # the contests of counted kinds, by date
    value_divisor: int
    report: SeasonReport

    def row(self, entrant: Entrant) -> SeasonRow:
        """The entrant's row (``KeyError`` if the season has none)."""
        for r in self.rows:
            if r.entrant == entrant:
                return r
        raise KeyError(entrant)


class _Acc:
    """An entrant's contest lines as they are collected."""

    __slots__ = ("entrant", "lines")

    def __init__(self, entrant: Entrant) -> None:
        self.entrant = entrant
        self.lines: list[ContestLine] = []


def _collect(
    contests: list[SeasonContest], rules: SeasonRules, items: list[SeasonReportItem]
) -> tuple[dict[Entrant, _Acc], list[int]]:
    bareme = rules.bareme
    needs_parties = isinstance(bareme, PartieBareme)
    accs: dict[Entrant, _Acc] = {}
    counted_ids: list[int] = []
    for c in contests:
        if c.kind not in rules.counted_kinds:
            items.append(_item(SeasonReportCode.CONTEST_NOT_COUNTED, contest=c.id, kind=c.kind))
            continue
        counted_ids.append(c.id)
        field_size = len(c.results)
        for p in c.results:
            if needs_parties and not p.parties:
                raise SeasonError("season.missing_parties", contest=c.id, entrant=p.players)
            points, score, value = bareme.worth(p, field_size)
            line = ContestLine(
                c.id, c.date, c.club, p.rank, points, score, value, p.won, p.played, True
            )
            for entrant in entrants_of(p, rules.credit):
                acc = accs.get(entrant)
                if acc is None:
                    acc = accs[entrant] = _Acc(entrant)
                acc.lines.append(line)
    return accs, counted_ids


def _item(code: SeasonReportCode, **params: Any) -> SeasonReportItem:
    return SeasonReportItem(code, params)


def _choose(acc: _Acc, best_of: int | None, items: list[SeasonReportItem]) -> list[ContestLine]:
    """The lines with ``counted`` set (the best N: value, then score, then the earlier)."""
    if best_of is None or len(acc.lines) <= best_of:
        return acc.lines
    order = sorted(acc.lines, key=lambda ln: (-ln.value, -ln.score, ln.date, ln.contest))
    dropped = {ln.contest for ln in order[best_of:]}
    out = []
    for ln in acc.lines:  # still by date
        if ln.contest in dropped:
            out.append(_drop(ln))
            items.append(
                _item(
                    SeasonReportCode.CONTEST_DROPPED,
                    entrant=acc.entrant,
                    contest=ln.contest,
                    value=ln.value,
                    best_of=best_of,
                )
            )
        else:
            out.append(ln)
    return out


def _drop(ln: ContestLine) -> ContestLine:
    return ContestLine(
        ln.contest,
        ln.date,
        ln.club,
        ln.rank,
        ln.points,
        ln.score,
        ln.value,
        ln.won,
        ln.played,
        False,
    )


def _row(
    entrant: Entrant, lines: list[ContestLine], rules: SeasonRules, lots: Mapping[Entrant, int]
) -> SeasonRow:
    kept = [ln for ln in lines if ln.counted]
    attended = len(lines)
    eligible = attended >= rules.min_contests
    values = {
        "wins": sum(ln.won for ln in kept),
        "score": sum(ln.score for ln in kept),
        "attended": attended,
        "best_place": min((ln.rank for ln in kept), default=0),
        "lot": lots.get(entrant, 0),
    }
    return SeasonRow(
        rank=None,
        entrant=entrant,
        shared=False,
        value=sum(ln.value for ln in kept),
        points=sum(ln.points for ln in kept),
        score=values["score"],
        wins=values["wins"],
        played=sum(ln.played for ln in kept),
        attended=attended,
        best_place=values["best_place"],
        eligible=eligible,
        prize_eligible=eligible and attended >= rules.prize_min_contests,
        contests=tuple(lines),
        tiebreak_values=tuple(values[SEASON_TIEBREAKS[n].attribute] for n in rules.tiebreaks),
    )


def _score_first(rules: SeasonRules) -> bool:
    """A per-partie barème read as "points, then score as a tie-break"."""
    bareme = rules.bareme
    return isinstance(bareme, PartieBareme) and bareme.score_mode is ScoreMode.TIEBREAK


def _key_names(rules: SeasonRules) -> tuple[str, ...]:
    return ("value",) + (("score",) if _score_first(rules) else ()) + rules.tiebreaks


def _key(row: SeasonRow, rules: SeasonRules) -> tuple[int, ...]:
    """Ascending sort key: the value, the score first for a "points then score" barème, then
    the tie-breaks (negated where higher is better)."""
    key = [-row.value]
    if _score_first(rules):
        key.append(-row.score)
    for name, v in zip(rules.tiebreaks, row.tiebreak_values, strict=True):
        key.append(-v if SEASON_TIEBREAKS[name].higher_is_better else v)
    return tuple(key)


def _with_rank(row: SeasonRow, rank: int | None, shared: bool) -> SeasonRow:
    fields = {n: getattr(row, n) for n in row.__slots__}
    fields.update(rank=rank, shared=shared)
    return SeasonRow(**fields)


def _ties_report(
    ranked: list[tuple[int, bool, SeasonRow]], keys: list[tuple[int, ...]], names: tuple[str, ...]
) -> list[SeasonReportItem]:
    """Shared ranks, and each entrant separated from the one above by a tie-break only."""
    items: list[SeasonReportItem] = []
    for i, (rank, shared, row) in enumerate(ranked):
        if shared and (i == 0 or ranked[i - 1][0] != rank):
            group = tuple(r.entrant for k, _s, r in ranked if k == rank)
            items.append(_item(SeasonReportCode.SHARED_RANK, rank=rank, entrants=group))
        if i and not shared and keys[i][0] == keys[i - 1][0]:
            first = next(
                j for j, (a, b) in enumerate(zip(keys[i], keys[i - 1], strict=True)) if a != b
            )
            items.append(
                _item(
                    SeasonReportCode.TIE_BROKEN,
                    rank=rank,
                    entrant=row.entrant,
                    above=ranked[i - 1][2].entrant,
                    key=names[first],
                )
            )
    return items


def compute_season_standings(
    contests: Iterable[SeasonContest],
    rules: SeasonRules,
    lots: Mapping[Entrant, int] | None = None,
) -> SeasonStandings:
    """Rank the season's entrants from its contests' final results (see the module docstring).

    ``lots`` (entrant -> number drawn once) is needed only when ``"lot"`` is a tie-break.
    Raises :class:`SeasonError` on a malformed contest, result or rule.
    """
    if not isinstance(rules, SeasonRules):
        raise SeasonError("season.invalid_rules", field="$", value=repr(rules))
    items: list[SeasonReportItem] = []
    accs, counted_ids = _collect(check_contests(contests), rules, items)
    lots = lots if lots is not None else {}
    if "lot" in rules.tiebreaks:
        missing = sorted(e for e in accs if e not in lots)
        if missing:
            raise SeasonError("season.missing_lot", entrants=missing)
    rows = [_row(e, _choose(a, rules.best_of, items), rules, lots) for e, a in accs.items()]
    rows.sort(key=lambda r: (_key(r, rules), r.entrant))
    eligible = [r for r in rows if r.eligible]
    keys = [_key(r, rules) for r in eligible]
    ranked = shared_ranks(list(zip(keys, eligible, strict=True)))
    items += _ties_report(ranked, keys, _key_names(rules))
    out = [_with_rank(r, rank, shared) for rank, shared, r in ranked]
    for r in rows:
        if not r.eligible:
            items.append(
                _item(
                    SeasonReportCode.BELOW_ATTENDANCE,
                    entrant=r.entrant,
                    attended=r.attended,
                    minimum=rules.min_contests,
                )
            )
            out.append(r)
        elif not r.prize_eligible:
            items.append(
                _item(
                    SeasonReportCode.NO_PRIZE,
                    entrant=r.entrant,
                    attended=r.attended,
                    minimum=rules.prize_min_contests,
                )
            )
    return SeasonStandings(
        rules, tuple(out), tuple(counted_ids), rules.value_divisor, SeasonReport(tuple(items))
    )
