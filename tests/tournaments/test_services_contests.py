"""Contests: created from a preset with a real engine ruleset, rules frozen once round 1 is out."""

from __future__ import annotations

from typing import Any

import pytest

from engine.belote.rules import make_ruleset, ruleset_from_json
from tests.tournaments.conftest import add_teams, make_contest
from tournaments import services
from tournaments.models import Contest


@pytest.mark.django_db
def test_contest_stores_the_preset_ruleset_with_its_format(club: Any) -> None:
    contest = make_contest(
        club,
        preset="ffb_contree_2016",
        rule_options={"target": 1500},
        rounds_count=5,
        ranking_method="wins_then_points",
        pairing_method="draw_every_round",
    )
    rules = ruleset_from_json(contest.ruleset)
    assert rules.variant.value == "contree"
    assert rules.target == 1500
    assert rules.games_per_contest == 5
    assert rules.tournament_ranking.value == "wins_then_points_then_conceded"
    assert rules.tournament_pairing.value == "draw_every_round"
    assert contest.status == Contest.Status.REGISTRATION
    expected = make_ruleset(
        "ffb_contree_2016",
        target=1500,
        games_per_contest=5,
        tournament_ranking="wins_then_points_then_conceded",
        tournament_pairing="draw_every_round",
    )
    assert contest.ruleset == expected.to_json()


@pytest.mark.django_db
def test_bad_rule_option_is_refused_in_french(club: Any) -> None:
    with pytest.raises(services.ServiceError) as caught:
        make_contest(club, rule_options={"capot_value": 999})
    assert caught.value.code == "rules.invalid_value"
    assert "capot_value" in caught.value.message
    assert not Contest.objects.exists()


@pytest.mark.django_db
def test_duplicate_slug_refused(club: Any) -> None:
    make_contest(club)
    with pytest.raises(services.ServiceError) as caught:
        make_contest(club)
    assert caught.value.code == "contest.duplicate_slug"


@pytest.mark.django_db
def test_rules_change_freely_before_the_start(contest: Any) -> None:
    services.update_contest(contest, {"rule_options": {"target": 2000, "game_end": "target"}})
    contest.refresh_from_db()
    assert contest.ruleset["target"] == 2000


@pytest.mark.django_db
def test_publishing_round_one_freezes_rules_and_refuses_changes(contest: Any) -> None:
    add_teams(contest, 6)
    round_ = services.generate_round(contest, seed=3)
    contest.refresh_from_db()
    assert contest.rules_frozen_at is None  # a draft does not freeze anything
    services.publish_round(round_)
    contest.refresh_from_db()
    assert contest.rules_frozen_at is not None
    assert contest.status == Contest.Status.RUNNING
    frozen = dict(contest.ruleset)
    for change in (
        {"rule_options": {"capot_value": 250}},
        {"rounds_count": 6},
        {"pairing_method": "round_robin"},
        {"tiebreaks": ["lot"]},
        {"preset": "ffb_contree_2016"},
    ):
        with pytest.raises(services.ServiceError) as caught:
            services.update_contest(contest, change)
        assert caught.value.code == "contest.rules_frozen"
        assert "figé" in caught.value.message or "ne peuvent plus" in caught.value.message
    contest.refresh_from_db()
    assert contest.ruleset == frozen and contest.rounds_count == 4
    # Information still changes, and resending unchanged rules is fine.
    services.update_contest(contest, {"name": "Nouveau nom", "rounds_count": 4})
    contest.refresh_from_db()
    assert contest.name == "Nouveau nom"


@pytest.mark.django_db
def test_finish_contest(contest: Any) -> None:
    with pytest.raises(services.ServiceError):
        services.finish_contest(contest)
    add_teams(contest, 4)
    services.publish_round(services.generate_round(contest, seed=1))
    services.finish_contest(contest)
    contest.refresh_from_db()
    assert contest.status == Contest.Status.FINISHED
    with pytest.raises(services.ServiceError) as caught:
        services.generate_round(contest)
    assert caught.value.code == "contest.finished"
