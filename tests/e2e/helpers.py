"""What the browser tests do the same way: log a member of the club in."""

from __future__ import annotations

from typing import Any

from tests.conftest import PASSWORD


def log_in(page: Any, base: str, username: str) -> None:
    """Log ``username`` in through the login page, as a person types it, and wait for the
    organiser's pages."""
    page.goto(base + "/compte/connexion/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_url("**/orga/**")
