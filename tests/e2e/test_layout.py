"""The pages people read in the hall fit their screen, and carry Atout's icon.

Real browser (Playwright, Debian's chromium) against pytest-django's live server. The public
home, a contest's public standings, a table's link (the deal form a phone shows), the login
page and the contest's other public pages (home, draw, results, team, projector) are opened
on a 390×844 phone, a 1280×720 laptop/projector and a 1920×1080 projector: none scrolls
sideways (a table may scroll inside its own ``.table-wrap``, never the page). The favicon,
apple-touch icon and web app manifest (with its icons) resolve; ♥ and ♦ are red on the table
page, whose score preview fits the phone. Screenshots go to ``$ATOUT_SCREENSHOTS`` when set
(for the docs and the organiser guide); none is taken otherwise.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import shoot, shots_folder

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1280, "height": 720}},
    "projector": {"viewport": {"width": 1920, "height": 1080}},
}

# --suit-red in static/css/atout.css
SUIT_RED = "rgb(192, 18, 28)"

OVERFLOW = """() => {
  const d = document.documentElement;
  return {scrollWidth: d.scrollWidth, clientWidth: d.clientWidth};
}"""


def _pages(live_server: Any, club: Any) -> dict[str, str]:
    from publishing import services as publishing
    from scoring import services
    from tests.scoring.conftest import _entries, make_round, table_url
    from tests.scoring.conftest import make_contest as make_scoring_contest
    from tests.standings.factory import add_round, finish_round, make_contest

    # A public contest with two played, published rounds: standings with every column.
    contest = make_contest(club, teams=8, slug="mise-en-page")
    for number in (1, 2):
        round_ = add_round(contest, number, seed=3)
        finish_round(round_, seed=5)
        publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=True)
    # A table whose sheet is open: the deal form with the four trumps.
    playing = make_scoring_contest(club, "club_contest", "saisie-mise-en-page")
    a, b = _entries(playing, club, 2)
    sheet = services.sheet_of_table(make_round(playing, 1, [(a, b)]).tables.get())
    public = f"/concours/{club.slug}/mise-en-page/"
    return {
        "home": "/",
        "standings": public + "classement/",
        "table": table_url(sheet),
        "login": "/compte/connexion/",
        # The other public pages of the contest, read on the same screens.
        "contest": public,
        "draw": public + "manche/2/",
        "results": public + "resultats/2/",
        "team": public + "equipe/1/",
        "projector": public + "projecteur/",
    }


def _shots_dir(tmp_path: Path) -> Path | None:
    return shots_folder("layout")


@pytest.mark.django_db(transaction=True)
def test_hall_pages_fit_every_screen(
    live_server: Any, club: Any, browser: Any, tmp_path: Path
) -> None:
    pages = _pages(live_server, club)
    shots = _shots_dir(tmp_path)
    for screen, options in VIEWPORTS.items():
        page = browser(**options)
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, (name, path)
            size = page.evaluate(OVERFLOW)
            shoot(page, shots, f"{name}-{screen}.png", full_page=True)
            assert size["scrollWidth"] <= size["clientWidth"], (
                f"{name} scrolls sideways on the {screen} ({size})"
            )
            # The messages region sits at the top of <main>, announced to screen readers.
            region = page.locator("main > #messages")
            assert region.count() == 1 and region.get_attribute("role") == "status", name
        assert page.errors == [], (screen, page.errors)
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_favicon_and_manifest_resolve(live_server: Any, club: Any, browser: Any) -> None:
    page = browser(**VIEWPORTS["phone"])
    page.goto(live_server.url + "/")
    hrefs = page.evaluate(
        """() => [...document.querySelectorAll(
             'link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')]
           .map(l => [l.rel, l.href])"""
    )
    rels = {rel for rel, _ in hrefs}
    assert {"icon", "apple-touch-icon", "manifest"} <= rels, rels
    for rel, href in hrefs:
        response = page.request.get(href)
        assert response.status == 200, (rel, href, response.status)
        if rel == "icon" and href.endswith(".svg"):
            assert "<svg" in response.text()

    manifest_href = next(href for rel, href in hrefs if rel == "manifest")
    manifest = page.request.get(manifest_href).json()
    assert manifest["name"].startswith("Atout") and manifest["short_name"] == "Atout"
    assert manifest["lang"] == "fr" and manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        # Icon paths are relative to the manifest's own URL.
        url = manifest_href.rsplit("/", 1)[0] + "/" + icon["src"]
        assert page.request.get(url).status == 200, url

    # Browsers and bots that ask for /favicon.ico get the SVG, not a 404.
    favicon = page.request.get(live_server.url + "/favicon.ico")
    assert favicon.status == 200 and "<svg" in favicon.text()
    assert page.errors == []


@pytest.mark.django_db(transaction=True)
def test_red_suits_and_the_preview_on_the_table_page(
    live_server: Any, club: Any, browser: Any
) -> None:
    pages = _pages(live_server, club)
    page = browser(**VIEWPORTS["phone"])
    page.goto(live_server.url + pages["table"])
    colours = page.evaluate(
        """() => [...document.querySelectorAll('label')]
             .filter(l => /[♥♦♣♠]/.test(l.textContent))
             .map(l => [l.textContent.trim(), getComputedStyle(l).color])"""
    )
    red = {text for text, colour in colours if colour == SUIT_RED}
    hearts = [text for text, _ in colours if "♥" in text or "♦" in text]
    clubs = [text for text, _ in colours if "♣" in text or "♠" in text]
    assert hearts and clubs, colours
    assert set(hearts) <= red, colours
    assert not set(clubs) & red, colours

    # The score's breakdown (htmx preview) fits the phone too.
    page.locator("label[for=id_taker_0]").tap()
    page.locator("label[for=id_trump_1]").tap()
    page.fill("#id_taker_points", "100")
    page.wait_for_selector("[data-preview-a]")
    size = page.evaluate(OVERFLOW)
    assert size["scrollWidth"] <= size["clientWidth"], size
    assert page.errors == []
