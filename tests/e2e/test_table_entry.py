"""A phone at the table enters a deal: the preview shows the score, saving adds it.

Real browser (Playwright, Debian's chromium) on a phone-sized viewport against pytest-django's
live server. Skipped with a clear reason where /usr/bin/chromium is missing.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import shoot, shots_folder


@pytest.mark.django_db(transaction=True)
def test_phone_enters_a_deal_with_preview(live_server: Any, club: Any, browser: Any) -> None:
    from scoring import services
    from scoring.models import DealRecord
    from tests.scoring.conftest import _entries, make_contest, make_round, table_url

    contest = make_contest(club, "club_contest", "e2e")
    a, b = _entries(contest, club, 2)
    sheet = services.sheet_of_table(make_round(contest, 1, [(a, b)]).tables.get())
    page = browser(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(live_server.url + table_url(sheet))
    assert page.locator("h1").inner_text().startswith("Table 1")

    page.locator("label[for=id_taker_0]").tap()
    page.locator("label[for=id_trump_0]").tap()
    page.locator("label[for=id_belote_team_1]").tap()
    page.fill("#id_taker_points", "100")
    # The defense's points are derived as the taker's are typed.
    assert "62" in page.locator("[data-defense-points]").inner_text()
    # htmx preview: the computed score, nothing saved yet.
    page.wait_for_selector("[data-preview-a]")
    assert page.locator("[data-preview-a]").inner_text() == "120"
    assert page.locator("[data-preview-b]").inner_text() == "62"
    assert DealRecord.objects.count() == 0

    page.get_by_role("button", name="Enregistrer la donne").tap()
    page.wait_for_selector("#donne-1")
    assert page.locator("[data-total-a]").inner_text() == "120"
    assert page.locator("[data-total-b]").inner_text() == "62"
    assert "Donne 1 enregistrée." in page.locator(".messages").inner_text()
    deal = DealRecord.objects.get()
    assert (deal.number, deal.score_a, deal.score_b, deal.belote_team) == (1, 120, 62, "a")
    # The form is ready for deal 2 and the whole page fits a phone's width.
    assert "Donne 2" in page.locator("#deal-title").inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    assert page.errors == []


IN_VIEW = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
}"""


@pytest.mark.django_db(transaction=True)
def test_after_saving_the_phone_shows_the_confirmation_and_the_new_row(
    live_server: Any, club: Any, browser: Any, tmp_path: Any
) -> None:
    """The phone is sent to the saved deal's row (#donne-N): the confirmation and the row are
    both on screen, the row under the one before it, not pinned to the top."""
    from scoring import services
    from tests.scoring.conftest import _entries, make_contest, make_round, table_url

    contest = make_contest(club, "club_contest", "e2e-vue")
    a, b = _entries(contest, club, 2)
    sheet = services.sheet_of_table(make_round(contest, 1, [(a, b)]).tables.get())
    page = browser(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(live_server.url + table_url(sheet))
    for number in (1, 2):
        page.locator("label[for=id_taker_0]").tap()
        page.locator("label[for=id_trump_0]").tap()
        page.fill("#id_taker_points", "100")
        page.wait_for_selector("[data-preview-a]")
        page.get_by_role("button", name="Enregistrer la donne").tap()
        page.wait_for_selector(f"#donne-{number}")
    shoot(page, shots_folder(), "after-save-390.png")
    assert "Donne 2 enregistrée." in page.locator(".messages").inner_text()
    assert page.evaluate(IN_VIEW, ".messages"), "the confirmation is off screen"
    assert page.evaluate(IN_VIEW, "#donne-2"), "the saved deal is off screen"
    assert page.evaluate(IN_VIEW, "#donne-1"), "the deal before it is off screen"
    assert page.errors == []
