"""Score entry writes the contest log: deals, corrections, confirmations, new links."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from scoring import services
from scoring.adapters import DealFacts
from tournaments.models import AuditEvent


def _deal(sheet: Any, points: int, **kwargs: Any) -> Any:
    sheet.refresh_from_db()
    return services.record_deal(
        sheet.pk,
        DealFacts(taker="a", trump="hearts", taker_points=points),
        version=sheet.version,
        client_id=uuid.uuid4(),
        **kwargs,
    )


@pytest.mark.django_db
def test_table_link_deal_and_correction_are_logged(sheet: Any, organiser: Any) -> None:
    _deal(sheet, 100, device="phone-1234567890")
    event = AuditEvent.objects.get(action="deal.record")
    assert event.actor is None
    assert event.actor_label.startswith(f"table {sheet.table.number}")
    assert event.after["number"] == 1 and event.after["score_a"] == 100
    assert event.contest_id == sheet.table.round.contest_id

    sheet.refresh_from_db()
    services.correct_deal(
        sheet.pk,
        1,
        DealFacts(taker="a", trump="hearts", taker_points=120),
        version=sheet.version,
        client_id=uuid.uuid4(),
        user=organiser,
        organiser=True,
    )
    correction = AuditEvent.objects.get(action="deal.correct")
    assert correction.actor == organiser
    assert correction.before["score_a"] == 100 and correction.after["score_a"] == 120


@pytest.mark.django_db
def test_refused_deal_logs_nothing(sheet: Any) -> None:
    before = AuditEvent.objects.count()
    sheet.refresh_from_db()
    with pytest.raises(services.ServiceError):
        services.record_deal(
            sheet.pk,
            DealFacts(taker="a", trump="hearts", taker_points=200),
            version=sheet.version,
            client_id=uuid.uuid4(),
        )
    assert AuditEvent.objects.count() == before


@pytest.mark.django_db
def test_new_link_is_logged_without_the_secret(sheet: Any, organiser: Any) -> None:
    old = sheet.token
    written = services.regenerate_token(sheet.pk, user=organiser)
    event = AuditEvent.objects.get(action="sheet.token")
    assert event.actor == organiser
    assert old not in str(event.after) and written.sheet.token not in str(event.after)


@pytest.mark.django_db
def test_publishing_a_round_creates_its_sheets_and_scores_the_bye(club: Any) -> None:
    """Table links exist as soon as the draw is public (no page visit needed)."""
    import datetime

    from scoring.models import ScoreSheet
    from tournaments import services as tournaments_services

    contest = tournaments_services.create_contest(
        club, {"name": "Concours", "slug": "c", "date": datetime.date(2027, 1, 9)}
    )
    for n in range(5):
        p1 = tournaments_services.save_player(club, first_name=f"A{n}", last_name=f"X{n}")
        p2 = tournaments_services.save_player(club, first_name=f"B{n}", last_name=f"Y{n}")
        tournaments_services.add_entry(
            contest,
            tournaments_services.EntryValues(player1=p1, player2=p2, checked_in=True),
        )
    round_ = tournaments_services.generate_round(contest, seed=3)
    assert not ScoreSheet.objects.filter(table__round=round_).exists()
    tournaments_services.publish_round(round_)
    sheets = ScoreSheet.objects.filter(table__round=round_)
    assert sheets.count() == 3
    bye = sheets.get(table__entry_b__isnull=True)
    assert bye.kind == ScoreSheet.Kind.BYE and bye.status != ScoreSheet.Status.OPEN


@pytest.mark.django_db
def test_the_journal_names_the_deal_and_its_table(sheet: Any, organiser: Any) -> None:
    """The real events of a deal and its correction read as sentences with the table's name."""
    from tournaments.journal import sentences as journal

    _deal(sheet, 100, device="phone-1234567890")
    sheet.refresh_from_db()
    services.correct_deal(
        sheet.pk,
        1,
        DealFacts(taker="a", trump="hearts", taker_points=120),
        version=sheet.version,
        client_id=uuid.uuid4(),
        user=organiser,
        organiser=True,
        reason="points mal comptés",
    )
    events = AuditEvent.objects.filter(action__startswith="deal.").order_by("id")
    table, round_number = sheet.table.number, sheet.table.round.number
    where = f"de la table {table} (partie {round_number})"
    texts = [text for _event, text in journal.sentences(events)]
    assert texts[0].startswith(f"Donne 1 {where} saisie par la table à ")
    assert texts[1].startswith(
        f"Donne 1 {where} corrigée (motif : points mal comptés) par organisatrice à "
    )
