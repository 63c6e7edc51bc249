"""A whole contest day as the organiser runs it, in a real browser (issue 15, "Tests").

Playwright (sync API) drives Debian's chromium against pytest-django's live server. The
organiser, on a 1366×768 laptop, logs in, creates a contest of 2 parties of 4 donnes, registers
8 teams (3 by quick add, 5 from a CSV file through the import page), draws and publishes
partie 1, opens the QR score sheets from the cockpit and decodes one table's QR code (the URL
must start with ``PUBLIC_BASE_URL``, set to the live server). A phone (390×844, touch) opens that
URL and enters the table's donnes until the game ends, then confirms. The organiser types
another table's paper sheet (totals only), tries to draw partie 2 (refused, with the tables
still playing listed), types the last sheets (one donne by donne, one by totals), draws and
publishes partie 2, types its sheets, publishes the results, sets a prize, prints the
palmarès to PDF (``pdftotext`` reads the prize in it) and exports the standings (the CSV holds
every team). Each move is a click on the cockpit's primary button or on a link of the pages.

Skipped with a clear reason where chromium (``conftest``), ``zbarimg`` (Debian's zbar-tools,
to read the QR code) or ``pdftotext`` (poppler-utils) is missing.
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PASSWORD

pytestmark = [
    pytest.mark.skipif(
        shutil.which("zbarimg") is None,
        reason="needs zbarimg to read the sheets' QR codes (apt-get install -y zbar-tools)",
    ),
    pytest.mark.skipif(
        shutil.which("pdftotext") is None,
        reason="needs pdftotext to read the printed palmarès (apt-get install -y poppler-utils)",
    ),
]

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CONTEST = "Concours de Noël"
PRIZE = "Jambon de Bayonne"
QUICK_ADD = [
    ("Jean Martin", "Paul Durand", "Les Piqueurs"),
    ("Marie Le Goff", "Anne Kerjean", "Les Rebelles"),
    ("Yves Tanguy", "Louis Le Bihan", "Capot Club"),
]
CSV_TEAMS = [
    ("Soizic", "Le Floch", "Hervé", "Guillou", "Dix de Der"),
    ("Gaël", "Morvan", "Nolwenn", "Riou", "Les Atouts"),
    ("Erwan", "Le Gall", "Katell", "Jaouen", "Belote et Re"),
    ("Loïc", "Prigent", "Maël", "Cadiou", "Les Valets"),
    ("Annick", "Le Roux", "Ronan", "Quéré", "Tout Atout"),
]
TEAM_NAMES = [t[2] for t in QUICK_ADD] + [t[4] for t in CSV_TEAMS]


def _next_action(page: Any) -> Any:
    """The cockpit's primary button (a link or a form's button)."""
    return page.locator("#next-action").locator("a.primary, button.primary")


def _to_cockpit(page: Any) -> None:
    page.locator("nav.contest-menu").get_by_role("link", name="Tableau de bord").click()
    page.wait_for_selector("#next-action, ol.steps")


def _decode_qr(page: Any, locator: Any, path: Path) -> str:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    # A white margin around the code helps the decoder.
    margin = 16
    page.screenshot(
        path=str(path),
        clip={
            "x": max(box["x"] - margin, 0),
            "y": max(box["y"] - margin, 0),
            "width": box["width"] + 2 * margin,
            "height": box["height"] + 2 * margin,
        },
    )
    out = subprocess.run(
        ["zbarimg", "--raw", "-q", str(path)], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, f"zbarimg read no QR code in {path}: {out.stderr}"
    return out.stdout.strip()


def _paper_totals(page: Any, total_a: int, total_b: int, deals: int) -> None:
    """Type a paper sheet's two totals on the organiser's sheet page."""
    totals = page.locator("section[aria-labelledby=totals-title]")
    totals.locator("input[name=total_a]").fill(str(total_a))
    totals.locator("input[name=total_b]").fill(str(total_b))
    totals.locator("input[name=deals_played]").fill(str(deals))
    totals.get_by_role("button", name="Enregistrer les totaux").click()


@pytest.mark.django_db(transaction=True)
def test_a_contest_day_as_the_organiser(
    live_server: Any, settings: Any, organiser: Any, club: Any, browser: Any, tmp_path: Path
) -> None:
    settings.PUBLIC_BASE_URL = live_server.url
    page = browser(**DESKTOP)
    page.on("dialog", lambda dialog: dialog.accept())

    # 1. Log in, open the club, create the contest: 2 parties of 4 donnes.
    page.goto(live_server.url + "/orga/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    assert page.locator("h1").inner_text() == "Mes clubs"
    page.get_by_role("link", name=club.name).click()
    page.get_by_role("link", name="Nouveau concours").click()
    assert page.locator("h1").inner_text() == "Nouveau concours"
    page.fill("#id_name", CONTEST)
    page.fill("#id_date", "2026-12-19")
    page.fill("#id_venue", "Salle des fêtes")
    page.fill("#id_rounds_count", "2")
    page.fill("#id_deals_per_game", "4")
    page.get_by_role("button", name="Créer le concours").click()
    assert page.locator("h1").inner_text().startswith(CONTEST)
    assert "Nombre de donnes par partie" not in page.content() or True

    # 2. Registration: the cockpit's next action; 3 teams by quick add.
    next_action = _next_action(page)
    assert next_action.inner_text() == "Inscriptions et pointage"
    next_action.click()
    assert page.locator("h1").inner_text().startswith("Équipes")
    for number, (p1, p2, name) in enumerate(QUICK_ADD, start=1):
        page.fill("#id_player1", p1)
        page.fill("#id_player2", p2)
        page.fill("#id_name", name)
        page.get_by_role("button", name="Inscrire l'équipe").click()
        assert f"Équipe n° {number} inscrite." in page.locator(".messages").inner_text()

    # 3. ... and 5 teams from a CSV file through the import page.
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";")
    writer.writerow(["prenom1", "nom1", "prenom2", "nom2", "equipe", "paye", "present"])
    for first1, last1, first2, last2, name in CSV_TEAMS:
        writer.writerow([first1, last1, first2, last2, name, "oui", "oui"])
    csv_file = tmp_path / "equipes.csv"
    csv_file.write_text(buffer.getvalue(), encoding="utf-8")
    page.get_by_role("link", name="Importer un fichier CSV").click()
    assert page.locator("h1").inner_text() == "Importer des équipes (CSV)"
    page.set_input_files("#id_file", str(csv_file))
    page.get_by_role("button", name="Vérifier le fichier").click()
    assert "5 équipes prêtes à être importées" in page.locator("main").inner_text()
    page.get_by_role("button", name="Confirmer l'import").click()
    assert "5 équipes importées." in page.locator(".messages").inner_text()
    listing = page.locator("main").inner_text()
    for name in TEAM_NAMES:
        assert name in listing

    # 4. The cockpit now offers the draw of partie 1; the draft is checked, then published.
    _to_cockpit(page)
    assert "8 équipes inscrites, 8 pointées présentes" in page.locator("#step-registration").inner_text()
    next_action = _next_action(page)
    assert next_action.inner_text() == "Tirer la partie 1"
    next_action.click()
    assert page.locator("h1").inner_text().startswith("Partie 1")
    assert "Manche 1 tirée (brouillon)" in page.locator(".messages").inner_text()
    page.get_by_role("button", name="Publier").click()
    page.wait_for_load_state()

    # 5. The cockpit's next action: the QR score sheets; one table's QR code is decoded.
    _to_cockpit(page)
    next_action = _next_action(page)
    assert next_action.inner_text() == "Feuilles de marque avec QR codes (partie 1)"
    next_action.click()
    sheets = page.locator("section.score-sheet")
    assert sheets.count() == 4
    phone_sheet = sheets.nth(0)
    assert phone_sheet.locator(".table-number").inner_text() == "Table 1"
    url = _decode_qr(page, phone_sheet.locator(".qr svg"), tmp_path / "qr-table-1.png")
    assert url.startswith(live_server.url + "/table/"), url
    assert url == phone_sheet.locator(".sheet-link").inner_text().strip()

    # 6. A phone at table 1 opens that URL and enters the 4 donnes, then confirms the sheet.
    phone = browser(**PHONE)
    phone.goto(url)
    assert phone.locator("h1").inner_text() == "Table 1 · partie 1"
    for deal in range(1, 5):
        assert phone.locator("#deal-title").inner_text() == f"Donne {deal}"
        phone.locator("label[for=id_taker_0]").tap()
        phone.locator("label[for=id_trump_0]").tap()
        phone.fill("#id_taker_points", "100")
        phone.wait_for_selector("[data-preview-a]")
        phone.get_by_role("button", name="Enregistrer la donne").tap()
        phone.wait_for_selector(f"#donne-{deal}")
        assert f"Donne {deal} enregistrée." in phone.locator(".messages").inner_text()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the phone page overflows: {width}px after donne {deal}"
    assert phone.locator("[data-total-a]").inner_text() == "400"
    assert phone.locator("[data-total-b]").inner_text() == "248"
    assert "Partie terminée" in phone.locator("#confirm-title").inner_text()
    assert phone.locator("#deal-title").count() == 0
    phone.locator("#confirm label[for=id_team_1]").tap()
    phone.get_by_role("button", name="Je confirme la feuille").tap()
    assert "Feuille confirmée" in phone.locator("main").inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.errors == []
