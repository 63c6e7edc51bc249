"""The fast path of the individual totals: check, credit and fold in one pass (:func:`fold_results`).

What it owns
------------
The same totals as the general path, ``totals.fold(accs, credit.credits(...))``, for what a
rebuild ranks: a played partie between two pairs of four distinct credited players (every table
of a mêlée, every game of a pairs contest without a volunteer) is checked with plain tests and
added to the four players' totals directly, without the general path's :data:`~.totals.Credit`
tuples. Every other result (a bye, a forfeit, a side of one, a volunteer at the table, a
subclass, anything malformed) goes through the general :func:`.credit.check` and
:class:`.credit.Crediter`, in the same order, so refusals and their codes are the general
path's; byes and forfeits are credited last, as there (the round average needs the played
tables). ``tests/engine/test_individual_fast_path.py`` proves both paths give equal totals
(every field, lists in the same order) and equal errors on many random inputs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.individual.credit import Crediter, check, round_averages
from engine.individual.model import PartieResult
from engine.individual.totals import PlayerAcc, fold
from engine.standings import ResultKind, StandingsConfig

__all__ = ["fold_results"]

_PLAYED = ResultKind.PLAYED


def _common(r: object, credited: set[int], seen: dict[int, set[int]]) -> bool:
    """True when ``r`` is a played partie of two pairs of four distinct credited players, none
    already seen in that partie (then recorded as seen, as the general check would); False for
    anything else, ``seen`` untouched. No object is made but a partie's first set: a rebuild
    runs this for every table and the garbage collector counts allocations."""
    if type(r) is not PartieResult or r.kind is not _PLAYED or r.forfeit_loser is not None:
        return False
    partie, side_a, side_b, sa, sb = r.partie, r.side_a, r.side_b, r.score_a, r.score_b
    if type(partie) is not int or type(sa) is not int or type(sb) is not int:
        return False
    if partie < 1 or sa < 0 or sb < 0 or type(side_a) is not tuple or type(side_b) is not tuple:
        return False
    if len(side_a) != 2 or len(side_b) != 2:  # two pairs of two
        return False
    a1, a2 = side_a
    b1, b2 = side_b
    # type() rather than isinstance(): True would pass for player 1 in a set.
    if type(a1) is not int or type(a2) is not int or type(b1) is not int or type(b2) is not int:
        return False
    if a1 == a2 or b1 == b2 or a1 in side_b or a2 in side_b:
        return False
    if a1 not in credited or a2 not in credited or b1 not in credited or b2 not in credited:
        return False
    in_partie = seen.get(partie)
    if in_partie is None:
        seen[partie] = {a1, a2, b1, b2}
        return True
    if a1 in in_partie or a2 in in_partie or b1 in in_partie or b2 in in_partie:
        return False
    in_partie.update(side_a)
    in_partie.update(side_b)
    return True


def _pair(
    x: PlayerAcc,
    y: PlayerAcc,
    partie: int,
    pf: int,
    pa: int,
    won: int,
    mp: int,
    opp: tuple[int, ...],
) -> None:
    """What ``totals.fold`` adds for the credits of the two partners ``x`` and ``y`` of one side
    of a played partie (``won``: 1, 0 draw, -1): the same figures for both, each the other's
    partner. Both at once: a rebuild runs this for every side of every table."""
    x.parties.append(partie)
    y.parties.append(partie)
    x.points_for += pf
    y.points_for += pf
    x.points_against += pa
    y.points_against += pa
    x.match_points += mp
    y.match_points += mp
    if partie == 1:
        x.first_partie += pf
        y.first_partie += pf
    if won > 0:
        x.wins += 1
        y.wins += 1
    elif won < 0:
        x.losses += 1
        y.losses += 1
    else:
        x.draws += 1
        y.draws += 1
    x.partners.append(y.player)
    y.partners.append(x.player)
    x.played += 1
    y.played += 1
    if pf > x.best_game:
        x.best_game = pf
    if pf > y.best_game:
        y.best_game = pf
    x.opponents += opp
    y.opponents += opp


def _table(accs: Mapping[int, PlayerAcc], r: PartieResult, config: StandingsConfig) -> None:
    """Credit the four players of a common table (see :func:`_common`): the opponents of a
    side are the other side, all four credited."""
    partie, side_a, side_b, sa, sb = r.partie, r.side_a, r.side_b, r.score_a, r.score_b
    scale = config.match_points
    if sa > sb:
        mp_a, mp_b, won = scale.win, scale.loss, 1
    elif sa < sb:
        mp_a, mp_b, won = scale.loss, scale.win, -1
    else:
        mp_a = mp_b = scale.draw
        won = 0
    if scale.add_score and scale.score_divisor:
        mp_a += sa // scale.score_divisor
        mp_b += sb // scale.score_divisor
    a1, a2 = side_a
    b1, b2 = side_b
    _pair(accs[a1], accs[a2], partie, sa, sb, won, mp_a, side_b)
    _pair(accs[b1], accs[b2], partie, sb, sa, -won, mp_b, side_a)


def fold_results(
    accs: Mapping[int, PlayerAcc],
    results: Iterable[PartieResult],
    players: set[int],
    volunteers: set[int],
    config: StandingsConfig,
    as_of_partie: int | None,
) -> None:
    """``fold(accs, credits(results, players, volunteers, config, as_of_partie))``, faster."""
    known = players | volunteers
    seen: dict[int, set[int]] = {}
    crediter = Crediter(config, players)
    sums: dict[int, list[int]] = {}  # partie -> [sum of the sides' scores, sides]
    unplayed: list[tuple[PartieResult, ResultKind]] = []
    for r in results:
        if _common(r, players, seen):
            if as_of_partie is not None and r.partie > as_of_partie:
                continue
            s = sums.get(r.partie)
            if s is None:
                s = sums[r.partie] = [0, 0]
            s[0] += r.score_a + r.score_b
            s[1] += 2
            _table(accs, r, config)
            continue
        kind = check(r, known, seen)
        if as_of_partie is not None and r.partie > as_of_partie:
            continue
        if kind is not _PLAYED:
            unplayed.append((r, kind))
            continue
        s = sums.setdefault(r.partie, [0, 0])
        s[0] += r.score_a + r.score_b
        s[1] += 2
        fold(accs, crediter.played(r))
    averages = round_averages(sums)
    for r, kind in unplayed:
        average = averages.get(r.partie)
        bye = kind is ResultKind.BYE
        fold(accs, crediter.bye(r, average) if bye else crediter.forfeit(r, average))
