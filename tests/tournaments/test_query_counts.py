"""Pairing pages run a number of SQL queries that does not grow with the number of teams."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.conftest import add_teams, make_contest
from tournaments import services


def _count(client: Any, method: str, url: str, data: Any = None) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = getattr(client, method)(url, data or {})
    assert response.status_code in (200, 302), (url, response.status_code)
    return len(ctx.captured_queries)


def _measure(club: Any, client: Any, teams: int) -> dict[str, int]:
    contest = make_contest(club, slug=f"c{teams}")
    add_teams(contest, teams, start=teams * 10)
    services.publish_round(services.generate_round(contest, seed=1))
    kw = {"club_slug": club.slug, "contest_id": contest.pk}
    counts = {
        "generate": _count(
            client, "post", reverse("tournaments:round_generate", kwargs=kw), {"seed": "2"}
        )
    }
    rkw = kw | {"round_number": 2}
    for name in ("round", "round_print", "round_projector"):
        counts[name] = _count(client, "get", reverse(f"tournaments:{name}", kwargs=rkw))
    counts["swap"] = _count(
        client, "post", reverse("tournaments:round_swap", kwargs=rkw), {"first": "1", "second": "2"}
    )
    counts["undo"] = _count(client, "post", reverse("tournaments:round_undo", kwargs=rkw))
    counts["publish"] = _count(client, "post", reverse("tournaments:round_publish", kwargs=rkw))
    counts["entries"] = _count(client, "get", reverse("tournaments:entries", kwargs=kw))
    public = reverse(
        "public:round",
        kwargs={"club_slug": club.slug, "contest_slug": contest.slug, "round_number": 2},
    )
    counts["public"] = _count(client, "get", public)
    return counts


@pytest.mark.django_db
def test_pairing_pages_constant_queries_20_vs_200_teams(club: Any, organiser_client: Any) -> None:
    small = _measure(club, organiser_client, 20)
    large = _measure(club, organiser_client, 200)
    # Publishing creates the round's score sheets in one bulk INSERT, which SQLite splits into
    # batches (Django keeps under its 999 bound parameters): a few more statements, never one
    # per table.
    from django.db import connection

    slack = 3 if connection.vendor == "sqlite" else 0
    assert small["publish"] <= large.pop("publish") <= small.pop("publish") + slack
    assert large == small, {k: (small[k], large[k]) for k in small if small[k] != large[k]}
    assert max(large.values()) <= 40
