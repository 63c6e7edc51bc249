"""The game seam: every game of the catalog meets ``engine.games.Game``, and the command line
names a game or defaults to belote (``python -m engine score`` = ``python -m engine belote score``)."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest

from engine.belote.rules import PRESETS, make_ruleset
from engine.catalog import DEFAULT_GAME, GAMES, game_named
from engine.cli import run
from engine.errors import EngineError

DEAL = {"rules": "ffb_classic_2016", "deal": {"taker": "A", "points": {"A": 100}}}
SHARED_COMMANDS = {"score", "game", "presets", "options"}


def call(argv: list[str], payload: object = None) -> tuple[int, dict[str, Any]]:
    return run(argv, StringIO(json.dumps(payload)))


def test_belote_is_the_default_game_and_the_catalog_names_it() -> None:
    assert DEFAULT_GAME == "belote" and game_named("belote").name == "belote"
    assert all(name == game.name for name, game in GAMES.items())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_the_shared_commands_and_its_default_preset_first(name: str) -> None:
    game = GAMES[name]
    assert set(game.commands()) >= SHARED_COMMANDS
    presets = game.presets()
    assert presets[0].name == game.default_preset
    assert len({p.name for p in presets}) == len(presets)
    assert all(p.title and p.source for p in presets)
    for preset in presets:  # each preset's JSON reads back to the same rules
        rules = game.rules_from_json(preset.rules)
        assert game.rules_to_json(rules) == preset.rules
    assert {o["name"] for o in game.options()} >= set(presets[0].rules)


def test_belote_scores_a_deal_and_folds_a_game_through_the_interface() -> None:
    belote = game_named("belote")
    rules = belote.rules_from_json({"preset": "club_contest", "target": 501})
    assert rules == make_ruleset("club_contest", target=501)
    score = belote.score_deal(rules, {"deal": {"taker": "A", "points": {"A": 100}}})
    assert score["scores"] == {"A": 100, "B": 62}
    assert {line["code"] for line in score["breakdown"]["A"]} == {"cards"}
    game = belote.fold_game(rules, {"deals": [{"taker": "A", "points": {"A": 100}}]})
    assert game["totals"] == {"A": 100, "B": 62} and game["game_over"] is False
    with pytest.raises(EngineError) as refused:
        belote.score_deal(rules, {"deal": {"taker": "A", "points": {"A": 170}}})
    assert refused.value.code == "deal.points_out_of_range"
    with pytest.raises(EngineError) as refused:  # the rules travel apart, not in the deal
        belote.score_deal(rules, DEAL)
    assert refused.value.code == "deal.unknown_field"


def test_the_game_argument_is_optional_and_means_the_same() -> None:
    assert call(["score"], DEAL) == call(["belote", "score"], DEAL)
    assert call(["score"], DEAL)[0] == 0
    code, out = call(["belote", "presets"])
    assert code == 0 and [p["name"] for p in out["presets"]] == list(PRESETS)


@pytest.mark.parametrize(
    ("argv", "code", "params"),
    [
        (["chess", "score"], "cli.unknown_game", {"game": "chess", "allowed": sorted(GAMES)}),
        (["belote", "dance"], "cli.unknown_command", {"command": "dance"}),
        ([], "cli.unknown_command", {"argv": []}),
        (["belote", "score", "more"], "cli.unknown_command", {"argv": ["belote", "score", "more"]}),
    ],
)
def test_an_unknown_game_or_command_is_a_coded_error(
    argv: list[str], code: str, params: dict[str, object]
) -> None:
    exit_code, out = call(argv, DEAL)
    assert exit_code == 2 and out["error"]["code"] == code
    assert params.items() <= out["error"]["params"].items()


def test_an_unknown_command_lists_the_games_commands() -> None:
    _, out = call(["belote", "dance"])
    assert set(out["error"]["params"]["allowed"]) == {*SHARED_COMMANDS, "table-check"}
