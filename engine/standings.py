"""Contest standings: finished games in, ranked rows out.

What this module owns
---------------------
The ranking of a contest ("classement du concours") as of any round ("partie"): it folds the
finished games of the contest into one row per team, orders the rows by the contest's ranking
method and then by its ordered list of tie-breaks, and gives exact ties a shared rank
(1, 2, 2, 4). It also gives each team's rank after every round ("rank over rounds").

What it must not do
-------------------
It never touches Django or the database and imports only the standard library (the scoring
app's adapter turns stored results into :class:`GameResult` values and stores the rows it
gets back). It never draws lots itself: a lot is drawn once by the caller, stored, and passed in
as ``lots`` so that the ranking is reproducible. It never translates messages: errors are
:class:`StandingsError` with a stable ``code`` from :data:`STANDINGS_ERROR_CODES` and ``params``.

Domain words
------------
* *round* / partie: one game per team; numbered from 1.
* *game* / partie jouée: one :class:`GameResult` between two teams at a table, with the two
  game totals in belote points (``score_a``, ``score_b``).
* *bye* / exempt: a team without an opponent in a round (``kind="bye"``, ``team_b=None``).
* *forfeit* / forfait: a game not played because ``forfeit_loser`` did not play it.
* *points for / against* / points faits, points encaissés; *difference* = for - against.
* *match points* / barème: points given per result (e.g. win 4, loss 0, optionally + score).

Public API
----------
* :class:`GameResult` (``round``, ``team_a``, ``team_b``, ``score_a``, ``score_b``, ``kind``,
  ``forfeit_loser``), :class:`ResultKind` (``played``, ``bye``, ``forfeit``).
* :class:`StandingsConfig` (``method``, ``tiebreaks``, ``bye``, ``forfeit``, ``match_points``,
  ``unplayed_rounds``) with ``to_json()`` / ``from_json()``; :class:`RankingMethod`,
  :class:`ByePolicy`, :class:`ForfeitPolicy`, :class:`AwardMode`, :class:`MatchPointsScale`,
  :class:`UnplayedRounds`.
* :data:`TIEBREAKS`: the registry of named :class:`Metric` values.
* :func:`compute_standings` -> ``tuple[StandingRow, ...]`` and :func:`rank_history` ->
  ``dict[team, tuple[rank after round 1, rank after round 2, ...]]``.
* :class:`StandingRow` (``rank``, ``team``, ``shared``, ``played``, ``wins``, ``draws``,
  ``losses``, ``byes``, ``forfeits_won``, ``forfeits_lost``, ``points_for``,
  ``points_against``, ``difference``, ``match_points``, ``best_game``, ``tiebreak_values``)
  with ``to_json()`` for a stored snapshot.
* :class:`StandingsError` (an ``engine.errors.EngineError``) with ``code`` in
  :data:`STANDINGS_ERROR_CODES` and ``params``.

Ranking methods (:class:`RankingMethod`)
----------------------------------------
* ``points``: sum of the points scored ("points faits"), higher first.
* ``wins_then_points``: games won, then points scored, then points conceded (lower first).
* ``match_points``: the barème of :class:`MatchPointsScale` (win, draw, loss, bye, forfeit win,
  forfeit loss; with ``add_score`` each result also adds the team's points in that game, divided
  by ``score_divisor`` and floored: "win = 4 + score").

A played game whose two totals are equal is a draw.

Byes and forfeits (the contest's policy)
----------------------------------------
* A bye credits the team with points according to :class:`ByePolicy` (``award``: ``fixed`` =
  ``value``; ``half_game`` = ``value // 2``, where ``value`` is the target or N x 162;
  ``round_average`` = the average team score of that round's played games, rounded half up,
  or ``value`` if the round has no played game; ``recorded`` = ``score_a`` as entered), concedes
  nothing, counts as a win when ``counts_as_win`` (otherwise as neither a win nor a loss) and
  earns ``MatchPointsScale.bye`` match points.
* A forfeit is a win for the other team and a loss for ``forfeit_loser``. The winner scores
  per :class:`ForfeitPolicy` (``award`` and ``value`` as for a bye), the loser scores
  ``loser_points``; each concedes what the other scored. With ``award="recorded"`` both keep
  the totals as entered. Match points: ``forfeit_win`` / ``forfeit_loss``.
* ``played`` in a row counts games played at a table only; byes and forfeits have their own
  counters. A round in which a team has no result at all (late entry, withdrawal, game not
  finished yet) simply adds nothing.

Tie-breaks (:data:`TIEBREAKS`, applied in the contest's order)
--------------------------------------------------------------
``wins``, ``points_for``, ``points_against`` (lower is better), ``difference``,
``match_points``, ``best_game`` (the best total in one played game), ``first_game`` (the
total of round 1, "best first-partie score"), ``direct_encounter``, the Buchholz family
``buchholz_{wins,points,match_points}``, ``buchholz_cut1_{...}`` and
``median_buchholz_{...}``, and ``lot`` (lower lot first; the caller's stored draw).

Direct encounter (FIDE tie-break regulations, article 6 in spirit): among the teams still tied
when the metric comes up, and only if every pair of them has met (a played game or a forfeit,
up to the as-of round), each team's value is what it earned in those games in the ranking
method's own currency (points scored for ``points``, games won for ``wins_then_points``,
match points for ``match_points``). If one pair has not met, the metric gives 0 to the whole
group and does not separate it. It is not re-applied to sub-groups it leaves tied (later
tie-breaks do that work). For a team alone in its group the value shown is 0.

Buchholz (FIDE tie-break regulations, article 8): the sum, over the team's opponents, of each
opponent's current wins, points scored, or match points. ``cut1`` drops the least significant
value, ``median`` drops the least and the most significant values. Only games played at a
table give a real opponent. Each bye and each forfeit (won or lost) is an *unplayed round*,
evaluated per ``StandingsConfig.unplayed_rounds``:

* ``self`` (default; FIDE 2023 "dummy opponent"): the unplayed round counts as an opponent
  whose value equals the team's own value;
* ``zero``: it counts as an opponent worth 0;
* ``ignore``: it is left out (the opponent list is shorter).

As FIDE (article 14.6) requires, the low cuts remove unplayed rounds first, the least
significant first; high cuts then remove the highest remaining value. We chose the FIDE 2023
dummy opponent over the 2009 "virtual opponent who draws every later round" because belote
games have no natural "draw score" to extrapolate, and because the value needs no knowledge of
rounds not yet played. Rounds in which a team has no result at all are not unplayed rounds (a
live ranking would otherwise move each time a game is still in progress).

Ranks
-----
Teams are ordered by the method's keys, then tie-break after tie-break; two teams share a rank
only when every key is equal ("exact tie"), and the next rank skips (1, 2, 2, 4). Teams listed
in ``teams`` with no game yet appear with zeros. Rows come ordered by rank, then team id.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter
from typing import Any, Final, TypeVar

from engine.errors import EngineError, codes_with_prefix

__all__ = [
    "STANDINGS_ERROR_CODES",
    "TIEBREAKS",
    "AwardMode",
    "ByePolicy",
    "ForfeitPolicy",
    "GameResult",
    "MatchPointsScale",
    "Metric",
    "RankingMethod",
    "ResultKind",
    "StandingRow",
    "StandingsConfig",
    "StandingsError",
    "UnplayedRounds",
    "compute_standings",
    "rank_history",
]

# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------

# The codes live in engine.errors (the one list of every engine code, with a short developer
# description each; the Django side maps each code to a French message); this is the view of
# the standings ones.
STANDINGS_ERROR_CODES: Final[tuple[str, ...]] = codes_with_prefix("standings.")


class StandingsError(EngineError):
    """A standings input the engine refuses; ``code`` is one of :data:`STANDINGS_ERROR_CODES`,
    ``params`` holds the offending values."""

    def __init__(self, code: str, **params: Any) -> None:
        if code not in STANDINGS_ERROR_CODES:  # a programming error, not a user error
            raise ValueError(f"unlisted standings error code {code!r}")
        super().__init__(code, params=params)


# --------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------


class ResultKind(StrEnum):
    PLAYED = "played"
    BYE = "bye"
    FORFEIT = "forfeit"


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of one round, or a bye, or a forfeit.

    A bye has ``team_b=None`` (its scores are ignored unless the bye policy is ``recorded``).
    A forfeit names its ``forfeit_loser`` (``team_a`` or ``team_b``); its scores are ignored
    unless the forfeit policy is ``recorded``.
    """

    round: int
    team_a: int
    team_b: int | None
    score_a: int = 0
    score_b: int = 0
    kind: ResultKind = ResultKind.PLAYED
    forfeit_loser: int | None = None


