"""Words of the organiser's pages (issue 16): rounds are « parties », never « manches », and the
English draw header says "versus" (the bid "contre" stays "double" only on the score sheet)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services


def _words(html: str) -> str:
    """The page, addresses included (they say « parties » too since 2026-12-07), lower case."""
    return html.lower()


@pytest.mark.django_db
def test_organiser_pages_say_partie_never_manche(
    contest_with_teams: Any, organiser_client: Client
) -> None:
    contest = contest_with_teams
    round_ = services.generate_round(contest, seed=7)
    kw = {"club_slug": contest.club.slug, "contest_id": contest.pk}
    rkw = kw | {"round_number": round_.number}
    urls = [
        reverse("tournaments:club", kwargs={"club_slug": contest.club.slug}),
        reverse("tournaments:contest", kwargs=kw),
        reverse("tournaments:contest_log", kwargs=kw),
        reverse("tournaments:round", kwargs=rkw),
        reverse("tournaments:round_delete", kwargs=rkw),
        reverse("tournaments:round_print", kwargs=rkw),
        reverse("publishing:publication", kwargs=kw),
    ]
    services.publish_round(round_)
    urls.append(reverse("scoring:sheet", kwargs=rkw | {"table_number": 1}))
    for url in urls:
        response = organiser_client.get(url)
        assert response.status_code == 200, url
        text = _words(response.content.decode())
        assert "manche" not in text, (url, text[text.find("manche") - 80 :][:160])
    round_page = organiser_client.get(reverse("tournaments:round", kwargs=rkw)).content.decode()
    assert "Partie 1" in round_page


@pytest.mark.django_db
def test_the_organiser_draw_says_versus_in_english(
    contest_with_teams: Any, organiser_client: Client
) -> None:
    contest = contest_with_teams
    round_ = services.generate_round(contest, seed=7)
    rkw = {"club_slug": contest.club.slug, "contest_id": contest.pk, "round_number": 1}
    english = organiser_client.get(
        reverse("tournaments:round", kwargs=rkw), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "<th>versus</th>" in english
    assert ">double<" not in english.lower()
    printed = organiser_client.get(
        reverse("tournaments:round_print", kwargs=rkw), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "versus" in printed and ">double<" not in printed.lower()
    french = organiser_client.get(reverse("tournaments:round", kwargs=rkw)).content.decode()
    assert "<th>contre</th>" in french
    assert round_.number == 1
