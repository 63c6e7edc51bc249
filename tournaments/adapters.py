"""The one module that converts tournaments models to engine values and back.

What it owns
------------
* Rulesets: :func:`ruleset_of` reads ``Contest.ruleset`` into an ``engine.belote.rules.Ruleset``;
  :func:`ruleset_json` turns a preset name plus options into the JSON stored on the contest.
* Standings configuration: :func:`standings_config` builds ``engine.standings.StandingsConfig``
  from the contest's ranking method, tie-breaks, barème and withdrawal rule; :func:`bye_policy`
  the bye policy a bye's sheet is credited with; :func:`withdrawals` the teams that left.
* Pairing inputs: :func:`pairing_request` gathers the contest's entries (late entries and
  withdrawals), the history of previous rounds (pairs and byes) and the ranking, in a fixed
  number of SQL queries whatever the number of teams.
* The results and the sheets' progress, which the ``scoring`` app owns and ``tournaments`` must
  never import: they come through the ports of ``tournaments.ports``, which scoring fills at
  start-up. :func:`finished_results` (pairing by ranking, phases, latecomers),
  :func:`round_activity` (a round with results cannot be redrawn, deleting it needs a
  confirmation naming them) and :func:`round_progress` (the cockpit, ``services.day_order``)
  read them; each raises ``ports.PortMissing`` when scoring did not register its source.

What it must not do
-------------------
It never writes to the database (``services`` does) and never imports ``scoring``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import pairing as engine_pairing
from engine import standings as engine_standings
from engine.belote import rules as engine_rules
from engine.errors import EngineError
from tournaments import ports
from tournaments.models import Contest, Entry, Round, Table, name_key


def round_progress(contest: Contest) -> dict[int, ports.RoundProgress]:
    """Round number -> its sheets' progress (``ports.progress_source``)."""
    return dict(ports.progress_source.get()(contest))


def finished_results(contest: Contest) -> list[engine_standings.GameResult]:
    """The contest's finished games, byes and forfeits (``ports.results_source``)."""
    return list(ports.results_source.get()(contest))


def round_activity(round_: Round) -> list[str]:
    """French lines naming the results recorded for ``round_`` (empty when there are none;
    ``ports.round_activity``)."""
    return [str(line) for line in ports.round_activity.get()(round_)]


# --- Rulesets ---------------------------------------------------------------------------------


def ruleset_of(contest: Contest) -> engine_rules.Ruleset:
    """The contest's engine ``Ruleset`` (raises ``EngineError`` when the stored JSON is bad)."""
    return engine_rules.ruleset_from_json(contest.ruleset or contest.preset or "club_contest")


def round_ruleset(round_: Round) -> engine_rules.Ruleset:
    """The rules a partie is played under: the contest's, then its phase's format, then its own
    (``Phase.rules_overrides``, ``Round.rules_overrides``: engine option names and values).

    Raises ``EngineError`` (``rules.*``) when an override is not a valid option or value.
    """
    rules = ruleset_of(round_.contest)
    overrides: dict[str, Any] = {}
    if round_.phase_id is not None and round_.phase is not None:
        overrides.update(round_.phase.rules_overrides or {})
    overrides.update(round_.rules_overrides or {})
    return rules.replace(**overrides) if overrides else rules


_RANKING_OPTION = {
    Contest.RankingMethod.POINTS: engine_rules.TournamentRanking.SUM_OF_POINTS,
    Contest.RankingMethod.WINS_THEN_POINTS: (
        engine_rules.TournamentRanking.WINS_THEN_POINTS_THEN_CONCEDED
    ),
    Contest.RankingMethod.MATCH_POINTS: engine_rules.TournamentRanking.MATCH_POINTS_3_1_0,
}
_PAIRING_OPTION = {
    Contest.PairingMethod.DRAW_THEN_RANKING: engine_rules.TournamentPairing.DRAW_THEN_STANDING,
    Contest.PairingMethod.DRAW_EVERY_ROUND: engine_rules.TournamentPairing.DRAW_EVERY_ROUND,
    Contest.PairingMethod.ROUND_ROBIN: engine_rules.TournamentPairing.FIXED_ROTATION,
}


def ruleset_json(
    preset: str,
    options: Mapping[str, Any],
    *,
    rounds_count: int,
    ranking_method: str,
    pairing_method: str,
) -> dict[str, Any]:
    """The JSON stored in ``Contest.ruleset``: ``preset`` with ``options`` overridden, and the
    contest-level options taken from the contest's own format fields so the two never
    disagree. Raises ``EngineError`` (``rules.*``) on an unknown preset, option or value."""
    overrides = dict(options)
    overrides["games_per_contest"] = rounds_count
    overrides["tournament_ranking"] = _RANKING_OPTION[Contest.RankingMethod(ranking_method)]
    overrides["tournament_pairing"] = _PAIRING_OPTION[Contest.PairingMethod(pairing_method)]
    return engine_rules.make_ruleset(preset, **overrides).to_json()


