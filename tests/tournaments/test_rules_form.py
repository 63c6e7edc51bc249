"""The rules form shows every engine option in French, and validates through the engine."""

from __future__ import annotations

from engine.belote.rules import OPTIONS, PRESETS, make_ruleset
from tournaments.rules.contest import (
    FORMAT_OPTIONS,
    LABELS,
    PRESET_TITLES,
    SHOWN_OPTIONS,
    VALUE_LABELS,
    RulesForm,
)


def test_every_engine_option_is_shown_once_with_a_french_label() -> None:
    assert sorted(SHOWN_OPTIONS + list(FORMAT_OPTIONS)) == sorted(OPTIONS)
    assert len(SHOWN_OPTIONS) == len(set(SHOWN_OPTIONS))
    for name in SHOWN_OPTIONS:
        assert name in LABELS, name
        spec = OPTIONS[name]
        if spec.kind == "enum":
            missing = set(spec.choices) - set(VALUE_LABELS.get(name, {}))
            assert not missing, (name, missing)
    assert set(PRESETS) <= set(PRESET_TITLES)


def test_form_starts_from_the_preset() -> None:
    form = RulesForm(preset="ffb_contree_2016")
    rules = make_ruleset("ffb_contree_2016").to_json()
    assert form.fields["variant"].initial == "contree"
    assert form.fields["target"].initial == rules["target"]


def test_engine_refusal_becomes_a_field_error() -> None:
    data = {name: field.initial for name, field in RulesForm(preset="club_contest").fields.items()}
    data = {k: v for k, v in data.items() if v is not False}
    data["generale_made"] = "as_contract"  # contradicts generale_failed = off
    form = RulesForm(data, preset="club_contest")
    assert not form.is_valid()
    assert "se contredisent" in str(form.errors)
    data["target"] = "0"
    form = RulesForm(data, preset="club_contest")
    assert not form.is_valid() and "target" in form.errors
