"""Sessions on shared laptops, and HSTS preload as an opt-in (issue 13 item 12)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.conftest import PASSWORD

ROOT = Path(__file__).resolve().parents[2]
PROD = {
    "SECRET_KEY": "p" * 30 + "-a-long-random-production-secret-9f8e7d6c5b4a",
    "ALLOWED_HOSTS": "belote.example",
    "DEBUG": "0",
}
PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({'preload': s.SECURE_HSTS_PRELOAD, 'hsts': s.SECURE_HSTS_SECONDS, "
    "'age': s.SESSION_COOKIE_AGE, 'silenced': s.SILENCED_SYSTEM_CHECKS}))"
)


def _settings(**env: str) -> Any:
    base = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DATABASE_URL"}}
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.django_db
def test_an_organiser_session_ends_with_the_browser(organiser: Any) -> None:
    client = Client()
    response = client.post(
        "/compte/connexion/", {"username": organiser.username, "password": PASSWORD}
    )
    assert response.status_code == 302
    cookie = response.cookies["sessionid"]
    # No Max-Age/Expires: the browser forgets the session when it closes.
    assert not cookie["max-age"] and not cookie["expires"]


@pytest.mark.django_db
def test_a_session_expires_at_the_latest_after_its_age(organiser: Any, settings: Any) -> None:
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    client = Client()
    client.post("/compte/connexion/", {"username": organiser.username, "password": PASSWORD})
    session = Session.objects.get(session_key=client.cookies["sessionid"].value)
    left = (session.expire_date - timezone.now()).total_seconds()
    assert settings.SESSION_COOKIE_AGE - 60 < left <= settings.SESSION_COOKIE_AGE
    # A page read does not write the session (no write during a database outage).
    assert client.get("/orga/").status_code == 200
    assert Session.objects.get(pk=session.pk).expire_date == session.expire_date


def test_session_hours_and_hsts_preload_are_opt_in() -> None:
    default = _settings(**PROD)
    assert default["age"] == 12 * 3600
    assert default["hsts"] > 0 and default["preload"] is False
    assert "security.W021" in default["silenced"]
    opted = _settings(**PROD, SECURE_HSTS_PRELOAD="1", SESSION_HOURS="2")
    assert opted["preload"] is True and opted["age"] == 7200
    assert "security.W021" not in opted["silenced"]
