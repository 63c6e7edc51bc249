"""The results of a contest's sheets as the engine sees them (``engine.standings.GameResult``).

What it owns
------------
:func:`finished_results` gives every finished game of a contest (and every bye and forfeit),
with ``team_a`` / ``team_b`` = ``Entry.pk``, in ONE query whatever the size of the contest. A
match of several games is one result: the sum of its games and the games each team won. A
one-game sheet's score is its recorded one, capped by the partie's ``score_cap_winner`` /
``score_cap_loser`` (:func:`capped_scores`; the sheet's totals are not changed). A game or
match that ended level carries the team the organiser named its winner (``named_winner``),
if one was: a knockout's tie settled at the table.
:func:`sheet_result` is one sheet's result, :func:`round_activity` says in French what
results a round holds (two queries). All are re-exported by ``scoring.adapters``, the one
door between the scoring models and the engine.

What it must not do
-------------------
It never writes (``scoring.services`` does) and never decides access.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Exists, OuterRef, Q
from django.utils.translation import ngettext

from engine.belote.deal import Team
from engine.belote.game import GameState, final_score
from engine.belote.rules import Ruleset
from engine.errors import EngineError
from engine.standings import GameResult, ResultKind
from scoring.models import DealRecord, ScoreSheet
from tournaments.models import Contest, Round

# Sheets whose game is over and not contested: they feed pairing and live standings.
RESULT_STATUSES: tuple[str, ...] = (ScoreSheet.Status.FINISHED, ScoreSheet.Status.CONFIRMED)


def _contest_id(contest: Contest | int) -> int:
    return contest if isinstance(contest, int) else contest.pk


def finished_results(
    contest: Contest | int, *, statuses: Iterable[str] = RESULT_STATUSES, read_caps: bool = True
) -> list[GameResult]:
    """Every finished game, bye and forfeit of the contest, ordered by round then table.

    ``statuses`` narrows the sheets taken (e.g. ``(ScoreSheet.Status.CONFIRMED,)`` for a
    published ranking). A bye carries the points it was credited under the contest's policy
    as ``score_a``; a forfeit names its loser's entry. ``read_caps=False`` when the caller knows
    that no score cap is set (:func:`score_caps_set` read with the contest): the query then
    leaves out the six cap columns, which most contests never set.
    """
    rows = (
        ScoreSheet.objects.filter(
            table__round__contest_id=_contest_id(contest), status__in=list(statuses)
        )
        .order_by("table__round__number", "table__number")
        .values_list(
            "table__round__number",
            "table__entry_a_id",
            "table__entry_b_id",
            "kind",
            "total_a",
            "total_b",
            "forfeit_loser",
            "games_a",
            "games_b",
            "winner",
            # The score caps of the partie, its phase and the contest, read in the same query
            # (the first set wins): a capped game's recorded score is what the standings use.
            *(_CAP_COLUMNS if read_caps else ()),
        )
    )
    results: list[GameResult] = []
    for row in rows:
        round_number, a, b, kind, total_a, total_b, forfeit_loser, games_a, games_b, winner = row[
            :10
        ]
        if games_a or games_b:  # a match: its games were capped one by one, if at all
            result = _result(round_number, a, b, kind, total_a, total_b, forfeit_loser)
            result = _as_match(result, games_a, games_b)
            results.append(_named(result, winner) if games_a == games_b else result)
            continue
        caps = row[10:]
        level = total_a == total_b
        if kind in _PLAYED and b is not None and any(caps):
            # A level game whose winner was named is capped as the draw it was at the table.
            total_a, total_b = _capped(total_a, total_b, _DRAW if level else winner, caps)
        result = _result(round_number, a, b, kind, total_a, total_b, forfeit_loser)
        results.append(_named(result, winner) if level and winner in _WINNER else result)
    return results


def _named(result: GameResult, winner: str) -> GameResult:
    """A played game (or match) that ended level carries the team named its winner
    (``scoring.services.tie_winner``: a knockout's tie settled at the table), if one was."""
    if result.kind is not ResultKind.PLAYED or result.team_b is None:
        return result
    if result.score_a != result.score_b or (result.games_a or 0) != (result.games_b or 0):
        return result
    if winner == ScoreSheet.Winner.A:
        return result._replace(named_winner=result.team_a)
    if winner == ScoreSheet.Winner.B:
        return result._replace(named_winner=result.team_b)
    return result


def _as_match(result: GameResult, games_a: int, games_b: int) -> GameResult:
    """A match of several games: its games won ride along (a match with no game won, all
    drawn, is decided on points like a game, so it needs none)."""
    if result.kind is not ResultKind.PLAYED:
        return result
    return result._replace(games_a=games_a, games_b=games_b)


_WINNER = {"a": Team.A, "b": Team.B}
_DRAW = ScoreSheet.Winner.DRAW
_PLAYED = (ScoreSheet.Kind.DEALS, ScoreSheet.Kind.TOTALS)
_CAP_OPTIONS = ("score_cap_winner", "score_cap_loser")
_CAP_COLUMNS = tuple(
    f"{source}__{option}"
    for source in (
        "table__round__rules_overrides",
        "table__round__phase__rules_overrides",
        "table__round__contest__ruleset",
    )
    for option in _CAP_OPTIONS
)


def _a_cap(field: str) -> Q:
    """``field`` (a JSON of engine options) names a cap above zero: the only values that cap
    a score (``_cap_value``); anything else caps nothing, wherever it is set."""
    q = Q()
    for option in _CAP_OPTIONS:
        q |= Q(**{f"{field}__{option}__gt": 0})
    return q


def score_caps_set() -> Q:
    """A condition on a :class:`Contest` query: its rules, one of its parties' or one of their
    phases' set a score cap. Annotated on the caller's contest query, it tells
    :func:`finished_results` whether the caps need reading at all (most contests cap
    nothing: their rules say 0)."""
    rounds = Round.objects.filter(contest_id=OuterRef("pk")).filter(
        _a_cap("rules_overrides") | _a_cap("phase__rules_overrides")
    )
    return _a_cap("ruleset") | Q(Exists(rounds))


def _cap_value(values: Sequence[Any], option: int) -> int:
    """The cap (0 winner, 1 loser) of the first source that sets it: partie, phase, contest."""
    for index in range(option, len(values), 2):
        value = values[index]
        if value is not None:
            return value if type(value) is int and value >= 0 else 0
    return 0


def _capped(total_a: int, total_b: int, winner: str, caps: Sequence[Any]) -> tuple[int, int]:
    cap_winner, cap_loser = _cap_value(caps, 0), _cap_value(caps, 1)
    if not cap_winner and not cap_loser:
        return total_a, total_b
    try:
        rules = _cap_rules(cap_winner, cap_loser)
    except EngineError:
        return total_a, total_b  # refused caps (loser above winner) are refused where set
    return capped_scores(rules, total_a, total_b, winner)


_CAPS_CACHE: dict[tuple[int, int], Ruleset] = {}


def _cap_rules(cap_winner: int, cap_loser: int) -> Ruleset:
    """A ruleset carrying only these caps: all ``final_score`` reads of a finished game."""
    key = (cap_winner, cap_loser)
    rules = _CAPS_CACHE.get(key)
    if rules is None:
        rules = Ruleset(score_cap_winner=cap_winner, score_cap_loser=cap_loser)
        if len(_CAPS_CACHE) > 64:
            _CAPS_CACHE.clear()
        _CAPS_CACHE[key] = rules
    return rules


def capped_scores(rules: Ruleset, total_a: int, total_b: int, winner: str) -> tuple[int, int]:
    """A finished game's recorded scores under the rules' caps (the engine's ``final_score``);
    the sheet's totals are not changed. ``winner``: the sheet's ("a", "b", "draw")."""
    team = _WINNER.get(winner)
    if team is None and winner != ScoreSheet.Winner.DRAW:
        # No winner stored (an old totals sheet): the higher total won.
        team = None if total_a == total_b else (Team.A if total_a > total_b else Team.B)
    state = GameState(rules, total_a=total_a, total_b=total_b, game_over=True, winner=team)
    final = final_score(state)
    return final.score_a, final.score_b


def _result(
    round_number: int,
    a: int,
    b: int | None,
    kind: str,
    total_a: int,
    total_b: int,
    forfeit_loser: str,
) -> GameResult:
    if b is None or kind == _BYE:
        return GameResult(
            round=round_number, team_a=a, team_b=None, score_a=total_a, kind=ResultKind.BYE
        )
    if kind == _FORFEIT:
        return GameResult(
            round=round_number,
            team_a=a,
            team_b=b,
            score_a=total_a,
            score_b=total_b,
            kind=ResultKind.FORFEIT,
            forfeit_loser=a if forfeit_loser == "a" else b,
        )
    # Positional: nearly every result of a rebuild is a played game.
    return GameResult(round_number, a, b, total_a, total_b)


# The sheet kinds as module constants: _result runs once per game of every rebuild.
_BYE = ScoreSheet.Kind.BYE
_FORFEIT = ScoreSheet.Kind.FORFEIT


def sheet_result(sheet: ScoreSheet) -> GameResult:
    """One sheet's result as the engine sees it (whatever its status)."""
    table = sheet.table
    result = _result(
        table.round.number,
        table.entry_a_id,
        table.entry_b_id,
        sheet.kind,
        sheet.total_a,
        sheet.total_b,
        sheet.forfeit_loser,
    )
    if sheet.games_a or sheet.games_b:
        result = _as_match(result, sheet.games_a, sheet.games_b)
    return _named(result, sheet.winner)


def round_activity(round_: Round) -> list[str]:
    """French lines naming what was recorded for the round (empty when nothing was)."""
    sheets = (
        ScoreSheet.objects.filter(table__round=round_)
        .exclude(status=ScoreSheet.Status.OPEN, deal_count=0, kind=ScoreSheet.Kind.DEALS)
        .count()
    )
    deals = DealRecord.objects.filter(sheet__table__round=round_).count()
    lines: list[str] = []
    if sheets:
        lines.append(
            ngettext(
                "%(count)d feuille de marque commencée",
                "%(count)d feuilles de marque commencées",
                sheets,
            )
            % {"count": sheets}
        )
    if deals:
        lines.append(
            ngettext("%(count)d donne saisie", "%(count)d donnes saisies", deals) % {"count": deals}
        )
    return lines
