"""Every organiser and public page renders for an organiser, with real data (GET 200)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Round


@pytest.mark.django_db
def test_organiser_pages_render(contest_with_teams: Any, organiser_client: Any) -> None:
    contest = contest_with_teams
    club = contest.club
    round_ = services.generate_round(contest, seed=7)
    entry = contest.entries.first()
    player = club.players.first()
    kw = {"club_slug": club.slug, "contest_id": contest.pk}
    rkw = kw | {"round_number": round_.number}
    urls = [
        reverse("tournaments:dashboard"),
        reverse("tournaments:club", kwargs={"club_slug": club.slug}),
        reverse("tournaments:players", kwargs={"club_slug": club.slug}),
        reverse("tournaments:players", kwargs={"club_slug": club.slug}) + "?q=nom",
        reverse("tournaments:player_edit", kwargs={"club_slug": club.slug, "player_id": player.pk}),
        reverse("tournaments:player_suggestions", kwargs={"club_slug": club.slug}) + "?q=nom0",
        reverse("tournaments:contest_create", kwargs={"club_slug": club.slug}),
        reverse("tournaments:contest_create", kwargs={"club_slug": club.slug})
        + "?preset=ffb_contree_2016",
        reverse("tournaments:contest", kwargs=kw),
        reverse("tournaments:contest_edit", kwargs=kw),
        reverse("tournaments:entries", kwargs=kw),
        reverse("tournaments:entries_import", kwargs=kw),
        reverse("tournaments:entry_edit", kwargs=kw | {"entry_id": entry.pk}),
        reverse("tournaments:round", kwargs=rkw),
        reverse("tournaments:round_delete", kwargs=rkw),
        reverse("tournaments:round_print", kwargs=rkw),
        reverse("tournaments:round_projector", kwargs=rkw),
    ]
    for url in urls:
        response = organiser_client.get(url)
        assert response.status_code == 200, url
    services.publish_round(round_)
    public = reverse(
        "public:round",
        kwargs={"club_slug": club.slug, "contest_slug": contest.slug, "round_number": 1},
    )
    for url in (reverse("public:home"), contest.public_url, public, public + "projection/"):
        assert organiser_client.get(url).status_code == 200, url
    assert Round.objects.get(pk=round_.pk).status == Round.Status.PUBLISHED