# --------------------------------------------------------------------------------------------
# Configuration (JSON-friendly: the contest stores it)
# --------------------------------------------------------------------------------------------


class RankingMethod(StrEnum):
    POINTS = "points"
    WINS_THEN_POINTS = "wins_then_points"
    MATCH_POINTS = "match_points"


class AwardMode(StrEnum):
    """How the points credited for a bye or a forfeit win are found."""

    FIXED = "fixed"
    HALF_GAME = "half_game"
    ROUND_AVERAGE = "round_average"
    RECORDED = "recorded"


class UnplayedRounds(StrEnum):
    """How a team's byes and forfeits count in its Buchholz (see the module docstring)."""

    SELF = "self"
    ZERO = "zero"
    IGNORE = "ignore"


def _check_int(name: str, value: object, *, minimum: int | None = None) -> int:
    # bool is an int subclass: a JSON true must not pass for 1.
    if isinstance(value, bool) or not isinstance(value, int):
        raise StandingsError("standings.invalid_config", field=name, value=repr(value))
    if minimum is not None and value < minimum:
        raise StandingsError("standings.invalid_config", field=name, value=repr(value))
    return value


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise StandingsError("standings.invalid_config", field=name, value=repr(value))
    return value


_E = TypeVar("_E", bound=StrEnum)


