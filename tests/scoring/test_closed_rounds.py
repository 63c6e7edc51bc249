"""A closed partie stays closed (issue 13, item 4).

A round closes when the next one is published, when the contest is closed ("Concours clos"),
or by the organiser's button; its table links then show the sheet read-only with a French
notice, and every POST to them is refused with 409 without changing a row. Only an organiser
or an admin reopens it, with a reason; closing and reopening are in the contest log.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.adapters import DealFacts
from scoring.models import DealCorrection, DealRecord, ScoreSheet
from tests.conftest import PASSWORD
from tests.reliability.fingerprint import database_fingerprint
from tests.scoring.conftest import deal_data, make_round, page_text, table_url
from tests.scoring.helpers import finish_game, link_deal, play_deals
from tournaments import services as tournaments_services
from tournaments.models import AuditEvent, Round

pytestmark = pytest.mark.django_db

NOTICE = "Partie close : la feuille ne peut plus être modifiée"


def _member_client(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def _round_url(round_: Any, name: str = "round") -> str:
    contest = round_.contest
    return reverse(
        f"tournaments:{name}",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": round_.number,
        },
    )


def _status(round_: Any) -> str:
    return str(Round.objects.values_list("status", flat=True).get(pk=round_.pk))


def _table_posts(sheet: Any) -> dict[str, tuple[str, dict[str, Any]]]:
    """Every POST a table link offers, with data that an open sheet would accept."""
    sheet.refresh_from_db()
    ids = {"version": sheet.version, "client_id": str(uuid.uuid4())}
    return {
        "deal": (table_url(sheet, "deal"), deal_data(sheet)),
        "preview": (table_url(sheet, "preview"), deal_data(sheet)),
        "delete": (table_url(sheet, "delete"), {**ids, "reason": "erreur"}),
        "correct": (
            table_url(sheet, "correct", number=sheet.deal_count),
            {**deal_data(sheet, taker_points="90"), "reason": "erreur"},
        ),
        "correct_preview": (
            table_url(sheet, "correct_preview", number=sheet.deal_count),
            deal_data(sheet),
        ),
        "confirm": (table_url(sheet, "confirm"), {"version": sheet.version, "team": "b"}),
        "dispute": (
            table_url(sheet, "dispute"),
            {"version": sheet.version, "team": "b", "note": "pas d'accord"},
        ),
    }


def test_after_the_contest_is_closed_a_round_1_link_neither_deletes_nor_enters(
    contest: Any, sheet: Any, phone: Client
) -> None:
    """The issue's reproduction: "Concours clos", then the round-1 link of a table."""
    play_deals(sheet, 3)
    tournaments_services.finish_contest(contest)
    assert _status(sheet.table.round) == Round.Status.CLOSED
    before = database_fingerprint()

    delete = phone.post(
        table_url(sheet, "delete"),
        {"version": sheet.version, "client_id": str(uuid.uuid4()), "reason": ""},
    )
    assert delete.status_code == 409
    assert NOTICE in page_text(delete)
    deal = phone.post(table_url(sheet, "deal"), deal_data(sheet))
    assert deal.status_code == 409
    assert NOTICE in page_text(deal)

    assert database_fingerprint() == before
    sheet.refresh_from_db()
    assert sheet.deal_count == 3
    assert DealRecord.objects.filter(sheet=sheet).count() == 3


def test_a_closed_rounds_link_shows_the_sheet_read_only(sheet: Any, phone: Client) -> None:
    play_deals(sheet, 2)
    tournaments_services.close_round(sheet.table.round)
    page = phone.get(table_url(sheet))
    assert page.status_code == 200
    text = page_text(page)
    assert NOTICE in text
    # The deals are shown; no form of score entry is.
    assert 'id="donne-2"' in text or "donne-2" in text
    for url in (
        table_url(sheet, "deal"),
        table_url(sheet, "delete"),
        table_url(sheet, "confirm"),
        table_url(sheet, "dispute"),
        table_url(sheet, "correct", number=2),
    ):
        assert f'action="{url}"' not in text
        assert f'href="{url}"' not in text
    assert phone.get(table_url(sheet, "state")).status_code == 200
    # Correcting from a GET is sent back to the sheet with the reason.
    correct = phone.get(table_url(sheet, "correct", number=2), follow=True)
    assert NOTICE in page_text(correct)


