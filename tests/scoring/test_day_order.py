"""No trap in the day's order: a partie drawn by ranking waits for the previous parties' sheets.

Every refusal of ``tournaments.services.rounds.day_order`` with real sheets (scoring hands their
progress to tournaments through the port ``tournaments.ports.progress_source``): tables still
playing, not started, contested or to verify; finished but not confirmed when the contest
waits for confirmations; a forced draw needs a reason, which goes to the journal. A random
draw at every partie does not wait. Changing a result after a later draw by ranking warns.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring import follow
from scoring import services as scoring_services
from scoring.models import ScoreSheet
from tests.scoring.conftest import page_text
from tests.scoring.helpers import finish_game, play_deals
from tests.tournaments.conftest import add_teams, login, make_contest
from tournaments import services
from tournaments.models import AuditEvent, Round


def _sheets(round_: Round) -> dict[int, ScoreSheet]:
    return {
        s.table.number: s
        for s in ScoreSheet.objects.filter(table__round=round_).select_related("table__round")
    }


@pytest.fixture
def day(club: Any) -> dict[str, Any]:
    """Nine teams (one bye), partie 1 drawn and published: four tables to play."""
    contest = make_contest(club)
    add_teams(contest, 9)
    first = services.publish_round(services.generate_round(contest, seed=7))
    return {"contest": contest, "round": first, "sheets": _sheets(first)}


def _finish_all(sheets: dict[int, ScoreSheet]) -> None:
    for sheet in sheets.values():
        if sheet.kind == ScoreSheet.Kind.DEALS:
            finish_game(sheet)


def _confirm(sheet: ScoreSheet) -> None:
    sheet.refresh_from_db()
    scoring_services.confirm_sheet(sheet.pk, version=sheet.version, organiser=True)


@pytest.mark.django_db
def test_partie_2_is_refused_while_tables_play_and_names_them(day: dict[str, Any]) -> None:
    contest, sheets = day["contest"], day["sheets"]
    play_deals(sheets[1], 5)
    finish_game(sheets[2])
    with pytest.raises(services.DrawTooEarly) as refused:
        services.generate_round(contest)
    waiting = [(t.round, t.table, t.state) for t in refused.value.tables]
    assert waiting == [(1, 1, "running"), (1, 3, "not_started"), (1, 4, "not_started")]
    assert refused.value.code == "round.previous_unfinished"
    assert "partie 1 table 1 (en jeu, 5 donne(s))" in refused.value.message
    assert "3 tables n'ont pas fini" in refused.value.message
    assert contest.rounds.count() == 1  # nothing drawn


@pytest.mark.django_db
def test_the_bye_never_waits_and_finished_tables_let_the_draw_through(
    day: dict[str, Any],
) -> None:
    sheets = day["sheets"]
    assert any(s.kind == ScoreSheet.Kind.BYE for s in sheets.values())
    _finish_all(sheets)
    second = services.generate_round(day["contest"])
    assert second.number == 2
    assert not AuditEvent.objects.filter(action="round.generate_forced").exists()


@pytest.mark.django_db
def test_a_contested_table_blocks_the_draw(day: dict[str, Any]) -> None:
    sheets = day["sheets"]
    _finish_all(sheets)
    sheets[2].refresh_from_db()
    scoring_services.dispute_sheet(sheets[2].pk, version=sheets[2].version, note="désaccord")
    with pytest.raises(services.DrawTooEarly) as refused:
        services.generate_round(day["contest"])
    assert [(t.table, t.state) for t in refused.value.tables] == [(2, "disputed")]


@pytest.mark.django_db
def test_totals_to_verify_block_the_draw(day: dict[str, Any]) -> None:
    sheets = day["sheets"]
    _finish_all({n: s for n, s in sheets.items() if n != 3})
    sheets[3].refresh_from_db()
    scoring_services.record_totals(
        sheets[3].pk,
        total_a=1000,
        total_b=900,
        deals_played=12,
        force=True,
        version=sheets[3].version,
    )
    with pytest.raises(services.DrawTooEarly) as refused:
        services.generate_round(day["contest"])
    assert [(t.table, t.state) for t in refused.value.tables] == [(3, "to_verify")]


@pytest.mark.django_db
def test_contest_setting_waits_for_confirmed_sheets(day: dict[str, Any]) -> None:
    contest, sheets = day["contest"], day["sheets"]
    _finish_all(sheets)
    contest = services.set_draw_waits_for_confirmation(contest, True)
    assert AuditEvent.objects.filter(action="contest.update", contest=contest).exists()
    _confirm(sheets[1])
    with pytest.raises(services.DrawTooEarly) as refused:
        services.generate_round(contest)
    assert [t.table for t in refused.value.tables] == [2, 3, 4]
    assert "n'ont pas de feuille confirmée" in refused.value.message
    for number in (2, 3, 4):
        _confirm(sheets[number])
    assert services.generate_round(contest).number == 2


@pytest.mark.django_db
def test_a_forced_draw_needs_a_reason_and_the_journal_keeps_it(day: dict[str, Any]) -> None:
    contest = day["contest"]
    with pytest.raises(services.DrawTooEarly):
        services.generate_round(contest, force_reason="   ")
    second = services.generate_round(contest, force_reason="Table 4 partie, on avance")
    event = AuditEvent.objects.get(action="round.generate_forced")
    assert event.target_id == second.pk
    assert event.after["reason"] == "Table 4 partie, on avance"
    assert event.after["tables"].count("partie 1 table") == 4


@pytest.mark.django_db
def test_a_random_draw_at_every_partie_does_not_wait(club: Any) -> None:
    contest = make_contest(club, slug="hasard", pairing_method="draw_every_round")
    add_teams(contest, 8)
    services.publish_round(services.generate_round(contest, seed=1))
    assert services.generate_round(contest).number == 2


@pytest.mark.django_db
def test_the_draw_page_lists_the_tables_and_offers_to_force(
    day: dict[str, Any], organiser: Any
) -> None:
    contest = day["contest"]
    client: Client = login(organiser)
    url = reverse(
        "tournaments:round_generate",
        kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk},
    )
    response = client.post(url, {"seed": ""})
    assert response.status_code == 409
    text = page_text(response)
    for number in (1, 2, 3, 4):
        sheet_url = reverse(
            "scoring:sheet",
            kwargs={
                "club_slug": contest.club.slug,
                "contest_id": contest.pk,
                "round_number": 1,
                "table_number": number,
            },
        )
        assert f'href="{sheet_url}"' in text
    assert 'name="force_reason"' in text
    assert contest.rounds.count() == 1
    empty = client.post(url, {"seed": "", "force_reason": ""})
    assert empty.status_code == 409
    assert "Indiquez le motif" in page_text(empty)
    forced = client.post(url, {"seed": "", "force_reason": "Il est tard"})
    assert forced.status_code == 302
    assert contest.rounds.count() == 2
    assert AuditEvent.objects.get(action="round.generate_forced").after["reason"] == "Il est tard"


@pytest.mark.django_db
def test_the_cockpit_shows_the_draw_waiting(day: dict[str, Any], organiser: Any) -> None:
    contest, sheets = day["contest"], day["sheets"]
    finish_game(sheets[1])
    text = page_text(login(organiser).get(contest.get_absolute_url()))
    assert 'id="step-draw" data-state="blocked"' in text
    assert "Partie 1 : 1 table sur 4 terminée." in text
    assert "En attente de 3 tables" in text


@pytest.mark.django_db
def test_a_correction_after_a_later_draw_by_ranking_is_warned(day: dict[str, Any]) -> None:
    _finish_all(day["sheets"])
    assert follow.later_draw_warning(day["round"]) == ""
    services.generate_round(day["contest"])
    warning = follow.later_draw_warning(day["round"])
    assert "La partie 2 a déjà été tirée selon le classement" in warning


def _sheet_url(sheet: ScoreSheet, name: str, **extra: Any) -> str:
    contest = sheet.table.round.contest
    return reverse(
        f"scoring:{name}",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": sheet.table.round.number,
            "table_number": sheet.table.number,
            **extra,
        },
    )


@pytest.mark.django_db
def test_correcting_a_deal_after_a_later_draw_needs_a_reason(
    day: dict[str, Any], organiser: Any
) -> None:
    from scoring.models import DealCorrection
    from tests.scoring.conftest import deal_data

    _finish_all(day["sheets"])
    services.generate_round(day["contest"])
    sheet = ScoreSheet.objects.select_related("table__round__contest__club").get(
        pk=day["sheets"][1].pk
    )
    client = login(organiser)
    url = _sheet_url(sheet, "sheet_correct", number=3)
    page = page_text(client.get(url))
    assert "La partie 2 a déjà été tirée selon le classement" in page
    assert "Motif (obligatoire)" in page
    refused = client.post(url, deal_data(sheet, taker_points="90", reason=""))
    assert refused.status_code == 400
    assert "Motif obligatoire" in page_text(refused)
    assert not DealCorrection.objects.filter(sheet=sheet).exists()
    done = client.post(url, deal_data(sheet, taker_points="90", reason="Erreur de recopie"))
    assert done.status_code == 302
    assert DealCorrection.objects.get(sheet=sheet).reason == "Erreur de recopie"
    assert "La partie 2 a déjà été tirée" in page_text(client.get(_sheet_url(sheet, "sheet")))


@pytest.mark.django_db
def test_the_totals_form_has_a_reason_required_after_a_later_draw(
    day: dict[str, Any], organiser: Any
) -> None:
    from scoring.models import DealCorrection

    sheets = day["sheets"]
    _finish_all({n: s for n, s in sheets.items() if n != 2})
    sheet = ScoreSheet.objects.select_related("table__round__contest__club").get(pk=sheets[2].pk)
    client = login(organiser)
    url = _sheet_url(sheet, "sheet_totals")
    totals = {"total_a": 1100, "total_b": 844, "deals_played": 12, "belotes": 0, "capots": 0}
    assert 'name="reason"' in page_text(client.get(_sheet_url(sheet, "sheet")))
    sheet.refresh_from_db()
    assert client.post(url, totals | {"version": sheet.version}).status_code == 302
    services.generate_round(day["contest"])
    sheet.refresh_from_db()
    changed = totals | {"total_a": 1000, "total_b": 944, "version": sheet.version}
    refused = client.post(url, changed | {"reason": " "})
    assert refused.status_code == 400
    assert "Motif obligatoire" in page_text(refused)
    assert client.post(url, changed | {"reason": "Total mal lu"}).status_code == 302
    assert DealCorrection.objects.get(sheet=sheet, action="totals").reason == "Total mal lu"


@pytest.mark.django_db
def test_after_a_forced_draw_the_cockpit_keeps_the_unfinished_partie_in_view(
    day: dict[str, Any], organiser: Any
) -> None:
    contest = day["contest"]
    services.publish_round(services.generate_round(contest, force_reason="on avance"))
    text = page_text(login(organiser).get(contest.get_absolute_url()))
    assert 'id="step-tables" data-state="warning"' in text
    assert "Partie 1 : 0 tables sur 4 terminées." in text