def _enum(cls: type[_E], name: str, value: object, code: str) -> _E:
    if not isinstance(value, str):
        raise StandingsError(code, field=name, value=repr(value))
    try:
        return cls(value)
    except ValueError:
        raise StandingsError(code, field=name, value=repr(value)) from None


@dataclass(frozen=True, slots=True)
class ByePolicy:
    award: AwardMode = AwardMode.FIXED
    value: int = 0
    counts_as_win: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "award", _enum(AwardMode, "bye.award", self.award, "standings.invalid_config")
        )
        _check_int("bye.value", self.value, minimum=0)
        _check_bool("bye.counts_as_win", self.counts_as_win)


@dataclass(frozen=True, slots=True)
class ForfeitPolicy:
    award: AwardMode = AwardMode.FIXED
    value: int = 0
    loser_points: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "award",
            _enum(AwardMode, "forfeit.award", self.award, "standings.invalid_config"),
        )
        _check_int("forfeit.value", self.value, minimum=0)
        _check_int("forfeit.loser_points", self.loser_points, minimum=0)


@dataclass(frozen=True, slots=True)
class MatchPointsScale:
    """The barème: match points per result, optionally plus the team's score in the game."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    bye: int = 2
    forfeit_win: int = 2
    forfeit_loss: int = 0
    add_score: bool = False
    score_divisor: int = 1

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss", "bye", "forfeit_win", "forfeit_loss"):
            _check_int(f"match_points.{name}", getattr(self, name))
        _check_bool("match_points.add_score", self.add_score)
        _check_int("match_points.score_divisor", self.score_divisor, minimum=1)


_CONFIG_VERSION: Final = 1


@dataclass(frozen=True, slots=True)
class StandingsConfig:
    """How a contest ranks its teams. Stored on the contest as ``to_json()``."""

    method: RankingMethod = RankingMethod.POINTS
    tiebreaks: tuple[str, ...] = ()
    bye: ByePolicy = field(default_factory=ByePolicy)
    forfeit: ForfeitPolicy = field(default_factory=ForfeitPolicy)
    match_points: MatchPointsScale = field(default_factory=MatchPointsScale)
    unplayed_rounds: UnplayedRounds = UnplayedRounds.SELF

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "method",
            _enum(RankingMethod, "method", self.method, "standings.unknown_method"),
        )
        object.__setattr__(
            self,
            "unplayed_rounds",
            _enum(
                UnplayedRounds, "unplayed_rounds", self.unplayed_rounds, "standings.invalid_config"
            ),
        )
        if isinstance(self.tiebreaks, str) or not isinstance(self.tiebreaks, Sequence):
            raise StandingsError(
                "standings.invalid_config", field="tiebreaks", value=repr(self.tiebreaks)
            )
        names = tuple(self.tiebreaks)
        seen: set[str] = set()
        for name in names:
            if not isinstance(name, str) or name not in TIEBREAKS:
                raise StandingsError("standings.unknown_tiebreak", name=repr(name))
            if name in seen:
                raise StandingsError("standings.duplicate_tiebreak", name=name)
            seen.add(name)
        object.__setattr__(self, "tiebreaks", names)
        for name, cls in (
            ("bye", ByePolicy),
            ("forfeit", ForfeitPolicy),
            ("match_points", MatchPointsScale),
        ):
            if not isinstance(getattr(self, name), cls):
                raise StandingsError("standings.invalid_config", field=name)

    def to_json(self) -> dict[str, Any]:
        """A plain dict (str keys, str/int/bool/list values) that ``from_json`` reads back."""
        mp = self.match_points
        return {
            "version": _CONFIG_VERSION,
            "method": self.method.value,
            "tiebreaks": list(self.tiebreaks),
            "bye": {
                "award": self.bye.award.value,
                "value": self.bye.value,
                "counts_as_win": self.bye.counts_as_win,
            },
            "forfeit": {
                "award": self.forfeit.award.value,
                "value": self.forfeit.value,
                "loser_points": self.forfeit.loser_points,
            },
            "match_points": {
                "win": mp.win,
                "draw": mp.draw,
                "loss": mp.loss,
                "bye": mp.bye,
                "forfeit_win": mp.forfeit_win,
                "forfeit_loss": mp.forfeit_loss,
                "add_score": mp.add_score,
                "score_divisor": mp.score_divisor,
            },
            "unplayed_rounds": self.unplayed_rounds.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> StandingsConfig:
        """Read a stored config (a dict or its JSON text). Missing keys take the defaults;
        unknown keys are refused so that a typo never silently changes a ranking."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError:
                raise StandingsError("standings.invalid_config", field="$") from None
        if not isinstance(data, Mapping):
            raise StandingsError("standings.invalid_config", field="$")
        known = {"version", "method", "tiebreaks", "bye", "forfeit", "match_points"}
        known.add("unplayed_rounds")
        _reject_unknown("", data, known)
        version = data.get("version", _CONFIG_VERSION)
        if version != _CONFIG_VERSION:
            raise StandingsError("standings.invalid_config", field="version", value=repr(version))
        tiebreaks = data.get("tiebreaks", [])
        if not isinstance(tiebreaks, list | tuple):
            raise StandingsError("standings.invalid_config", field="tiebreaks")
        return cls(
            method=data.get("method", RankingMethod.POINTS),
            tiebreaks=tuple(tiebreaks),
            bye=ByePolicy(**_section(data, "bye", ("award", "value", "counts_as_win"))),
            forfeit=ForfeitPolicy(**_section(data, "forfeit", ("award", "value", "loser_points"))),
            match_points=MatchPointsScale(
                **_section(
                    data,
                    "match_points",
                    (
                        "win",
                        "draw",
                        "loss",
                        "bye",
                        "forfeit_win",
                        "forfeit_loss",
                        "add_score",
                        "score_divisor",
                    ),
                )
            ),
            unplayed_rounds=data.get("unplayed_rounds", UnplayedRounds.SELF),
        )


