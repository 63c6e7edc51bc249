"""A table's short link (``/t/K7QF-M2XA``), for a player whose camera cannot read the QR code:
typed in any case, with or without its dash (or trailing slash), it redirects to the table
link; an unknown or renewed code is the French dead-link page (404); the organiser's sheet
page shows it under the QR code."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from scoring import services
from scoring.models import (
    SHORT_CODE_ALPHABET,
    ScoreSheet,
    grouped_short_code,
    new_short_code,
    normalise_short_code,
)
from tests.conftest import PASSWORD
from tests.scoring.conftest import make_round, organiser_url, page_text, table_url


def _short(sheet: Any, *, typed: str | None = None) -> str:
    return f"/t/{grouped_short_code(sheet.short_code) if typed is None else typed}/"


def test_codes_are_eight_crockford_characters_grouped_four_four() -> None:
    assert set(SHORT_CODE_ALPHABET).isdisjoint("ILOU") and len(SHORT_CODE_ALPHABET) == 32
    codes = {new_short_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{8}", code) for code in codes)
    assert grouped_short_code("K7QFM2XA") == "K7QF-M2XA"


@pytest.mark.parametrize(
    "typed", ["K7QF-M2XA", "K7QFM2XA", "k7qf-m2xa", "k7qfm2xa", "K7QF M2XA", " k7Qf-m2Xa"]
)
def test_a_code_is_read_in_any_case_with_or_without_its_dash(typed: str) -> None:
    assert normalise_short_code(typed) == "K7QFM2XA"


def test_look_alike_letters_are_read_as_digits_and_non_codes_as_nothing() -> None:
    assert normalise_short_code("OIL0-1234") == "01101234"  # Crockford: O is 0, I and L are 1
    for typed in ("", "K7QF-M2X", "K7QF-M2XAB", "K7QF-M2XU", "K7QF/M2XA", "K7QF\x00M2XA", "é" * 8):
        assert normalise_short_code(typed) == ""


@pytest.mark.django_db
def test_every_sheet_has_its_own_code(sheet: Any, other_sheet: Any) -> None:
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{8}", sheet.short_code)
    assert sheet.short_code != other_sheet.short_code


@pytest.mark.django_db
def test_the_short_link_redirects_to_the_sheet(client: Client, sheet: Any) -> None:
    response = client.get(_short(sheet))
    assert response.status_code == 302
    assert response["Location"] == table_url(sheet)
    assert response["Cache-Control"] == "no-store"
    page = client.get(_short(sheet), follow=True)
    assert page.status_code == 200 and page.redirect_chain[-1][0] == table_url(sheet)


@pytest.mark.django_db
@pytest.mark.parametrize("how", [str.lower, str.upper, lambda c: c.replace("-", "")])
def test_a_code_typed_in_lower_case_or_without_the_dash_works(
    client: Client, sheet: Any, how: Any
) -> None:
    typed = how(grouped_short_code(sheet.short_code))
    response = client.get(_short(sheet, typed=typed))
    assert response.status_code == 302 and response["Location"] == table_url(sheet)


@pytest.mark.django_db
def test_the_printed_form_without_the_trailing_slash_works(client: Client, sheet: Any) -> None:
    """What the sheet prints (``…/t/K7QF-M2XA``): APPEND_SLASH adds the slash."""
    typed = grouped_short_code(sheet.short_code).lower()
    page = client.get(f"/t/{typed}", follow=True)
    assert page.status_code == 200
    assert page.redirect_chain[-1][0] == table_url(sheet)


@pytest.mark.django_db
def test_an_unknown_code_is_the_french_dead_link_page(client: Client, sheet: Any) -> None:
    unknown = "ZZZZZZZZ" if sheet.short_code != "ZZZZZZZZ" else "YYYYYYYY"
    for typed in (unknown, "pas-un-code", "K7QF-M2XU", "x" * 300):
        response = client.get(f"/t/{typed}/")
        assert response.status_code == 404, typed
        text = page_text(response)
        assert "Ce lien de table n'existe pas ou n'est plus valable." in text
        assert "QR code" in text
    assert client.post(_short(sheet)).status_code == 405


@pytest.mark.django_db
def test_a_renewed_links_old_short_code_is_dead(client: Client, sheet: Any, organiser: Any) -> None:
    old_code, old_token = sheet.short_code, sheet.token
    orga = Client()
    orga.login(username=organiser.username, password=PASSWORD)
    assert orga.post(organiser_url(sheet, "sheet_token")).status_code == 302
    sheet.refresh_from_db()
    assert sheet.short_code != old_code and sheet.token != old_token
    dead = client.get(f"/t/{old_code}/")
    assert dead.status_code == 404
    assert "n'est plus valable" in page_text(dead)
    # The new code leads to the new link.
    assert client.get(_short(sheet))["Location"] == table_url(sheet)


@pytest.mark.django_db
def test_renewing_keeps_the_code_out_of_the_log(sheet: Any) -> None:
    from tournaments.models import AuditEvent

    old = sheet.short_code
    services.regenerate_token(sheet.pk)
    sheet.refresh_from_db()
    events = str(list(AuditEvent.objects.values()))
    assert "sheet.token" in events
    assert sheet.short_code not in events and old not in events


@pytest.mark.django_db
def test_a_draft_rounds_code_opens_nothing(
    client: Client, contest: Any, entries: list[Any]
) -> None:
    draft = make_round(contest, 2, [(entries[0], entries[1])], status="draft")
    sheet = services.sheet_of_table(draft.tables.get())
    assert client.get(_short(sheet)).status_code == 404


@pytest.mark.django_db
def test_a_taken_code_is_drawn_again(sheet: Any, other_sheet: Any, monkeypatch: Any) -> None:
    """A new link never reuses a code another sheet has (40 random bits: once in a lifetime)."""
    from scoring.services import sheets as sheet_services

    drawn = iter([sheet.short_code, sheet.short_code, "K7QFM2XA"])
    monkeypatch.setattr(sheet_services, "new_short_code", lambda: next(drawn))
    services.regenerate_token(other_sheet.pk)
    other_sheet.refresh_from_db()
    assert other_sheet.short_code == "K7QFM2XA"


@pytest.mark.django_db
def test_a_new_sheet_whose_code_is_taken_is_created_with_another(
    sheet: Any, contest: Any, entries: list[Any], monkeypatch: Any
) -> None:
    """The round's sheets are bulk-created with ignore_conflicts: a sheet skipped for a taken
    short code is drawn again, never left missing (its score sheet would print no QR code)."""
    drawn = iter([sheet.short_code, "K7QFM2XA", "K7QFM2XB"])
    field = ScoreSheet._meta.get_field("short_code")
    monkeypatch.setattr(field, "_get_default", lambda: next(drawn))  # what get_default calls
    round2 = make_round(contest, 2, [(entries[0], entries[1])])
    services.ensure_round_sheets(round2)
    assert ScoreSheet.objects.get(table__round=round2).short_code == "K7QFM2XA"


@pytest.mark.django_db
def test_the_organisers_sheet_page_shows_the_short_link(
    sheet: Any, organiser: Any, settings: Any
) -> None:
    settings.PUBLIC_BASE_URL = "http://192.168.1.20:8000"
    orga = Client()
    orga.login(username=organiser.username, password=PASSWORD)
    text = page_text(orga.get(organiser_url(sheet, "sheet")))
    assert f"192.168.1.20:8000/t/{grouped_short_code(sheet.short_code)}<" in text
    assert "http://192.168.1.20:8000/t/" not in text
