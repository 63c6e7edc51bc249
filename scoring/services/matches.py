"""A table's match of several games on one score sheet (the rules' ``match_games`` > 1).

What it owns
------------
A sheet holds the games of its table's match one after the other: its deals carry their game
number (``DealRecord.game``; deal numbers run on across the games, so the sheet's one lock,
the (sheet, number) and (sheet, client_id) keys and the version check guard a match exactly
as they guard a game), ``ScoreSheet.games`` lists the finished games as the contest records
them (scores after the caps, ``engine.belote.game.final_score``) and ``games_a``/``games_b`` count the
games won. The sheet's totals are the match's: the finished games' scores plus the game in
play, and its ``winner`` is the match's (``engine.belote.match.fold_match``), so everything that reads
a sheet's result (standings, pairing, exports) reads the match.

* :func:`current_game`: the engine's state of the game in play, from the sheet's stored fields
  (no query: the deal write path stays as it is).
* :func:`set_match_fields`: after a deal, the game in play and the match onto the sheet. A game
  that ends starts the next one on the same sheet, until the match is decided (best of three:
  two wins, no belle at 2-0) or all its games are played.
* :func:`replay`: every deal of the sheet scored again from the start, split into games by the
  engine (a correction, a removal); :func:`store_replay` writes the re-scored deals.
* :func:`state_before`: the game state just before one deal (a correction's preview).
* :func:`game_totals`: a paper match entered game by game, folded into the match.

A one-game match (``match_games`` = 1) never comes here: the sheet is its one game, as before.
This module must not render anything nor read the request, and must not import
``scoring.services.common`` (which calls it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.belote.deal import Team
from engine.belote.game import FinalScore, GameEntry, GameState, final_score
from engine.belote.match import MatchState, fold_match
from engine.belote.rules import Ruleset
from engine.errors import EngineError
from scoring import adapters
from scoring.adapters import DealFacts
from scoring.models import DealRecord, ScoreSheet
from scoring.services.errors import DealRefused, refuse

__all__ = [
    "MATCH_FIELDS",
    "GameTotals",
    "Replay",
    "current_game",
    "fold_games",
    "game_json",
    "game_totals",
    "is_match",
    "next_game",
    "replay",
    "set_match_fields",
    "state_before",
    "store_replay",
]

# The sheet fields a match write changes besides the game's own.
MATCH_FIELDS = ["games", "games_a", "games_b"]


def is_match(rules: Ruleset) -> bool:
    return rules.match_games > 1


def _games(sheet: ScoreSheet) -> list[dict[str, Any]]:
    return [g for g in (sheet.games or []) if isinstance(g, dict)]


def _base(games: Sequence[dict[str, Any]]) -> tuple[int, int, int]:
    """Points of A, of B and deals of the finished games."""
    a = b = deals = 0
    for g in games:
        a += int(g.get("a", 0))
        b += int(g.get("b", 0))
        deals += int(g.get("deals", 0))
    return a, b, deals


def next_game(sheet: ScoreSheet) -> int:
    """The number of the game the sheet's next deal belongs to."""
    return len(_games(sheet)) + 1


def current_game(rules: Ruleset, sheet: ScoreSheet) -> GameState:
    """The game in play, from the sheet's match totals less its finished games."""
    base_a, base_b, base_deals = _base(_games(sheet))
    return GameState(
        rules,
        total_a=max(sheet.total_a - base_a, 0),
        total_b=max(sheet.total_b - base_b, 0),
        reserve=sheet.reserve,
        deals_counted=max(sheet.deal_count - base_deals, 0),
    )


def game_json(result: FinalScore, deals: int) -> dict[str, Any]:
    """A finished game as ``ScoreSheet.games`` keeps it."""
    return {
        "a": result.score_a,
        "b": result.score_b,
        "w": adapters.team_letter(result.winner),
        "deals": deals,
    }


def _final(game: dict[str, Any]) -> FinalScore:
    winner = {"a": Team.A, "b": Team.B}.get(str(game.get("w", "")))
    a, b = int(game.get("a", 0)), int(game.get("b", 0))
    return FinalScore(winner, a, b, a, b)


def fold_games(rules: Ruleset, games: Sequence[dict[str, Any]]) -> MatchState:
    """The match after these recorded games (``DealRefused`` when one comes after the end)."""
    try:
        return fold_match(rules, [_final(g) for g in games])
    except EngineError as exc:
        raise DealRefused(exc) from None


def _winner(match: MatchState) -> str:
    if not match.over:
        return ScoreSheet.Winner.NONE
    if match.winner is None:
        return ScoreSheet.Winner.DRAW
    return adapters.team_letter(match.winner)


def set_match_fields(sheet: ScoreSheet, state: GameState) -> tuple[list[str], bool]:
    """Put the game in play (``state``, after the sheet's finished games) and the match on the
    sheet; return the fields changed and whether the match is decided.

    A finished game joins ``sheet.games``; if the match goes on, the next game starts at 0 on
    the same sheet (its reserve is not carried: a game's litige ends with it).
    """
    rules = state.rules
    games = _games(sheet)
    base_a, base_b, base_deals = _base(games)
    if state.game_over:
        games = [*games, game_json(final_score(state), state.deals_counted)]
        match = fold_games(rules, games)
        sheet.total_a, sheet.total_b = match.points_a, match.points_b
        sheet.reserve = 0
    else:
        match = fold_games(rules, games)
        sheet.total_a, sheet.total_b = base_a + state.total_a, base_b + state.total_b
        sheet.reserve = state.reserve
    sheet.games = games
    sheet.games_a, sheet.games_b = match.wins_a, match.wins_b
    sheet.deal_count = base_deals + state.deals_counted
    sheet.winner = _winner(match)
    return ["total_a", "total_b", "reserve", "deal_count", "winner", *MATCH_FIELDS], match.over


