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


@pytest.mark.django_db
def test_demo_contest_has_a_real_ruleset_and_a_published_first_round() -> None:
    from engine.belote.rules import ruleset_from_json
    from tournaments.models import Round, Table

    call_command("seed_demo")
    contest = Contest.objects.get(slug="concours-d-automne")
    rules = ruleset_from_json(contest.ruleset)
    assert contest.preset == "club_contest"
    assert rules.game_end.value == "deals" and rules.deals_per_game == 12
    assert contest.rules_frozen_at is not None and contest.status == Contest.Status.RUNNING
    round_ = Round.objects.get(contest=contest)
    assert round_.number == 1 and round_.status == Round.Status.PUBLISHED and round_.show_draw
    assert Table.objects.filter(round=round_, entry_b__isnull=False).count() == 12
    seated = set(Table.objects.filter(round=round_).values_list("entry_a", "entry_b"))
    assert len({e for pair in seated for e in pair}) == 24
    call_command("seed_demo")
    assert Round.objects.filter(contest=contest).count() == 1
    assert Table.objects.filter(round__contest=contest).count() == 12


@pytest.mark.django_db
def test_demo_players_are_distinct_people() -> None:
    """No two demo players share a first and last name, nor a licence (no homonym trap)."""
    call_command("seed_demo")
    players = list(Player.objects.values_list("first_name", "last_name", "licence"))
    names = {(first, last) for first, last, _licence in players}
    licences = {licence for _first, _last, licence in players}
    assert len(names) == len(players) == 48
    assert len(licences) == len(players)
