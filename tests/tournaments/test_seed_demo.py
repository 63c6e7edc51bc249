"""``seed_demo`` loads a usable demo and is idempotent."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from tournaments.models import Club, Contest, Entry, Membership, Player


def _counts() -> dict[str, int]:
    return {
        "clubs": Club.objects.count(),
        "players": Player.objects.count(),
        "contests": Contest.objects.count(),
        "entries": Entry.objects.count(),
        "memberships": Membership.objects.count(),
    }


@pytest.mark.django_db
def test_seed_demo_twice_changes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("seed_demo")
    first = _counts()
    call_command("seed_demo")
    assert _counts() == first
    assert first["clubs"] == 1
    assert first["entries"] == 24
    assert first["players"] == 48
    out = capsys.readouterr().out
    assert "demo" in out and "belote-demo-2026" in out


@pytest.mark.django_db
def test_demo_organiser_can_log_in() -> None:
    call_command("seed_demo")
    user = authenticate(username="demo", password="belote-demo-2026")
    assert user is not None
    assert Membership.objects.get(user=user).role == Membership.Role.ORGANISER
