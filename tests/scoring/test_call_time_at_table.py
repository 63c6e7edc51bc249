"""The organiser calls time at one slow table ("Appeler le temps à cette table").

The same engine rule as the partie's clock (``time_up``), for that sheet alone: with "as it
stands" the game ends on the deals entered; with "after 2 more deals" two more are accepted,
then a third is refused. The other tables are left alone, the journal names the organiser, and
a sheet without a deal, a sheet already called, a scorer or a stale page are refused with a
French reason and nothing changed.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from engine.belote.game import GameState
from scoring import adapters, services
from scoring.adapters import DealFacts
from scoring.models import ScoreSheet
from tests.conftest import PASSWORD
from tests.scoring.conftest import _entries, make_contest, make_round, organiser_url, page_text
from tournaments.journal import sentences as journal
from tournaments.models import AuditEvent

pytestmark = pytest.mark.django_db


def facts(n: int) -> DealFacts:
    return DealFacts(taker="a" if n % 3 else "b", trump="hearts", taker_points=90 + (n % 4) * 10)


def two_tables(club: Any, slug: str, **rules: Any) -> tuple[ScoreSheet, ScoreSheet]:
    contest = make_contest(club, "club_contest", slug, **rules)
    a, b, c, d = _entries(contest, club, 4)
    round_ = make_round(contest, 1, [(a, b), (c, d)])
    tables = round_.tables.order_by("number")
    return services.sheet_of_table(tables[0]), services.sheet_of_table(tables[1])


def enter(sheet: ScoreSheet, n: int) -> Any:
    version = ScoreSheet.objects.values_list("version", flat=True).get(pk=sheet.pk)
    return services.record_deal(sheet.pk, facts(n), version=version, client_id=uuid.uuid4())


def version_of(sheet: ScoreSheet) -> int:
    return ScoreSheet.objects.values_list("version", flat=True).get(pk=sheet.pk)


def login(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_as_it_stands_ends_the_game_on_the_deals_entered(club: Any, organiser: Any) -> None:
    slow, other = two_tables(club, "lente", time_up="as_it_stands")
    for n in range(1, 4):
        enter(slow, n)
        enter(other, n)
    services.call_time_at_table(slow.pk, version=version_of(slow), user=organiser)
    slow.refresh_from_db()
    rules = services.rules_of(slow)
    expected = GameState(rules)
    for n in range(1, 4):
        expected = expected.apply(adapters.engine_deal(facts(n)))
    expected = expected.call_time()
    assert slow.time_called_after == 3 and slow.status == ScoreSheet.Status.FINISHED
    assert (slow.total_a, slow.total_b) == (expected.total_a, expected.total_b)
    with pytest.raises(services.ServiceError) as refused:
        enter(slow, 4)
    assert refused.value.code in {"time_up", "sheet_closed"}
    other.refresh_from_db()
    assert other.time_called_after is None and other.status == ScoreSheet.Status.OPEN
    event = AuditEvent.objects.get(action="sheet.time_up")
    assert event.actor == organiser
    sentence = journal.sentence(event)
    assert "Temps écoulé de la table 1 (partie 1) après 3 donnes" in sentence
    assert f"par {organiser.username}" in sentence


def test_after_more_deals_two_more_are_played(club: Any, organiser: Any) -> None:
    slow, _other = two_tables(club, "deux", time_up="after_more_deals", time_up_deals=2)
    enter(slow, 1)
    services.call_time_at_table(slow.pk, version=version_of(slow), user=organiser)
    slow.refresh_from_db()
    assert slow.time_called_after == 1 and slow.status == ScoreSheet.Status.OPEN
    enter(slow, 2)
    enter(slow, 3)
    slow.refresh_from_db()
    assert slow.deal_count == 3 and slow.status == ScoreSheet.Status.FINISHED
    with pytest.raises(services.ServiceError):
        enter(slow, 4)


def test_refusals_change_nothing(club: Any, organiser: Any, scorer: Any) -> None:
    slow, _other = two_tables(club, "refus", time_up="as_it_stands")
    with pytest.raises(services.ServiceError) as empty:
        services.call_time_at_table(slow.pk, version=version_of(slow), user=organiser)
    assert empty.value.code == "no_deal_yet" and "Aucune donne" in empty.value.message
    enter(slow, 1)
    with pytest.raises(services.StaleSheet):
        services.call_time_at_table(slow.pk, version=version_of(slow) - 1, user=organiser)
    with pytest.raises(services.ServiceError) as forbidden:
        services.call_time_at_table(slow.pk, version=version_of(slow), user=scorer, role="scorer")
    assert forbidden.value.code == "forbidden"
    slow.refresh_from_db()
    assert slow.time_called_after is None and slow.status == ScoreSheet.Status.OPEN
    assert not AuditEvent.objects.filter(action="sheet.time_up").exists()
    services.call_time_at_table(slow.pk, version=version_of(slow), user=organiser)
    with pytest.raises(services.ServiceError) as twice:
        services.call_time_at_table(slow.pk, version=version_of(slow), user=organiser)
    assert twice.value.code in {"time_already_called", "sheet_closed"}
    assert AuditEvent.objects.filter(action="sheet.time_up").count() == 1


def test_the_sheet_page_offers_it_while_the_game_is_in_play(club: Any, organiser: Any) -> None:
    slow, _other = two_tables(club, "page", time_up="after_more_deals", time_up_deals=2)
    client = login(organiser)
    button = "Appeler le temps à cette table"
    assert button not in page_text(client.get(organiser_url(slow, "sheet")))  # no deal yet
    enter(slow, 1)
    assert button in page_text(client.get(organiser_url(slow, "sheet")))
    response = client.post(
        organiser_url(slow, "sheet_call_time"), {"version": version_of(slow)}, follow=True
    )
    assert response.status_code == 200
    text = page_text(response)
    assert "Temps appelé à cette table" in text and button not in text
    assert "Temps appelé après la donne 1 : encore 2 donnes à jouer." in text
    enter(slow, 2)
    one_left = page_text(client.get(organiser_url(slow, "sheet")))
    assert "Temps appelé après la donne 1 : encore 1 donne à jouer." in one_left
    slow.refresh_from_db()
    assert slow.time_called_after == 1 and slow.deal_count == 2
    # A stale page (the version it was drawn with) is answered 409 with the sheet's state.
    stale = client.post(organiser_url(slow, "sheet_call_time"), {"version": 0})
    assert stale.status_code == 409
    assert client.get(organiser_url(slow, "sheet_call_time")).status_code == 405


def test_a_scorer_does_not_see_it_and_is_refused(club: Any, scorer: Any) -> None:
    slow, _other = two_tables(club, "marqueur", time_up="as_it_stands")
    enter(slow, 1)
    client = login(scorer)
    assert "Appeler le temps à cette table" not in page_text(
        client.get(organiser_url(slow, "sheet"))
    )
    refused = client.post(organiser_url(slow, "sheet_call_time"), {"version": version_of(slow)})
    assert refused.status_code in {403, 404}
    slow.refresh_from_db()
    assert slow.time_called_after is None
