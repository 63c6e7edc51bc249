"""``/healthz``: 200 when the database (and broker, if any) answer, 503 with a reason otherwise."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.test import Client


@pytest.mark.django_db
def test_healthy(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


@pytest.mark.django_db
def test_database_down_gives_503(client: Client) -> None:
    with mock.patch("config.health.connection.cursor", side_effect=OSError("connection refused")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "reasons": ["database unreachable"]}


@pytest.mark.django_db
def test_broker_configured_and_down_gives_503(client: Client, settings: Any) -> None:
    # Nothing listens on port 9 (discard) of loopback: the connection is refused at once.
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:9/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert "broker unreachable" in response.json()["reasons"]


@pytest.mark.django_db
def test_only_get(client: Client) -> None:
    assert client.post("/healthz").status_code == 405
