"""The public sees only published rounds with a public draw, by table and by team."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import add_teams
from tournaments import services
from tournaments.models import Entry


def _round_url(contest: Any, number: int) -> str:
    return reverse(
        "public:round",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_slug": contest.slug,
            "round_number": number,
        },
    )


@pytest.mark.django_db
def test_draft_rounds_are_invisible(contest: Any) -> None:
    add_teams(contest, 5)
    services.generate_round(contest, seed=1)
    client = Client()
    assert client.get(_round_url(contest, 1)).status_code == 404
    home = client.get(contest.public_url)
    assert home.status_code == 200
    assert "Rien n'est encore publié" in home.content.decode()


@pytest.mark.django_db
def test_published_draw_by_table_and_by_team(contest: Any) -> None:
    add_teams(contest, 5)
    Entry.objects.filter(number=3).update(name="Les As")
    round_ = services.generate_round(contest, seed=1)
    services.publish_round(round_)
    response = Client().get(_round_url(contest, 1))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Par table" in body and "Par équipe" in body and "exempte" in body
    assert "3. Les As" in body
    by_team = body.split('id="par-equipe"')[1]
    # Alphabetical: "Les As" (l) before "Nom0000 – ..." (n).
    assert by_team.index("Les As") < by_team.index("Nom0000")
    projector = Client().get(_round_url(contest, 1) + "projection/")
    assert projector.status_code == 200 and b"data-pager" in projector.content


@pytest.mark.django_db
def test_hidden_draw_private_contest_and_other_club(contest: Any, other_club: Any) -> None:
    add_teams(contest, 4)
    round_ = services.generate_round(contest, seed=1)
    services.publish_round(round_)
    services.set_round_visibility(round_, show_draw=False, show_results=False, show_standings=False)
    client = Client()
    assert client.get(_round_url(contest, 1)).status_code == 404
    services.set_round_visibility(round_, show_draw=True, show_results=False, show_standings=False)
    assert client.get(_round_url(contest, 1)).status_code == 200
    wrong_club = _round_url(contest, 1).replace(contest.club.slug, other_club.slug)
    assert client.get(wrong_club).status_code == 404
    services.update_contest(contest, {"is_public": False})
    assert client.get(_round_url(contest, 1)).status_code == 404
    assert contest.__class__.objects.get(pk=contest.pk).public_url == ""
    assert client.get("/concours/lorient/printemps/").status_code == 404


@pytest.mark.django_db
def test_home_lists_public_contests_with_links(contest: Any) -> None:
    body = Client().get(reverse("public:home")).content.decode()
    assert contest.public_url in body


@pytest.mark.django_db
def test_contest_home_links_only_what_is_published(contest: Any) -> None:
    add_teams(contest, 4)
    round_ = services.generate_round(contest, seed=1)
    services.publish_round(round_)
    client = Client()
    body = client.get(contest.public_url).content.decode()
    assert "Tirage des tables" in body
    assert "Résultats et donnes" not in body and "Classement" not in body
    services.set_round_visibility(round_, show_draw=True, show_results=True, show_standings=True)
    body = client.get(contest.public_url).content.decode()
    assert "Résultats et donnes" in body and "Classement" in body
