"""The contest log records who changed what, before and after, and cannot be edited."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.sites import site
from django.test import Client, RequestFactory
from django.urls import reverse

from tests.conftest import PASSWORD
from tournaments import audit, services
from tournaments.models import AuditEvent, Contest, Entry


@pytest.fixture
def contest(club: Any) -> Contest:
    import datetime

    return services.create_contest(
        club,
        {"name": "Concours du printemps", "slug": "printemps", "date": datetime.date(2027, 3, 1)},
    )


def _team(contest: Contest, n: int) -> Entry:
    p1 = services.save_player(contest.club, first_name=f"Anne{n}", last_name=f"Martin{n}")
    p2 = services.save_player(contest.club, first_name=f"Paul{n}", last_name=f"Durand{n}")
    return services.add_entry(contest, services.EntryValues(player1=p1, player2=p2))


@pytest.mark.django_db
def test_services_record_before_and_after(contest: Contest, organiser: Any) -> None:
    with audit.acting_as(organiser):
        entry = _team(contest, 1)
        services.set_entry_flag(entry, "paid", True)
    events = list(AuditEvent.objects.filter(contest=contest).order_by("id"))
    assert [e.action for e in events] == ["contest.create", "entry.create", "entry.paid"]
    paid = events[-1]
    assert paid.actor == organiser
    assert paid.before == {"paid": False} and paid.after == {"paid": True}
    assert paid.target_type == "entry" and paid.target_id == entry.pk
    # Outside a request or acting_as block, the author is the system.
    assert events[0].actor is None and events[0].actor_label == "système"


@pytest.mark.django_db
def test_unchanged_values_record_nothing(contest: Contest) -> None:
    entry = _team(contest, 1)
    count = AuditEvent.objects.count()
    services.set_entry_flag(entry, "paid", False)  # already unpaid
    assert AuditEvent.objects.count() == count


@pytest.mark.django_db
def test_round_draw_and_edits_are_logged(contest: Contest) -> None:
    for n in range(1, 5):
        entry = _team(contest, n)
        services.set_entry_flag(entry, "checked_in", True)
    round_ = services.generate_round(contest, seed=7)
    first, second = (
        Entry.objects.get(pk=t.entry_a_id) for t in round_.tables.order_by("number")[:2]
    )
    services.swap_entries(round_, first, second)
    services.undo_last_edit(round_)
    services.publish_round(round_)
    actions = list(
        AuditEvent.objects.filter(action__startswith="round.")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["round.generate", "round.swap", "round.undo", "round.publish"]
    swap = AuditEvent.objects.get(action="round.swap")
    assert swap.before["tables"] != swap.after["tables"]
    undo = AuditEvent.objects.get(action="round.undo")
    assert undo.after["tables"] == swap.before["tables"]


@pytest.mark.django_db
def test_organiser_reads_the_log_through_a_request(
    client: Client, contest: Contest, organiser: Any
) -> None:
    client.login(username="organisatrice", password=PASSWORD)
    p1 = services.save_player(contest.club, first_name="Léa", last_name="Roux")
    p2 = services.save_player(contest.club, first_name="Jean", last_name="Roux")
    entry = services.add_entry(contest, services.EntryValues(player1=p1, player2=p2))
    url = reverse(
        "tournaments:entry_action", args=[contest.club.slug, contest.pk, entry.pk, "payer"]
    )
    assert client.post(url).status_code in (200, 302)
    event = AuditEvent.objects.get(action="entry.paid")
    assert event.actor == organiser  # set by the middleware from the request
    page = client.get(reverse("tournaments:contest_log", args=[contest.club.slug, contest.pk]))
    html = page.content.decode()
    assert f"Équipe {entry.number} « Roux – Roux » a payé par organisatrice" in html
    assert "paid : False → True" not in html
    filtered = client.get(
        reverse("tournaments:contest_log", args=[contest.club.slug, contest.pk]), {"type": "round"}
    )
    assert "a payé" not in filtered.content.decode()


@pytest.mark.django_db
def test_outsider_cannot_read_the_log(client: Client, contest: Contest, outsider: Any) -> None:
    client.login(username="voisin", password=PASSWORD)
    url = reverse("tournaments:contest_log", args=[contest.club.slug, contest.pk])
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_admin_cannot_edit_the_log(contest: Contest, admin_user: Any) -> None:
    request = RequestFactory().get("/")
    request.user = admin_user
    model_admin = site._registry[AuditEvent]
    event = AuditEvent.objects.first()
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request, event)
    assert not model_admin.has_delete_permission(request, event)
