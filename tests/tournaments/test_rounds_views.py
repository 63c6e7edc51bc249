"""Round pages through HTTP as the organiser: draw, report, swap, undo, publish, delete."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.tournaments.conftest import add_teams
from tournaments import services
from tournaments.models import Contest, Round, RoundEdit


def _url(contest: Any, name: str, **extra: Any) -> str:
    kwargs = {"club_slug": contest.club.slug, "contest_id": contest.pk} | extra
    return reverse(f"tournaments:{name}", kwargs=kwargs)


@pytest.mark.django_db
def test_draw_edit_undo_publish_flow(contest: Any, organiser_client: Any) -> None:
    add_teams(contest, 7)
    response = organiser_client.post(_url(contest, "round_generate"), {"seed": "123"})
    assert response.status_code == 302
    round_ = Round.objects.get(contest=contest, number=1)
    assert round_.seed == 123 and round_.status == Round.Status.DRAFT
    page = organiser_client.get(_url(contest, "round", round_number=1)).content.decode()
    assert "Pourquoi ce tirage" in page and "graine du tirage : 123" in page
    assert "Exempt :" in page

    response = organiser_client.post(
        _url(contest, "round_swap", round_number=1), {"first": "1", "second": "2"}
    )
    assert response.status_code == 302
    assert RoundEdit.objects.filter(round=round_).count() == 1
    page = organiser_client.get(_url(contest, "round", round_number=1)).content.decode()
    assert "Annuler la dernière modification" in page

    response = organiser_client.post(
        _url(contest, "round_swap", round_number=1), {"first": "1", "second": "999"}
    )
    assert response.status_code == 400
    assert "Numéro d&#x27;équipe inconnu." in response.content.decode()
    response = organiser_client.post(
        _url(contest, "round_swap", round_number=1), {"first": "abc", "second": ""}
    )
    assert response.status_code == 400

    assert organiser_client.post(_url(contest, "round_undo", round_number=1)).status_code == 302
    assert not RoundEdit.objects.filter(round=round_).exists()
    response = organiser_client.post(_url(contest, "round_undo", round_number=1))
    assert response.status_code == 409
    assert "Aucune modification à annuler." in response.content.decode()

    assert organiser_client.post(_url(contest, "round_publish", round_number=1)).status_code == 302
    round_.refresh_from_db()
    contest.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED and round_.show_draw
    assert contest.rules_frozen and contest.status == Contest.Status.RUNNING
    response = organiser_client.post(
        _url(contest, "round_swap", round_number=1), {"first": "1", "second": "2"}
    )
    assert response.status_code == 409
    assert "ne se modifie plus" in response.content.decode()


@pytest.mark.django_db
def test_bad_seed_and_refused_generation_are_4xx(contest: Any, organiser_client: Any) -> None:
    response = organiser_client.post(_url(contest, "round_generate"), {"seed": "-4"})
    assert response.status_code == 400
    response = organiser_client.post(_url(contest, "round_generate"), {})
    assert response.status_code == 409  # no team yet
    assert "au moins 2 équipes" in response.content.decode()
    assert not Round.objects.exists()


@pytest.mark.django_db
def test_delete_published_round_needs_the_box(contest: Any, organiser_client: Any) -> None:
    add_teams(contest, 4)
    services.publish_round(services.generate_round(contest, seed=1))
    url = _url(contest, "round_delete", round_number=1)
    page = organiser_client.get(url).content.decode()
    assert "le tirage de 2 tables" in page
    response = organiser_client.post(url, {})
    assert response.status_code == 400
    assert Round.objects.count() == 1
    response = organiser_client.post(url, {"confirm": "on"})
    assert response.status_code == 302
    assert not Round.objects.exists()


@pytest.mark.django_db
def test_frozen_contest_form_refuses_rule_changes(contest: Any, organiser_client: Any) -> None:
    add_teams(contest, 4)
    services.publish_round(services.generate_round(contest, seed=1))
    url = _url(contest, "contest_edit")
    page = organiser_client.get(url).content.decode()
    assert "sont figés" in page
    frozen = dict(Contest.objects.get(pk=contest.pk).ruleset)
    response = organiser_client.post(
        url,
        {
            "name": "Renommé",
            "slug": contest.slug,
            "date": "2026-04-11",
            "is_public": "on",
            "rounds_count": "9",
            "capot_value": "250",
            "preset": "ffb_contree_2016",
        },
    )
    assert response.status_code == 302
    contest.refresh_from_db()
    assert contest.name == "Renommé"
    assert contest.rounds_count == 4 and contest.ruleset == frozen  # disabled fields ignored


@pytest.mark.django_db
def test_create_contest_from_a_preset_through_the_form(club: Any, organiser_client: Any) -> None:
    url = reverse("tournaments:contest_create", kwargs={"club_slug": club.slug})
    page = organiser_client.get(url + "?preset=ffb_contree_2016").content.decode()
    assert "Contrée FFB 2016" in page and "Coefficient du surcontre" in page
    from tournaments.rules.contest import RulesForm

    initial = {
        name: field.initial
        for name, field in RulesForm(preset="club_contest").fields.items()
        if field.initial is not None
    }
    data = {k: ("on" if v is True else v) for k, v in initial.items() if v is not False}
    data |= {
        "name": "Concours d'été",
        "date": "2026-07-14",
        "rounds_count": "4",
        "ranking_method": "points",
        "tiebreak_1": "best_game",
        "tiebreak_2": "lot",
        "bye_policy": "round_average",
        "bye_points": "0",
        "pairing_method": "draw_then_ranking",
        "deals_per_game": "10",
    }
    response = organiser_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    contest = Contest.objects.get(slug="concours-dete")
    assert contest.ruleset["deals_per_game"] == 10
    assert contest.tiebreaks == ["best_game", "lot"]
    bad = data | {"tiebreak_1": "n_importe_quoi", "name": "Autre", "slug": "autre"}
    response = organiser_client.post(url, bad)
    assert response.status_code == 400
    assert "Sélectionnez un choix valide" in response.content.decode()
    twice = data | {"tiebreak_3": "best_game", "name": "Autre", "slug": "autre"}
    response = organiser_client.post(url, twice)
    assert response.status_code == 400
    assert "Ce critère est déjà choisi plus haut." in response.content.decode()
    assert not Contest.objects.filter(slug="autre").exists()
