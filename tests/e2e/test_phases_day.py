"""A contest in phases in a real browser: 16 teams in pools of four, then a main bracket for
the first two of each pool and a consolante for the others, to the palmarès.

The organiser picks the ready-made plan on the phases page, draws and publishes every partie
from the cockpit and the partie's page; the scores are entered as paper totals through the
scoring service (table A wins). The test reads what a person sees: the plan's summary, the
partie's phase and its "why" lines, the pools and the brackets, the palmarès (vainqueur,
finaliste, vainqueur de la consolante), the public pools-and-brackets page on a phone (the
brackets scroll inside their box, never the page) and the projector's bracket view.
Screenshots go to /tmp/h17a/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import PASSWORD
from tests.e2e.helpers import shoot, shots_folder

pytestmark = [pytest.mark.slow]

SHOTS = shots_folder("phases")
SIZES = {"phone": (390, 844), "laptop": (1366, 768), "wide": (1920, 1080)}


def _enter_scores(round_number: int, contest: Any) -> None:
    from scoring import services as scoring
    from scoring.models import ScoreSheet

    sheets = ScoreSheet.objects.filter(
        table__round__contest=contest, table__round__number=round_number
    ).select_related("table")
    for sheet in sheets:
        if sheet.table.entry_b_id is None:
            continue
        scoring.record_totals(
            sheet.pk, total_a=1100, total_b=844, deals_played=12, version=sheet.version
        )


def _no_page_overflow(page: Any) -> bool:
    return bool(page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth + 1"))


def _narrow(page: Any, name: str) -> None:
    """The organiser's page at 390 px: a screenshot, and no sideways scrolling of the page."""
    page.set_viewport_size({"width": 390, "height": 844})
    shoot(page, SHOTS, f"{name}-phone.png", full_page=True)
    assert _no_page_overflow(page), f"{name} overflows the page at 390 px"
    page.set_viewport_size({"width": 1366, "height": 768})


