"""Error pages are French, in the site's layout, and reveal nothing."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_404_is_french_and_generic(client: Client) -> None:
    response = client.get("/concours/inconnu/introuvable/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page introuvable" in html
    assert "Traceback" not in html and "urlpatterns" not in html


@pytest.mark.django_db
def test_csrf_failure_is_french_and_403() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/compte/connexion/", {"username": "x", "password": "y"})
    assert response.status_code == 403
    assert "Formulaire expiré" in response.content.decode()
