"""The contest form's tie-break picker: French labels in ordered selects, engine names stored."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from tournaments.contests.forms import ContestForm
from tournaments.models import Contest

pytestmark = pytest.mark.django_db

BASE = {
    "name": "Concours d'automne",
    "date": "2026-10-04",
    "rounds_count": "4",
    "ranking_method": "wins_then_points",
    "bye_policy": "fixed",
    "bye_points": "500",
    "pairing_method": "draw_then_ranking",
}


def test_the_picker_lists_the_registry_in_french(club: Any) -> None:
    form = ContestForm(club=club)
    labels = [f.label for f in form.tiebreak_fields]
    assert labels[:3] == [
        "1er critère de départage",
        "2e critère de départage",
        "3e critère de départage",
    ]
    choices = dict(form.fields["tiebreak_1"].choices)
    assert choices["difference"] == "différence de points"
    assert choices["buchholz_points"] == "Buchholz : points des adversaires"
    assert choices[""] == "— aucun —"
    html = str(form["tiebreak_1"])
    assert "<select" in html and ">tirage au sort</option>" in html


def test_the_chosen_order_is_stored_as_engine_names(club: Any) -> None:
    data = BASE | {"tiebreak_1": "direct_encounter", "tiebreak_2": "", "tiebreak_3": "lot"}
    form = ContestForm(data, club=club)
    assert form.is_valid(), form.errors
    values = form.values()
    assert values["tiebreaks"] == ["direct_encounter", "lot"]
    assert values["withdrawn_ranking"] == Contest.WithdrawnRanking.LEAVE


def test_a_criterion_chosen_twice_is_refused_on_the_second_select(club: Any) -> None:
    form = ContestForm(BASE | {"tiebreak_1": "lot", "tiebreak_2": "lot"}, club=club)
    assert not form.is_valid()
    assert form.errors["tiebreak_2"] == ["Ce critère est déjà choisi plus haut."]


def test_a_code_word_that_is_not_offered_is_refused(club: Any) -> None:
    form = ContestForm(BASE | {"tiebreak_1": "elo"}, club=club)
    assert not form.is_valid() and "tiebreak_1" in form.errors


def test_the_stored_order_comes_back_in_the_selects(club: Any) -> None:
    contest = Contest.objects.create(
        club=club,
        name="Concours",
        slug="concours",
        date=datetime.date(2026, 10, 4),
        tiebreaks=["points_against", "buchholz_wins", "lot"],
        withdrawn_ranking=Contest.WithdrawnRanking.RANK_LAST,
    )
    initial = ContestForm.initial_from(contest)
    assert [initial.get(f"tiebreak_{i}") for i in range(1, 5)] == [
        "points_against",
        "buchholz_wins",
        "lot",
        None,
    ]
    assert initial["withdrawn_ranking"] == "rank_last"
    assert contest.tiebreak_labels == [
        "points encaissés (le moins d'abord)",
        "Buchholz : victoires des adversaires",
        "tirage au sort",
    ]
    frozen = ContestForm(initial=initial, club=club, frozen=True)
    assert all(f.field.disabled for f in frozen.tiebreak_fields)
    assert frozen.fields["withdrawn_ranking"].disabled
