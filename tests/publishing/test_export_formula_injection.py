"""Exports are safe to open: a team, player or club name that starts like a formula is written
as text in every format (the organiser's exports and the anonymous public standings export)."""

from __future__ import annotations

import csv
import io
import zipfile
from typing import Any

import openpyxl
import pytest
from django.test import Client

from publishing.exports import contest as exports
from standings import services as standings
from tests.standings.factory import add_round, finish_round, make_contest

pytestmark = pytest.mark.django_db

NAMES = [
    '=HYPERLINK("http://evil.example","clic")',
    "+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A2)",
    "\t=1+1",
    "\r=1+1",
]


@pytest.fixture
def contest(club: Any) -> Any:
    contest = make_contest(club, teams=6)
    for entry, name in zip(contest.entries.order_by("number"), NAMES, strict=True):
        entry.name = name
        entry.home_club = "=1+1"
        entry.save()
        entry.player1.first_name = "=2*3"
        entry.player1.save()
    round_ = add_round(contest, 1, [(1, 2), (3, 4), (5, 6)], show_standings=True)
    finish_round(round_, {1: (1100, 844)})
    standings.rebuild(contest.pk)
    return contest


# XML reads a carriage return as a line feed (the cell still shows the text, as text).
AS_READ = {name.replace("\r", "\n") for name in NAMES}


def _xlsx_cells(content: bytes) -> list[Any]:
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    return [cell for row in sheet.iter_rows() for cell in row]


@pytest.mark.parametrize("kind", ["entries", "results", "standings"])
def test_xlsx_has_no_formula_cell_and_shows_the_text(contest: Any, kind: str) -> None:
    content, _type = exports.render(exports.dataset_for(contest, kind), "xlsx")
    cells = _xlsx_cells(content)
    assert [c.coordinate for c in cells if c.data_type == "f"] == []
    values = {c.value for c in cells}
    assert values >= AS_READ  # the names, as typed
    if kind == "entries":
        assert "=1+1" in values and any("=2*3" in str(v) for v in values)


def test_csv_cells_that_would_run_get_an_apostrophe(contest: Any) -> None:
    content, _type = exports.render(exports.dataset_for(contest, "entries"), "csv")
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"), newline=""), delimiter=";"))
    cells = [cell for row in rows for cell in row]
    assert {"'" + name for name in NAMES} <= set(cells)  # the text, behind an apostrophe
    assert "'=1+1" in cells and any(c.startswith("'=2*3") for c in cells)
    assert not [c for c in cells if c.startswith(("=", "+", "-", "@", "\t", "\r"))]


def test_ods_writes_names_as_text_cells(contest: Any) -> None:
    content, _type = exports.render(exports.dataset_for(contest, "entries"), "ods")
    xml = zipfile.ZipFile(io.BytesIO(content)).read("content.xml").decode()
    assert "table:formula" not in xml
    assert "=HYPERLINK(" in xml.replace("&quot;", '"')


def test_anonymous_public_export_is_safe_cached_and_throttled(
    contest: Any, settings: Any, monkeypatch: Any
) -> None:
    from publishing.public import standings as views_standings

    settings.ATOUT_PUBLIC_STATE_CACHE = True  # one process: the test's cache is shared
    url = f"/concours/{contest.club.slug}/{contest.slug}/classement/export.xlsx"
    response = Client().get(url)
    assert response.status_code == 200
    cells = _xlsx_cells(response.content)
    assert [c.coordinate for c in cells if c.data_type == "f"] == []
    assert {c.value for c in cells} >= AS_READ
    built = []
    original = exports.standings_dataset
    monkeypatch.setattr(exports, "standings_dataset", lambda s: built.append(1) or original(s))
    assert Client().get(url).content == response.content  # from the cache
    assert built == []
    monkeypatch.setattr(views_standings, "EXPORTS_PER_ADDRESS", 3)
    statuses = [Client().get(url).status_code for _ in range(4)]
    assert statuses[-1] == 429 and "Trop de téléchargements" in Client().get(url).content.decode()
