"""The season pages in a browser: organiser season page, settings, public standings, projector
and A4 print at a phone's, a laptop's and a projector's size, with no horizontal overflow on
the phone. Screenshots go to $ATOUT_SHOTS when set (none is taken otherwise)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.urls import reverse

from seasons import services as season_services
from tests.conftest import PASSWORD
from tests.e2e.helpers import shoot, shot_path, shots_folder
from tests.seasons.factory import contest_of, players

SIZES = {"phone": (390, 844), "laptop": (1366, 768), "projector": (1920, 1080)}
OVERFLOW = """() => {
  const d = document.documentElement;
  return {scrollWidth: d.scrollWidth, clientWidth: d.clientWidth};
}"""


def _season(club: Any, other_club: Any) -> Any:
    season = season_services.create_season(club, name="Challenge d'hiver")
    season_services.add_season_club(season, other_club.slug)
    season_services.update_season(
        season,
        {
            "rules": {"bareme": {"kind": "partie"}, "best_of": 2, "min_contests": 2},
            "club_best": 2,
            "planned_contests": 12,
        },
    )
    ours = players(club, 8, "Jean-Christophe")
    theirs = players(other_club, 4, "Marie-Thérèse")
    pairs = [(ours[0], ours[1]), (ours[2], ours[3]), (ours[4], ours[5]), (theirs[0], theirs[1])]
    scores = [{1: (1200, 744), 2: (980, 964)}, {1: (700, 1244), 2: (1100, 844)}]
    contest_of(club, season, 4, pairs, scores, name="Journée 1 à la salle des fêtes")
    contest_of(
        club,
        season,
        11,
        [(ours[0], ours[6]), (ours[7], ours[3]), (theirs[2], theirs[3])],
        scores[:1],
    )
    contest_of(other_club, season, 18, [(theirs[0], theirs[2]), (theirs[1], theirs[3])], scores[:1])
    return season


def test_season_pages_fit_every_screen(
    live_server: Any, club: Any, other_club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    season = _season(club, other_club)
    kw = {"club_slug": club.slug, "season_id": season.pk}
    pages = {
        "season": reverse("seasons:season", kwargs=kw),
        "settings": reverse("seasons:settings", kwargs=kw),
        "print": reverse("seasons:print", kwargs=kw),
        "public": reverse("seasons:public", kwargs=kw),
        "projector": reverse("seasons:projector", kwargs=kw),
    }
    shots = shots_folder()
    for size, (width, height) in SIZES.items():
        page = browser(viewport={"width": width, "height": height})
        page.goto(live_server.url + "/compte/connexion/")
        page.fill("#id_username", organiser.username)
        page.fill("#id_password", PASSWORD)
        page.press("#id_password", "Enter")
        page.wait_for_url("**/orga/**")
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, (name, size)
            assert page.url.endswith(path), (name, page.url)
            shoot(page, shots, f"season-{name}-{size}.png", full_page=True)
            if size == "phone" and name != "projector":
                box = page.evaluate(OVERFLOW)
                assert box["scrollWidth"] <= box["clientWidth"], (name, box)
        assert page.errors == []
    # The print as A4 paper.
    page = browser()
    page.goto(live_server.url + "/compte/connexion/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_url("**/orga/**")
    page.goto(live_server.url + pages["print"])
    page.pdf(path=shot_path(shots, "season-print-a4.pdf"), format="A4")
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})
    shoot(page, shots, "season-print-a4.png", full_page=True)
