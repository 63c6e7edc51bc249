"""A result of a partie changed after a later partie was drawn on its ranking needs a reason.

Deal corrections and the totals form are tested in ``test_day_order.py``; here every other
organiser action that changes a result of the partie: deleting the last deal, reopening a
confirmed sheet, scoring a forfeit and cancelling it. Once partie 2 is drawn by ranking each
is refused without a reason (400, a French message, the sheet's page shows the warning with
the reason field marked "obligatoire", nothing changed), accepted with one, and the reason is
in the sheet's history and the contest's journal. Before any later draw, no reason is asked.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services as scoring_services
from scoring.models import DealCorrection, ScoreSheet
from tests.scoring.conftest import organiser_url, page_text, table_url
from tests.scoring.helpers import finish_game
from tests.tournaments.conftest import add_teams, login, make_contest
from tournaments import services
from tournaments.models import AuditEvent

WARNING = "La partie 2 a déjà été tirée selon le classement"


@pytest.fixture
def day(club: Any) -> dict[str, Any]:
    """Nine teams (one bye), partie 1 published: four tables to play, by ranking next."""
    contest = make_contest(club)
    add_teams(contest, 9)
    first = services.publish_round(services.generate_round(contest, seed=7))
    sheets = {
        s.table.number: s
        for s in ScoreSheet.objects.filter(table__round=first).select_related(
            "table__round__contest__club"
        )
    }
    return {"contest": contest, "sheets": sheets}


def _fresh(sheet: ScoreSheet) -> ScoreSheet:
    return ScoreSheet.objects.select_related("table__round__contest__club").get(pk=sheet.pk)


def _finished(sheet: ScoreSheet) -> ScoreSheet:
    return _fresh(finish_game(sheet))


def _confirmed(sheet: ScoreSheet) -> ScoreSheet:
    sheet = _finished(sheet)
    scoring_services.confirm_sheet(sheet.pk, version=sheet.version, organiser=True)
    return _fresh(sheet)


def _forfeited(sheet: ScoreSheet) -> ScoreSheet:
    scoring_services.score_forfeit(sheet.pk, forfeit_loser="b", version=_fresh(sheet).version)
    return _fresh(sheet)


@dataclass(frozen=True)
class Case:
    """One result-changing action: the sheet it starts from, its form, what it changes."""

    url_name: str
    prepare: Callable[[ScoreSheet], ScoreSheet]
    data: Callable[[ScoreSheet], dict[str, Any]]
    # The sheet's state the action changes: equal before a refusal, different after.
    state: Callable[[ScoreSheet], Any]
    history_action: str
    journal_action: str
    reason_field: str


CASES = {
    "delete": Case(
        "sheet_delete",
        _finished,
        lambda s: {"version": s.version, "client_id": str(uuid.uuid4())},
        lambda s: (s.deal_count, s.status),
        DealCorrection.Action.DELETED,
        "deal.delete",
        "id_delete_reason",
    ),
    "reopen": Case(
        "sheet_reopen",
        _confirmed,
        lambda s: {"version": s.version},
        lambda s: s.status,
        DealCorrection.Action.REOPENED,
        "sheet.reopen",
        "id_reopen_reason",
    ),
    "forfeit": Case(
        "sheet_forfeit",
        _fresh,
        lambda s: {"version": s.version, "forfeit_loser": "a"},
        lambda s: (s.kind, s.forfeit_loser, s.total_a, s.total_b),
        DealCorrection.Action.FORFEIT,
        "sheet.forfeit",
        "id_forfeit_reason",
    ),
    "cancel_forfeit": Case(
        "sheet_forfeit",
        _forfeited,
        lambda s: {"version": s.version, "forfeit_loser": ""},
        lambda s: (s.kind, s.forfeit_loser, s.total_a, s.total_b),
        DealCorrection.Action.FORFEIT,
        "sheet.forfeit",
        "id_forfeit_reason",
    ),
}


def _draw_partie_2(contest: Any) -> None:
    # Forced: the other tables of partie 1 are still to play (the reason goes to the journal).
    services.generate_round(contest, force_reason="la salle ferme à 19 h")


def _journal(client: Client, contest: Any) -> str:
    url = reverse("tournaments:contest_log", args=[contest.club.slug, contest.pk])
    return page_text(client.get(url))


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(CASES))
def test_after_a_later_draw_the_change_needs_a_reason_that_the_journal_keeps(
    day: dict[str, Any], organiser: Any, name: str
) -> None:
    case = CASES[name]
    sheet = case.prepare(day["sheets"][1])
    history_before = DealCorrection.objects.filter(sheet=sheet, action=case.history_action).count()
    _draw_partie_2(day["contest"])
    client = login(organiser)
    page = page_text(client.get(organiser_url(sheet, "sheet")))
    assert WARNING in page
    field = page.split(f'id="{case.reason_field}"')[0].rsplit("<label", 1)[1]
    assert "Motif (obligatoire)" in field

    url = organiser_url(sheet, case.url_name)
    for blank in ("", "   "):
        refused = client.post(url, case.data(_fresh(sheet)) | {"reason": blank})
        assert refused.status_code == 400
        text = page_text(refused)
        assert "Motif obligatoire" in text and WARNING in text
        assert case.state(_fresh(sheet)) == case.state(sheet)  # nothing changed
        assert (
            DealCorrection.objects.filter(sheet=sheet, action=case.history_action).count()
            == history_before
        )

    done = client.post(url, case.data(_fresh(sheet)) | {"reason": "Erreur de l'arbitre"})
    assert done.status_code == 302
    assert case.state(_fresh(sheet)) != case.state(sheet)
    last = DealCorrection.objects.filter(sheet=sheet, action=case.history_action).latest("pk")
    assert last.reason == "Erreur de l'arbitre"
    event = AuditEvent.objects.filter(action=case.journal_action).latest("pk")
    assert (event.after or {})["reason"] == "Erreur de l'arbitre"
    assert "(motif : Erreur de l'arbitre)" in _journal(client, day["contest"])


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(CASES))
def test_before_any_later_draw_no_reason_is_asked(
    day: dict[str, Any], organiser: Any, name: str
) -> None:
    case = CASES[name]
    sheet = case.prepare(day["sheets"][1])
    client = login(organiser)
    page = page_text(client.get(organiser_url(sheet, "sheet")))
    assert WARNING not in page
    assert "Motif (obligatoire)" not in page
    field = page.split(f'id="{case.reason_field}"')[0].rsplit("<label", 1)[1]
    assert "Motif (facultatif)" in field
    done = client.post(organiser_url(sheet, case.url_name), case.data(_fresh(sheet)))
    assert done.status_code == 302
    assert case.state(_fresh(sheet)) != case.state(sheet)


@pytest.mark.django_db
def test_a_refused_forfeit_keeps_what_was_chosen_and_opens_its_form(
    day: dict[str, Any], organiser: Any
) -> None:
    sheet = _fresh(day["sheets"][1])
    _draw_partie_2(day["contest"])
    client = login(organiser)
    refused = client.post(
        organiser_url(sheet, "sheet_forfeit"), {"version": sheet.version, "forfeit_loser": "b"}
    )
    assert refused.status_code == 400
    text = page_text(refused)
    assert '<details id="forfeit-panel" open>' in text
    assert 'value="b" checked' in text or 'value="b" selected' in text


@pytest.mark.django_db
def test_a_random_later_draw_asks_no_reason(club: Any, organiser: Any) -> None:
    """Only a draw by ranking used the partie's results: a random draw of partie 2 did not."""
    contest = make_contest(club, pairing_method="draw_every_round")
    add_teams(contest, 8)
    first = services.publish_round(services.generate_round(contest, seed=7))
    sheet = _finished(ScoreSheet.objects.filter(table__round=first).order_by("pk")[0])
    services.generate_round(contest)
    client = login(organiser)
    done = client.post(
        organiser_url(sheet, "sheet_delete"),
        {"version": sheet.version, "client_id": str(uuid.uuid4())},
    )
    assert done.status_code == 302
    assert _fresh(sheet).deal_count == 11


