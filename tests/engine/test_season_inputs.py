"""engine.seasons.inputs: a finished contest's standings turned into its season results."""

from __future__ import annotations

import datetime

import pytest

from engine.errors import EngineError
from engine.individual import IndividualConfig, PartieResult, compute_individual_standings
from engine.seasons import (
    ContestKind,
    Outcome,
    PartieBareme,
    PartieLine,
    Placing,
    SeasonContest,
    SeasonRules,
    compute_season_standings,
    placings_from_individual,
    placings_from_standings,
)
from engine.standings import (
    ByePolicy,
    ForfeitPolicy,
    GameResult,
    ResultKind,
    StandingsConfig,
    compute_standings,
)

BYE, FORFEIT = ResultKind.BYE, ResultKind.FORFEIT


def test_placings_from_a_melee() -> None:
    results = [
        PartieResult(2, (1, 3), (2, 5), 700, 900),
        PartieResult(1, (1, 2), (3, 4), 1000, 600),
        PartieResult(1, (5,), kind=BYE),
        PartieResult(2, (4,), kind=BYE),
    ]
    config = IndividualConfig(StandingsConfig(bye=ByePolicy(value=500)))
    rows = compute_individual_standings(results, [1, 2, 3, 4, 5], config)
    placings = {p.players: p for p in placings_from_individual(rows, results, config)}
    assert placings[(2,)] == Placing(
        (2,), 1, 2, 2, 1900, (PartieLine(Outcome.WIN, 1000), PartieLine(Outcome.WIN, 900))
    )
    # The bye's line carries what the contest's bye policy credited (500).
    assert placings[(4,)].parties == (PartieLine(Outcome.LOSS, 600), PartieLine(Outcome.BYE, 500))
    # The season's per-partie barème reads them: 2 = 4 + 4, 4 = 2 + 3 (bye scored 1000).
    contest = SeasonContest(
        1, 1, datetime.date(2026, 1, 1), ContestKind.CONTEST, tuple(placings.values())
    )
    season = compute_season_standings([contest], SeasonRules(PartieBareme()))
    assert (season.row((2,)).points, season.row((4,)).points) == (8, 5)
    assert season.row((4,)).score == 600 + 1000
    kept = compute_season_standings([contest], SeasonRules(PartieBareme(bye_score=None)))
    assert kept.row((4,)).score == 600 + 500


def test_placings_from_a_pairs_contest() -> None:
    games = [
        GameResult(1, 10, 20, 1000, 600),
        GameResult(1, 30, None, kind=BYE),
        GameResult(2, 10, 30, kind=FORFEIT, forfeit_loser=30),
        GameResult(2, 20, None, kind=BYE),
    ]
    config = StandingsConfig(forfeit=ForfeitPolicy(value=800))
    rows = compute_standings(games, [10, 20, 30], config)
    placings = placings_from_standings(rows, games, config, {10: (1, 2), 20: (3, 4), 30: (5,)})
    first = placings[0]
    assert first.players == (1, 2) and first.rank == 1
    assert first.parties == (PartieLine(Outcome.WIN, 1000), PartieLine(Outcome.FORFEIT_WIN, 800))
    by_players = {p.players: p for p in placings}
    assert by_players[(5,)].parties == (
        PartieLine(Outcome.BYE, 0),
        PartieLine(Outcome.FORFEIT_LOSS, 0),
    )
    with pytest.raises(EngineError) as err:
        placings_from_standings(rows, games, config, {10: (1, 2)})
    assert err.value.code == "season.invalid_result"
