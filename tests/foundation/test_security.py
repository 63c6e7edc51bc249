"""Security headers on every page and throttled organiser login."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from tests.conftest import PASSWORD


@pytest.fixture(autouse=True)
def _clear_cache() -> None:
    cache.clear()


@pytest.mark.django_db
def test_headers_on_pages(client: Client) -> None:
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_no_inline_script_in_base_page(client: Client) -> None:
    html = client.get("/compte/connexion/").content.decode()
    # Every <script> tag loads a file: nothing inline for the CSP to block.
    for chunk in html.split("<script")[1:]:
        assert 'src="' in chunk.split(">")[0]


def _login(client: Client, username: str, password: str, addr: str = "10.0.0.1") -> Any:
    return client.post(
        "/compte/connexion/", {"username": username, "password": password}, REMOTE_ADDR=addr
    )


@pytest.mark.django_db
def test_login_works(client: Client, organiser: Any) -> None:
    response = _login(client, "organisatrice", PASSWORD)
    assert response.status_code == 302
    assert response.url == "/orga/"


@pytest.mark.django_db
def test_failed_logins_are_throttled_per_user(client: Client, organiser: Any) -> None:
    for _ in range(5):
        response = _login(client, "organisatrice", "mauvais")
        assert response.status_code == 200
    # Even the right password is refused while the window lasts.
    response = _login(client, "organisatrice", PASSWORD)
    assert response.status_code == 429
    assert "Trop de tentatives" in response.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_failed_logins_are_throttled_per_address(client: Client, organiser: Any) -> None:
    for index in range(20):
        _login(client, f"inconnu{index}", "mauvais", addr="10.9.9.9")
    assert _login(client, "organisatrice", PASSWORD, addr="10.9.9.9").status_code == 429
    assert _login(client, "organisatrice", PASSWORD, addr="10.1.1.1").status_code == 302


@pytest.mark.django_db
def test_success_clears_user_counter(client: Client, organiser: Any) -> None:
    for _ in range(4):
        _login(client, "organisatrice", "mauvais")
    assert _login(client, "organisatrice", PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        assert _login(client, "organisatrice", "mauvais").status_code == 200
    assert _login(client, "organisatrice", PASSWORD).status_code == 302
