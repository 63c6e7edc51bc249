"""Checking the partie results and crediting each player with his pair's result.

Every result is checked (including those after the as-of partie), then each counted one gives
one :data:`~.totals.Credit` per credited player of each side: the pair's points for and
against, win/draw/loss, the barème's points, as the team standings would credit the pair
(:mod:`engine.standings.entries`, same policies). Byes and forfeits are credited last because
the ``round_average`` award needs the average of the partie's played tables.
:func:`credits` is the general path and the reference; the ranking folds through
:mod:`.fast`, which takes the common table itself and the rest through :func:`check` and
:class:`Crediter` here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.individual.errors import IndividualError
from engine.individual.model import PartieResult, Side
from engine.individual.totals import (
    BYE,
    DRAW,
    FORFEIT_LOST,
    FORFEIT_WON,
    LOSS,
    NONE,
    PLAYED,
    WIN,
    Credit,
)
from engine.standings import AwardMode, ResultKind, StandingsConfig

__all__ = ["Crediter", "check", "credits", "round_averages"]

# A pair at belote is two players; one is a solo player whose volunteer is not named.
MAX_SIDE: Final = 2


def _invalid(r: PartieResult, reason: str) -> IndividualError:
    return IndividualError("individual.invalid_result", partie=repr(r.partie), reason=reason)


def _check_side(r: PartieResult, side: object, name: str, *, empty_ok: bool) -> tuple[int, ...]:
    if not isinstance(side, tuple) or len(side) > MAX_SIDE or (not side and not empty_ok):
        raise _invalid(r, name)
    # type() rather than isinstance(): bool is an int and must not pass for a player id.
    if any(type(p) is not int for p in side):
        raise _invalid(r, name)
    return side


def check(r: PartieResult, known: set[int], seen: dict[int, set[int]]) -> ResultKind:
    """Refuse a malformed result, an unknown player or a player twice in a partie."""
    if not isinstance(r, PartieResult):
        raise IndividualError("individual.invalid_result", reason="not_a_result")
    if type(r.partie) is not int or r.partie < 1:
        raise _invalid(r, "partie")
    if type(r.score_a) is not int or type(r.score_b) is not int:
        raise _invalid(r, "score")
    if r.score_a < 0 or r.score_b < 0:
        raise _invalid(r, "negative_score")
    try:
        kind = ResultKind(r.kind)
    except ValueError:
        raise _invalid(r, "kind") from None
    side_a = _check_side(r, r.side_a, "side_a", empty_ok=False)
    side_b = _check_side(r, r.side_b, "side_b", empty_ok=kind is ResultKind.BYE)
    if kind is ResultKind.BYE and side_b:
        raise _invalid(r, "bye")
    loser_ok = (
        r.forfeit_loser in (Side.A, Side.B)
        if kind is ResultKind.FORFEIT
        else (r.forfeit_loser is None)
    )
    if not loser_ok:
        raise _invalid(r, "forfeit_loser")
    in_partie = seen.setdefault(r.partie, set())
    for p in side_a + side_b:
        if p not in known:
            raise IndividualError("individual.unknown_player", partie=r.partie, player=p)
        if p in in_partie:
            raise IndividualError("individual.player_twice_in_partie", partie=r.partie, player=p)
        in_partie.add(p)
    return kind


def _award(mode: AwardMode, value: int, recorded: int, average: int | None) -> int:
    if mode is AwardMode.FIXED:
        return value
    if mode is AwardMode.HALF_GAME:
        return value // 2
    if mode is AwardMode.ROUND_AVERAGE:
        return value if average is None else average
    return recorded


class Crediter:
    """Turns checked results into credits with the contest's policies."""

    def __init__(self, config: StandingsConfig, credited: set[int]) -> None:
        self.config = config
        self.credited = credited
        scale = config.match_points
        self.divisor = scale.score_divisor if scale.add_score else 0

    def _share(self, points: int) -> int:
        # "win = 4 + score": the pair's points divided by the barème's divisor, floored.
        return points // self.divisor if self.divisor else 0

    def side(
        self,
        r: PartieResult,
        mine: tuple[int, ...],
        theirs: tuple[int, ...],
        facts: tuple[int, int, int, int, int],
    ) -> list[Credit]:
        """One credit per credited player of ``mine``; facts = (kind, pf, pa, outcome, mp)."""
        kind, pf, pa, outcome, mp = facts
        opponents = tuple(p for p in theirs if p in self.credited)
        out: list[Credit] = []
        for p in mine:
            if p in self.credited:
                partners = tuple(q for q in mine if q != p and q in self.credited)
                out.append((p, kind, r.partie, pf, pa, outcome, mp, partners, opponents))
        return out

    def played(self, r: PartieResult) -> list[Credit]:
        scale = self.config.match_points
        sa, sb = r.score_a, r.score_b
        if sa > sb:
            mp_a, mp_b, out_a, out_b = scale.win, scale.loss, WIN, LOSS
        elif sa < sb:
            mp_a, mp_b, out_a, out_b = scale.loss, scale.win, LOSS, WIN
        else:  # equal totals: a draw
            mp_a, mp_b, out_a, out_b = scale.draw, scale.draw, DRAW, DRAW
        mp_a += self._share(sa)
        mp_b += self._share(sb)
        return self.side(r, r.side_a, r.side_b, (PLAYED, sa, sb, out_a, mp_a)) + self.side(
            r, r.side_b, r.side_a, (PLAYED, sb, sa, out_b, mp_b)
        )

    def bye(self, r: PartieResult, average: int | None) -> list[Credit]:
        bye = self.config.bye
        pf = _award(bye.award, bye.value, r.score_a, average)
        mp = self.config.match_points.bye + self._share(pf)
        outcome = WIN if bye.counts_as_win else NONE
        return self.side(r, r.side_a, (), (BYE, pf, 0, outcome, mp))

    def forfeit(self, r: PartieResult, average: int | None) -> list[Credit]:
        a_lost = r.forfeit_loser == Side.A
        winners, losers = (r.side_b, r.side_a) if a_lost else (r.side_a, r.side_b)
        forfeit = self.config.forfeit
        if forfeit.award is AwardMode.RECORDED:
            w_pts, l_pts = (r.score_b, r.score_a) if a_lost else (r.score_a, r.score_b)
        else:
            w_pts = _award(forfeit.award, forfeit.value, 0, average)
            l_pts = forfeit.loser_points
        scale = self.config.match_points
        mp_w = scale.forfeit_win + self._share(w_pts)
        mp_l = scale.forfeit_loss + self._share(l_pts)
        return self.side(r, winners, losers, (FORFEIT_WON, w_pts, l_pts, WIN, mp_w)) + self.side(
            r, losers, winners, (FORFEIT_LOST, l_pts, w_pts, LOSS, mp_l)
        )


