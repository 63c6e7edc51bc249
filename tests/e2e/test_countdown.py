"""The countdown of a timed partie in a real browser: the projector ticks from the server's end
time, keeps its sound through an htmx refresh and rings once at the end (after the "Activer
le son" click browsers need); the phone and the organiser's pages show it too, on a 390×844
phone, a 1366×768 laptop and a 1920×1080 projector, without sideways scrolling.

Screenshots go to ``$ATOUT_SCREENSHOTS`` when set (none is taken otherwise).
"""

from __future__ import annotations

import datetime
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PASSWORD
from tests.e2e.helpers import shoot, shots_folder

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "projector": {"viewport": {"width": 1920, "height": 1080}},
}

OVERFLOW = """() => {
  const d = document.documentElement;
  return {scrollWidth: d.scrollWidth, clientWidth: d.clientWidth};
}"""


def _wait_for(page: Any, expression: str, timeout: float = 8.0) -> None:
    """Poll an expression (``wait_for_function`` evals, which the CSP forbids)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({expression})"):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(100)


def _shots(tmp_path: Path) -> Path | None:
    return shots_folder()


def _timed_contest(club: Any, seconds_left: int) -> dict[str, Any]:
    from django.utils import timezone

    from publishing import services as publishing
    from scoring import services
    from tests.scoring.conftest import _entries, make_contest, make_round
    from tournaments.services.rounds import clock
    from tournaments.services.rounds.format import set_partie_format

    contest = make_contest(club, "club_contest", "chrono", time_up="after_current_deal")
    a, b, c, d = _entries(contest, club, 4)
    round_ = make_round(contest, 1, [(a, b), (c, d)])
    publishing.set_visibility(round_, show_draw=True, show_results=False, show_standings=False)
    set_partie_format(round_, {"deals_per_game": 15}, minutes=40, timed=True)
    start = (
        timezone.now() - datetime.timedelta(minutes=40) + datetime.timedelta(seconds=seconds_left)
    )
    round_ = clock.start_clock(round_, now=start)
    sheet = services.sheet_of_table(round_.tables.get(number=1))
    return {"contest": contest, "round": round_, "sheet": sheet}


@pytest.mark.django_db(transaction=True)
def test_the_projector_counts_down_and_rings_once(
    live_server: Any, club: Any, browser: Any, tmp_path: Path
) -> None:
    from tournaments.services.rounds import clock

    seeded = _timed_contest(club, seconds_left=6)
    page = browser(**VIEWPORTS["projector"])
    page.goto(live_server.url + f"/concours/{club.slug}/chrono/projecteur/")
    time_el = page.locator("[data-countdown-time]")
    _wait_for(
        page, "/^00:0[1-6]$/.test(document.querySelector('[data-countdown-time]').textContent)"
    )
    first = time_el.text_content()
    page.wait_for_timeout(1200)
    assert time_el.text_content() != first  # it ticks on its own
    page.get_by_role("button", name="Activer le son").click()
    sound = page.locator("[data-countdown-sound]")
    assert sound.get_attribute("aria-pressed") == "true"
    assert sound.text_content() == "Son activé (sonnerie à la fin)"
    shoot(page, _shots(tmp_path), "countdown-projector-running.png")
    # An htmx refresh of the countdown keeps the sound on and the clock ticking.
    page.evaluate(
        "() => htmx.ajax('GET', document.querySelector('.projector-clock-box')"
        ".getAttribute('hx-get'), {target: '.projector-clock-box', swap: 'innerHTML'})"
    )
    page.wait_for_timeout(500)
    assert page.locator("[data-countdown-sound]").get_attribute("aria-pressed") == "true"
    _wait_for(
        page, "document.querySelector('[data-countdown-time]').textContent === 'Temps écoulé'"
    )
    _wait_for(page, "window.atoutCountdown.rings === 1")
    assert page.locator(".countdown").evaluate("el => el.classList.contains('countdown-over')")
    page.wait_for_timeout(1000)
    assert page.evaluate("() => window.atoutCountdown.rings") == 1  # once
    shoot(page, _shots(tmp_path), "countdown-projector-over.png")
    assert page.errors == []
    # A paused clock stands still, and says so.
    round_ = seeded["round"]
    assert clock.clock_of(round_).over


@pytest.mark.django_db(transaction=True)
def test_countdown_pages_fit_every_screen(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    from tests.scoring.conftest import table_url

    seeded = _timed_contest(club, seconds_left=25 * 60)
    contest = seeded["contest"]
    pages = {
        "projector": f"/concours/{club.slug}/chrono/projecteur/",
        "table": table_url(seeded["sheet"]),
        "round": f"/orga/{club.slug}/concours/{contest.pk}/parties/1/",
        "follow": f"/orga/marque/{club.slug}/concours/{contest.pk}/parties/1/",
    }
    shots = _shots(tmp_path)
    for screen, options in VIEWPORTS.items():
        page = browser(**options)
        page.goto(live_server.url + "/orga/")
        page.fill("#id_username", organiser.username)
        page.fill("#id_password", PASSWORD)
        page.get_by_role("button", name="Se connecter").click()
        page.wait_for_load_state()
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, (name, screen)
            _wait_for(
                page,
                "/^2[45]:\\d\\d$/.test(document.querySelector('[data-countdown-time]').textContent)",
            )
            size = page.evaluate(OVERFLOW)
            shoot(page, shots, f"countdown-{name}-{screen}.png", full_page=True)
            assert size["scrollWidth"] <= size["clientWidth"], (name, screen, size)
            if name == "table":
                assert "Partie en 15 donnes (format de cette partie)" in page.content()
            if name == "round":  # the format form, opened
                page.get_by_text("Fin de partie, plafond des scores, durée").click()
                assert page.locator("#id_deals_per_game").input_value() == "15"
                shoot(page, shots, f"format-round-{screen}.png", full_page=True)
                size = page.evaluate(OVERFLOW)
                assert size["scrollWidth"] <= size["clientWidth"], ("format", screen, size)
        assert page.errors == [], (screen, page.errors)
        page.context.close()
