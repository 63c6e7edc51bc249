"""A mêlée evening in a real browser: players come alone, partners are drawn at every partie.

The organiser (1366×768) creates a mêlée of 2 parties of 4 donnes (the player left over sits
out by the bye policy), registers 10 players one by one from the solo players' page (the
last one not yet there, checked in later from the list), draws partie 1 from the cockpit:
2 tables of four names, 2 players sitting out, the French "why" report; publishes it, types
the two paper sheets (totals) from the follow page; draws partie 2 (the exempt players of
partie 1 play, nobody partners the same player again), publishes it and types its sheets;
opens the players' ranking from the cockpit and prints the individual palmarès (every player,
ranked as the standings say, the exempt ones credited the partie's average).
The pages are screenshotted at 390×844, 1366×768 and 1920x1080 into ``ATOUT_SHOTS`` when set
(none is taken otherwise), and the phone never scrolls sideways.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PASSWORD
from tests.e2e.helpers import shoot, shots_folder

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
SCREENS = {"phone": (390, 844), "laptop": (1366, 768), "wide": (1920, 1080)}
CONTEST = "Mêlée du jeudi"
PLAYERS = [
    "Jean Martin",
    "Paul Durand",
    "Marie Le Goff",
    "Anne Kerjean",
    "Yves Tanguy",
    "Louis Le Bihan",
    "Soizic Le Floch",
    "Hervé Guillou",
    "Gaël Morvan",
    "Nolwenn Riou",
]


def _next_action(page: Any) -> Any:
    return page.locator("#next-action").locator("a.primary, button.primary")


def _to_cockpit(page: Any) -> None:
    page.locator("nav.breadcrumbs").get_by_role("link", name=CONTEST, exact=True).click()
    page.wait_for_selector("ol.steps")


def _settle(page: Any, field: str) -> None:
    """Let the field's htmx suggestions end before the next click (SQLite in memory)."""
    page.locator(field).blur()
    page.wait_for_timeout(500)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def _shoot(browser: Any, url: str, cookies: list[Any], name: str, shots: Path) -> None:
    """The page at three sizes; on the phone, nothing wider than the screen."""
    for screen, (width, height) in SCREENS.items():
        page = browser(viewport={"width": width, "height": height})
        page.context.add_cookies(cookies)
        page.goto(url)
        shoot(page, shots, f"{name}-{screen}.png", full_page=True)
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"{name} overflows at {width}px: {scroll}px"
        assert page.errors == []
        page.context.close()


def _type_totals(page: Any, number: int, a: int, b: int) -> None:
    h1 = page.locator("h1")
    page.locator(f"tr[data-table='{number}']").get_by_role(
        "link", name="Saisir la feuille papier"
    ).click()
    from playwright.sync_api import expect

    expect(h1).to_contain_text(f"Table {number}")
    totals = page.locator("section[aria-labelledby=totals-title]")
    totals.locator("input[name=total_a]").fill(str(a))
    totals.locator("input[name=total_b]").fill(str(b))
    totals.locator("input[name=deals_played]").fill("4")
    totals.get_by_role("button", name="Enregistrer les totaux").click()
    expect(page.locator("[data-total-a]")).to_have_text(str(a))


def _partners(number: int) -> tuple[set[frozenset[int]], set[int]]:
    from tournaments.models import Entry

    pairs = {
        frozenset((e.player1_id, e.player2_id))
        for e in Entry.objects.filter(formed_for_round=number)
    }
    return pairs, {p for pair in pairs for p in pair}


