"""The players' ranking in a real browser (issue 18): a mêlée's public standings, the
projector, the organiser's ranking with the "why" of ties, the printed palmarès and the
replacement page, on a 390×844 phone, a 1366×768 laptop and a 1920×1080 projector: the names
and ranks a person reads are there, and no page scrolls sideways.

Screenshots go to ``$ATOUT_SCREENSHOTS`` when set (none is taken otherwise).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import shoot, shots_folder
from tests.tournaments.conftest import PASSWORD

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "projector": {"viewport": {"width": 1920, "height": 1080}},
}
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _melee(club: Any) -> Any:
    from publishing.models import Prize
    from standings import services as standings
    from tests.standings.factory import finish_round
    from tests.standings.test_individual import _melee_contest, _melee_round
    from tournaments.models import Player

    contest = _melee_contest(club, players=12, slug="melee-du-jeudi", name="Mêlée du jeudi")
    seats = [
        [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)],
        [(1, 5, 9, 2), (3, 6, 10, 4), (7, 11, 8, 12)],
        [(1, 12, 6, 3), (2, 7, 10, 5), (4, 9, 8, 11)],
    ]
    scores = [
        {1: (1200, 744), 2: (800, 1144), 3: (980, 964)},
        {1: (900, 1044), 2: (1300, 644), 3: (1000, 944)},
        {1: (1100, 844), 2: (700, 1244), 3: (1020, 924)},
    ]
    for n, (tables, totals) in enumerate(zip(seats, scores, strict=True), start=1):
        round_ = _melee_round(contest, n, tables)
        finish_round(round_, totals)
        round_.show_standings = round_.show_results = True
        round_.save()
    names = ["Aubert", "Berthelot", "Carré", "Le Goff-Kerjean", "Morvan", "Tanguy"]
    for i, name in enumerate(names, start=1):
        Player.objects.filter(last_name=f"J{i}").update(
            first_name="Marie-Françoise", last_name=name
        )
    Prize.objects.create(contest=contest, rank_from=1, rank_to=1, label="Un jambon")
    Prize.objects.create(contest=contest, rank_from=2, rank_to=3, label="Un panier garni")
    standings.rebuild(contest.pk, force=True)
    return contest


@pytest.mark.django_db(transaction=True)
def test_the_players_pages_fit_every_screen(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    from django.urls import reverse

    from standings import services as standings

    contest = _melee(club)
    rows = standings.live_snapshot(contest.pk).individual_rows
    first, second = rows[0], rows[1]
    public = {
        "public-players": reverse("scores:players", args=[club.slug, contest.slug]),
        "projector": reverse("scores:projector", args=[club.slug, contest.slug]),
    }
    organiser_pages = {
        "organiser-players": reverse("publishing:players_ranking", args=[club.slug, contest.pk]),
        "palmares": reverse("publishing:print_ranking", args=[club.slug, contest.pk]),
    }
    shots = shots_folder()
    for screen, options in VIEWPORTS.items():
        page = browser(**options)
        for name, path in public.items():
            page.goto(live_server.url + path)
            body = page.inner_text("body")
            assert first["name"] in body and second["name"] in body, (name, screen)
            assert page.evaluate(OVERFLOW) <= 0, f"{name} scrolls sideways on the {screen}"
            shoot(page, shots, f"{name}-{screen}.png", full_page=name != "projector")
        # The team standings of a mêlée are its players' ranking.
        page.goto(live_server.url + reverse("scores:standings", args=[club.slug, contest.slug]))
        assert page.url.endswith(public["public-players"])
        first_row = page.locator("table.players-ranking tbody tr").first.inner_text()
        assert first_row.split()[0] == "1" and first["name"].split()[-1] in first_row
        page.goto(live_server.url + "/orga/")
        page.fill("#id_username", organiser.username)
        page.fill("#id_password", PASSWORD)
        page.get_by_role("button", name="Se connecter").click()
        page.wait_for_url("**/orga/**")
        for name, path in organiser_pages.items():
            page.goto(live_server.url + path)
            body = page.inner_text("body")
            assert first["name"] in body, (name, screen)
            assert page.evaluate(OVERFLOW) <= 0, f"{name} scrolls sideways on the {screen}"
            shoot(page, shots, f"{name}-{screen}.png", full_page=True)
        assert "Un jambon" in page.inner_text("table.players-ranking tbody tr >> nth=0")
        assert page.errors == []
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_an_organiser_replaces_a_player_from_the_teams_page(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    from django.urls import reverse

    from tests.standings.factory import add_round, finish_round, make_contest
    from tournaments.models import Player

    contest = make_contest(club, teams=4, rounds_count=4, slug="concours-des-rois")
    for n in (1, 2):
        round_ = add_round(contest, n, [(1, 2), (3, 4)], show_results=True, show_standings=True)
        finish_round(round_, {1: (1100, 844), 2: (1000, 944)})
    Player.objects.create(club=club, first_name="Jean", last_name="Dupont", name_key="dupont jean")
    team = contest.entries.get(number=1)
    leaving = team.player2.full_name
    shots = shots_folder()
    page = browser(**VIEWPORTS["phone"])
    page.goto(live_server.url + "/orga/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url("**/orga/**")
    page.goto(
        live_server.url + reverse("tournaments:entry_edit", args=[club.slug, contest.pk, team.pk])
    )
    page.get_by_role("link", name="Remplacer un joueur en cours de concours").click()
    page.get_by_label(leaving).check()
    page.fill("#id_incoming", "Jean Dupont")
    page.fill("#id_from_round", "3")
    page.get_by_role("button", name="Enregistrer le remplacement").click()
    # No reason: the browser keeps the form (the field is required) and nothing is saved.
    assert page.locator("#id_reason:invalid").count() == 1
    assert page.url.endswith("/remplacer/")
    page.fill("#id_reason", "malade")
    assert page.evaluate(OVERFLOW) <= 0
    shoot(page, shots, "replacement-phone.png", full_page=True)
    page.get_by_role("button", name="Enregistrer le remplacement").click()
    body = page.inner_text("body")
    assert f"Jean Dupont remplace {leaving} à partir de la partie 3." in body
    page.goto(live_server.url + reverse("tournaments:contest_log", args=[club.slug, contest.pk]))
    assert f"Jean Dupont remplace {leaving} dans l'équipe 1 à partir de la partie 3" in (
        page.inner_text("body")
    )
    page.goto(live_server.url + reverse("scores:players", args=[club.slug, contest.slug]))
    body = page.inner_text("body")
    assert f"{leaving}\nremplacé après la partie 2" in body or "remplacé après la partie 2" in body
    assert "Jean Dupont" in body
    assert page.evaluate(OVERFLOW) <= 0
    # The points, what a player looks for, are on the phone's screen without scrolling the table.
    points = page.locator("table.players-ranking thead th", has_text="Points").bounding_box()
    assert points is not None and points["x"] + points["width"] <= 390
    shoot(page, shots, "players-after-replacement-phone.png", full_page=True)
    assert page.errors == []
