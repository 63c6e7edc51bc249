"""Checking the results and turning them into team-side entries, with byes and forfeits awarded.

Every result is checked (including those after the as-of round), then those counted become one
:data:`~.totals.Entry` per team side, grouped by round. Byes and forfeits are awarded last
because ``round_average`` needs the averages of the round's played games.

:func:`bye_points` is the one rule of a bye's figure: the standings use it here, and the score
sheet is credited with it (``scoring.services.byes``), so that the sheet, the results, the
exports and the standings show the same number. A bye concedes what it credits: under a
difference tie-break the exempt team gains nothing over a team that played an even game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.standings.config import ByePolicy, MatchPointsScale, StandingsConfig
from engine.standings.errors import StandingsError
from engine.standings.model import AwardMode, GameResult, ResultKind
from engine.standings.totals import (
    BYE,
    DRAW,
    FORFEIT_LOST,
    FORFEIT_WON,
    LOSS,
    NONE,
    PLAYED,
    WIN,
    Entry,
)

__all__ = ["bye_points", "check", "entries"]


def _half_up_average(total: int, count: int) -> int:
    return (2 * total + count) // (2 * count)


def _award(mode: AwardMode, value: int, recorded: int, round_average: int | None) -> int:
    if mode is AwardMode.FIXED:
        return value
    if mode is AwardMode.HALF_GAME:
        return value // 2
    if mode is AwardMode.ROUND_AVERAGE:
        return value if round_average is None else round_average
    return recorded


def bye_points(policy: ByePolicy, round_scores: Iterable[int] = (), recorded: int = 0) -> int:
    """The points a bye is credited with (and concedes) under ``policy``.

    ``round_scores`` are the team scores of the round's finished games played at a table (both
    sides of each game; ``round_average`` takes their average, rounded half up, or
    ``policy.value`` while there is none); ``recorded`` is what the sheet holds (``recorded``).
    """
    total = count = 0
    for score in round_scores:
        total += score
        count += 1
    average = _half_up_average(total, count) if count else None
    return _award(policy.award, policy.value, recorded, average)


def _invalid(r: GameResult, reason: str) -> StandingsError:
    return StandingsError(
        "standings.invalid_result", round=repr(r.round), team=repr(r.team_a), reason=reason
    )


def entries(
    results: Iterable[GameResult],
    team_set: set[int],
    config: StandingsConfig,
    as_of_round: int | None,
    played_sums: dict[int, list[int]] | None = None,
) -> dict[int, list[Entry]]:
    """Check every result, then turn those of rounds <= ``as_of_round`` into team-side
    entries grouped by round. One pass over the played games (nearly all the results), as this
    runs on every rebuild. ``played_sums`` (round -> [sum of the teams' scores, count]): the
    played games the caller folded itself (:mod:`.fast`), counted in the rounds' averages; it
    is added to."""
    scale = config.match_points
    win, draw, loss = scale.win, scale.draw, scale.loss
    divisor = scale.score_divisor if scale.add_score else 0
    last = as_of_round
    if played_sums is None:
        played_sums = {}  # round -> [sum of the teams' scores, count]
    unplayed: list[GameResult] = []  # byes and forfeits, which may need the round averages
    seen: dict[int, set[int]] = {}
    by_round: dict[int, list[Entry]] = {}
    for r in results:
        kind = check(r, team_set, seen)
        rnd = r.round
        if last is not None and rnd > last:
            continue
        if kind is not _PLAYED_KIND:
            unplayed.append(r)
            continue
        # A played game, inline: this loop runs over nearly every result of every rebuild.
        a, b, sa, sb = r.team_a, r.team_b, r.score_a, r.score_b
        assert b is not None  # checked: a played game has two teams
        sums = played_sums.get(rnd)
        if sums is None:
            sums = played_sums[rnd] = [0, 0]
        sums[0] += sa + sb
        sums[1] += 2
        # A match is won on games won, then on points (engine.belote.match); a game on points.
        ga = r.games_a
        margin = sa - sb if ga is None or ga == r.games_b else ga - (r.games_b or 0)
        if margin > 0:
            mp_a, mp_b, out_a, out_b = win, loss, WIN, LOSS
        elif margin < 0:
            mp_a, mp_b, out_a, out_b = loss, win, LOSS, WIN
        else:  # equal totals: a draw
            mp_a, mp_b, out_a, out_b = draw, draw, DRAW, DRAW
        if divisor:
            mp_a += sa // divisor
            mp_b += sb // divisor
        out = by_round.get(rnd)
        if out is None:
            out = by_round[rnd] = []
        out.append((a, PLAYED, b, sa, sb, out_a, mp_a))
        out.append((b, PLAYED, a, sb, sa, out_b, mp_b))
    averages = {rnd: _half_up_average(total, n) for rnd, (total, n) in played_sums.items()}
    for r in unplayed:
        out = by_round.get(r.round)
        if out is None:
            out = by_round[r.round] = []
        if r.team_b is None:
            out.append(_bye_entry(r, config, averages.get(r.round)))
        else:
            out += _forfeit_entries(r, config, averages.get(r.round))
    return by_round


# The kinds as module constants: the checks below run once per result of every rebuild.
_PLAYED_KIND: Final = ResultKind.PLAYED
_BYE_KIND: Final = ResultKind.BYE
_FORFEIT_KIND: Final = ResultKind.FORFEIT


def check(r: GameResult, team_set: set[int], seen: dict[int, set[int]]) -> ResultKind:
    """Refuse a malformed result or a team twice in a round; return the result's kind."""
    if not isinstance(r, GameResult):
        raise StandingsError("standings.invalid_result", reason="not_a_result")
    rnd, a = r.round, r.team_a
    # type() rather than isinstance(): bool is an int and must not pass for one.
    if type(rnd) is not int or rnd < 1:
        raise _invalid(r, "round")
    if type(a) is not int:
        raise _invalid(r, "team_a")
    if type(r.score_a) is not int or type(r.score_b) is not int:
        raise _invalid(r, "score")
    if r.score_a < 0 or r.score_b < 0:
        raise _invalid(r, "negative_score")
    if r.games_a is not None or r.games_b is not None:
        _check_games(r)
    if a not in team_set:
        raise StandingsError("standings.unknown_team", round=rnd, team=a)
    in_round = seen.get(rnd)
    if in_round is None:
        in_round = seen[rnd] = set()
    if a in in_round:
        raise StandingsError("standings.team_twice_in_round", round=rnd, team=a)
    in_round.add(a)
    if r.kind == _BYE_KIND:
        if r.team_b is not None or r.forfeit_loser is not None:
            raise _invalid(r, "bye")
        return _BYE_KIND
    return _check_opponent(r, team_set, in_round)


def _check_games(r: GameResult) -> None:
    """A match's games won: both given, whole numbers >= 0, on a game played at a table."""
    for value in (r.games_a, r.games_b):
        if type(value) is not int or value < 0:
            raise _invalid(r, "games")
    if r.kind != _PLAYED_KIND:
        raise _invalid(r, "games")


def _check_opponent(r: GameResult, team_set: set[int], in_round: set[int]) -> ResultKind:
    """The checks of a played game or a forfeit: its kind, ``team_b``, ``forfeit_loser``."""
    kind = r.kind
    if kind == _PLAYED_KIND:
        kind = _PLAYED_KIND
    elif kind == _FORFEIT_KIND:
        kind = _FORFEIT_KIND
    else:
        raise _invalid(r, "kind")
    b = r.team_b
    if type(b) is not int:
        raise _invalid(r, "team_b")
    if b == r.team_a:
        raise _invalid(r, "same_team")
    if b not in team_set:
        raise StandingsError("standings.unknown_team", round=r.round, team=b)
    if b in in_round:
        raise StandingsError("standings.team_twice_in_round", round=r.round, team=b)
    in_round.add(b)
    if kind is _FORFEIT_KIND:
        if r.forfeit_loser != r.team_a and r.forfeit_loser != b:
            raise _invalid(r, "forfeit_loser")
    elif r.forfeit_loser is not None:
        raise _invalid(r, "forfeit_loser")
    return kind


def _score_share(scale: MatchPointsScale, points: int) -> int:
    """What the team's points add to its match points ("win = 4 + score"), or 0."""
    return points // scale.score_divisor if scale.add_score else 0


def _bye_entry(r: GameResult, config: StandingsConfig, average: int | None) -> Entry:
    """A bye credits and concedes the same points (:func:`bye_points`): its difference is 0."""
    bye = config.bye
    pf = _award(bye.award, bye.value, r.score_a, average)
    mp = config.match_points.bye + _score_share(config.match_points, pf)
    return (r.team_a, BYE, None, pf, pf, WIN if bye.counts_as_win else NONE, mp)


def _forfeit_entries(r: GameResult, config: StandingsConfig, average: int | None) -> list[Entry]:
    a, b, sa, sb = r.team_a, r.team_b, r.score_a, r.score_b
    assert b is not None  # checked: a forfeit has two teams
    loser = b if r.forfeit_loser == b else a
    winner = a if loser == b else b
    forfeit = config.forfeit
    if forfeit.award is AwardMode.RECORDED:
        w_pts, l_pts = (sa, sb) if winner == a else (sb, sa)
    else:
        w_pts = _award(forfeit.award, forfeit.value, 0, average)
        l_pts = forfeit.loser_points
    scale = config.match_points
    mp_w = scale.forfeit_win + _score_share(scale, w_pts)
    mp_l = scale.forfeit_loss + _score_share(scale, l_pts)
    return [
        (winner, FORFEIT_WON, loser, w_pts, l_pts, WIN, mp_w),
        (loser, FORFEIT_LOST, winner, l_pts, w_pts, LOSS, mp_l),
    ]
