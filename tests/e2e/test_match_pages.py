"""A best of three at the table, in a real browser: the phone's page in the middle of the
match (games won, the game in play, a block of deals per game) fits a phone and the desktop
screens, the next game begins on the same page, and the paper sheet prints one column block
per game on A4.

Screenshots go to ``$ATOUT_SCREENSHOTS`` for a person to look at (none is taken otherwise).
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import shoot, shot_path, shots_folder

SCREENS = [(390, 844), (1366, 768), (1920, 1080)]


def _shots(tmp_path: Path) -> Path | None:
    return shots_folder()


@pytest.mark.django_db(transaction=True)
def test_a_best_of_three_on_the_phone_and_on_paper(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    from django.test import Client
    from django.urls import reverse

    from scoring import services
    from scoring.adapters import DealFacts
    from tests.scoring.conftest import _entries, make_contest, make_round, table_url

    folder = _shots(tmp_path)
    contest = make_contest(club, "club_contest", "e2e-match", deals_per_game=4, match_games=3)
    a, b = _entries(contest, club, 2)
    sheet = services.sheet_of_table(make_round(contest, 1, [(a, b)]).tables.get())
    for taker in "aaaab":  # game 1 to A in four deals, one deal of game 2
        sheet.refresh_from_db()
        services.record_deal(
            sheet.pk,
            DealFacts(taker=taker, trump="hearts", taker_points=100),
            version=sheet.version,
            client_id=uuid.uuid4(),
        )
    for width, height in SCREENS:
        phone = width < 500
        page = browser(
            viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
        )
        page.goto(live_server.url + table_url(sheet))
        strip = page.locator("[data-match]")
        assert "1 – 0" in strip.locator("[data-games-won]").inner_text()
        assert "Manche 2 (revanche)" in strip.inner_text()
        assert page.locator("[data-total-a]").inner_text() == "62"
        assert page.locator("tr.game-head").count() == 2
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shoot(page, folder, f"match-table-{width}x{height}.png", full_page=True)
        assert page.errors == []

    # The phone enters the next deal: still game 2, the form asks for deal 7.
    page = browser(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(live_server.url + table_url(sheet))
    page.locator("label[for=id_taker_1]").tap()
    page.locator("label[for=id_trump_0]").tap()
    page.fill("#id_taker_points", "100")
    page.get_by_role("button", name="Enregistrer la donne").tap()
    page.wait_for_selector("#donne-6")
    assert page.locator("[data-total-b]").inner_text() == "200"
    assert "Donne 7" in page.locator("#deal-title").inner_text()

    # The paper sheet: three column blocks, on A4.
    client = Client()
    client.force_login(organiser)
    orga = browser(viewport={"width": 1366, "height": 768})
    orga.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    url = reverse(
        "publishing:print_sheets",
        kwargs={"club_slug": club.slug, "contest_id": contest.pk, "round_number": 1},
    )
    orga.goto(live_server.url + url)
    assert orga.locator("table.match-grid th.game-block[colspan='2']").count() == 3
    shoot(orga, folder, "match-print-1366x768.png", full_page=True)
    orga.emulate_media(media="print")
    orga.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    assert orga.evaluate("document.documentElement.scrollWidth") <= 794
    shoot(orga, folder, "match-print-a4.png", full_page=True)
    orga.pdf(path=shot_path(folder, "match-print-a4.pdf"), format="A4")
    assert orga.errors == []
