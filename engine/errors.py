"""Errors raised by the rules engine, each carrying a stable code, and the register of codes.

This module owns the error type and the register of every code an engine module can raise. A
code is a dotted string (``deal.points_out_of_range``) that never changes once published: the
Django side maps each code to a French message, and the command line prints it. The
``message`` is a plain English sentence for developers only; it is never shown to players.
``params`` carries the values a translated message may need (the offending field, the range...).

The codes of what every game shares (the command line, pairing, standings, phases, seating,
the individual and season standings) are listed here; each game's package registers its own
(``engine.belote.errors``...) with ``register_codes`` when it is imported, so that adding a
game edits no other game. ``EngineError`` refuses a code nobody registered.

It must not import anything but the standard library.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = [
    "EngineError",
    "codes_with_prefix",
    "describe",
    "error_codes",
    "register_codes",
]

# Every code of the shared packages, with a short developer description. The Django side gives
# a French message for each. A test (tests/engine/test_error_codes.py) scans the engine's
# source: every code it raises is registered, and every code registered is raised somewhere (no
# dead codes). The pairing and standings modules export their own codes as views of this list
# (``PAIRING_ERROR_CODES``, ``STANDINGS_ERROR_CODES``).
_ENGINE_CODES: Final[Mapping[str, str]] = {
    # Command line
    "cli.invalid_json": "the input is not valid JSON",
    "cli.unknown_command": "the command is not one of the game's commands (score, game, presets, options...)",
    "cli.unknown_game": "the first argument names no game of the engine (game, allowed)",
    "cli.internal_error": "an unexpected engine failure (a bug): please report it",
    # Pairing a round (engine.pairing; params in brackets)
    "pairing.unknown_method": "the method is not random, ranking or round_robin (method)",
    "pairing.not_enough_teams": "a round needs at least two active teams (count, minimum)",
    "pairing.duplicate_entrant": "a team is listed twice (team)",
    "pairing.invalid_rank": "a rank must be a whole number >= 1 (team, rank)",
    "pairing.invalid_round": "a round number must be a whole number >= 1 (round_number)",
    "pairing.too_many_rounds": (
        "more rounds than a round robin of this field allows (round_number, max_rounds, teams)"
    ),
    "pairing.invalid_time_budget": "the time budget must be a number of seconds > 0 (time_budget_s)",
    "pairing.invalid_history": "a game in the history pairs a team with itself (team_a, team_b)",
    "pairing.inconsistent_roster": (
        "late entries must be active, withdrawn teams must not, and a team cannot withdraw "
        "before it joins (team, reason)"
    ),
    # Standings (engine.standings)
    "standings.invalid_result": "a result is malformed (round, teams, scores, kind or loser)",
    "standings.team_twice_in_round": "a team has two results in the same round",
    "standings.unknown_team": "a result names a team that is not in the contest's teams",
    "standings.unknown_method": "the ranking method is not one of RankingMethod",
    "standings.unknown_tiebreak": "a tie-break is not a name of the TIEBREAKS registry",
    "standings.duplicate_tiebreak": "a tie-break is listed twice",
    "standings.invalid_config": "the standings config has an unknown key or a bad value",
    "standings.invalid_round": "as_of_round must be a whole number >= 0",
    "standings.missing_lot": "the lot tie-break needs a lot for every team",
    # Phases: pools, qualification, brackets, repechage, placement (engine.phases)
    "phases.invalid_teams": (
        "a team list is malformed: an id not a whole number, listed twice, or ranks that do not "
        "match (team, reason)"
    ),
    "phases.not_enough_teams": "the phase needs more teams (count, minimum)",
    "phases.invalid_pools": (
        "pool count or size is missing, both given or out of range (field, value)"
    ),
    "phases.invalid_seed": "a seed must be a whole number >= 0 or None (seed)",
    "phases.result_outside_pool": (
        "a pool result pairs teams that are not scheduled to meet (round, team_a, team_b)"
    ),
    "phases.invalid_rule": "a qualification rule has a bad value (rule, field, value)",
    "phases.not_enough_qualified": (
        "a qualification rule asks for more teams than it can find (rule, wanted, found)"
    ),
    "phases.invalid_bracket": "a bracket option has a bad value (field, value)",
    "phases.unknown_match": "a result names a match that is not in the bracket (match)",
    "phases.match_not_ready": "a result is given for a match whose teams are not known yet (match)",
    "phases.invalid_winner": "the winner given is not one of the match's two teams (match, team)",
    "phases.not_enough_losers": (
        "the repechage needs more losers than the round has (needed, losers)"
    ),
    "phases.bracket_not_finished": (
        "placement needs every match of the bracket decided (bracket, pending)"
    ),
    # Mêlée and tarot seating (engine.seating; params in brackets)
    "seating.unknown_game": "the game is not belote or tarot (game)",
    "seating.not_enough_players": "a partie needs at least four present players (count, minimum)",
    "seating.duplicate_player": "a player is listed twice among the present or departed (player)",
    "seating.invalid_player": "a player id must be a whole number, a score a finite number (player, field)",
    "seating.unknown_player": "the history names a player neither present nor departed (player, partie)",
    "seating.invalid_history": "a past partie is malformed (partie, reason, player)",
    "seating.invalid_partie": "the partie number must follow the history (partie, expected)",
    "seating.invalid_option": "a seating option has a bad value (option, value)",
    # Individual standings of a mêlée (engine.individual; params in brackets)
    "individual.invalid_result": "a partie result is malformed (partie, reason)",
    "individual.unknown_player": "a result names a player neither listed nor a volunteer (partie, player)",
    "individual.player_twice_in_partie": "a player has two results in the same partie (partie, player)",
    "individual.invalid_config": "the individual config has an unknown key or a bad value (field, value)",
    "individual.unknown_tiebreak": "a tie-break is not a name of INDIVIDUAL_TIEBREAKS (name)",
    "individual.duplicate_tiebreak": "a tie-break is listed twice (name)",
    "individual.missing_lot": "the lot tie-break needs a lot for every player (players)",
    "individual.invalid_lineup": "a team's lineup is malformed or missing for a partie (team, partie, reason)",
    # Seasons, challenges, circuits and their qualification (engine.seasons; params in brackets)
    "season.invalid_contest": "a season contest is malformed or listed twice (contest, field)",
    "season.invalid_result": "a contest's final result is malformed (contest, entrant, reason)",
    "season.entrant_twice": "a player or pair has two results in one contest (contest, entrant)",
    "season.missing_parties": "the per-partie barème needs every result's parties (contest, entrant)",
    "season.invalid_rules": "a season rule has a bad value (field, value)",
    "season.unknown_tiebreak": "a season tie-break is not a name of SEASON_TIEBREAKS (name)",
    "season.missing_lot": "the lot tie-break needs a lot for every entrant (entrants)",
    "season.invalid_clubs": "the club ranking needs player credit and whole-number clubs (field, value)",
    "season.invalid_qualification": "a qualification rule has a bad value (rule, field, value)",
}


ENGINE: Final = "engine"  # the owner of the codes above

_CODES: dict[str, str] = dict(_ENGINE_CODES)
_OWNERS: dict[str, str] = dict.fromkeys(_ENGINE_CODES, ENGINE)


def register_codes(owner: str, codes: Mapping[str, str]) -> None:
    """Register a game's codes (``owner`` is its package: ``"belote"``), once, at its import.

    A code already registered by another owner is a programming error (two games would answer
    the same code with different meanings).
    """
    for code, description in codes.items():
        if _OWNERS.get(code, owner) != owner:
            raise ValueError(f"engine error code {code!r} is already {_OWNERS[code]}'s")
        _CODES[code] = description
        _OWNERS[code] = owner


def error_codes(owner: str | None = None) -> tuple[str, ...]:
    """The registered codes, in registration order; ``owner`` keeps one game's (or "engine")."""
    return tuple(code for code in _CODES if owner is None or _OWNERS[code] == owner)


class EngineError(Exception):
    """An engine failure with a stable ``code`` and the values (``params``) behind it."""

    code: str
    message: str
    params: dict[str, object]

    def __init__(
        self, code: str, message: str = "", params: Mapping[str, object] | None = None
    ) -> None:
        if code not in _CODES:  # a programming error: every code must be registered
            raise ValueError(f"unregistered engine error code {code!r}")
        self.code = code
        self.message = message or _CODES[code]
        self.params = dict(params or {})
        super().__init__(f"{code}: {self.message}")

    def to_json(self) -> dict[str, object]:
        """The ``{"code", "message", "params"}`` object printed by the command line."""
        return {"code": self.code, "message": self.message, "params": self.params}


def describe(code: str) -> str:
    """The developer description of a code (English, never shown to players)."""
    return _CODES[code]


def codes_with_prefix(prefix: str) -> tuple[str, ...]:
    """The registered codes of one module, in order: ``codes_with_prefix("pairing.")``."""
    return tuple(code for code in _CODES if code.startswith(prefix))
