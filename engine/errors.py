"""Errors raised by the rules engine, each carrying a stable code.

This module owns the error type and the one list of every code any engine module can raise
(rules, deals, games, the command line, pairing and standings). A code is a dotted string
(``deal.points_out_of_range``) that never changes once published: the Django side maps each
code to a French message, and the command line prints it. The ``message`` is a plain
English sentence for developers only; it is never shown to players. ``params`` carries the
values a translated message may need (the offending field, the allowed range...).

It must not import anything but the standard library.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["ERROR_CODES", "EngineError", "codes_with_prefix", "describe"]


# Every code any engine module can raise, with a short developer description. The Django side
# gives a French message for each. ``EngineError`` refuses a code not listed here, and a test
# (tests/engine/test_error_codes.py) scans the engine's source: every code it raises is listed,
# and every code listed is raised somewhere (no dead codes). The pairing and standings modules
# export their own codes as views of this list (``PAIRING_ERROR_CODES``, ``STANDINGS_ERROR_CODES``).
_CODES: dict[str, str] = {
    # Rulesets
    "rules.not_an_object": "the ruleset must be a JSON object or a preset name",
    "rules.unknown_preset": "no preset has this name",
    "rules.unknown_option": "the ruleset names an option that does not exist",
    "rules.invalid_value": "an option has a value outside its allowed values",
    "rules.inconsistent": "two options contradict each other",
    # Deals: shape
    "deal.not_an_object": "the deal must be a JSON object",
    "deal.unknown_field": "the deal has a field the engine does not know",
    "deal.invalid_value": "a deal field has a value of the wrong type or outside its choices",
    "deal.missing_taker": "a played deal needs the taker's team",
    "deal.missing_points": "card points are needed for at least one team",
    "deal.missing_bid": "a contrée/coinche deal needs a bid (a number, capot or générale)",
    "deal.missing_penalised_team": "a penalty needs the penalised team",
    "deal.invalid_carry_in": "the litige reserve brought in must be a whole number >= 0",
    # Deals: impossible facts
    "deal.points_out_of_range": "card points must lie between 0 and the deal total",
    "deal.points_do_not_add_up": "the two teams' card points must add up to the deal total",
    "deal.capot_without_all_points": "the capot team must have all the card points",
    "deal.dix_de_der_impossible": "the team given the last trick has fewer than 10 points or was capot",
    "deal.belote_at_sans_atout": "there is no belote at sans-atout",
    "deal.too_many_belotes": "one belote per deal (up to 4 at tout-atout)",
    "deal.belote_conflict": "give either belote or ta_belotes, not both",
    "deal.trump_not_allowed": "sans-atout and tout-atout are off in these rules",
    "deal.bid_in_classic": "classic belote has no bids",
    "deal.bid_out_of_range": "the bid is not one of the rules' allowed bids",
    "deal.invalid_contract": "a capot or générale contract cannot carry a number bid",
    "deal.contre_in_classic": "classic belote has no contre",
    "deal.surcontre_without_contre": "a surcontre needs a contre",
    "deal.generale_without_contree": "a générale is only bid in contrée/coinche",
    "deal.generale_disabled": "the générale is off in these rules",
    "deal.announcements_disabled": "these rules are played without announcements",
    "deal.announcement_invalid": "an announcement is malformed (kind, suit, rank or length)",
    "deal.announcement_impossible_sequence": "the sequence does not fit below its top card",
    "deal.announcement_sequence_too_long": "a sequence has at most 8 cards",
    "deal.announcement_duplicate_carre": "there is only one carré of each rank",
    "deal.card_used_twice": "a card appears in two announcements where the rules forbid it",
    "deal.announcements_exceed_hand": "a team's announcements need more than its 16 cards",
    "deal.announcement_tie_unresolved": "equal best announcements: announcement_priority is needed",
    "deal.penalty_team_invalid": "only a penalty deal names a penalised team",
    # Deals: fields a score sheet gives for information (command line; field in params)
    "deal.field_not_applicable": "a field that would change nothing for this deal (kind, contract, rules)",
    "deal.tricks_inconsistent": "the trick counts contradict the deal (8 in all, capot, points, last trick)",
    "deal.capot_bid_value_mismatch": "the capot bid's value written differs from the rules' (value, expected)",
    "deal.score_mismatch": "the deal's scores as written differ from the engine's (written, expected)",
    # Games
    "game.not_an_object": "the game input must be a JSON object with a list of deals",
    "game.already_over": "a deal was added after the game had ended",
    "game.invalid_totals": "totals must be whole numbers >= 0 and the deal count >= 0",
    "game.invalid_start": "a game's starting state is impossible (field; totals, reserve and deals >= 0, fewer deals than the game has)",
    "game.invalid_time_up": "time is called with an impossible value (field: more_deals >= 1, or time_up a deal index or -1)",
    "game.not_over": "a game's final score or a match needs a game that is over",
    "game.match_over": "a game was added to a match that was already decided",
    "game.table_check_not_applicable": "the table check needs classic rules without announcements or rounding",
    # Command line
    "cli.invalid_json": "the input is not valid JSON",
    "cli.unknown_command": "the command is not one of score, game, presets, options",
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

ERROR_CODES: tuple[str, ...] = tuple(_CODES)


class EngineError(Exception):
    """An engine failure with a stable ``code`` and the values (``params``) behind it."""

    code: str
    message: str
    params: dict[str, object]

    def __init__(
        self, code: str, message: str = "", params: Mapping[str, object] | None = None
    ) -> None:
        if code not in _CODES:  # a programming error: every code must be listed above
            raise ValueError(f"unlisted engine error code {code!r}")
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
    """The listed codes of one module, in list order: ``codes_with_prefix("pairing.")``."""
    return tuple(code for code in _CODES if code.startswith(prefix))
