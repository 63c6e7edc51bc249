"""The cockpit's standings step before and after the standings are public: before, the
organiser checks them on the palmarès (the public page would answer « pas encore publié »);
after, the step links to the public standings."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.models import ScoreSheet
from tests.scoring.helpers import finish_game
from tests.tournaments.conftest import add_teams, make_contest
from tournaments import services
from tournaments.contests.cockpit import cockpit_of


def _standings_step(contest: Any) -> Any:
    return next(s for s in cockpit_of(contest).steps if s.key == "standings")


@pytest.mark.django_db
def test_unpublished_standings_are_checked_on_the_palmares_then_seen_in_public(
    club: Any,
) -> None:
    contest = make_contest(club, rounds_count=3)
    add_teams(contest, 4)
    round1 = services.publish_round(services.generate_round(contest, seed=3))
    for sheet in ScoreSheet.objects.filter(table__round=round1).select_related("table__round"):
        finish_game(sheet)
    public = reverse(
        "scores:standings", kwargs={"club_slug": club.slug, "contest_slug": contest.slug}
    )
    palmares = reverse("publishing:print_ranking", args=[club.slug, contest.pk])
    step = _standings_step(contest)
    links = {a.label: a.url for a in step.actions}
    assert links["Voir le classement (avant publication)"] == palmares
    assert public not in links.values()
    assert "Pas encore publié : le public ne le voit pas." in step.lines
    services.set_round_visibility(round1, show_draw=True, show_results=True, show_standings=True)
    step = _standings_step(contest)
    links = {a.label: a.url for a in step.actions}
    assert links["Voir le classement"] == public
    assert palmares not in links.values()
    assert "Pas encore publié : le public ne le voit pas." not in step.lines
