"""A database outage answers 503 in French with Retry-After, never a 500."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import OperationalError, ProgrammingError
from django.test import Client


@pytest.mark.django_db
def test_lost_database_gives_503(client: Client) -> None:
    with mock.patch(
        "publishing.public.contest.Contest.objects.filter",
        side_effect=OperationalError("server closed the connection unexpectedly"),
    ):
        response = client.get("/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "Réessayez" in response.content.decode()


@pytest.mark.django_db
def test_a_bad_query_is_not_disguised_as_an_outage() -> None:
    client = Client(raise_request_exception=True)
    with (
        mock.patch(
            "publishing.public.contest.Contest.objects.filter",
            side_effect=ProgrammingError("no such column"),
        ),
        pytest.raises(ProgrammingError),
    ):
        client.get("/")
