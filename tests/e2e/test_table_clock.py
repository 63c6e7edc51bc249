"""A table phone left open on a timed partie learns that time is up without a reload, in a real
browser: when its countdown reaches zero (or when the countdown's poll says time was called at
the table), countdown.js sends "clock-changed", the scoreboard asks the server again at once,
and "Temps écoulé : encore N donnes à jouer." shows, while the deal being typed stays typed.

The page's timers run on Playwright's clock (``page.clock``), paused after the page loaded and
moved on by hand: the scoreboard's own 15 s poll, and in the first test the countdown's 10 s
poll, never come due, so the refresh seen is the one the countdown asked for. Screenshots go to
``$ATOUT_SCREENSHOTS`` when set (none is taken otherwise).
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import shoot, shots_folder

NOTE = "Temps écoulé : encore 2 donnes à jouer."
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True}  # fmt: skip
LAPTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}

OVERFLOW = """() => {
  const d = document.documentElement;
  return {scrollWidth: d.scrollWidth, clientWidth: d.clientWidth};
}"""


def _shots(tmp_path: Path) -> Path | None:
    return shots_folder()


def _timed_sheet(club: Any, seconds_left: int) -> Any:
    """Table 1 of a 40-minute partie with ``seconds_left`` to go, one deal played; time's up
    leaves two more deals to play."""
    from django.utils import timezone

    from scoring import services
    from tests.scoring.conftest import _entries, make_contest, make_round
    from tests.scoring.helpers import play_deals
    from tournaments.services.rounds import clock
    from tournaments.services.rounds.format import set_partie_format

    contest = make_contest(club, "club_contest", "chrono", time_up="after_more_deals",
                           time_up_deals=2)  # fmt: skip
    a, b, c, d = _entries(contest, club, 4)
    round_ = make_round(contest, 1, [(a, b), (c, d)])
    set_partie_format(round_, {}, minutes=40, timed=True)
    start = timezone.now() - datetime.timedelta(minutes=40, seconds=-seconds_left)
    round_ = clock.start_clock(round_, now=start)
    return play_deals(services.sheet_of_table(round_.tables.get(number=1)), 1)


def _open(page: Any, url: str) -> list[str]:
    """Open the table page on a paused clock, type the next deal's points, mark the page (a
    reload would lose the mark); the list collects the scoreboard's requests from then on."""
    page.clock.install()
    page.goto(url)
    page.wait_for_selector("#sheet-state[hx-trigger]")
    page.clock.pause_at(page.evaluate("() => Date.now()") + 200)
    page.fill("#id_taker_points", "110")
    page.evaluate("() => { window.notReloaded = true; }")
    polls: list[str] = []
    page.on("request", lambda r: polls.append(r.url) if r.url.endswith("/etat/") else None)
    assert page.locator("[data-time-note]").count() == 0
    return polls


def _is_state(response: Any) -> bool:
    return response.url.endswith("/etat/")


def _kept_and_fits(page: Any, polls: list[str]) -> None:
    note = page.locator("#sheet-state [data-time-note]")
    note.wait_for()
    assert note.inner_text() == NOTE
    assert len(polls) == 1  # the refresh the countdown asked for, not the 15 s poll
    assert page.evaluate("() => window.notReloaded") is True
    assert page.locator("#id_taker_points").input_value() == "110"
    assert page.locator("#deal-title").inner_text() == "Donne 2"
    size = page.evaluate(OVERFLOW)
    assert size["scrollWidth"] <= size["clientWidth"], size
    assert page.errors == []


@pytest.mark.django_db(transaction=True)
def test_the_phone_shows_time_up_when_its_countdown_ends(
    live_server: Any, club: Any, browser: Any, tmp_path: Path
) -> None:
    from django.db.models import F

    from scoring.models import ScoreSheet
    from tests.scoring.conftest import table_url
    from tournaments.models import Round

    sheet = _timed_sheet(club, seconds_left=6)
    page = browser(**PHONE)
    polls = _open(page, live_server.url + table_url(sheet))
    shown = page.locator("[data-countdown-time]").inner_text()
    assert shown.startswith("00:0") and shown != "00:00", shown
    # The server's clock is over now (its end moved a minute back); the page does not know yet.
    Round.objects.filter(pk=sheet.table.round_id).update(
        clock_started_at=F("clock_started_at") - datetime.timedelta(minutes=1)
    )
    page.clock.run_for((int(shown[-1]) - 1) * 1000)  # up to the last second: nothing asked
    assert page.locator("[data-countdown-time]").inner_text() == "00:01"
    assert polls == [] and ScoreSheet.objects.get(pk=sheet.pk).time_called_after is None
    with page.expect_response(_is_state) as state:
        page.clock.run_for(2_000)  # the countdown reaches zero
    assert state.value.status == 200
    page.clock.run_for(1_000)  # htmx's settle delay
    assert page.locator("[data-countdown-time]").inner_text() == "Temps écoulé"
    assert ScoreSheet.objects.get(pk=sheet.pk).time_called_after == 1
    _kept_and_fits(page, polls)
    shoot(page, _shots(tmp_path), "table-clock-over-phone.png", full_page=True)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, _shots(tmp_path), "table-clock-over-phone-top.png")


@pytest.mark.django_db(transaction=True)
def test_the_phone_shows_time_called_at_its_table(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    from scoring import services
    from tests.scoring.conftest import table_url

    sheet = _timed_sheet(club, seconds_left=20 * 60)
    page = browser(**LAPTOP)
    polls = _open(page, live_server.url + table_url(sheet))
    services.call_time_at_table(sheet.pk, version=sheet.version, user=organiser)
    with page.expect_response(_is_state) as state:
        page.clock.run_for(10_500)  # the countdown's poll (every 10 s) says time was called
    assert state.value.status == 200
    page.clock.run_for(1_000)
    assert page.locator("[data-countdown-time]").inner_text().startswith("19:")  # still running
    _kept_and_fits(page, polls)
    shoot(page, _shots(tmp_path), "table-clock-called-laptop.png", full_page=True)