@pytest.mark.parametrize(
    "name", ["deal", "preview", "delete", "correct", "correct_preview", "confirm", "dispute"]
)
def test_every_post_of_a_closed_rounds_link_is_refused_unchanged(
    sheet: Any, phone: Client, name: str
) -> None:
    finish_game(sheet)
    tournaments_services.close_round(sheet.table.round)
    url, data = _table_posts(sheet)[name]
    before = database_fingerprint()
    response = phone.post(url, data)
    assert response.status_code == 409, name
    assert NOTICE in page_text(response)
    assert database_fingerprint() == before


def test_a_closed_rounds_sheet_refuses_the_organisers_writes(sheet: Any, organiser: Any) -> None:
    play_deals(sheet, 2)
    tournaments_services.close_round(sheet.table.round)
    orga = _member_client(organiser)
    page = orga.get(_sheet_url(sheet, "sheet"))
    assert page.status_code == 200
    assert NOTICE in page_text(page)
    before = database_fingerprint()
    sheet.refresh_from_db()
    ids = {"version": sheet.version, "client_id": str(uuid.uuid4())}
    posts = {
        "sheet_deal": deal_data(sheet),
        "sheet_delete": {**ids, "reason": "erreur"},
        "sheet_penalty": {**ids, "team": "a", "penalty": "renonce"},
        "sheet_forfeit": {"version": sheet.version, "forfeit_loser": "b", "reason": "absente"},
    }
    for name, data in posts.items():
        response = orga.post(_sheet_url(sheet, name), data)
        assert response.status_code == 409, name
        assert NOTICE in page_text(response), name
    assert database_fingerprint() == before


def _sheet_url(sheet: Any, name: str, **kwargs: Any) -> str:
    from tests.scoring.conftest import organiser_url

    return organiser_url(sheet, name, **kwargs)


def test_publishing_partie_2_closes_partie_1(contest: Any, entries: list[Any], sheet: Any) -> None:
    round1 = sheet.table.round
    round2 = make_round(
        contest,
        2,
        [(entries[0], entries[2]), (entries[1], entries[4]), (entries[3], None)],
        status=Round.Status.DRAFT,
    )
    assert _status(round1) == Round.Status.PUBLISHED
    tournaments_services.publish_round(round2)
    assert _status(round1) == Round.Status.CLOSED
    assert _status(round2) == Round.Status.PUBLISHED
    event = AuditEvent.objects.get(action="round.close", target_id=round1.pk)
    assert event.after == {"status": "closed", "cause": "next_round"}
    # Partie 2's sheets are open, partie 1's link is read-only.
    sheet2 = ScoreSheet.objects.get(table__round=round2, table__number=1)
    assert sheet2.allows("enter_deal", "table")
    sheet.refresh_from_db()
    assert sheet.round_refusal() is not None


def test_the_contest_closing_closes_every_published_round(
    contest: Any, entries: list[Any], sheet: Any
) -> None:
    round1 = sheet.table.round
    tournaments_services.finish_contest(contest)
    assert _status(round1) == Round.Status.CLOSED
    event = AuditEvent.objects.get(action="round.close", target_id=round1.pk)
    assert event.after == {"status": "closed", "cause": "contest_finished"}


def test_the_organiser_closes_a_round_with_a_confirmation(sheet: Any, organiser: Any) -> None:
    round_ = sheet.table.round
    orga = _member_client(organiser)
    page = orga.get(_round_url(round_))
    assert _round_url(round_, "round_close") in page_text(page)
    refused = orga.post(_round_url(round_, "round_close"), {})
    assert refused.status_code == 400
    assert "Cochez la case" in page_text(refused)
    assert _status(round_) == Round.Status.PUBLISHED
    done = orga.post(_round_url(round_, "round_close"), {"confirm": "on"})
    assert done.status_code == 302
    assert _status(round_) == Round.Status.CLOSED
    event = AuditEvent.objects.get(action="round.close", target_id=round_.pk)
    assert event.actor == organiser
    assert event.after == {"status": "closed", "cause": "organiser"}
    # A second click changes nothing and says it went well.
    again = orga.post(_round_url(round_, "round_close"), {"confirm": "on"})
    assert again.status_code == 302
    assert AuditEvent.objects.filter(action="round.close").count() == 1
    # The round page now offers to reopen it.
    assert _round_url(round_, "round_reopen") in page_text(orga.get(_round_url(round_)))