def round_averages(sums: dict[int, list[int]]) -> dict[int, int]:
    """partie -> its average per side, from [sum of the sides' scores, sides]."""
    # The round average of the team standings, half up: what an average pair scored.
    return {n: (2 * total + count) // (2 * count) for n, (total, count) in sums.items()}


def credits(
    results: Iterable[PartieResult],
    players: set[int],
    volunteers: set[int],
    config: StandingsConfig,
    as_of_partie: int | None,
) -> list[Credit]:
    """Check every result, then credit those of parties <= ``as_of_partie`` (all if None)."""
    known = players | volunteers
    seen: dict[int, set[int]] = {}
    crediter = Crediter(config, players)
    out: list[Credit] = []
    sums: dict[int, list[int]] = {}  # partie -> [sum of the sides' scores, sides]
    unplayed: list[tuple[PartieResult, ResultKind]] = []
    for r in results:
        kind = check(r, known, seen)
        if as_of_partie is not None and r.partie > as_of_partie:
            continue
        if kind is not ResultKind.PLAYED:
            unplayed.append((r, kind))
            continue
        s = sums.setdefault(r.partie, [0, 0])
        s[0] += r.score_a + r.score_b
        s[1] += 2
        out += crediter.played(r)
    averages = round_averages(sums)
    for r, kind in unplayed:
        average = averages.get(r.partie)
        out += crediter.bye(r, average) if kind is ResultKind.BYE else crediter.forfeit(r, average)
    return out
