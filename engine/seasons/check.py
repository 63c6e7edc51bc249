"""Checking a season's contests and turning each final result into season entrants.

Every contest and every result is checked (ids, dates, kinds, ranks, counters); a player may
appear once per contest (in one pair or alone). With pair credit the entrant is the sorted
pair; with player credit each player of the placing is an entrant with the pair's result.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from engine.seasons.errors import SeasonError
from engine.seasons.model import (
    ContestKind,
    Credit,
    Entrant,
    Outcome,
    PartieLine,
    Placing,
    SeasonContest,
)

__all__ = ["check_contests", "entrants_of"]


def _bad_result(contest: int, players: object, reason: str) -> SeasonError:
    return SeasonError(
        "season.invalid_result", contest=contest, entrant=repr(players), reason=reason
    )


def _is_count(value: object) -> bool:
    # type() rather than isinstance(): bool is an int and must not pass for one.
    return type(value) is int and value >= 0


def _check_lines(contest: int, p: Placing) -> None:
    if not isinstance(p.parties, tuple):
        raise _bad_result(contest, p.players, "parties")
    for line in p.parties:
        if not isinstance(line, PartieLine) or not _is_count(line.score):
            raise _bad_result(contest, p.players, "parties")
        try:
            Outcome(line.outcome)  # checked only: a StrEnum compares equal to its value
        except ValueError:
            raise _bad_result(contest, p.players, "outcome") from None


def _check_placing(contest: int, p: object, seen: set[int]) -> None:
    if not isinstance(p, Placing):
        raise _bad_result(contest, None, "not_a_placing")
    players = p.players
    if not isinstance(players, tuple) or not 1 <= len(players) <= 2:
        raise _bad_result(contest, players, "players")
    if any(type(x) is not int for x in players):
        raise _bad_result(contest, players, "players")
    if type(p.rank) is not int or p.rank < 1:
        raise _bad_result(contest, players, "rank")
    if not (_is_count(p.played) and _is_count(p.won) and _is_count(p.points)):
        raise _bad_result(contest, players, "counters")
    if p.won > p.played:
        raise _bad_result(contest, players, "won_more_than_played")
    _check_lines(contest, p)
    for x in players:
        if x in seen:
            raise SeasonError("season.entrant_twice", contest=contest, entrant=x)
        seen.add(x)


def _check_contest(c: object, ids: set[int]) -> SeasonContest:
    if not isinstance(c, SeasonContest):
        raise SeasonError("season.invalid_contest", contest=None, field="$")
    if type(c.id) is not int:
        raise SeasonError("season.invalid_contest", contest=repr(c.id), field="id")
    if c.id in ids:
        raise SeasonError("season.invalid_contest", contest=c.id, field="duplicate")
    ids.add(c.id)
    if type(c.club) is not int:
        raise SeasonError("season.invalid_contest", contest=c.id, field="club")
    if not isinstance(c.date, datetime.date):
        raise SeasonError("season.invalid_contest", contest=c.id, field="date")
    try:
        ContestKind(c.kind)  # checked only: a StrEnum compares equal to its value
    except ValueError:
        raise SeasonError("season.invalid_contest", contest=c.id, field="kind") from None
    if not isinstance(c.results, tuple):
        raise SeasonError("season.invalid_contest", contest=c.id, field="results")
    seen: set[int] = set()
    for p in c.results:
        _check_placing(c.id, p, seen)
    return c


def check_contests(contests: Iterable[SeasonContest]) -> list[SeasonContest]:
    """Every contest checked, in season order: by date, then id."""
    ids: set[int] = set()
    checked = [_check_contest(c, ids) for c in contests]
    return sorted(checked, key=lambda c: (c.date, c.id))


def entrants_of(p: Placing, credit: Credit) -> tuple[Entrant, ...]:
    """The season entrants a placing credits: each player, or the sorted pair."""
    if credit is Credit.PLAYER:
        return tuple((x,) for x in p.players)
    return (tuple(sorted(p.players)),)
