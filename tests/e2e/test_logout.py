"""An organiser clicks "Déconnexion" in the header, in a real browser (was HTTP 500)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import PASSWORD


@pytest.mark.django_db(transaction=True)
def test_logout_button_logs_out(live_server: Any, organiser: Any, browser: Any) -> None:
    page = browser()
    page.goto(f"{live_server.url}/compte/connexion/")
    page.get_by_label("Identifiant").fill("organisatrice")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url(f"{live_server.url}/orga/")

    with page.expect_navigation() as navigation:
        page.get_by_role("button", name="Déconnexion").click()
    assert navigation.value.status == 200
    assert page.url == f"{live_server.url}/"
    assert page.get_by_role("button", name="Déconnexion").count() == 0
    assert page.get_by_role("link", name="Connexion").count() == 1
    page.goto(f"{live_server.url}/orga/")
    assert "/compte/connexion/" in page.url
    assert page.errors == []
