"""The fast path of the team totals: check and fold in one pass (:func:`fold_results`).

What it owns
------------
The same totals as folding :func:`.entries.entries` round by round, for what a rebuild ranks:
a played game on its own (not a match) between two distinct teams of the contest, neither
already seen in that round, is checked with plain tests and added to both teams' totals
directly, without the general path's :data:`~.totals.Entry` tuples. Every other result (a bye,
a forfeit, a match, a subclass, anything malformed) is checked by the general check in the same
order, against the same teams seen, so refusals and their codes are the general path's; those
counted are then turned into entries by :func:`.entries.entries` (byes and forfeits last, with
the round averages of every played game) and folded. Each team's totals are the general path's;
its lists of opponents and encounters hold the same items, in the order of the results rather
than round by round (every metric reads them as a sum, a set or sorted).
``tests/engine/test_standings_fast_path.py`` proves both paths equal on many random inputs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.standings.config import StandingsConfig
from engine.standings.entries import check, entries
from engine.standings.model import GameResult, ResultKind
from engine.standings.totals import DRAW, LOSS, WIN, Acc, fold

__all__ = ["fold_results"]

_PLAYED = ResultKind.PLAYED


def _common(r: object, team_set: set[int], seen: dict[int, set[int]]) -> bool:
    """True when ``r`` is a played game on its own between two distinct teams of the contest,
    neither seen yet in its round (then both recorded as seen, as the general check would);
    False for anything else, ``seen`` untouched."""
    if type(r) is not GameResult or r.kind is not _PLAYED:
        return False
    rnd, a, b, sa, sb = r.round, r.team_a, r.team_b, r.score_a, r.score_b
    # type() rather than isinstance(): True would pass for team 1.
    if type(rnd) is not int or type(a) is not int or type(b) is not int:
        return False
    if type(sa) is not int or type(sb) is not int or rnd < 1 or sa < 0 or sb < 0:
        return False
    if r.forfeit_loser is not None or r.games_a is not None or r.games_b is not None:
        return False
    if a == b or a not in team_set or b not in team_set:
        return False
    in_round = seen.get(rnd)
    if in_round is None:
        seen[rnd] = {a, b}
        return True
    if a in in_round or b in in_round:
        return False
    in_round.add(a)
    in_round.add(b)
    return True


def _add(acc: Acc, rnd: int, opp: int, pf: int, pa: int, outcome: int, mp: int) -> None:
    """What :func:`.totals.fold` adds for one side of a game played at a table."""
    acc.points_for += pf
    acc.points_against += pa
    acc.match_points += mp
    if rnd == 1:
        acc.first_game += pf
    if outcome == WIN:
        acc.wins += 1
    elif outcome == LOSS:
        acc.losses += 1
    else:
        acc.draws += 1
    acc.played += 1
    acc.encounters.append((opp, pf, outcome, mp))
    if pf > acc.best_game:
        acc.best_game = pf
    acc.opponents.append(opp)


def fold_results(
    accs: Mapping[int, Acc],
    results: Iterable[GameResult],
    team_set: set[int],
    config: StandingsConfig,
    as_of_round: int | None,
) -> int:
    """Fold ``entries(results, team_set, config, as_of_round)`` into ``accs``, faster; the last
    round folded (0 when none)."""
    scale = config.match_points
    win, draw, loss = scale.win, scale.draw, scale.loss
    divisor = scale.score_divisor if scale.add_score else 0
    played_sums: dict[int, list[int]] = {}  # round -> [sum of the teams' scores, count]
    seen: dict[int, set[int]] = {}
    rest: list[GameResult] = []  # checked, counted, for the general path
    for r in results:
        if not _common(r, team_set, seen):
            check(r, team_set, seen)
            if as_of_round is None or r.round <= as_of_round:
                rest.append(r)
            continue
        rnd, a, b, sa, sb = r.round, r.team_a, r.team_b, r.score_a, r.score_b
        if as_of_round is not None and rnd > as_of_round:
            continue
        assert b is not None  # _common: a played game has two teams
        sums = played_sums.get(rnd)
        if sums is None:
            sums = played_sums[rnd] = [0, 0]
        sums[0] += sa + sb
        sums[1] += 2
        if sa > sb:
            mp_a, mp_b, out_a, out_b = win, loss, WIN, LOSS
        elif sa < sb:
            mp_a, mp_b, out_a, out_b = loss, win, LOSS, WIN
        else:
            mp_a, mp_b, out_a, out_b = draw, draw, DRAW, DRAW
        if divisor:
            mp_a += sa // divisor
            mp_b += sb // divisor
        _add(accs[a], rnd, b, sa, sb, out_a, mp_a)
        _add(accs[b], rnd, a, sb, sa, out_b, mp_b)
    last = max(played_sums, default=0)
    if rest:
        by_round = entries(rest, team_set, config, as_of_round, played_sums)
        for rnd in sorted(by_round):
            fold(accs, rnd, by_round[rnd])
        last = max(last, max(by_round, default=0))
    return last
