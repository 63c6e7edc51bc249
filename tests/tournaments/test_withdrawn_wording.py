"""A team or a player withdrawn before any partie reads "avant la première partie", never
"après la partie 0": on the organiser's lists, in the confirmation message and in the journal."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.tournaments.conftest import add_teams, make_contest
from tournaments.models import Entry, SoloEntry


def _url(contest: Any, name: str, **kwargs: Any) -> str:
    return reverse(
        name, kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk, **kwargs}
    )


@pytest.mark.django_db
def test_a_team_withdrawn_before_the_first_partie(contest: Any, organiser_client: Any) -> None:
    entry = add_teams(contest, 2)[0]
    answer = organiser_client.post(
        _url(contest, "tournaments:entry_action", entry_id=entry.pk, action="retirer"),
        follow=True,
    ).content.decode()
    assert Entry.objects.get(pk=entry.pk).withdrawn_after_round == 0
    assert f"Équipe n° {entry.number} retirée avant la première partie." in answer
    page = organiser_client.get(_url(contest, "tournaments:entries")).content.decode()
    assert "retirée avant la première partie" in page
    log = organiser_client.get(_url(contest, "tournaments:contest_log")).content.decode()
    assert "retirée avant la première partie par" in log
    for text in (answer, page, log):
        assert "après la partie 0" not in text and "après la partie ?" not in text


@pytest.mark.django_db
def test_a_team_withdrawn_later_still_names_its_last_partie(
    contest: Any, organiser_client: Any
) -> None:
    entry = add_teams(contest, 2)[0]
    Entry.objects.filter(pk=entry.pk).update(withdrawn_after_round=2)
    page = organiser_client.get(_url(contest, "tournaments:entries")).content.decode()
    assert "retirée après la partie 2" in page and "avant la première partie" not in page


@pytest.mark.django_db
def test_a_player_alone_withdrawn_before_the_first_partie(club: Any, organiser_client: Any) -> None:
    melee = make_contest(club, entry_mode="melee", slug="melee")
    organiser_client.post(_url(melee, "tournaments:solos"), {"player1": "Jean Martin"})
    solo = SoloEntry.objects.get(contest=melee)
    answer = organiser_client.post(
        _url(melee, "tournaments:solo_action", solo_id=solo.pk, action="retirer"), follow=True
    ).content.decode()
    assert SoloEntry.objects.get(pk=solo.pk).withdrawn_after_round == 0
    assert "Jean Martin retiré(e) avant la première partie." in answer
    page = organiser_client.get(_url(melee, "tournaments:solos")).content.decode()
    assert "retiré avant la première partie" in page
    for text in (answer, page):
        assert "après la partie 0" not in text
    SoloEntry.objects.filter(pk=solo.pk).update(withdrawn_after_round=1)
    page = organiser_client.get(_url(melee, "tournaments:solos")).content.decode()
    assert "retiré après la partie 1" in page and "avant la première partie" not in page