@pytest.mark.django_db(transaction=True)
def test_a_melee_evening(
    live_server: Any, organiser: Any, club: Any, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    shots = shots_folder()
    page = browser(**DESKTOP)
    page.on("dialog", lambda dialog: dialog.accept())
    h1 = page.locator("h1")
    main = page.locator("main")

    # 1. Log in, create a mêlée of 2 parties of 4 donnes; the leftover sits out (bye).
    page.goto(live_server.url + "/orga/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    page.get_by_role("link", name=club.name).click()
    page.get_by_role("link", name="Nouveau concours").click()
    page.fill("#id_name", CONTEST)
    page.fill("#id_date", "2026-12-17")
    page.fill("#id_rounds_count", "2")
    page.fill("#id_deals_per_game", "4")
    page.get_by_label("mêlée (partenaires tirés à chaque partie)").check()
    page.get_by_label("exempt, selon la règle de l'exempt").check()
    page.get_by_role("button", name="Créer le concours").click()
    expect(h1).to_contain_text(CONTEST)

    # 2. The cockpit sends to the solo players' page: 10 players, one by one.
    expect(page.locator("#step-registration")).to_contain_text("0 joueurs inscrits")
    expect(_next_action(page)).to_have_text("Joueurs seuls et pointage")
    _next_action(page).click()
    expect(h1).to_contain_text("Joueurs seuls")
    for number, name in enumerate(PLAYERS, start=1):
        page.fill("#id_player1", name)
        _settle(page, "#id_player1")
        if number == len(PLAYERS):
            page.get_by_label("Présent (pointé)").uncheck()  # not there yet
        page.get_by_role("button", name="Inscrire le joueur").click()
        expect(page.locator(".messages")).to_contain_text(f"{name} inscrit(e), n° {number}.")
    late = page.locator(f"#joueur-{len(PLAYERS)}")
    expect(late).to_contain_text("non pointé")
    late.get_by_role("button", name="Pointer").click()
    expect(page.locator(".messages")).to_contain_text(f"{PLAYERS[-1]} : pointé présent.")
    expect(main).to_contain_text("10 présents")
    cookies = page.context.cookies()
    _shoot(browser, page.url, cookies, "solos", shots)

    # 3. Partie 1 from the cockpit: 2 tables of four names, 2 players sit out.
    _to_cockpit(page)
    expect(page.locator("#step-registration")).to_contain_text(
        "10 joueurs inscrits, 10 pointés présents"
    )
    expect(_next_action(page)).to_have_text("Tirer la partie 1")
    _next_action(page).click()
    expect(page.locator(".messages")).to_contain_text("Partie 1 tirée (brouillon)")
    rows = page.locator("table.draw tbody tr")
    expect(rows).to_have_count(2)
    for i in range(2):
        text = rows.nth(i).inner_text()
        assert sum(name in text for name in PLAYERS) == 4, text
    byes = page.locator("p", has_text="Exempts de cette partie")
    assert sum(name in byes.inner_text() for name in PLAYERS) == 2
    why = page.locator("ul.why")
    expect(why).to_contain_text("Jamais deux fois le même partenaire : respecté.")
    expect(why).to_contain_text("Exempt : ")
    _shoot(browser, page.url, cookies, "melee-round", shots)
    page.get_by_role("button", name="Publier").click()
    expect(page.locator(".messages")).to_contain_text("Partie 1 publiée.")
    first_pairs, first_seated = _partners(1)

    # 4. The two paper sheets of partie 1, typed from the follow page.
    _to_cockpit(page)
    page.locator("#step-tables").get_by_role(
        "link", name="Suivre les tables de la partie 1"
    ).click()
    expect(h1).to_have_text("Partie 1 : suivi des tables")
    follow = page.locator("tr[data-table='1']").inner_text()
    assert sum(name in follow for name in PLAYERS) == 4, follow
    _shoot(browser, page.url, cookies, "melee-follow", shots)
    for number, (a, b) in ((1, (400, 248)), (2, (300, 348))):
        _type_totals(page, number, a, b)
        page.get_by_role("link", name="← Partie 1").click()
        expect(h1).to_have_text("Partie 1 : suivi des tables")

    # 5. Partie 2: those who sat out play, nobody partners the same player again.
    _to_cockpit(page)
    expect(_next_action(page)).to_have_text("Tirer la partie 2")
    _next_action(page).click()
    expect(page.locator(".messages")).to_contain_text("Partie 2 tirée (brouillon)")
    expect(page.locator("table.draw tbody tr")).to_have_count(2)
    page.get_by_role("button", name="Publier").click()
    expect(page.locator(".messages")).to_contain_text("Partie 2 publiée.")
    second_pairs, second_seated = _partners(2)
    assert not first_pairs & second_pairs
    from tournaments.models import Player

    everyone = set(Player.objects.filter(club=club).values_list("pk", flat=True))
    assert everyone - first_seated <= second_seated  # the exempt players of partie 1 play

    # 6. Partie 2's sheets; the posters name every player with his table.
    _to_cockpit(page)
    page.locator("#step-tables").get_by_role(
        "link", name="Suivre les tables de la partie 2"
    ).click()
    for number, (a, b) in ((1, (350, 298)), (2, (200, 448))):
        _type_totals(page, number, a, b)
        page.get_by_role("link", name="← Partie 2").click()
    expect(page.locator("tr[data-state=not_started]")).to_have_count(0)
    _to_cockpit(page)
    page.locator("#step-print").get_by_role("link", name="Affiches des tables (partie 2)").click()
    posters = page.locator("main").inner_text()
    assert sum(name.split(" ", 1)[1] in posters for name in PLAYERS) == 10
    _shoot(browser, page.url, cookies, "melee-posters", shots)

    # 7. The players' ranking from the cockpit: each player credited with his pairs' points,
    # the exempt ones with the partie's average (bye policy), then the printed palmarès.
    from standings.individual.ranking import player_standings
    from tournaments.models import Contest, SoloBye

    contest = Contest.objects.get(name=CONTEST)
    ranking = player_standings(contest)
    assert len(ranking) == 10 and ranking[0].rank == 1
    exempt = SoloBye.objects.filter(round__contest=contest, round__number=1).values_list(
        "solo__player_id", flat=True
    )
    for player in exempt:
        standing = next(s for s in ranking if s.player == player)
        assert standing.byes == 1 and standing.played == 1
        assert standing.points - 324 in (350, 298, 200, 448)  # (400+248+300+348) / 4 = 324
    page.goto(live_server.url + contest.get_absolute_url())  # the posters page prints bare
    page.locator("#step-standings").get_by_role("link", name="Classement individuel").click()
    expect(h1).to_contain_text("Classement individuel")
    first_row = page.locator("table.players-ranking tbody tr").first.inner_text()
    # "1=" when the first place is shared (the drawn pairs' scores can tie).
    assert first_row.split()[0] in ("1", "1=") and ranking[0].name in first_row
    assert str(ranking[0].points) in first_row
    _shoot(browser, page.url, cookies, "melee-players", shots)
    _to_cockpit(page)
    page.locator("#step-prizes").get_by_role("link", name="Imprimer le palmarès").click()
    expect(h1).to_contain_text("Palmarès individuel")
    page.get_by_role("link", name="Tous les joueurs").click()
    palmares = page.locator("table.players-ranking tbody tr")
    expect(palmares).to_have_count(10)
    shown = palmares.all_inner_texts()
    for standing, text in zip(ranking, shown, strict=True):
        assert text.split()[0] == f"{standing.rank}{'=' if standing.shared else ''}", text
        assert standing.name in text, text
    _shoot(browser, page.url, cookies, "melee-palmares", shots)
    assert page.errors == []