@pytest.mark.django_db
def test_at_the_table_removing_the_last_deal_after_a_later_draw_needs_a_reason(
    day: dict[str, Any], organiser: Any
) -> None:
    """The table link's "Supprimer" (a finished sheet not confirmed yet) asks for a reason too,
    as its correction does: the later draw was made on this result."""
    sheet = _finished(day["sheets"][1])
    phone = Client()
    assert "Motif" not in page_text(phone.get(table_url(sheet)))
    _draw_partie_2(day["contest"])
    page = page_text(phone.get(table_url(sheet)))
    assert WARNING in page and "Motif (obligatoire)" in page
    data = {"version": sheet.version, "client_id": str(uuid.uuid4())}
    refused = phone.post(table_url(sheet, "delete"), data | {"reason": ""})
    assert refused.status_code == 400
    assert "Motif obligatoire" in page_text(refused)
    assert _fresh(sheet).deal_count == 12
    done = phone.post(table_url(sheet, "delete"), data | {"reason": "Donne comptée deux fois"})
    assert done.status_code == 302
    assert _fresh(sheet).deal_count == 11
    event = AuditEvent.objects.filter(action="deal.delete").latest("pk")
    assert (event.after or {})["reason"] == "Donne comptée deux fois"
    journal = _journal(login(organiser), day["contest"])
    assert "(motif : Donne comptée deux fois)" in journal