def _reject_unknown(prefix: str, data: Mapping[str, Any], known: set[str]) -> None:
    for key in data:
        if key not in known:
            raise StandingsError("standings.invalid_config", field=f"{prefix}{key}")


def _section(data: Mapping[str, Any], name: str, keys: tuple[str, ...]) -> dict[str, Any]:
    section = data.get(name, {})
    if not isinstance(section, Mapping):
        raise StandingsError("standings.invalid_config", field=name)
    _reject_unknown(f"{name}.", section, set(keys))
    return dict(section)


# --------------------------------------------------------------------------------------------
# Outputs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One team's line in the standings as of a round.

    ``tiebreak_values`` follow ``config.tiebreaks``, in that order (``points_against`` is shown
    as the plain number, although lower ranks first). ``shared`` is true when another team has
    the same rank (an exact tie on every key).
    """

    rank: int
    team: int
    shared: bool
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    forfeits_won: int
    forfeits_lost: int
    points_for: int
    points_against: int
    difference: int
    match_points: int
    best_game: int
    tiebreak_values: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A plain dict for a stored snapshot (``tiebreak_values`` as a list)."""
        return {
            "rank": self.rank,
            "team": self.team,
            "shared": self.shared,
            "played": self.played,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "byes": self.byes,
            "forfeits_won": self.forfeits_won,
            "forfeits_lost": self.forfeits_lost,
            "points_for": self.points_for,
            "points_against": self.points_against,
            "difference": self.difference,
            "match_points": self.match_points,
            "best_game": self.best_game,
            "tiebreak_values": list(self.tiebreak_values),
        }


# --------------------------------------------------------------------------------------------
# Folding results into per-team accumulators
# --------------------------------------------------------------------------------------------

# Outcome of one entry, from the team's side.
_WIN: Final = 1
_DRAW: Final = 0
_LOSS: Final = -1
_NONE: Final = 2  # a bye that does not count as a win

_PLAYED: Final = 0
_BYE: Final = 1
_FORFEIT_WON: Final = 2
_FORFEIT_LOST: Final = 3


# One team's side of one result: (team, kind, opponent, points for, points against, outcome,
# match points). A plain tuple because contests fold thousands of them per rebuild.
_Entry = tuple[int, int, int | None, int, int, int, int]
# A meeting with another team (a played game or a forfeit): (opponent, points for, outcome,
# match points), for the direct encounter.
_Encounter = tuple[int, int, int, int]