def game_value(contest: Contest) -> int:
    """The points of a whole game under the contest's rules (N deals x 162, or the target)."""
    try:
        rules = ruleset_of(contest)
    except EngineError:
        return 0
    if rules.game_end is engine_rules.GameEnd.DEALS:
        return int(rules.deals_per_game) * int(rules.deal_total)
    return int(rules.target)


# --- Standings --------------------------------------------------------------------------------

_BYE_AWARD = {
    Contest.ByePolicy.FIXED: engine_standings.AwardMode.FIXED,
    Contest.ByePolicy.HALF_GAME: engine_standings.AwardMode.HALF_GAME,
    Contest.ByePolicy.ROUND_AVERAGE: engine_standings.AwardMode.ROUND_AVERAGE,
}


def bye_policy(contest: Contest) -> engine_standings.ByePolicy:
    """The contest's bye policy as the engine's ``ByePolicy``: what a bye's sheet is credited
    with (``engine.standings.bye_points``), and a forfeit's winner too.

    ``bye_points`` is the value of a fixed bye, the value halved by ``half_game`` and the
    fallback of ``round_average`` while the round has no finished game; when it is 0,
    ``half_game`` halves a whole game under the rules (12 x 162, or the 1000-point target)
    and ``round_average`` falls back to half a game.
    """
    policy = Contest.ByePolicy(contest.bye_policy)
    value = int(contest.bye_points)
    if not value and policy is Contest.ByePolicy.HALF_GAME:
        value = game_value(contest)
    elif not value and policy is Contest.ByePolicy.ROUND_AVERAGE:
        value = game_value(contest) // 2
    return engine_standings.ByePolicy(award=_BYE_AWARD[policy], value=value)


_WITHDRAWALS = {
    Contest.WithdrawnRanking.LEAVE: engine_standings.WithdrawalRule.LEAVE,
    Contest.WithdrawnRanking.RANK_LAST: engine_standings.WithdrawalRule.RANK_LAST,
}


def standings_config(contest: Contest) -> engine_standings.StandingsConfig:
    """How the contest ranks its teams, as the engine's ``StandingsConfig``.

    A bye and a forfeit count as their score sheet says (``recorded``): the sheet is credited
    under the contest's :func:`bye_policy` by ``engine.standings.bye_points``, so the sheet,
    the results, the exports and the standings show one figure. A bye concedes what it is
    credited and counts as a game won. Withdrawn teams leave the ranking or rank last
    (``Contest.withdrawn_ranking``).
    """
    scale: dict[str, Any] = {}
    if isinstance(contest.match_points, dict):
        allowed = set(engine_standings.MatchPointsScale.__dataclass_fields__)
        scale = {k: v for k, v in contest.match_points.items() if k in allowed}
    return engine_standings.StandingsConfig(
        method=ranking_method(contest),
        tiebreaks=tuple(contest.tiebreaks or ()),
        bye=engine_standings.ByePolicy(award=engine_standings.AwardMode.RECORDED),
        forfeit=engine_standings.ForfeitPolicy(award=engine_standings.AwardMode.RECORDED),
        match_points=engine_standings.MatchPointsScale(**scale),
        withdrawals=_WITHDRAWALS.get(
            Contest.WithdrawnRanking(contest.withdrawn_ranking or Contest.WithdrawnRanking.LEAVE),
            engine_standings.WithdrawalRule.LEAVE,
        ),
    )


_MATCH_GAMES: dict[str, int] = {}


def plays_matches(contest: Contest) -> bool:
    """A table's match is several games under the contest's rules (``match_games`` > 1).

    Reading a ruleset takes a couple of milliseconds and every rebuild of the standings asks:
    the answer is kept per stored ruleset for the process."""
    key = json.dumps(contest.ruleset, sort_keys=True) + "|" + (contest.preset or "")
    games = _MATCH_GAMES.get(key)
    if games is None:
        try:
            games = int(ruleset_of(contest).match_games)
        except EngineError:
            games = 1
        if len(_MATCH_GAMES) > 256:
            _MATCH_GAMES.clear()
        _MATCH_GAMES[key] = games
    return games > 1


def ranking_method(contest: Contest) -> engine_standings.RankingMethod:
    """The contest's ranking method; a contest of matches of several games ranked "on points"
    ranks on matches won first, then on points (its tie-breaks follow): the games are won to
    win the match, not to gather points."""
    method = engine_standings.RankingMethod(contest.ranking_method)
    if method is engine_standings.RankingMethod.POINTS and plays_matches(contest):
        return engine_standings.RankingMethod.WINS_THEN_POINTS
    return method


def withdrawals(entries: Iterable[Entry]) -> dict[int, int]:
    """Entry pk -> the last round it played, for the teams that withdrew."""
    return {e.pk: e.withdrawn_after_round for e in entries if e.withdrawn_after_round is not None}


def ranks_before(contest: Contest, round_number: int, entries: Sequence[Entry]) -> dict[int, int]:
    """Entry pk -> rank (1 = leader) after the rounds before ``round_number``."""
    results = [r for r in finished_results(contest) if r.round < round_number]
    rows = engine_standings.compute_standings(
        results,
        [e.pk for e in entries],
        standings_config(contest),
        as_of_round=round_number - 1 if round_number > 1 else None,
        lots={e.pk: e.lot for e in entries},
    )
    return {row.team: row.rank for row in rows}


