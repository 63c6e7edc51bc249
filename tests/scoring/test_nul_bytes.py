"""NUL bytes in what score entry is posted never answer 500 (issue 13, item 9, scoring part).

PostgreSQL refuses a NUL byte (``\\x00``) in any text it stores or compares: a text field that
reached a query with one answered 500. Every POST endpoint of score entry (the anonymous table
link's and the organiser's, and the round's close and reopen) is posted its rightful data with a
NUL byte in each field in turn, and in the URL's token: the answer is a 4xx in French that
changed no row, and a NUL byte in a text field (a reason, a dispute's note) is that field's
error, 400. Runs on the configured database: SQLite by default, PostgreSQL with
``DATABASE_URL=postgres://…`` (as in ``.ci/run``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from scoring import services
from tests.conftest import PASSWORD
from tests.reliability.fingerprint import database_fingerprint
from tests.reliability.test_fuzz_inputs import FRENCH
from tests.scoring.conftest import deal_data, organiser_url, page_text, table_url
from tests.scoring.helpers import finish_game, play_deals
from tournaments import services as tournaments_services

pytestmark = pytest.mark.django_db

# Django's French message of ProhibitNullCharactersValidator.
NUL_MESSAGE = "caractère nul"


@dataclass
class Case:
    url: str
    data: dict[str, Any]
    # Free text fields: a NUL byte in one of them is that field's error (400).
    text_fields: tuple[str, ...] = ()
    client: str = "phone"
    extra: dict[str, Any] = field(default_factory=dict)


def _ids(sheet: Any) -> dict[str, Any]:
    sheet.refresh_from_db()
    return {"version": sheet.version, "client_id": str(uuid.uuid4())}


def _round_url(round_: Any, name: str) -> str:
    contest = round_.contest
    return reverse(
        f"tournaments:{name}",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": round_.number,
        },
    )


def _played(sheet: Any) -> Any:
    return play_deals(sheet, 2)


def _finished(sheet: Any) -> Any:
    return finish_game(sheet)


def _confirmed(sheet: Any) -> Any:
    finish_game(sheet)
    services.confirm_sheet(sheet.pk, version=sheet.version, role="organiser")
    sheet.refresh_from_db()
    return sheet


# name -> (how to prepare the sheet, the case for the prepared sheet and the other sheet).
CASES: dict[str, tuple[Callable[[Any], Any], Callable[[Any, Any], Case]]] = {
    "table:deal": (_played, lambda s, o: Case(table_url(s, "deal"), deal_data(s))),
    "table:preview": (_played, lambda s, o: Case(table_url(s, "preview"), deal_data(s))),
    "table:correct": (
        _played,
        lambda s, o: Case(
            table_url(s, "correct", number=2),
            {**deal_data(s, taker_points="90"), "reason": "erreur de points"},
            ("reason",),
        ),
    ),
    "table:correct_preview": (
        _played,
        lambda s, o: Case(table_url(s, "correct_preview", number=2), deal_data(s)),
    ),
    "table:delete": (
        _played,
        lambda s, o: Case(table_url(s, "delete"), {**_ids(s), "reason": "doublon"}, ("reason",)),
    ),
    "table:confirm": (
        _finished,
        lambda s, o: Case(table_url(s, "confirm"), {"version": s.version, "team": "b"}),
    ),
    "table:dispute": (
        _finished,
        lambda s, o: Case(
            table_url(s, "dispute"),
            {"version": s.version, "team": "b", "note": "donne 3 fausse"},
            ("note",),
        ),
    ),
    "scoring:sheet_deal": (
        _played,
        lambda s, o: Case(organiser_url(s, "sheet_deal"), deal_data(s), client="organiser"),
    ),
    "scoring:sheet_preview": (
        _played,
        lambda s, o: Case(
            organiser_url(s, "sheet_preview"), {**deal_data(s), "number": "2"}, client="organiser"
        ),
    ),
    "scoring:sheet_correct": (
        _played,
        lambda s, o: Case(
            organiser_url(s, "sheet_correct", number=1),
            {**deal_data(s, taker_points="90"), "reason": "feuille papier"},
            ("reason",),
            client="organiser",
        ),
    ),
    "scoring:sheet_delete": (
        _played,
        lambda s, o: Case(
            organiser_url(s, "sheet_delete"),
            {**_ids(s), "reason": "doublon"},
            ("reason",),
            client="organiser",
        ),
    ),
    "scoring:sheet_penalty": (
        _played,
        lambda s, o: Case(
            organiser_url(s, "sheet_penalty"),
            {**_ids(s), "team": "a", "penalty": "renonce"},
            client="organiser",
        ),
    ),
    "scoring:sheet_totals": (
        _played,
        lambda s, o: Case(
            organiser_url(o, "sheet_totals"),
            {
                "version": o.version,
                "total_a": "1200",
                "total_b": "900",
                "deals_played": "12",
                "belotes": "2",
                "capots": "0",
            },
            client="organiser",
        ),
    ),
    "scoring:sheet_forfeit": (
        _played,
        lambda s, o: Case(
            organiser_url(o, "sheet_forfeit"),
            {"version": o.version, "forfeit_loser": "b", "reason": "équipe absente"},
            ("reason",),
            client="organiser",
        ),
    ),
    "scoring:sheet_confirm": (
        _finished,
        lambda s, o: Case(
            organiser_url(s, "sheet_confirm"), {"version": s.version}, client="organiser"
        ),
    ),
    "scoring:sheet_reopen": (
        _confirmed,
        lambda s, o: Case(
            organiser_url(s, "sheet_reopen"),
            {"version": s.version, "reason": "erreur de saisie"},
            ("reason",),
            client="organiser",
        ),
    ),
    "scoring:sheet_token": (
        _played,
        lambda s, o: Case(
            organiser_url(s, "sheet_token"), {"version": s.version}, client="organiser"
        ),
    ),
    "tournaments:round_close": (
        _played,
        lambda s, o: Case(
            _round_url(s.table.round, "round_close"), {"confirm": "on"}, client="organiser"
        ),
    ),
    "tournaments:round_reopen": (
        _closed_round := (
            lambda s: (_played(s), tournaments_services.close_round(s.table.round))[0]
        ),
        lambda s, o: Case(
            _round_url(s.table.round, "round_reopen"),
            {"reason": "table 2 oubliée"},
            ("reason",),
            client="organiser",
        ),
    ),
}


def _variants(case: Case) -> list[tuple[str, dict[str, Any]]]:
    """The case's data with a NUL byte in one field: alone, after the value, in the middle."""
    variants = []
    for name, value in case.data.items():
        text = str(value)
        for nul in ("\x00", text + "\x00", text[:1] + "\x00" + text[1:]):
            variants.append((name, {**case.data, name: nul}))
    variants.append(("<extra field>", {**case.data, "reason\x00": "\x00", "note": "\x00"}))
    return variants