@dataclass(slots=True)
class _Acc:
    """A team's running totals; mutated only by :func:`_fold`, round by round."""

    team: int
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    forfeits_won: int = 0
    forfeits_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    match_points: int = 0
    best_game: int = 0
    first_game: int = 0
    unplayed: int = 0
    opponents: list[int] = field(default_factory=list)  # from games played at a table
    encounters: list[_Encounter] = field(default_factory=list)


def _fold(accs: Mapping[int, _Acc], rnd: int, entries: Iterable[_Entry]) -> None:
    for team, kind, opp, pf, pa, outcome, mp in entries:
        a = accs[team]
        a.points_for += pf
        a.points_against += pa
        a.match_points += mp
        if rnd == 1:
            a.first_game += pf
        if outcome == _WIN:
            a.wins += 1
        elif outcome == _LOSS:
            a.losses += 1
        elif outcome == _DRAW:
            a.draws += 1
        if opp is None:  # a bye
            a.unplayed += 1
            a.byes += 1
            continue
        a.encounters.append((opp, pf, outcome, mp))
        if kind == _PLAYED:
            a.played += 1
            if pf > a.best_game:
                a.best_game = pf
            a.opponents.append(opp)
        else:
            a.unplayed += 1
            if kind == _FORFEIT_WON:
                a.forfeits_won += 1
            else:
                a.forfeits_lost += 1


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


def _invalid(r: GameResult, reason: str) -> StandingsError:
    return StandingsError(
        "standings.invalid_result", round=repr(r.round), team=repr(r.team_a), reason=reason
    )


