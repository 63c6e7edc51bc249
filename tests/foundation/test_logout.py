"""Logging out through the "Déconnexion" button every page's header renders (was HTTP 500:
``LOGOUT_REDIRECT_URL`` named a URL that does not exist)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from tests.conftest import PASSWORD


def _logout_form(html: str) -> tuple[str, dict[str, str]]:
    """The action and the fields of the header's logout form, as the page renders them."""
    forms = re.findall(r"<form\b([^>]*)>(.*?)</form>", html, flags=re.S)
    for attrs, body in forms:
        if "Déconnexion" not in body:
            continue
        assert re.search(r'method="post"', attrs)
        action = unescape(re.search(r'action="([^"]*)"', attrs)[1])
        fields = {
            unescape(name): unescape(value)
            for name, value in re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', body)
        }
        return action, fields
    raise AssertionError("no logout form on the page")


@pytest.mark.django_db
def test_logout_through_the_header_form(organiser: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/compte/connexion/")  # the CSRF cookie, as a browser gets it
    login_page = client.get("/compte/connexion/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login_page)[1]
    response = client.post(
        "/compte/connexion/",
        {"username": "organisatrice", "password": PASSWORD, "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302
    dashboard = client.get("/orga/")
    assert dashboard.status_code == 200
    action, fields = _logout_form(dashboard.content.decode())
    assert "csrfmiddlewaretoken" in fields
    response = client.post(action, fields)
    assert response.status_code == 302
    assert response.url == "/"
    assert "_auth_user_id" not in client.session
    home = client.get(response.url)
    assert home.status_code == 200
    assert "Déconnexion" not in home.content.decode()
    assert client.get("/orga/").status_code == 302  # back to the login page