def _shoot(browser: Any, url: str, name: str) -> None:
    for label, (width, height) in SIZES.items():
        page = browser(viewport={"width": width, "height": height})
        page.goto(url)
        shoot(page, SHOTS, f"{name}-{label}.png", full_page=True)
        assert _no_page_overflow(page), f"{name} overflows the page at {width} px"
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_pools_then_main_and_consolante_to_the_palmares(
    live_server: Any, organiser: Any, club: Any, browser: Any
) -> None:
    from playwright.sync_api import expect

    from publishing import services as publishing
    from tests.tournaments.conftest import add_teams, make_contest
    from tournaments.services.phases.read import read_phases

    contest = make_contest(club, name="Challenge des poules", slug="poules", rounds_count=4)
    add_teams(contest, 16)
    page = browser(viewport={"width": 1366, "height": 768})
    page.on("dialog", lambda dialog: dialog.accept())
    h1 = page.locator("h1")
    page.goto(live_server.url + "/orga/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    expect(h1).to_have_text("Mes clubs")
    page.goto(live_server.url + contest.get_absolute_url())

    # 1. The plan: from the cockpit's tab, a ready-made plan, tried on the 16 teams.
    page.locator("nav.contest-menu").get_by_role("link", name="Phases").click()
    expect(h1).to_have_text("Phases du concours")
    page.get_by_label("Poules de 4, puis tableau principal (2 premiers) et consolante").check()
    page.get_by_role("button", name="Utiliser ce plan").click()
    summary = page.locator("#plan-summary")
    expect(summary).to_contain_text("Poules · 16 équipes · 4 poules · 3 parties")
    expect(summary).to_contain_text("Tableau principal · 8 équipes · 3 parties")
    expect(summary).to_contain_text("En tout : 6 parties.")
    shoot(page, SHOTS, "plan-laptop.png", full_page=True)

    # 2. Six parties drawn from the cockpit and published from their page.
    for number in range(1, 7):
        page.goto(live_server.url + contest.get_absolute_url())
        if number == 1:
            expect(page.locator("#step-phases")).to_contain_text(
                "La partie 1 commence la phase « Poules »"
            )
        if number == 4:
            expect(page.locator("#step-phases")).to_contain_text(
                "La partie 4 commence la phase « Tableau principal »"
            )
        if number == 4:
            _narrow(page, "cockpit-4")
        page.get_by_role("button", name=f"Tirer la partie {number}").first.click()
        expect(h1).to_contain_text(f"Partie {number}")
        phase = "Poules" if number <= 3 else "Tableau principal"
        expect(page.locator("#round-phase")).to_contain_text(phase)
        why = page.locator("ul.why")
        if number == 1:
            expect(why).to_contain_text("Table 1 : poule A.")
        if number == 4:
            expect(why).to_contain_text("qualifiée (1re de la poule A)")
            expect(why).to_contain_text("Tableau principal, Quarts de finale.")
            expect(why).to_contain_text("Consolante, Quarts de finale.")
        if number == 4:  # the organiser's partie page on a phone: the brackets stay in their box
            expect(page.locator("#round-phases #bracket-main")).to_be_visible()
            _narrow(page, "round-4")
        page.get_by_role("button", name="Publier").click()
        expect(page.locator("h1 .badge")).to_have_text("publiée")
        _enter_scores(number, contest)
        if number == 3:
            page.goto(live_server.url + f"/orga/{club.slug}/concours/{contest.pk}/phases/")
            expect(page.locator("#pool-A")).to_contain_text("terminée")
            shoot(page, SHOTS, "pools-laptop.png", full_page=True)

    view = read_phases(contest)
    assert view is not None and view.placement is not None
    names = {e.pk: e.display_name for e in contest.entries.select_related("player1", "player2")}
    first, second = view.placement.places[0], view.placement.places[1]
    consolante = next(
        p for p in view.placement.places if p.tier == "consolante" and p.title == "winner"
    )

    # 3. The palmarès: the final placement with the bracket titles.
    page.goto(live_server.url + contest.get_absolute_url())
    page.locator("nav.contest-menu").get_by_role("link", name="Palmarès").click()
    rows = page.locator("table#placement tbody tr")
    expect(rows).to_have_count(16)
    expect(rows.nth(0)).to_contain_text(names[first.team])
    expect(rows.nth(0).locator("td.title")).to_have_text("Vainqueur")
    expect(rows.nth(1)).to_contain_text(names[second.team])
    expect(rows.nth(1).locator("td.title")).to_have_text("Finaliste")
    expect(rows.nth(2).locator("td.title")).to_have_text("3e")
    cons_row = page.locator("table#placement tr", has_text=names[consolante.team])
    expect(cons_row.locator("td.title")).to_have_text("Vainqueur de la consolante")
    expect(cons_row.locator("td.num")).to_have_text("9")
    shoot(page, SHOTS, "palmares-laptop.png", full_page=True)
    # Printed on A4 (794 px wide at 96 dpi): the brackets wrap, nothing leaves the page.
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})
    shoot(page, SHOTS, "palmares-print-a4.png", full_page=True)
    assert _no_page_overflow(page)
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 1366, "height": 768})

    # 4. The public pages: pools and brackets, on a phone too; the projector's bracket view.
    for round_ in contest.rounds.all():
        publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=True)
    public = f"{live_server.url}/concours/{club.slug}/poules/"
    phone = browser(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone.goto(public)
    phone.get_by_role("link", name="Poules et tableaux", exact=True).click()
    expect(phone.locator("h1")).to_contain_text("Poules et tableaux")
    expect(phone.locator("#bracket-main")).to_contain_text(f"Vainqueur : {names[first.team]}")
    expect(phone.locator("#bracket-consolante")).to_contain_text(names[consolante.team])
    expect(phone.locator("#final-placement tbody tr").first).to_contain_text("Vainqueur")
    assert _no_page_overflow(phone)
    scroll = phone.locator("#bracket-main .bracket-scroll").first
    assert scroll.evaluate("e => e.scrollWidth > e.clientWidth")  # it scrolls inside its box
    assert phone.errors == []
    shoot(phone.locator("#bracket-main"), SHOTS, "bracket-phone.png")
    shoot(phone.locator("#pool-A"), SHOTS, "pool-phone.png")
    _shoot(browser, f"{public}poules-et-tableaux/", "public-phases")
    _shoot(browser, f"{public}projecteur/?vue=tableau", "projector-bracket")
    projector = browser(viewport={"width": 1920, "height": 1080})
    projector.goto(f"{public}projecteur/?vue=tableau")
    expect(projector.locator(".projector-screen")).to_contain_text("Tableau principal")
    expect(projector.locator(".projector-screen")).to_contain_text("Consolante")