def _entries(
    results: Iterable[GameResult],
    team_set: set[int],
    config: StandingsConfig,
    as_of_round: int | None,
) -> dict[int, list[_Entry]]:
    """Check every result, then turn those of rounds <= ``as_of_round`` into team-side
    entries grouped by round. Written for speed (one pass over the played games, which are
    nearly all the results): this runs on every rebuild."""
    played, forfeit_kind, bye_kind = ResultKind.PLAYED, ResultKind.FORFEIT, ResultKind.BYE
    scale = config.match_points
    win, draw, loss = scale.win, scale.draw, scale.loss
    divisor = scale.score_divisor if scale.add_score else 0
    last = as_of_round
    played_sums: dict[int, list[int]] = {}  # round -> [sum of the teams' scores, count]
    unplayed: list[GameResult] = []  # byes and forfeits, which may need the round averages
    seen: dict[int, set[int]] = {}
    by_round: dict[int, list[_Entry]] = {}
    for r in results:
        if not isinstance(r, GameResult):
            raise StandingsError("standings.invalid_result", reason="not_a_result")
        rnd, a, b, sa, sb, kind = r.round, r.team_a, r.team_b, r.score_a, r.score_b, r.kind
        # type() rather than isinstance(): bool is an int and must not pass for one.
        if type(rnd) is not int or rnd < 1:
            raise _invalid(r, "round")
        if type(a) is not int:
            raise _invalid(r, "team_a")
        if type(sa) is not int or type(sb) is not int:
            raise _invalid(r, "score")
        if sa < 0 or sb < 0:
            raise _invalid(r, "negative_score")
        if a not in team_set:
            raise StandingsError("standings.unknown_team", round=rnd, team=a)
        in_round = seen.get(rnd)
        if in_round is None:
            in_round = seen[rnd] = set()
        if a in in_round:
            raise StandingsError("standings.team_twice_in_round", round=rnd, team=a)
        in_round.add(a)
        if kind == bye_kind:
            if b is not None or r.forfeit_loser is not None:
                raise _invalid(r, "bye")
            if last is None or rnd <= last:
                unplayed.append(r)
            continue
        if kind != played and kind != forfeit_kind:
            raise _invalid(r, "kind")
        if type(b) is not int:
            raise _invalid(r, "team_b")
        if b == a:
            raise _invalid(r, "same_team")
        if b not in team_set:
            raise StandingsError("standings.unknown_team", round=rnd, team=b)
        if b in in_round:
            raise StandingsError("standings.team_twice_in_round", round=rnd, team=b)
        in_round.add(b)
        if kind == forfeit_kind:
            if r.forfeit_loser != a and r.forfeit_loser != b:
                raise _invalid(r, "forfeit_loser")
            if last is None or rnd <= last:
                unplayed.append(r)
            continue
        if r.forfeit_loser is not None:
            raise _invalid(r, "forfeit_loser")
        if last is not None and rnd > last:
            continue
        sums = played_sums.get(rnd)
        if sums is None:
            sums = played_sums[rnd] = [0, 0]
        sums[0] += sa + sb
        sums[1] += 2
        if sa > sb:
            mp_a, mp_b, out_a, out_b = win, loss, _WIN, _LOSS
        elif sa < sb:
            mp_a, mp_b, out_a, out_b = loss, win, _LOSS, _WIN
        else:
            mp_a, mp_b, out_a, out_b = draw, draw, _DRAW, _DRAW
        if divisor:
            mp_a += sa // divisor
            mp_b += sb // divisor
        out = by_round.get(rnd)
        if out is None:
            out = by_round[rnd] = []
        out.append((a, _PLAYED, b, sa, sb, out_a, mp_a))
        out.append((b, _PLAYED, a, sb, sa, out_b, mp_b))

    averages = {rnd: _half_up_average(total, n) for rnd, (total, n) in played_sums.items()}
    bye = config.bye
    forfeit = config.forfeit
    for r in unplayed:
        rnd, a, b, sa, sb = r.round, r.team_a, r.team_b, r.score_a, r.score_b
        out = by_round.get(rnd)
        if out is None:
            out = by_round[rnd] = []
        if b is None:  # a bye
            pf = _award(bye.award, bye.value, sa, averages.get(rnd))
            mp = scale.bye + (pf // divisor if divisor else 0)
            out.append((a, _BYE, None, pf, 0, _WIN if bye.counts_as_win else _NONE, mp))
            continue
        loser = b if r.forfeit_loser == b else a
        winner = a if loser == b else b
        if forfeit.award is AwardMode.RECORDED:
            w_pts, l_pts = (sa, sb) if winner == a else (sb, sa)
        else:
            w_pts = _award(forfeit.award, forfeit.value, 0, averages.get(rnd))
            l_pts = forfeit.loser_points
        mp_w = scale.forfeit_win + (w_pts // divisor if divisor else 0)
        mp_l = scale.forfeit_loss + (l_pts // divisor if divisor else 0)
        out.append((winner, _FORFEIT_WON, loser, w_pts, l_pts, _WIN, mp_w))
        out.append((loser, _FORFEIT_LOST, winner, l_pts, w_pts, _LOSS, mp_l))
    return by_round


# --------------------------------------------------------------------------------------------
# Metrics
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Table:
    """What a metric may read: every team's totals as of the round being ranked."""

    accs: Mapping[int, _Acc]
    config: StandingsConfig
    lots: Mapping[int, int]


TeamValues = Callable[[_Table, Iterable[int]], Mapping[int, int]]
GroupValues = Callable[[_Table, Sequence[int]], Mapping[int, int]]


@dataclass(frozen=True, slots=True)
class Metric:
    """A named tie-break. Exactly one of ``team_values`` (the value of each team asked for,
    independent of ties) and ``group_values`` (the value of each team of a group of teams still
    tied, which depends on the group) is set.
    """

    name: str
    description: str
    higher_is_better: bool
    team_values: TeamValues | None = None
    group_values: GroupValues | None = None


def _field(name: str) -> TeamValues:
    def values(table: _Table, teams: Iterable[int]) -> Mapping[int, int]:
        accs = table.accs
        return {t: getattr(accs[t], name) for t in teams}

    return values


def _difference(table: _Table, teams: Iterable[int]) -> Mapping[int, int]:
    accs = table.accs
    return {t: accs[t].points_for - accs[t].points_against for t in teams}


def _lot(table: _Table, teams: Iterable[int]) -> Mapping[int, int]:
    # Checked for every team, not only the tied ones, so that the error does not depend on
    # whether a tie happens to reach the lot.
    lots = table.lots
    missing = [t for t in table.accs if t not in lots]
    if missing:
        raise StandingsError("standings.missing_lot", teams=sorted(missing))
    return {t: lots[t] for t in teams}


def _direct_encounter(table: _Table, group: Sequence[int]) -> Mapping[int, int]:
    members = set(group)
    method = table.config.method
    values: dict[int, int] = {}
    for team in group:
        met: set[int] = set()
        total = 0
        for opp, pf, outcome, mp in table.accs[team].encounters:
            if opp in members:
                met.add(opp)
                if method is RankingMethod.POINTS:
                    total += pf
                elif method is RankingMethod.WINS_THEN_POINTS:
                    total += outcome == _WIN
                else:
                    total += mp
        if len(met) != len(members) - 1:
            return dict.fromkeys(group, 0)  # not all of them met: the metric does not apply
        values[team] = total
    return values


def _buchholz(measure: str, low_cuts: int, high_cuts: int) -> TeamValues:
    measure_of = attrgetter(measure)

    def values(table: _Table, teams: Iterable[int]) -> Mapping[int, int]:
        accs = table.accs
        own = {t: measure_of(a) for t, a in accs.items()}
        value_of = own.__getitem__
        unplayed_mode = table.config.unplayed_rounds
        out: dict[int, int] = {}
        for team in teams:
            acc = accs[team]
            # Each unplayed round is a dummy opponent worth the team's own value ("self") or 0
            # ("zero"), or is left out ("ignore").
            dummies = 0 if unplayed_mode is UnplayedRounds.IGNORE else acc.unplayed
            dummy = own[team] if unplayed_mode is UnplayedRounds.SELF else 0
            if low_cuts == 0 and high_cuts == 0:
                # Nothing to cut: a plain sum, without a list of values per team.
                out[team] = sum(map(value_of, acc.opponents)) + dummy * dummies
                continue
            # FIDE 14.6: low cuts remove unplayed rounds first (all dummies are worth the
            # same), then the lowest real values; high cuts remove the highest remaining values.
            real = sorted(map(value_of, acc.opponents))
            cut_dummies = min(low_cuts, dummies)
            kept = real[low_cuts - cut_dummies :] + [dummy] * (dummies - cut_dummies)
            total = sum(kept)
            if high_cuts:
                total -= sum(sorted(kept)[-high_cuts:])  # all of them if fewer are left
            out[team] = total
        return out

    return values


def _build_registry() -> dict[str, Metric]:
    metrics = [
        Metric("wins", "games won (byes counting as wins if the policy says so)", True),
        Metric("points_for", "points scored", True),
        Metric("points_against", "points conceded (lower is better)", False),
        Metric("difference", "points scored minus points conceded", True),
        Metric("match_points", "match points of the barème", True),
        Metric("best_game", "best total in one game played at a table", True),
        Metric("first_game", "points scored in round 1", True),
    ]
    registry: dict[str, Metric] = {}
    for m in metrics:
        values = _difference if m.name == "difference" else _field(m.name)
        registry[m.name] = Metric(m.name, m.description, m.higher_is_better, team_values=values)
    registry["direct_encounter"] = Metric(
        "direct_encounter",
        "what each team earned in the games among the tied teams, if all of them met",
        True,
        group_values=_direct_encounter,
    )
    measures = {"wins": "wins", "points": "points_for", "match_points": "match_points"}
    for suffix, measure in measures.items():
        for prefix, low, high, text in (
            ("buchholz", 0, 0, "sum of the opponents'"),
            ("buchholz_cut1", 1, 0, "sum, less the least significant, of the opponents'"),
            ("median_buchholz", 1, 1, "sum, less the lowest and highest, of the opponents'"),
        ):
            name = f"{prefix}_{suffix}"
            registry[name] = Metric(
                name,
                f"{text} {suffix.replace('_', ' ')}",
                True,
                team_values=_buchholz(measure, low, high),
            )
    registry["lot"] = Metric("lot", "lot drawn once and stored (lower first)", False, _lot)
    return registry


TIEBREAKS: Final[Mapping[str, Metric]] = _build_registry()


# --------------------------------------------------------------------------------------------
# Ranking
# --------------------------------------------------------------------------------------------


def _primary_key(method: RankingMethod, a: _Acc) -> tuple[int, ...]:
    """Ascending sort key of the ranking method (negated where higher is better)."""
    if method is RankingMethod.POINTS:
        return (-a.points_for,)
    if method is RankingMethod.WINS_THEN_POINTS:
        return (-a.wins, -a.points_for, a.points_against)
    return (-a.match_points,)


def _rank(table: _Table, show: bool = True) -> list[tuple[int, int, bool, tuple[int, ...]]]:
    """(rank, team, shared, tiebreak values) for every team, best first.

    With ``show=False`` (the rank history) tie-break values are computed only for the teams
    that still need them and the values returned are empty."""
    config = table.config
    accs = table.accs
    method = config.method
    # The method's key is computed once per team. Sorting on (key, team) also puts every group
    # in team order, which _split keeps: rows of a shared rank come out by team id.
    keyed = sorted([(_primary_key(method, a), t) for t, a in accs.items()])
    groups: list[list[int]] = []
    last: tuple[int, ...] | None = None
    for key, team in keyed:
        if key == last:
            groups[-1].append(team)
        else:
            groups.append([team])
            last = key

    # One column per tie-break, team -> value. A team metric gives every team asked for; a
    # group metric only the teams of the groups still tied when it comes up (the others show 0).
    columns: list[Mapping[int, int]] = []
    for name in config.tiebreaks:
        metric = TIEBREAKS[name]
        tied = [g for g in groups if len(g) > 1]
        if metric.team_values is not None:
            # Asked even when nothing is tied any more: the lot checks every team has one.
            asked = accs if show else [t for g in tied for t in g]
            column = metric.team_values(table, asked)
        else:
            assert metric.group_values is not None
            group_column: dict[int, int] = {}
            for group in tied:  # the values depend on the group: asked group by group
                group_column.update(metric.group_values(table, group))
            column = group_column
        columns.append(column)
        if tied:
            groups = _split(groups, column, -1 if metric.higher_is_better else 1)

    ranked: list[tuple[int, int, bool, tuple[int, ...]]] = []
    position = 1
    for group in groups:
        shared = len(group) > 1
        for team in group:
            values = tuple([c.get(team, 0) for c in columns]) if show else ()
            ranked.append((position, team, shared, values))
        position += len(group)
    return ranked


def _split(groups: list[list[int]], values: Mapping[int, int], sign: int) -> list[list[int]]:
    """Split every tied group on ``sign * values[team]`` (ascending), keeping the groups'
    order, and team order within each new group."""
    refined: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            refined.append(group)
            continue
        last: int | None = None
        for value, team in sorted([(sign * values[t], t) for t in group]):
            if value == last:
                refined[-1].append(team)
            else:
                refined.append([team])
                last = value
    return refined


def _prepare(
    results: Iterable[GameResult],
    teams: Iterable[int],
    config: StandingsConfig,
    as_of_round: int | None,
    lots: Mapping[int, int] | None,
) -> tuple[dict[int, list[_Entry]], dict[int, _Acc], _Table]:
    if not isinstance(config, StandingsConfig):
        raise StandingsError("standings.invalid_config", field="$")
    if as_of_round is not None and (
        isinstance(as_of_round, bool) or not isinstance(as_of_round, int) or as_of_round < 0
    ):
        raise StandingsError("standings.invalid_round", round=repr(as_of_round))
    team_list = list(dict.fromkeys(teams))
    for t in team_list:
        if isinstance(t, bool) or not isinstance(t, int):
            raise StandingsError("standings.unknown_team", team=repr(t))
    by_round = _entries(results, set(team_list), config, as_of_round)
    accs = {t: _Acc(t) for t in team_list}
    table = _Table(accs, config, lots if lots is not None else {})
    return by_round, accs, table


def _rows(table: _Table) -> tuple[StandingRow, ...]:
    rows = []
    for rank, team, shared, values in _rank(table):
        a = table.accs[team]
        rows.append(
            StandingRow(
                rank=rank,
                team=team,
                shared=shared,
                played=a.played,
                wins=a.wins,
                draws=a.draws,
                losses=a.losses,
                byes=a.byes,
                forfeits_won=a.forfeits_won,
                forfeits_lost=a.forfeits_lost,
                points_for=a.points_for,
                points_against=a.points_against,
                difference=a.points_for - a.points_against,
                match_points=a.match_points,
                best_game=a.best_game,
                tiebreak_values=values,
            )
        )
    return tuple(rows)


def compute_standings(
    results: Iterable[GameResult],
    teams: Iterable[int],
    config: StandingsConfig,
    as_of_round: int | None = None,
    lots: Mapping[int, int] | None = None,
) -> tuple[StandingRow, ...]:
    """Rank ``teams`` on the finished ``results`` of rounds ``<= as_of_round`` (all if None).

    Every result is checked, including those after ``as_of_round``. Every team of a result
    must be in ``teams``; teams without results get a row of zeros.
    ``lots`` (team -> number drawn once) is needed only when ``"lot"`` is a tie-break.
    Raises :class:`StandingsError` on an invalid result or config.
    """
    by_round, accs, table = _prepare(results, teams, config, as_of_round, lots)
    for rnd in sorted(by_round):
        _fold(accs, rnd, by_round[rnd])
    return _rows(table)


def rank_history(
    results: Iterable[GameResult],
    teams: Iterable[int],
    config: StandingsConfig,
    as_of_round: int | None = None,
    lots: Mapping[int, int] | None = None,
) -> dict[int, tuple[int, ...]]:
    """Each team's rank after round 1, 2, ... up to the last round with a result (among
    rounds ``<= as_of_round``): ``{team: (rank after round 1, rank after round 2, ...)}``;
    entry ``k - 1`` equals the rank from ``compute_standings(..., as_of_round=k)``.

    The totals are folded once, round by round; only the ordering is redone after each round,
    so the cost is O(rounds x teams log teams) plus the Buchholz sums.
    """
    by_round, accs, table = _prepare(results, teams, config, as_of_round, lots)
    last = max(by_round, default=0)
    history: dict[int, list[int]] = {t: [] for t in accs}
    for rnd in range(1, last + 1):
        _fold(accs, rnd, by_round.get(rnd, ()))
        for rank, team, _shared, _values in _rank(table, show=False):
            history[team].append(rank)
    return {t: tuple(r) for t, r in history.items()}
