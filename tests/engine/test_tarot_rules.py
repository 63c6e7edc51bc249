"""Tarot rulesets: the two presets with their sources, every option, JSON both ways, and the
coded errors of a bad ruleset."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.tarot.interface import TAROT
from engine.tarot.rules import (
    OPTIONS,
    PRESETS,
    GameEnd,
    MarginRounding,
    Multipliers,
    PoigneeTrumps,
    PoigneeValues,
    Ruleset,
    make_ruleset,
    ruleset_from_json,
)

FFT_JSON = {
    "multipliers": "1_2_4_6",
    "pousse": False,
    "poignee_trumps": "fft",
    "poignee_values": "20_30_40",
    "five_players": "called_king",
    "margin_rounding": "none",
    "miseres": False,
    "misere_value": 10,
    "game_end": "open",
    "deals_per_game": 4,
    "target": 1000,
}


def test_fft_2012_is_the_default_and_the_ruleset_defaults() -> None:
    assert list(PRESETS) == ["fft_2012", "seed_002"]
    assert TAROT.default_preset == "fft_2012" and TAROT.presets()[0].name == "fft_2012"
    assert PRESETS["fft_2012"].rules == Ruleset()
    assert Ruleset().to_json() == FFT_JSON


def test_each_preset_cites_its_source() -> None:
    assert "reglement.md" in PRESETS["fft_2012"].source
    assert "La marque en donnes libres" in PRESETS["fft_2012"].source
    assert "002_74095ede7e719c54" in PRESETS["seed_002"].source
    assert "chacun des autres joueurs en perd 10" in PRESETS["seed_002"].source


def test_the_seed_page_differs_from_the_fft_where_it_says_so() -> None:
    seed = PRESETS["seed_002"].rules.to_json()
    diff = {k: v for k, v in seed.items() if FFT_JSON[k] != v}
    assert diff == {
        "poignee_trumps": "seed_002",
        "poignee_values": "10_30_40",
        "miseres": True,
        "game_end": "target",
    }


@pytest.mark.parametrize(
    ("preset", "players", "trumps"),
    [
        ("fft_2012", 3, (13, 15, 18)),
        ("fft_2012", 4, (10, 13, 15)),
        ("fft_2012", 5, (8, 10, 13)),
        ("seed_002", 3, (13, 15, 22)),
        ("seed_002", 4, (10, 13, 15)),
        ("seed_002", 5, (8, 10, 15)),
    ],
)
def test_poignee_trumps_by_table_size(preset: str, players: int, trumps: tuple[int, ...]) -> None:
    counts = PRESETS[preset].rules.derived.poignee_trumps[players]
    assert (counts["simple"], counts["double"], counts["triple"]) == trumps


@pytest.mark.parametrize(
    ("overrides", "multipliers"),
    [
        ({}, {"petite": 1, "pousse": 0, "garde": 2, "garde_sans": 4, "garde_contre": 6}),
        (
            {"multipliers": "1_2_4_8_16"},
            {"petite": 1, "pousse": 0, "garde": 4, "garde_sans": 8, "garde_contre": 16},
        ),
        (
            {"multipliers": "1_2_4_8_16", "pousse": True},
            {"petite": 1, "pousse": 2, "garde": 4, "garde_sans": 8, "garde_contre": 16},
        ),
    ],
)
def test_multipliers_by_contract(overrides: dict[str, object], multipliers: dict[str, int]) -> None:
    assert make_ruleset("fft_2012", **overrides).derived.multipliers == multipliers


def test_json_round_trips_and_partial_objects_start_from_their_preset() -> None:
    for preset in PRESETS.values():
        assert ruleset_from_json(preset.rules.to_json()) == preset.rules
        assert ruleset_from_json(preset.name) == preset.rules
    partial = ruleset_from_json({"preset": "seed_002", "misere_value": 20})
    assert partial == make_ruleset("seed_002", misere_value=20)
    assert ruleset_from_json({"margin_rounding": "nearest_5"}).margin_rounding is (
        MarginRounding.NEAREST_5
    )
    rules = make_ruleset(
        "fft_2012",
        multipliers=Multipliers.DOUBLING,
        pousse=True,
        poignee_trumps=PoigneeTrumps.SEED_002,
        poignee_values=PoigneeValues.V20_40_60,
        game_end=GameEnd.DEALS,
        deals_per_game=6,
    )
    assert ruleset_from_json(rules.to_json()) == rules


def test_every_option_is_described_with_its_values_and_source() -> None:
    assert list(OPTIONS) == list(FFT_JSON)
    for spec in TAROT.options():
        assert spec["description"] and spec["default"] == FFT_JSON[spec["name"]]
        assert "values" in spec or {"min", "max"} <= set(spec)
    assert OPTIONS["misere_value"].to_json()["values"] == [10, 20]
    assert OPTIONS["target"].to_json()["min"] == 1


@pytest.mark.parametrize(
    ("data", "code", "params"),
    [
        (7, "tarot.rules_not_an_object", {}),
        ("fft", "tarot.unknown_preset", {"preset": "fft"}),
        ({"preset": 3}, "tarot.unknown_preset", {"preset": "3"}),
        ({"chien": 6}, "tarot.unknown_option", {"option": "chien"}),
        ({"multipliers": "1_2_3"}, "tarot.invalid_value", {"option": "multipliers"}),
        ({"misere_value": 15}, "tarot.invalid_value", {"option": "misere_value"}),
        ({"target": 0}, "tarot.invalid_value", {"option": "target"}),
        ({"miseres": "yes"}, "tarot.invalid_value", {"option": "miseres"}),
        ({"deals_per_game": True}, "tarot.invalid_value", {"option": "deals_per_game"}),
        ({"pousse": True}, "tarot.rules_inconsistent", {"options": ["pousse", "multipliers"]}),
    ],
)
def test_a_bad_ruleset_is_a_coded_error(data: object, code: str, params: dict[str, object]) -> None:
    with pytest.raises(EngineError) as refused:
        ruleset_from_json(data)
    assert refused.value.code == code
    assert params.items() <= refused.value.params.items()
