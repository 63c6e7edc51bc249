"""The organiser's paper totals in a real browser (Playwright, Debian's chromium), on a 390×844
phone and a 1366×768 laptop: totals that do not add up come back with their warning in view
(the page opens on the totals panel, far below the deal form), not at the top of the page with
the message a screen and a half below."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import log_in

SCREENS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}

IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return {top: Math.round(box.top), height: window.innerHeight, scrolled: window.scrollY};
}"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", SCREENS)
def test_totals_that_do_not_add_up_open_on_their_warning(
    live_server: Any, club: Any, organiser: Any, browser: Any, screen: str
) -> None:
    from scoring import services
    from scoring.models import ScoreSheet
    from tests.scoring.conftest import _entries, make_contest, make_round, organiser_url

    contest = make_contest(club, "club_contest", f"papier-{screen}")
    teams = _entries(contest, club, 2)
    round1 = make_round(contest, 1, [(teams[0], teams[1])])
    sheet = services.sheet_of_table(round1.tables.get(number=1))
    page = browser(**SCREENS[screen])
    log_in(page, live_server.url, organiser.username)
    page.goto(live_server.url + organiser_url(sheet, "sheet"))
    totals = page.locator("section[aria-labelledby=totals-title]")
    totals.locator("input[name=total_a]").fill("2000")
    totals.locator("input[name=total_b]").fill("0")
    totals.locator("input[name=deals_played]").fill("12")
    totals.get_by_role("button", name="Enregistrer les totaux").click()
    page.wait_for_selector("#totals-warning")
    assert "Les totaux ne concordent pas" in page.locator("#totals-warning").inner_text()
    where = page.evaluate(IN_VIEW, "#totals-warning")
    assert 0 <= where["top"] < where["height"] - 40, where
    assert where["scrolled"] > 0, where  # the page moved to it: it is not at the top
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.OPEN and sheet.total_a == 0  # nothing saved
    assert [e for e in page.errors if "status of 400" not in e] == []
