"""Each deal form has its own copy of its fields (Django's deep copy): no form can change
another form's fields, or the class's."""

from __future__ import annotations

from typing import Any

import pytest

from engine.belote.game import GameState
from engine.belote.rules import PRESETS
from scoring.forms import DealForm

pytestmark = pytest.mark.django_db


def _form(sheet: Any, preset: str = "club_contest") -> DealForm:
    rules = PRESETS[preset].rules
    return DealForm(sheet=sheet, rules=rules, state=GameState(rules))


def test_each_form_has_its_own_fields_widgets_and_choices(sheet: Any) -> None:
    first, second = _form(sheet), _form(sheet)
    for name in ("version", "client_id", "taker", "trump", "dealer_seat", "taker_points"):
        a, b, base = first.fields[name], second.fields[name], DealForm.base_fields[name]
        assert a is not b and a is not base
        assert a.widget is not b.widget and a.widget is not base.widget
        assert a.widget.attrs is not b.widget.attrs
        assert a.error_messages is not b.error_messages
        assert a.validators is not b.validators

    first.fields["taker_points"].widget.attrs["max"] = 999
    first.fields["taker_points"].validators.clear()
    first.fields["dealer_seat"].choices = [("", "—")]
    assert DealForm.base_fields["taker_points"].widget.attrs["max"] == 162
    assert second.fields["taker_points"].widget.attrs["max"] == 162
    assert second.fields["taker_points"].validators  # min and max values still checked
    assert len(second.fields["dealer_seat"].choices) == 5
    assert len(second.fields["dealer_seat"].widget.choices) == 5
    assert len(DealForm.base_fields["dealer_seat"].choices) == 5


def test_sans_atout_rules_raise_the_points_limit_of_this_form_only(sheet: Any) -> None:
    plain = _form(sheet)
    presets = [p for p, v in PRESETS.items() if v.rules.sans_atout_tout_atout]
    if not presets:
        pytest.skip("no preset with sans-atout / tout-atout")
    wide = _form(sheet, presets[0])
    assert wide.fields["taker_points"].max_value == 258
    assert wide.fields["taker_points"].widget.attrs["max"] == 258
    assert plain.fields["taker_points"].max_value == 162
    assert DealForm.base_fields["taker_points"].max_value == 162