# --- Pairing ----------------------------------------------------------------------------------


def engine_method(contest: Contest, round_number: int) -> engine_pairing.PairingMethod:
    """The engine method for this round of the contest."""
    method = Contest.PairingMethod(contest.pairing_method)
    if method is Contest.PairingMethod.ROUND_ROBIN:
        return engine_pairing.PairingMethod.ROUND_ROBIN
    if method is Contest.PairingMethod.DRAW_THEN_RANKING and round_number > 1:
        return engine_pairing.PairingMethod.RANKING
    return engine_pairing.PairingMethod.RANDOM


@dataclass(frozen=True)
class PairingInput:
    request: engine_pairing.PairingRequest
    entries: dict[int, Entry]  # every entry of the contest, by pk (for naming the report)


def previous_tables(contest: Contest, before_round: int) -> list[tuple[int, int | None]]:
    """``(entry_a, entry_b)`` of every table of the published rounds before ``before_round``."""
    return list(
        Table.objects.filter(
            round__contest=contest,
            round__number__lt=before_round,
            round__status__in=[Round.Status.PUBLISHED, Round.Status.CLOSED],
        ).values_list("entry_a_id", "entry_b_id")
    )


def history_of(tables: Iterable[tuple[int, int | None]]) -> engine_pairing.History:
    pairs: list[tuple[int, int]] = []
    byes: list[int] = []
    for a, b in tables:
        if b is None:
            byes.append(a)
        else:
            pairs.append((a, b))
    return engine_pairing.History.of(pairs, byes)


def club_key(entry: Entry) -> str | None:
    """The home-club key used to keep two teams of one club apart (``None`` when unknown)."""
    return name_key(entry.home_club) or None


def pairing_request(
    contest: Contest,
    round_number: int,
    *,
    seed: int | None = None,
    method: engine_pairing.PairingMethod | None = None,
    teams: Iterable[int] | None = None,
) -> PairingInput:
    """Everything ``engine.pairing.pair_round`` needs for round ``round_number``.

    A phase of a contest in phases gives its own ``method`` and its ``teams`` (the qualified
    ones; ``None``: every present team).

    Entries that are not checked in do not play. Late entries (``joined_at_round``) and
    withdrawals (``withdrawn_after_round``) go through ``engine.pairing.active_entrants``.
    """
    entries = {
        e.pk: e
        for e in Entry.objects.filter(
            contest=contest, formed_for_round__isnull=True
        ).select_related("player1", "player2")
    }
    present = [e for e in entries.values() if e.checked_in]
    roster = engine_pairing.active_entrants(
        (
            engine_pairing.EntryRecord(
                team=e.pk,
                joined_round=e.joined_at_round,
                withdrawn_after_round=e.withdrawn_after_round,
            )
            for e in present
        ),
        round_number,
    )
    method = method if method is not None else engine_method(contest, round_number)
    allowed = set(teams) if teams is not None else None
    active = [entries[pk] for pk in roster.active if allowed is None or pk in allowed]
    if method is engine_pairing.PairingMethod.RANKING:
        ranks = ranks_before(contest, round_number, list(entries.values()))
    else:
        ranks = {}
    entrants = tuple(
        engine_pairing.Entrant(id=e.pk, rank=ranks.get(e.pk, 1), club=club_key(e)) for e in active
    )
    request = engine_pairing.PairingRequest(
        method=method,
        entrants=entrants,
        round_number=round_number,
        history=history_of(previous_tables(contest, round_number)),
        seed=seed,
        avoid_same_club=contest.avoid_same_club,
        total_rounds=contest.rounds_count
        if method is engine_pairing.PairingMethod.ROUND_ROBIN
        else None,
        late_entries=tuple(t for t in roster.late_entries if allowed is None or t in allowed),
        withdrawals=tuple(t for t in roster.withdrawals if allowed is None or t in allowed),
    )
    return PairingInput(request=request, entries=entries)


def tables_of(result: engine_pairing.PairingResult) -> list[tuple[int, int, int | None]]:
    """The round's layout ``[(table number, entry_a pk, entry_b pk or None)]``, bye last."""
    layout: list[tuple[int, int, int | None]] = [
        (t.table_number, t.a, t.b) for t in sorted(result.tables, key=lambda t: t.table_number)
    ]
    if result.bye is not None:
        layout.append((len(layout) + 1, result.bye, None))
    return layout


def report_json(result: engine_pairing.PairingResult) -> list[dict[str, Any]]:
    """The "why" report as stored on ``Round.report`` (codes and params; ids are Entry pks)."""
    items: list[dict[str, Any]] = []
    for item in result.report.items:
        params = {k: list(v) if isinstance(v, tuple) else v for k, v in item.params.items()}
        items.append({"code": str(item.code), "params": params})
    items.append(
        {
            "code": "strategy",
            "params": {"strategy": str(result.strategy), "method": str(result.method)},
        }
    )
    return items
