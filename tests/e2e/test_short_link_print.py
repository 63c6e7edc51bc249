"""The score sheets printed to PDF (Chromium's ``page.pdf``): under each QR code, the table's
short link as a player types it (``192.168.1.20:8000/t/K7QF-M2XA``), whole on one line, and
never the table link's token."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.django_db(transaction=True)
def test_the_score_sheets_print_their_short_links(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path, settings: Any
) -> None:
    from django.test import Client

    from scoring.models import ScoreSheet, grouped_short_code
    from tests.scoring.conftest import _entries, make_contest, make_round

    settings.PUBLIC_BASE_URL = "http://192.168.1.20:8000"
    contest = make_contest(club, "club_contest", "impression")
    entries = _entries(contest, club, 4)
    round_ = make_round(contest, 1, [(entries[0], entries[1]), (entries[2], entries[3])])
    client = Client()
    client.force_login(organiser)
    page = browser(viewport={"width": 1280, "height": 720})
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    url = f"{live_server.url}/orga/publication/{club.slug}/concours/{contest.pk}/parties/1/feuilles-de-marque/"
    response = page.goto(url)
    assert response is not None and response.status == 200
    pdf = tmp_path / "feuilles.pdf"
    page.pdf(path=str(pdf), format="A4")
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    sheets = list(ScoreSheet.objects.filter(table__round=round_))
    assert len(sheets) == 2
    for sheet in sheets:
        assert f"192.168.1.20:8000/t/{grouped_short_code(sheet.short_code)}" in text
        assert sheet.token not in text
    assert "http://" not in text
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "Pages:           2" in info  # one A4 page per table, the link did not push a page
    assert page.errors == []
