"""Pages people read in the hall (issue 16): every public, table and projector page of a seeded
contest fits a 390×844 phone, a 1280×720 and a 1920×1080 screen, with the rank and the
ranking's points of the first rows on screen; a refused deal opens the phone on its message;
the projector pages itself (keyboard too); the palmarès prints its prizes on A4.

Real browser (Playwright, Debian's chromium) against pytest-django's live server. Screenshots
go to ``$ATOUT_SCREENSHOTS`` when set (``docs/screenshots/`` holds a few for the organiser
guide); none is taken otherwise.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import shoot, shots_folder

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1280, "height": 720}},
    "projector": {"viewport": {"width": 1920, "height": 1080}},
}

OVERFLOW = """() => {
  const d = document.documentElement;
  return {scrollWidth: d.scrollWidth, clientWidth: d.clientWidth};
}"""

# The rank cell and the ranking's points cell of the first three rows of the first table whose
# header names a "Points" column, with the viewport's size.
RANK_AND_POINTS = """() => {
  const table = [...document.querySelectorAll('table')].find(t =>
      [...t.querySelectorAll('thead th')].some(th => th.textContent.trim() === 'Points'));
  if (!table) { return null; }
  const heads = [...table.querySelectorAll('thead th')];
  const points = heads.findIndex(th => th.textContent.trim() === 'Points');
  const rows = [...table.querySelectorAll('tbody tr')]
      .filter(tr => getComputedStyle(tr).display !== 'none').slice(0, 3);
  const box = el => { const r = el.getBoundingClientRect();
      return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: el.textContent.trim()}; };
  return {width: window.innerWidth, height: window.innerHeight,
          cells: rows.map(tr => [box(tr.cells[0]), box(tr.cells[points])])};
}"""


def _wait_for(page: Any, expression: str, timeout: float = 5.0) -> None:
    """``page.wait_for_function`` without its eval (the Content-Security-Policy forbids it)."""
    import time

    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({expression})"):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(100)


def _shots(tmp_path: Path) -> Path | None:
    return shots_folder()


def _seeded(club: Any) -> dict[str, str]:
    """A public contest of 16 teams and two played, published rounds (every page has content),
    a table whose sheet is open (the deal form) and one with deals (the correction page)."""
    from publishing import services as publishing
    from scoring import services
    from tests.scoring.conftest import _entries, make_round, table_url
    from tests.scoring.conftest import make_contest as make_scoring_contest
    from tests.scoring.helpers import play_deals
    from tests.standings.factory import add_round, finish_round, make_contest

    contest = make_contest(club, teams=16, slug="salle")
    for number in (1, 2):
        round_ = add_round(contest, number, seed=3)
        finish_round(round_, seed=5)
        publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=True)
    playing = make_scoring_contest(club, "club_contest", "salle-saisie")
    a, b, c, d = _entries(playing, club, 4)
    round_ = make_round(playing, 1, [(a, b), (c, d)])
    open_sheet = services.sheet_of_table(round_.tables.get(number=1))
    played = services.sheet_of_table(round_.tables.get(number=2))
    play_deals(played, 3)
    public = f"/concours/{club.slug}/salle/"
    return {
        "home": "/",
        "contest": public,
        "draw": public + "partie/2/",
        "draw-projector": public + "partie/2/projection/",
        "standings": public + "classement/",
        "results": public + "resultats/2/",
        "team": public + "equipe/1/",
        "projector": public + "projecteur/",
        "projector-results": public + "projecteur/?vue=resultats",
        "table": table_url(open_sheet),
        "table-played": table_url(played),
        "table-correct": table_url(played, "correct", number=3),
    }


@pytest.mark.django_db(transaction=True)
def test_every_hall_page_fits_with_rank_and_points_on_screen(
    live_server: Any, club: Any, browser: Any, tmp_path: Path
) -> None:
    pages = _seeded(club)
    shots = _shots(tmp_path)
    for screen, options in VIEWPORTS.items():
        page = browser(**options)
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, (name, path)
            size = page.evaluate(OVERFLOW)
            if name in {"standings", "projector", "draw-projector"}:
                shoot(page, shots, f"{name}-{screen}.png")
            assert size["scrollWidth"] <= size["clientWidth"], (
                f"{name} scrolls sideways on the {screen} ({size})"
            )
            if name == "draw-projector" and screen == "phone":
                # A team's names wrap on a phone rather than end in "…".
                cut = page.evaluate(
                    """() => [...document.querySelectorAll('.projector-draw .draw-team')]
                        .filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)"""
                )
                assert cut == [], f"team names cut on the phone: {cut[:3]}"
            found = page.evaluate(RANK_AND_POINTS)
            if name in {"standings", "projector"}:
                assert found and len(found["cells"]) == 3, (name, screen, found)
            if not found:
                continue
            for rank, points in found["cells"]:
                for cell in (rank, points):
                    assert cell["left"] >= 0 and cell["right"] <= found["width"] + 0.5, (
                        f"{name} on the {screen}: {cell['text']!r} is off screen ({cell})"
                    )
                    if name.startswith("projector") or name == "standings":
                        assert cell["top"] >= 0 and cell["bottom"] <= found["height"], (
                            name,
                            screen,
                            cell,
                        )
                assert points["text"].isdigit(), (name, screen, points)
        assert page.errors == [], (screen, page.errors)
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_team_page_shows_its_rank_and_points_on_a_phone(
    live_server: Any, club: Any, browser: Any
) -> None:
    pages = _seeded(club)
    page = browser(**VIEWPORTS["phone"])
    page.goto(live_server.url + pages["team"])
    rank = page.locator(".team-rank")
    box = rank.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    text = rank.inner_text()
    assert "Rang après la partie 2" in text and " points, " in text
    assert "partie(s)" not in text
    assert page.errors == []


@pytest.mark.django_db(transaction=True)
def test_a_refused_deal_opens_the_phone_on_its_message(
    live_server: Any, club: Any, browser: Any, tmp_path: Path
) -> None:
    from scoring import services
    from scoring.models import DealRecord
    from tests.scoring.conftest import _entries, make_contest, make_round, table_url
    from tests.scoring.helpers import play_deals

    contest = make_contest(club, "club_contest", "refus")
    a, b = _entries(contest, club, 2)
    sheet = services.sheet_of_table(make_round(contest, 1, [(a, b)]).tables.get())
    play_deals(sheet, 4)  # a long page: the form is far below the top
    page = browser(**VIEWPORTS["phone"])
    page.goto(live_server.url + table_url(sheet))

    # The deal list and the scoreboard name the teams as the players know them.
    heads = page.locator("table.deals thead").inner_text()
    assert f"Éq. {a.number}" in heads and f"Éq. {b.number}" in heads
    assert a.display_name in page.locator(".scoreboard").inner_text()
    assert "4 donnes" in page.locator(".sheet-status").inner_text()

    page.locator("label[for=id_taker_0]").tap()
    page.locator("label[for=id_trump_0]").tap()
    page.fill("#id_taker_points", "170")  # more than the 162 a deal holds
    page.get_by_role("button", name="Enregistrer la donne").tap()
    page.wait_for_selector("#sheet-error")
    assert DealRecord.objects.filter(sheet=sheet).count() == 4

    def on_screen(selector: str) -> bool:
        return bool(
            page.evaluate(
                """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                     return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }""",
                selector,
            )
        )

    assert on_screen("#sheet-error"), "the refusal is off screen"
    assert page.evaluate("document.activeElement.id") == "sheet-error"
    assert page.locator("#id_taker_points").get_attribute("aria-invalid") == "true"
    assert "has-error" in (page.locator("#field-taker_points").get_attribute("class") or "")
    shoot(page, _shots(tmp_path), "table-refused-phone.png")

    # A conflict: the other phone saved a deal meanwhile; this one's submit is answered 409.
    page.goto(live_server.url + table_url(sheet))
    page.locator("label[for=id_taker_0]").tap()
    page.locator("label[for=id_trump_0]").tap()
    page.fill("#id_taker_points", "100")
    play_deals(sheet, 1)
    page.get_by_role("button", name="Enregistrer la donne").tap()
    page.wait_for_selector("#sheet-error")
    assert on_screen("#sheet-error"), "the conflict's message is off screen"
    # The refusals' own 400 and 409 are reported by the browser; nothing else may be.
    expected = ("status of 400", "status of 409")
    assert [e for e in page.errors if not any(x in e for x in expected)] == []


@pytest.mark.django_db(transaction=True)
def test_verifier_shows_the_score_beside_the_buttons(
    live_server: Any, club: Any, browser: Any
) -> None:
    from scoring import services
    from tests.scoring.conftest import _entries, make_contest, make_round, table_url

    contest = make_contest(club, "club_contest", "verifier")
    a, b = _entries(contest, club, 2)
    sheet = services.sheet_of_table(make_round(contest, 1, [(a, b)]).tables.get())
    page = browser(**VIEWPORTS["phone"])
    page.goto(live_server.url + table_url(sheet))
    page.locator("label[for=id_taker_0]").tap()
    page.locator("label[for=id_trump_1]").tap()
    page.fill("#id_taker_points", "100")
    page.wait_for_selector("[data-preview-a]")
    summary = page.locator("[data-preview-summary]")
    _wait_for(page, "document.querySelector('[data-preview-summary]').textContent.includes('100')")
    assert "100" in summary.inner_text() and "62" in summary.inner_text()
    box = summary.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844
    # ♦ (the chosen trump) is red in the form, ♣ is not.
    colours = page.evaluate(
        """() => [...document.querySelectorAll('.choices label')]
             .filter(l => /[♦♣]/.test(l.textContent))
             .map(l => [l.textContent.trim()[0], getComputedStyle(l).color])"""
    )
    assert ("♦", "rgb(192, 18, 28)") in [tuple(c) for c in colours]
    assert page.errors == []


@pytest.mark.django_db(transaction=True)
def test_the_projector_turns_its_pages_and_obeys_the_keyboard(
    live_server: Any, club: Any, browser: Any
) -> None:
    from publishing import services as publishing
    from tests.standings.factory import add_round, finish_round, make_contest

    contest = make_contest(club, teams=40, slug="grand-ecran")
    round_ = add_round(contest, 1, seed=3)
    finish_round(round_, seed=5)
    publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=True)
    page = browser(**VIEWPORTS["laptop"])
    page.goto(f"{live_server.url}/concours/{club.slug}/grand-ecran/projecteur/")
    _wait_for(page, "window.atoutProjector && window.atoutProjector.state.pages.length > 1")
    # The contest, « après la partie 1 » and the clock are on screen; no site header.
    assert page.locator(".site-header").is_hidden()
    assert "après la partie 1" in page.locator(".projector-sub").inner_text()
    assert page.locator("[data-clock]").inner_text().count(":") == 1
    status = page.locator("[data-pager-status]")
    assert status.inner_text().startswith("1 / ")
    visible = page.locator("tbody tr:not(.pager-off)")
    first = visible.first.inner_text()
    # Every visible row is on screen (no cut), one line each.
    rows = page.evaluate(
        """() => [...document.querySelectorAll('tbody tr:not(.pager-off)')]
             .map(tr => tr.getBoundingClientRect()).map(r => [r.bottom, r.height])"""
    )
    assert all(bottom <= 720 for bottom, _ in rows)
    assert max(h for _, h in rows) < 2 * min(h for _, h in rows)
    page.keyboard.press("ArrowRight")
    assert status.inner_text().startswith("2 / ")
    assert visible.first.inner_text() != first
    page.keyboard.press("ArrowLeft")
    assert status.inner_text().startswith("1 / ")
    page.keyboard.press("f")
    assert page.locator("[data-frozen-badge]").is_visible()
    page.keyboard.press("f")
    page.keyboard.press("b")
    assert page.evaluate("document.body.classList.contains('is-blanked')")
    page.keyboard.press("b")
    assert not page.evaluate("document.body.classList.contains('is-blanked')")
    # Pages turn by themselves, even while htmx refreshes the content more often than that.
    page.evaluate(
        """() => { document.querySelector('[data-pager]').setAttribute('data-page-seconds', '1');
                   window.atoutProjector.restart();
                   window.setInterval(() => document.dispatchEvent(
                       new CustomEvent('htmx:afterSwap')), 300); }"""
    )
    _wait_for(page, "document.querySelector('[data-pager-status]').textContent.startsWith('2 / ')")

    # The draw: every table on one 1920×1080 screen.
    page = browser(**VIEWPORTS["projector"])
    page.goto(f"{live_server.url}/concours/{club.slug}/grand-ecran/partie/1/projection/")
    _wait_for(page, "window.atoutProjector && window.atoutProjector.state.pages.length")
    assert page.evaluate("window.atoutProjector.state.pages.length") == 1
    assert page.locator("ol.projector-draw li").count() == 20
    assert page.errors == []


@pytest.mark.django_db(transaction=True)
def test_the_palmares_prints_its_prizes_on_a4(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    from django.test import Client

    from publishing import services as publishing
    from publishing.models import Prize
    from tests.standings.factory import played_contest

    contest = played_contest(club, teams=16, rounds=2)
    for round_ in contest.rounds.all():
        publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=True)
    Prize.objects.create(contest=contest, rank_from=1, rank_to=1, label="Un jambon de Bayonne")
    Prize.objects.create(contest=contest, rank_from=2, rank_to=4, label="Deux bouteilles de cidre")
    client = Client()
    client.force_login(organiser)
    page = browser(**VIEWPORTS["laptop"])
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    response = page.goto(
        f"{live_server.url}/orga/publication/{club.slug}/concours/{contest.pk}/palmares/"
    )
    assert response is not None and response.status == 200
    pdf = tmp_path / "palmares.pdf"
    page.pdf(path=str(pdf), format="A4")
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Un jambon de Bayonne" in text and "Deux bouteilles de cidre" in text
    assert "Lot" in text and "Points" in text
    # Portrait A4 (595 × 842 pt), and nothing cut at the right: the prize column is the last.
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "595" in info.split("Page size:")[1].split("\n")[0]
    assert page.errors == []
