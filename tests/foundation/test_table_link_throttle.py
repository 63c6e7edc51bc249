"""Table links are throttled: wrong links per address, and requests per link."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from config import ratelimit


@pytest.mark.django_db
def test_an_address_guessing_links_is_stopped(monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 5)
    client = Client(REMOTE_ADDR="10.0.0.7")
    for index in range(5):
        assert client.get(f"/table/r1/t1/devine{index}/").status_code == 404
    response = client.get("/table/r1/t1/devine-encore/")
    assert response.status_code == 429
    assert "Trop de demandes" in response.content.decode()
    assert response["Retry-After"] == str(ratelimit.WINDOW_SECONDS)
    # Another address is not affected.
    assert Client(REMOTE_ADDR="10.0.0.8").get("/table/r1/t1/autre/").status_code == 404


@pytest.mark.django_db
def test_a_runaway_client_on_one_link_is_stopped(monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_REQUESTS_PER_LINK", 3)
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 100)
    client = Client()
    for _ in range(3):
        assert client.get("/table/r1/t1/meme-lien/").status_code == 404
    assert client.get("/table/r1/t1/meme-lien/").status_code == 429
    assert client.get("/table/r1/t1/un-autre-lien/").status_code == 404


@pytest.mark.django_db
def test_other_pages_are_not_throttled(monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 1)
    client = Client()
    for _ in range(3):
        assert client.get("/concours/x/y/").status_code == 404