def test_a_draft_round_is_not_closed(contest: Any, entries: list[Any], organiser: Any) -> None:
    draft = make_round(contest, 1, [(entries[0], entries[1])], status=Round.Status.DRAFT)
    response = _member_client(organiser).post(_round_url(draft, "round_close"), {"confirm": "on"})
    assert response.status_code == 409
    assert _status(draft) == Round.Status.DRAFT


def test_reopening_needs_a_reason_and_is_journaled(
    sheet: Any, organiser: Any, phone: Client
) -> None:
    round_ = sheet.table.round
    tournaments_services.close_round(round_)
    orga = _member_client(organiser)
    for data in ({}, {"reason": ""}, {"reason": "   "}):
        refused = orga.post(_round_url(round_, "round_reopen"), data)
        assert refused.status_code == 400, data
        assert "motif" in page_text(refused).lower()
        assert _status(round_) == Round.Status.CLOSED
    with pytest.raises(tournaments_services.ServiceError) as error:
        tournaments_services.reopen_round(round_, reason=" ")
    assert error.value.code == "round.reason_required"

    done = orga.post(_round_url(round_, "round_reopen"), {"reason": "Table 1 : donne oubliée"})
    assert done.status_code == 302
    assert _status(round_) == Round.Status.PUBLISHED
    event = AuditEvent.objects.get(action="round.reopen", target_id=round_.pk)
    assert event.actor == organiser
    assert event.before == {"status": "closed"}
    assert event.after == {"status": "published", "reason": "Table 1 : donne oubliée"}
    log = reverse(
        "tournaments:contest_log",
        kwargs={"club_slug": round_.contest.club.slug, "contest_id": round_.contest_id},
    )
    reopened = f"Partie {round_.number} rouverte (motif : Table 1 : donne oubliée) par "
    assert reopened in page_text(orga.get(log))
    # The table link enters deals again.
    response = phone.post(table_url(sheet, "deal"), deal_data(sheet))
    assert response.status_code == 302
    # Reopening an open round is refused (409), nothing logged.
    again = orga.post(_round_url(round_, "round_reopen"), {"reason": "encore"})
    assert again.status_code == 409
    assert AuditEvent.objects.filter(action="round.reopen").count() == 1


def test_a_scorer_cannot_reopen_nor_close(sheet: Any, scorer: Any, club_admin: Any) -> None:
    round_ = sheet.table.round
    tournaments_services.close_round(round_)
    client = _member_client(scorer)
    response = client.post(_round_url(round_, "round_reopen"), {"reason": "je veux corriger"})
    assert response.status_code == 404
    assert _status(round_) == Round.Status.CLOSED
    assert not AuditEvent.objects.filter(action="round.reopen").exists()
    # The club's admin may.
    admin = _member_client(club_admin)
    assert admin.post(_round_url(round_, "round_reopen"), {"reason": "oubli"}).status_code == 302
    assert _status(round_) == Round.Status.PUBLISHED
    assert client.post(_round_url(round_, "round_close"), {"confirm": "on"}).status_code == 404
    assert _status(round_) == Round.Status.PUBLISHED


def test_a_write_that_read_the_round_before_it_closed_is_refused(sheet: Any) -> None:
    """The phone's page read the round in play; the deal POST's lookup reads the round's state
    again with the sheet's lock, so a round closed in between refuses the deal."""
    from scoring import access

    link_sheet = access.sheet_for_link(
        sheet.token, 1, sheet.table.number, related=access.WRITE_RELATED
    )
    assert link_sheet.table.round.status == Round.Status.PUBLISHED
    Round.objects.filter(pk=sheet.table.round_id).update(status=Round.Status.CLOSED)
    with pytest.raises(services.NotAllowed) as refused:
        link_deal(
            link_sheet,
            DealFacts(taker="a", trump="hearts", taker_points=100),
            version=link_sheet.version,
            client_id=uuid.uuid4(),
        )
    assert refused.value.code == "round_closed"
    assert not DealRecord.objects.filter(sheet=sheet).exists()
    assert not DealCorrection.objects.filter(sheet=sheet).exists()
