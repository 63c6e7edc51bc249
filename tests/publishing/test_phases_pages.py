"""What the public and the prize-giving see of a contest in phases: the pools-and-brackets page
(published results only), the projector's bracket view, the palmarès by final placement, the
exports' phase columns."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from publishing import services as publishing
from publishing.exports import contest as exports
from tests.tournaments.conftest import add_teams, login, make_contest
from tests.tournaments.test_phases_services import draw_and_play
from tournaments.services.phases import plan as phases_plan
from tournaments.services.phases.core import PhaseSpec

PLAN = [
    PhaseSpec("pools", "Poules", 1, {"pool_size": 4, "method": "serpentine"}),
    PhaseSpec(
        "knockout",
        "Tableau principal",
        1,
        {"places": 2},
        {"rules": [{"kind": "first_per_pool", "count": 2}]},
    ),
]


@pytest.fixture
def played(club: Any) -> Any:
    """8 teams: 2 pools of 4 played (3 parties), then the semi-finals and the final."""
    contest = make_contest(club, slug="phases")
    add_teams(contest, 8)
    phases_plan.save_plan(contest, PLAN)
    for _ in range(5):
        draw_and_play(contest)
    return contest


def _public(contest: Any, name: str, **query: str) -> str:
    url = reverse(name, args=[contest.club.slug, contest.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.mark.django_db
def test_the_public_page_shows_only_published_draws_and_results(
    client: Client, played: Any
) -> None:
    page = client.get(_public(played, "scores:phases"))
    assert page.status_code == 200
    text = page.content.decode()
    # The draws are public once published, the results not yet: pools without a result.
    assert "Poule A" in text and "0 match(s) joué(s) sur 6." in text
    assert "terminée" not in text and "Classement final" not in text
    rounds = list(played.rounds.order_by("number"))
    for round_ in rounds[:3]:
        publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=False)
    text = client.get(_public(played, "scores:phases")).content.decode()
    assert "Poule A" in text and "Poule B" in text and "terminée" in text
    assert 'id="bracket-main"' in text and "Vainqueur :" not in text  # results not public
    for round_ in rounds[3:]:
        publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=False)
    text = client.get(_public(played, "scores:phases")).content.decode()
    assert "Vainqueur :" in text and "Classement final" in text
    home = client.get(reverse("public:contest", args=[played.club.slug, played.slug]))
    assert _public(played, "scores:phases") in home.content.decode()


@pytest.mark.django_db
def test_a_contest_without_phases_has_no_phases_page(client: Client, club: Any) -> None:
    contest = make_contest(club, slug="simple")
    page = client.get(_public(contest, "scores:phases"))
    assert page.status_code == 404
    assert "ne se joue pas en phases" in page.content.decode()


@pytest.mark.django_db
def test_the_projector_shows_the_brackets(client: Client, played: Any) -> None:
    for round_ in played.rounds.all():
        publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=True)
    text = client.get(_public(played, "scores:projector", vue="tableau")).content.decode()
    assert 'id="bracket-main"' in text and "Finale" in text
    fragment = client.get(_public(played, "scores:projector_content", vue="tableau"))
    assert fragment.status_code == 200 and "Demi-finales" in fragment.content.decode()
    assert client.get(_public(played, "scores:projector", vue="autre")).status_code == 404


@pytest.mark.django_db
def test_the_palmares_ranks_by_the_final_placement(organiser: Any, played: Any) -> None:
    organiser_client = login(organiser)
    publishing.add_prize(played, rank_from=1, rank_to=1, label="Jambon")
    url = reverse("publishing:print_ranking", args=[played.club.slug, played.pk])
    text = organiser_client.get(url).content.decode()
    assert "Vainqueur" in text and "Finaliste" in text and "Demi-finaliste" in text
    assert "Jambon" in text and "classement final des phases" in text


@pytest.mark.django_db
def test_the_results_export_says_phase_pool_and_stage(played: Any, club: Any) -> None:
    data = exports.results_dataset(played)
    assert data.headers[-3:] == ["Phase", "Poule ou tableau", "Tour"]
    rows = [row[-3:] for row in data]
    assert rows[0] == ("Poules", "Poule A", "")
    assert ("Tableau principal", "Tableau principal", "Finale") in rows
    assert sum(1 for r in rows if r[2] == "Demi-finales") == 2
    plain = make_contest(club, slug="sans-phases")
    add_teams(plain, 4)
    assert "Phase" not in exports.results_dataset(plain).headers