# --- Scoring every deal again -----------------------------------------------------------------


@dataclass
class Replay:
    """Every deal of a sheet scored again: ``earlier`` the finished games before the last one
    played, ``last`` the last game's state (over or not), and for each deal its game number
    and its entry in that game."""

    earlier: list[dict[str, Any]]
    last: GameState
    numbers: list[int] = field(default_factory=list)
    entries: list[GameEntry] = field(default_factory=list)


def replay(rules: Ruleset, records: Sequence[DealRecord], facts: Sequence[DealFacts]) -> Replay:
    """Score ``facts`` (the facts of ``records``, in order) as the games of the match.

    Refuses a sequence after which the match would be decided before its last deal, and
    answers an engine refusal with the deal's number.
    """
    match = MatchState(rules)
    state = GameState(rules)
    earlier: list[dict[str, Any]] = []
    result = Replay(earlier, state)
    for index, f in enumerate(facts):
        if state.game_over:
            match = match.add(state)
            earlier.append(game_json(final_score(state), state.deals_counted))
            if match.over:
                raise refuse(
                    "ends_early",
                    _(
                        "Avec cette correction, le match se termine à la donne %(number)d : "
                        "supprimez d'abord les donnes suivantes."
                    )
                    % {"number": records[index - 1].number},
                )
            state = GameState(rules)
        try:
            state = state.apply(adapters.engine_deal(f))
        except EngineError as exc:
            refused = DealRefused(exc)
            refused.message = _("Donne %(number)d : %(message)s") % {
                "number": records[index].number,
                "message": refused.message,
            }
            raise refused from None
        result.numbers.append(len(earlier) + 1)
        result.entries.append(state.entries[-1])
    result.last = state
    return result


_SCORE_FIELDS = [
    "game",
    "score_a",
    "score_b",
    "outcome",
    "contract_made",
    "carry_in",
    "carry_out",
    "breakdown",
    "running_a",
    "running_b",
]


def store_replay(
    records: Sequence[DealRecord], result: Replay, *, start: int, fact_fields: Sequence[str]
) -> None:
    """Write the re-scored deals from index ``start`` on (one ``bulk_update``); a deal may move
    to another game when a correction ends a game earlier or later."""
    to_save = []
    now = timezone.now()
    pairs = zip(records[start:], result.numbers[start:], result.entries[start:], strict=True)
    for record, number, entry in pairs:
        for name, value in adapters.scored_fields(entry.score).items():
            setattr(record, name, value)
        record.game = number
        record.running_a = entry.total_a
        record.running_b = entry.total_b
        record.updated_at = now
        to_save.append(record)
    if to_save:
        DealRecord.objects.bulk_update(to_save, [*fact_fields, *_SCORE_FIELDS, "updated_at"])


def state_before(rules: Ruleset, sheet: ScoreSheet, number: int) -> GameState:
    """The state of deal ``number``'s game just before it (a correction's preview)."""
    rows = {
        n: (game, a, b, reserve)
        for n, game, a, b, reserve in DealRecord.objects.filter(
            Q(number=number) | Q(number=number - 1), sheet=sheet
        ).values_list("number", "game", "running_a", "running_b", "carry_out")
    }
    if number not in rows or number - 1 not in rows or rows[number][0] != rows[number - 1][0]:
        return GameState(rules)  # the first deal of its game
    game, a, b, reserve = rows[number - 1]
    before = _base(_games(sheet)[: game - 1])[2]
    return GameState(
        rules, total_a=a, total_b=b, reserve=reserve, deals_counted=number - 1 - before
    )


# --- A paper match entered game by game -------------------------------------------------------


@dataclass(frozen=True)
class GameTotals:
    """One game of a paper match: its two totals and what the table check needs."""

    total_a: int
    total_b: int
    deals_played: int
    belotes: int = 0
    capots: int = 0

    def to_json(self) -> dict[str, int]:
        return {
            "total_a": self.total_a,
            "total_b": self.total_b,
            "deals_played": self.deals_played,
            "belotes": self.belotes,
            "capots": self.capots,
        }


def game_totals(rules: Ruleset, games: Sequence[GameTotals]) -> MatchState:
    """The match of games entered as totals: the higher total wins a game (equal totals are a
    drawn game). Refused when a game comes after the match is decided, or when the games
    entered do not decide it (a best of three at one game each needs its belle)."""
    match = MatchState(rules)
    for index, g in enumerate(games, start=1):
        if match.over:
            raise refuse(
                "match_over",
                _("Le match est déjà joué après la manche %(n)d : retirez la manche %(m)d.")
                % {"n": index - 1, "m": index},
                field="games",
            )
        winner = None
        if g.total_a != g.total_b:
            winner = Team.A if g.total_a > g.total_b else Team.B
        match = match.add(FinalScore(winner, g.total_a, g.total_b, g.total_a, g.total_b))
    if not match.over:
        raise refuse(
            "match_not_over",
            _("Ces manches ne décident pas le match : saisissez aussi la manche %(n)d.")
            % {"n": len(games) + 1},
            field="games",
        )
    return match
