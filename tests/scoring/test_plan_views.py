"""The organiser pages of a change of plan: reachable from the cockpit and the round page,
a confirmation step listing the consequences before anything changes, clear 4xx refusals."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.models import ScoreSheet
from tests.scoring.test_plan_changes import _contest, _new_entry, _publish
from tests.tournaments.conftest import login
from tournaments.models import AuditEvent, Contest, Table


def _urls(contest: Contest, number: int = 1) -> dict[str, str]:
    base = {"club_slug": contest.club.slug, "contest_id": contest.pk}
    return {
        "cockpit": reverse("tournaments:contest", kwargs=base),
        "plan": reverse("tournaments:plan", kwargs=base),
        "round": reverse("tournaments:round", kwargs=base | {"round_number": number}),
        "latecomer": reverse("tournaments:plan_latecomer", kwargs=base | {"round_number": number}),
        "tables": reverse("tournaments:plan_tables", kwargs=base | {"round_number": number}),
    }


@pytest.mark.django_db
def test_the_pages_are_linked_from_the_cockpit_and_the_round(club: Any, organiser: Any) -> None:
    contest = _contest(club, 8)
    _publish(contest)
    urls, orga = _urls(contest), login(organiser)
    assert urls["plan"] in orga.get(urls["cockpit"]).content.decode()
    page = orga.get(urls["round"]).content.decode()
    assert urls["latecomer"] in page and urls["tables"] in page
    plan = orga.get(urls["plan"]).content.decode()
    assert urls["latecomer"] in plan and urls["tables"] in plan
    assert "En jeu : partie 1 sur 6." in plan
    assert contest.get_absolute_url() in plan  # breadcrumbs back to the cockpit


@pytest.mark.django_db
def test_changing_the_number_of_parties_asks_for_a_reason_then_a_confirmation(
    club: Any, organiser: Any
) -> None:
    contest = _contest(club, 8)
    _publish(contest)
    urls, orga = _urls(contest), login(organiser)
    missing = orga.post(urls["plan"], {"count": 5, "reason": " "})
    assert missing.status_code == 400 and "Indiquez le motif" in missing.content.decode()
    bad = orga.post(urls["plan"], {"count": "cinq", "reason": "vote"})
    assert bad.status_code == 400 and "nombre entier" in bad.content.decode()
    step = orga.post(urls["plan"], {"count": 5, "reason": "vote de la salle"})
    text = step.content.decode()
    assert step.status_code == 200 and "5 parties au lieu de 6" in text
    assert 'name="confirmed" value="1"' in text
    assert Contest.objects.get(pk=contest.pk).rounds_count == 6  # nothing changed yet
    done = orga.post(urls["plan"], {"count": 5, "reason": "vote de la salle", "confirmed": "1"})
    assert done.status_code == 302 and done["Location"] == contest.get_absolute_url()
    contest.refresh_from_db()
    assert contest.rounds_count == 5 and contest.ruleset["games_per_contest"] == 5
    log = orga.get(
        reverse(
            "tournaments:contest_log", kwargs={"club_slug": club.slug, "contest_id": contest.pk}
        )
    )
    assert "5 parties au lieu de 6" in log.content.decode()
    below = orga.post(urls["plan"], {"count": 0, "reason": "x", "confirmed": "1"})
    assert below.status_code == 400


@pytest.mark.django_db
def test_the_latecomer_page_confirms_then_seats_against_the_bye(club: Any, organiser: Any) -> None:
    contest = _contest(club, 9)
    _publish(contest)
    late = _new_entry(contest, 1)
    urls, orga = _urls(contest), login(organiser)
    page = orga.get(urls["latecomer"]).content.decode()
    assert late.display_name in page and "exempte" in page
    values = {"entry": late.number, "opponent": "exempt", "reason": "train en retard"}
    step = orga.post(urls["latecomer"], values)
    assert step.status_code == 200 and "900 points" in step.content.decode()
    assert Table.objects.filter(entry_b=late).count() == 0
    done = orga.post(urls["latecomer"], values | {"confirmed": "1"})
    assert done.status_code == 302 and done["Location"] == urls["round"]
    table = Table.objects.get(entry_b=late)
    assert ScoreSheet.objects.get(table=table).kind == ScoreSheet.Kind.DEALS
    again = orga.post(urls["latecomer"], values | {"confirmed": "1"})
    assert again.status_code == 400  # no longer offered: it sits at a table


@pytest.mark.django_db
def test_the_latecomer_page_says_why_when_nobody_can_play_them(club: Any, organiser: Any) -> None:
    contest = _contest(club, 8)
    _publish(contest)
    _new_entry(contest, 1)
    urls, orga = _urls(contest), login(organiser)
    page = orga.get(urls["latecomer"])
    assert page.status_code == 200 and "aucune équipe n'est exempte ni en attente" in (
        page.content.decode()
    )


@pytest.mark.django_db
def test_the_table_page_moves_a_match_after_confirmation(club: Any, organiser: Any) -> None:
    contest = _contest(club, 8)
    _publish(contest)
    urls, orga = _urls(contest), login(organiser)
    page = orga.get(urls["tables"]).content.decode()
    assert "Numéros libres : 5, 6, 7" in page
    taken = orga.post(
        urls["tables"], {"table": 2, "mode": "deplacer", "target": 3, "reason": "cassée"}
    )
    assert taken.status_code == 409 and "est occupée" in taken.content.decode()
    values = {"table": 2, "mode": "deplacer", "target": 7, "reason": "cassée"}
    step = orga.post(urls["tables"], values)
    assert step.status_code == 200 and "QR code" in step.content.decode()
    assert Table.objects.filter(round__contest=contest, number=7).count() == 0
    done = orga.post(urls["tables"], values | {"confirmed": "1"})
    assert done.status_code == 302
    assert Table.objects.get(round__contest=contest, number=7).former_numbers == [2]
    swap = {"table": 7, "mode": "echanger", "target": 1, "reason": "lumière", "confirmed": "1"}
    assert orga.post(urls["tables"], swap).status_code == 302
    assert AuditEvent.objects.filter(action__startswith="plan.table").count() == 2
    wrong = orga.post(urls["tables"], {"table": 99, "mode": "deplacer", "target": 8, "reason": "x"})
    assert wrong.status_code == 400 and "existe pas dans cette partie" in wrong.content.decode()


@pytest.mark.django_db
def test_a_draft_or_closed_round_is_refused_without_a_server_error(
    club: Any, organiser: Any
) -> None:
    from tournaments import services

    contest = _contest(club, 8)
    first = _publish(contest)
    services.close_round(first)
    urls, orga = _urls(contest), login(organiser)
    values = {"table": 1, "mode": "deplacer", "target": 9, "reason": "x", "confirmed": "1"}
    closed = orga.post(urls["tables"], values)
    assert closed.status_code == 409 and "close" in closed.content.decode()
    late = orga.post(urls["latecomer"], {"entry": 1, "opponent": "exempt", "reason": "x"})
    assert late.status_code == 409
    services.reopen_round(first, reason="erreur")
    services.generate_round(contest, seed=2)
    draft = _urls(contest, 2)
    assert orga.get(draft["tables"]).status_code == 200
    assert orga.post(draft["tables"], values).status_code == 409
    assert Table.objects.filter(round__contest=contest, number=9).count() == 0
