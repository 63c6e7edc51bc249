"""The screenshots of the organiser's guide (``docs/guide-organisateur.md``), taken on the real
pages by a real browser (Playwright, Debian's chromium) against pytest-django's live server.

The demo club (``seed_demo``: Saint-Aubin, its players) runs a new contest the way the guide
tells it: the cockpit before the day, pointage, the draw of partie 1 from the cockpit's primary
button, the sheets' print page, the projector, a partie in progress (finished, contested, late
and open tables) on the follow page, a paper sheet typed by the organiser, the draw of partie 2
refused while tables play; then the demo contest played to the end (``seed_demo_results``) for
the publication, the prizes, the palmarès, the exports and the journal.

Each page is also checked: 200, no script error. The PNGs go to ``$ATOUT_GUIDE_SHOTS`` when set
(``ATOUT_GUIDE_SHOTS=docs/guide`` refreshes the guide's images), else to a temporary folder.
Laptop shots are 1366×768, phone shots 390×844.
"""

from __future__ import annotations

import datetime
import io
import os
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
BASE = "http://192.168.1.20:8000"  # the address a hall's router gives the laptop


def _folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("ATOUT_GUIDE_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Shooter:
    def __init__(self, page: Any, base: str, folder: Path) -> None:
        self.page, self.base, self.folder = page, base, folder

    def open(self, path: str) -> Any:
        response = self.page.goto(self.base + path)
        assert response is not None and response.status == 200, path
        return response

    def shot(self, name: str, *, full: bool = False) -> None:
        self.page.screenshot(path=str(self.folder / f"{name}.png"), full_page=full)


def _login(page: Any, base: str) -> None:
    from tournaments.management.commands.seed_demo import DEMO_PASSWORD, DEMO_USERNAME

    page.goto(base + "/compte/connexion/")
    page.fill("#id_username", DEMO_USERNAME)
    page.fill("#id_password", DEMO_PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_url("**/orga/**")


def _spring_contest(club: Any) -> Any:
    """A new contest of the demo club: twelve teams of its players, two not pointed yet."""
    from tests.tournaments.conftest import make_contest
    from tournaments.models import Entry, Player

    contest = make_contest(club, name="Concours de printemps", slug="printemps")
    players = list(Player.objects.filter(club=club).order_by("pk")[:24])
    Entry.objects.bulk_create(
        Entry(
            contest=contest,
            number=i + 1,
            player1=players[2 * i],
            player2=players[2 * i + 1],
            checked_in=i < 10,
            lot=i + 1,
        )
        for i in range(12)
    )
    return contest


def _play_partie(round_: Any) -> dict[int, Any]:
    """Tables 1–3 finished, 4 contested, 5 late (no deal for 22 minutes), 6 not started."""
    from scoring import services
    from scoring.models import DealRecord
    from tests.scoring.helpers import finish_game, play_deals

    sheets = {t.number: services.sheet_of_table(t) for t in round_.tables.order_by("number")}
    for number in (1, 2, 3, 4):
        finish_game(sheets[number])
    sheet = sheets[4]
    sheet.refresh_from_db()
    services.dispute_sheet(sheet.pk, version=sheet.version, note="la belote oubliée", team="b")
    play_deals(sheets[5], 5)
    DealRecord.objects.filter(sheet=sheets[5]).update(
        entered_at=datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=22)
    )
    return sheets


@pytest.mark.django_db(transaction=True)
def test_the_guide_screenshots(
    live_server: Any, browser: Any, tmp_path: Path, settings: Any
) -> None:
    from tournaments import services
    from tournaments.models import Club, Contest, Entry

    settings.PUBLIC_BASE_URL = BASE
    call_command("seed_demo", verbosity=0, stdout=io.StringIO())
    club = Club.objects.get(slug="saint-aubin")
    spring = _spring_contest(club)
    folder = _folder(tmp_path)
    page = browser(**LAPTOP)
    _login(page, live_server.url)
    s = Shooter(page, live_server.url, folder)
    cockpit = spring.get_absolute_url()
    orga = f"/orga/{club.slug}/concours/{spring.pk}/"

    # The evening before.
    s.open(f"/orga/{club.slug}/concours/nouveau/")
    s.shot("01-nouveau-concours")
    s.open(orga + "equipes/")
    s.shot("02-inscriptions")
    s.open(orga + "equipes/import/")
    s.shot("03-import-csv")
    s.open(cockpit)
    assert page.locator("#guide-link").count() == 1
    s.shot("04-tableau-de-bord")

    # In the hall: pointage, then the draw of partie 1 from the primary button.
    Entry.objects.filter(contest=spring).update(checked_in=True)
    s.open(cockpit)
    page.locator("#hall-address").scroll_into_view_if_needed()
    s.shot("05-adresse-salle")
    s.open(cockpit)
    assert "Tirer la partie 1" in page.locator("#next-action").inner_text()
    page.locator("#next-action button, #next-action a").first.click()
    page.wait_for_load_state()
    s.shot("06-partie-1-tiree")
    round1 = spring.rounds.get(number=1)
    if round1.status == "draft":
        services.publish_round(round1)
    s.open(orga + "parties/1/impression/")
    s.shot("07-impression")
    s.open(orga.replace("/orga/", "/orga/publication/") + "parties/1/feuilles-de-marque/")
    s.shot("08-feuilles-de-marque")
    s.open(orga + "parties/1/projection/")
    s.shot("09-projection")

    # Follow the tables: finished, contested, late, playing, waiting.
    round1.refresh_from_db()
    sheets = _play_partie(round1)
    s.open(f"/orga/marque/{club.slug}/concours/{spring.pk}/parties/1/")
    s.shot("10-suivi-des-tables", full=True)
    s.open(orga.replace("/orga/", "/orga/marque/") + "parties/1/table/6/")
    s.shot("11-feuille-papier")
    from tests.scoring.conftest import table_url

    phone = browser(**PHONE)
    phone.goto(live_server.url + table_url(sheets[5]))
    phone.screenshot(path=str(folder / "12-telephone.png"))
    phone.context.close()

    # The draw of partie 2 while tables play: refused, with the list and the forcing form.
    s.open(cockpit)
    s.shot("13-tableau-de-bord-en-cours")
    page.locator("#step-draw details summary").click()
    page.locator("#step-draw details form").first.locator("button").click()
    page.wait_for_load_state()
    page.locator("details.panel summary").click()
    s.shot("14-tirage-refuse")

    # The end of the day, on the demo contest played to the end.
    call_command("seed_demo_results", verbosity=0, stdout=io.StringIO())
    demo = Contest.objects.get(club=club, slug="concours-d-automne")
    end = f"/orga/{club.slug}/concours/{demo.pk}/"
    s.open(end.replace("/orga/", "/orga/publication/"))
    s.shot("15-publication")
    s.open(end.replace("/orga/", "/orga/publication/") + "lots/")
    s.shot("16-lots")
    s.open(end.replace("/orga/", "/orga/publication/") + "palmares/")
    s.shot("17-palmares")
    s.open(end.replace("/orga/", "/orga/publication/") + "exports/")
    s.shot("18-exports")
    s.open(end + "parties/4/")
    page.locator("#round-closing").scroll_into_view_if_needed()
    s.shot("19-partie-close")
    s.open(end.replace("/orga/", "/orga/marque/") + "parties/2/table/3/donne/4/corriger/")
    s.shot("20-correction")
    s.open(end + "journal/")
    s.shot("21-journal")
    s.open(demo.get_absolute_url())
    s.shot("22-tableau-de-bord-fin")
    # The refused draw answers 409 on purpose (the page lists the tables still playing).
    assert [e for e in page.errors if "409" not in e] == []