def _post(
    client: Client, url: str, data: dict[str, Any], before: dict[str, str]
) -> tuple[Any, bool]:
    """Post, then undo whatever was written; also says whether nothing had changed.

    ``before``: the fingerprint of the database the post starts from. Every post is rolled
    back, so it is the same for each variant of a test: taken once, not once per post (the
    fingerprints were most of this file's time on PostgreSQL)."""
    with transaction.atomic():
        response = client.post(url, data)
        unchanged = database_fingerprint() == before
        transaction.set_rollback(True)
    return response, unchanged


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_nul_byte_in_any_field_is_a_french_4xx_that_changes_nothing(
    name: str, sheet: Any, other_sheet: Any, organiser: Any, phone: Client
) -> None:
    prepare, build = CASES[name]
    prepare(sheet)
    other_sheet.refresh_from_db()
    case = build(sheet, other_sheet)
    orga = Client()
    assert orga.login(username=organiser.username, password=PASSWORD)
    client = orga if case.client == "organiser" else phone
    # After the login (it writes the user's last_login): from here on every post is undone.
    before = database_fingerprint()
    for field_name, data in _variants(case):
        response, unchanged = _post(client, case.url, data, before)
        status = response.status_code
        assert status < 500, (name, field_name, status)
        text = page_text(response)
        if field_name in case.text_fields:
            assert status == 400, (name, field_name, status)
            assert NUL_MESSAGE in text, (name, field_name, text[:400])
        if 400 <= status < 500:
            assert unchanged, (name, field_name, status)
            assert FRENCH.search(text), (name, field_name, text[:300])


@pytest.mark.parametrize("name", ["sheet", "state", "deal", "delete", "confirm", "dispute"])
@pytest.mark.parametrize("token", ["\x00", "{token}\x00", "{token}%00", "%00{token}"])
def test_a_nul_byte_in_a_table_links_token_is_a_404(
    name: str, token: str, sheet: Any, phone: Client
) -> None:
    url = table_url(sheet, name).replace(sheet.token, token.format(token=sheet.token))
    before = database_fingerprint()
    response = (
        phone.post(url, {"version": "0"}) if name not in ("sheet", "state") else phone.get(url)
    )
    assert response.status_code == 404
    assert database_fingerprint() == before
