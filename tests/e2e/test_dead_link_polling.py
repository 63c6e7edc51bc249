"""A phone left open on a table page whose link the organiser renewed stops polling, in a real
browser: its next poll is answered 286 (htmx's "stop polling"), the scoreboard gives way to a
French message, and no poll follows (it was one 404 every 15 s, for ever, counted against the
hall's address)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.django_db(transaction=True)
def test_a_page_on_a_renewed_link_stops_polling(live_server: Any, club: Any, browser: Any) -> None:
    from scoring import services
    from tests.scoring.conftest import _entries, make_contest, make_round

    contest = make_contest(club, "club_contest", "salle")
    entries = _entries(contest, club, 2)
    round_ = make_round(contest, 1, [(entries[0], entries[1])])
    sheet = services.sheet_of_table(round_.tables.get())

    page = browser()
    page.clock.install()  # the page's 15 s poll, run on demand
    polls: list[int] = []
    page.on("response", lambda r: polls.append(r.status) if r.url.endswith("/etat/") else None)
    page.goto(f"{live_server.url}/table/r1/t1/{sheet.token}/")
    page.wait_for_selector("#sheet-state[hx-trigger]")

    def is_poll(response: Any) -> bool:
        return response.url.endswith("/etat/")

    with page.expect_response(is_poll) as first:
        page.clock.run_for(16_000)
    assert first.value.status == 200

    services.regenerate_token(sheet.pk)
    with page.expect_response(is_poll) as dead:
        page.clock.run_for(15_000)
    assert dead.value.status == 286
    page.clock.run_for(1_000)  # htmx's settle delay
    state = page.locator("#sheet-state")
    state.get_by_text("Ce lien de table n'est plus valable.").wait_for()
    assert state.get_attribute("hx-trigger") is None

    # Two more minutes of the page left open: not one more request.
    page.clock.run_for(120_000)
    page.wait_for_timeout(500)
    assert polls == [200, 286]
    assert page.errors == []
