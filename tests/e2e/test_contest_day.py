"""A whole contest day as the organiser runs it, in a real browser (issue 15, "Tests").

Playwright (sync API) drives Debian's chromium against pytest-django's live server. The
organiser, on a 1366×768 laptop, logs in, creates a contest of 2 parties of 4 donnes,
registers 8 teams (3 by quick add, 5 from a CSV file through the import page), draws and
publishes partie 1, opens the QR score sheets from the cockpit and decodes table 1's QR code
with ``zbarimg`` (the URL must start with ``PUBLIC_BASE_URL``, set to the live server). A phone
(390×844, touch) opens that URL and enters the table's donnes until the game ends, without
horizontal overflow; the other team's phone confirms. The organiser types table 2's paper
sheet (totals only), tries to draw partie 2 (refused, the tables still playing listed), types
the last sheets from the refusal's list (table 3 donne by donne, then confirmed; table 4 by
totals), draws and publishes partie 2, types its sheets, publishes the results and standings,
sets a prize, prints the palmarès to PDF (``pdftotext`` finds the prize on the winner's row)
and exports the standings (the CSV holds every team). Each move is a click on the cockpit's
primary button, on its step links, or on a link of the pages; the organiser's login and club
are the only fixtures.

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
    """Back to the cockpit by the breadcrumbs (every organiser page of a contest has them)."""
    page.locator("nav.breadcrumbs").get_by_role("link", name=CONTEST, exact=True).click()
    page.wait_for_selector("ol.steps")


def _settle(page: Any, field: str) -> None:
    """Leave ``field`` and let its htmx requests (previews, suggestions) end before the next
    click. The test database is SQLite in memory, shared by the live server's threads with
    table locks and no busy timeout: a preview still running while the form is saved makes
    one of them fail ("database table is locked"), where a real SQLite file waits."""
    page.locator(field).blur()
    page.wait_for_timeout(500)  # past the 250-400 ms debounce of hx-trigger
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


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
    from playwright.sync_api import expect

    settings.PUBLIC_BASE_URL = live_server.url
    page = browser(**DESKTOP)
    page.on("dialog", lambda dialog: dialog.accept())  # the data-confirm questions: yes
    h1 = page.locator("h1")

    # 1. Log in, open the club, create the contest: 2 parties of 4 donnes.
    page.goto(live_server.url + "/orga/")
    page.fill("#id_username", organiser.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    expect(h1).to_have_text("Mes clubs")
    page.get_by_role("link", name=club.name).click()
    page.get_by_role("link", name="Nouveau concours").click()
    expect(h1).to_have_text("Nouveau concours")
    page.fill("#id_name", CONTEST)
    page.fill("#id_date", "2026-12-19")
    page.fill("#id_venue", "Salle des fêtes")
    page.fill("#id_rounds_count", "2")
    page.fill("#id_deals_per_game", "4")
    page.get_by_role("button", name="Créer le concours").click()
    expect(h1).to_contain_text(CONTEST)
    expect(page.locator("main")).to_contain_text("4 donnes")

    # 2. Registration is the cockpit's next action; 3 teams by quick add.
    _next_action(page).click()
    expect(h1).to_contain_text("Équipes")
    for number, (p1, p2, name) in enumerate(QUICK_ADD, start=1):
        # Typed as a person types: the list of the club's players follows each name.
        for field, value in (("#id_player1", p1), ("#id_player2", p2)):
            page.fill(field, value)
            _settle(page, field)
        page.fill("#id_name", name)
        page.get_by_role("button", name="Inscrire l'équipe").click()
        expect(page.locator(".messages")).to_contain_text(f"Équipe n° {number} inscrite.")

    # 3. ... and 5 teams from a CSV file, through the import page and its preview.
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";")
    writer.writerow(["prenom1", "nom1", "prenom2", "nom2", "equipe", "paye", "present"])
    for first1, last1, first2, last2, name in CSV_TEAMS:
        writer.writerow([first1, last1, first2, last2, name, "oui", "oui"])
    csv_file = tmp_path / "equipes.csv"
    csv_file.write_text(buffer.getvalue(), encoding="utf-8")
    page.get_by_role("link", name="Importer un fichier CSV").click()
    expect(h1).to_have_text("Importer des équipes (CSV)")
    page.set_input_files("#id_file", str(csv_file))
    page.get_by_role("button", name="Vérifier le fichier").click()
    expect(page.locator("main")).to_contain_text("5 équipes prêtes à être importées")
    page.get_by_role("button", name="Confirmer l'import").click()
    expect(page.locator(".messages")).to_contain_text("5 équipes importées.")
    for name in TEAM_NAMES:
        expect(page.locator("main")).to_contain_text(name)

    # 4. The cockpit offers the draw of partie 1; the draft is checked, then published.
    _to_cockpit(page)
    expect(page.locator("#step-registration")).to_contain_text(
        "8 équipes inscrites, 8 pointées présentes"
    )
    # The phones' address (PUBLIC_BASE_URL) and its QR code are on the cockpit.
    expect(page.locator("#hall-address .url")).to_have_text(live_server.url + "/")
    expect(_next_action(page)).to_have_text("Tirer la partie 1")
    _next_action(page).click()
    expect(page.locator(".messages")).to_contain_text("Partie 1 tirée (brouillon)")
    expect(h1).to_contain_text("Partie 1")
    page.get_by_role("button", name="Publier").click()  # its confirmation accepted
    expect(page.locator(".messages")).to_contain_text(
        "Partie 1 publiée. Les règles du concours sont désormais figées."
    )

    # 5. Next action: the QR score sheets. Table 1's QR code is read from the printed page.
    _to_cockpit(page)
    expect(_next_action(page)).to_have_text("Feuilles de marque avec QR codes (partie 1)")
    _next_action(page).click()
    sheets = page.locator("section.score-sheet")
    expect(sheets).to_have_count(4)
    phone_sheet = sheets.nth(0)
    expect(phone_sheet.locator(".table-number")).to_have_text("Table 1")
    url = _decode_qr(page, phone_sheet.locator(".qr svg"), tmp_path / "qr-table-1.png")
    assert url.startswith(live_server.url + "/table/"), url
    # Under the QR code, the short link a player can type leads to the same table link.
    short = phone_sheet.locator(".sheet-link").inner_text().strip()
    assert short.startswith(live_server.url.split("://", 1)[1] + "/t/"), short
    typed = browser(**PHONE)
    typed.goto("http://" + short)
    assert typed.url == url

    # 6. A phone at table 1 opens that URL and enters the 4 donnes: the game ends.
    phone = browser(**PHONE)
    phone.goto(url)
    expect(phone.locator("h1")).to_have_text("Table 1 · partie 1")
    for deal in range(1, 5):
        expect(phone.locator("#deal-title")).to_have_text(f"Donne {deal}")
        phone.locator("label[for=id_taker_0]").tap()
        phone.locator("label[for=id_trump_0]").tap()
        phone.fill("#id_taker_points", "100")
        _settle(phone, "#id_taker_points")
        expect(phone.locator("[data-preview-a]")).to_have_text("100")
        phone.get_by_role("button", name="Enregistrer la donne").tap()
        expect(phone.locator(".messages")).to_contain_text(f"Donne {deal} enregistrée.")
        expect(phone.locator(f"#donne-{deal}")).to_have_count(1)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the phone page overflows: {width}px after donne {deal}"
    expect(phone.locator("[data-total-a]")).to_have_text("400")
    expect(phone.locator("[data-total-b]")).to_have_text("248")
    expect(phone.locator("#confirm-title")).to_contain_text("Partie terminée")
    expect(phone.locator("#deal-title")).to_have_count(0)

    # The phone that entered the donnes may not confirm them; the other team's phone, on
    # the same QR code, does.
    phone.locator("#confirm label[for=id_team_1]").tap()
    phone.get_by_role("button", name="Je confirme la feuille").tap()
    expect(phone.locator("main")).to_contain_text("La confirmation doit venir de l'autre équipe")
    other_phone = browser(**PHONE)
    other_phone.goto(url)
    expect(other_phone.locator("#confirm-title")).to_contain_text("Partie terminée")
    other_phone.locator("#confirm label[for=id_team_1]").tap()
    other_phone.get_by_role("button", name="Je confirme la feuille").tap()
    expect(other_phone.locator("main")).to_contain_text("Feuille confirmée")
    for device in (phone, other_phone):
        width = device.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the phone page overflows: {width}px"
    # The refused confirmation answered 409, which the browser logs; nothing else went wrong.
    assert [e for e in phone.errors if "409 (Conflict)" not in e] == []
    assert other_phone.errors == []

    # 7. Table 2's paper sheet, typed by the organiser from the follow page (totals only).
    # The print page has no menu (it is printed): its "Retour au tableau de bord" (and its
    # breadcrumbs, hidden on paper) lead back to the cockpit.
    page.get_by_role("link", name="Retour au tableau de bord").click()
    page.wait_for_selector("ol.steps")
    expect(page.locator("#step-tables")).to_contain_text("Partie 1 : 1 table sur 4 terminée")
    expect(_next_action(page)).to_have_text("Suivre les tables de la partie 1")
    _next_action(page).click()
    expect(h1).to_have_text("Partie 1 : suivi des tables")
    expect(page.locator("tr[data-table='1']")).to_have_attribute("data-state", "confirmed")
    page.locator("tr[data-table='2']").get_by_role("link", name="Saisir la feuille papier").click()
    expect(h1).to_contain_text("Table 2")
    _paper_totals(page, 410, 238, 4)
    expect(page.locator("[data-total-a]")).to_have_text("410")
    expect(page.locator("[data-total-b]")).to_have_text("238")

    # 8. Partie 2 is drawn by ranking: asked for while tables 3 and 4 play, it is refused.
    _to_cockpit(page)
    draw_step = page.locator("#step-draw")
    expect(draw_step).to_have_attribute("data-state", "blocked")
    expect(draw_step).to_contain_text("En attente de 2 tables")
    draw_step.get_by_role("button", name="Tirer la partie 2").click()
    expect(h1).to_have_text("Tirage pas encore possible")
    waiting = page.locator("ul.waiting li")
    expect(waiting).to_have_count(2)
    expect(waiting.nth(0)).to_contain_text("Partie 1, table 3")
    expect(waiting.nth(1)).to_contain_text("Partie 1, table 4")

    # 9. The waiting tables, from the refusal's list: table 3 donne by donne, table 4 by totals.
    page.get_by_role("link", name="Partie 1, table 3").click()
    expect(h1).to_contain_text("Table 3")
    for deal in range(1, 5):
        expect(page.locator("#fast-title")).to_have_text(f"Saisir la donne {deal}")
        page.locator("label[for=id_taker_1]").click()
        page.locator("label[for=id_trump_1]").click()
        page.fill("#id_taker_points", "90")
        _settle(page, "#id_taker_points")
        page.get_by_role("button", name="Enregistrer la donne").click()
        expect(page.locator(f"#donne-{deal}")).to_have_count(1)
    expect(page.locator("[data-total-a]")).to_have_text("288")
    expect(page.locator("[data-total-b]")).to_have_text("360")
    # The sheet page's back link leads to the follow page, and from there to table 4.
    page.get_by_role("link", name="← Partie 1").click()
    expect(h1).to_have_text("Partie 1 : suivi des tables")
    page.locator("tr[data-table='4']").get_by_role("link", name="Saisir la feuille papier").click()
    expect(h1).to_contain_text("Table 4")
    _paper_totals(page, 300, 348, 4)
    expect(page.locator("[data-total-a]")).to_have_text("300")
    page.get_by_role("link", name="← Partie 1").click()
    expect(h1).to_have_text("Partie 1 : suivi des tables")

    # 10. The follow page: the phone's table confirmed by the other team, the totals typed by
    # the organiser confirmed; table 3, typed donne by donne, is finished: the organiser
    # confirms it (the sheet's button).
    states = {
        row.get_attribute("data-table"): row.get_attribute("data-state")
        for row in page.locator("tr[data-table]").all()
    }
    assert states == {"1": "confirmed", "2": "confirmed", "3": "finished", "4": "confirmed"}
    page.locator("tr[data-table='3']").get_by_role("link", name="Saisir la feuille papier").click()
    page.get_by_role("button", name="Confirmer la feuille").click()
    expect(page.locator("h1 [data-state]")).to_have_attribute("data-state", "confirmed")

    # 11. Every table is done: the cockpit's next action is the draw of partie 2.
    _to_cockpit(page)
    expect(page.locator("#step-tables")).to_contain_text("Partie 1 : 4 tables sur 4 terminées")
    expect(_next_action(page)).to_have_text("Tirer la partie 2")
    _next_action(page).click()
    expect(page.locator(".messages")).to_contain_text("Partie 2 tirée (brouillon)")
    expect(h1).to_contain_text("Partie 2")
    page.get_by_role("button", name="Publier").click()
    expect(page.locator(".messages")).to_contain_text("Partie 2 publiée.")

    # 12. Partie 2's four paper sheets, from the follow page.
    _to_cockpit(page)
    page.locator("#step-tables").get_by_role(
        "link", name="Suivre les tables de la partie 2"
    ).click()
    expect(h1).to_have_text("Partie 2 : suivi des tables")
    for table, (a, b) in enumerate([(400, 248), (350, 298), (200, 448), (330, 318)], start=1):
        page.locator(f"tr[data-table='{table}']").get_by_role(
            "link", name="Saisir la feuille papier"
        ).click()
        expect(h1).to_contain_text(f"Table {table}")
        _paper_totals(page, a, b, 4)
        expect(page.locator("[data-total-a]")).to_have_text(str(a))
        page.get_by_role("link", name="← Partie 2").click()
        expect(h1).to_have_text("Partie 2 : suivi des tables")
    expect(page.locator("tr[data-state=not_started]")).to_have_count(0)

    # 13. Publication, the next action now: partie 2's results and standings go public.
    _to_cockpit(page)
    expect(page.locator("#step-tables")).to_contain_text("Partie 2 : 4 tables sur 4 terminées")
    expect(_next_action(page)).to_have_text("Publier tirages, résultats et classement")
    _next_action(page).click()
    expect(h1).to_contain_text("Publication")
    row = page.locator("tr", has_text="Partie 2")
    row.get_by_label("Résultats publics").check()
    row.get_by_label("Classement public").check()
    row.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("main")).to_contain_text("Le public voit le classement après la partie 2")

    # 14. Prizes, the next action then: the winner's prize.
    _to_cockpit(page)
    expect(_next_action(page)).to_have_text("Lots")
    _next_action(page).click()
    expect(h1).to_contain_text("Lots")
    page.get_by_label("Du rang").fill("1")
    page.get_by_label("Lot").fill(PRIZE)
    page.get_by_role("button", name="Ajouter").click()
    expect(page.locator("table")).to_contain_text(PRIZE)

    # 15. The palmarès, printed to PDF: the prize is on it.
    page.get_by_role("link", name="Imprimer le palmarès").click()
    expect(h1).to_have_text(f"Palmarès — {CONTEST}")
    pdf = tmp_path / "palmares.pdf"
    page.pdf(path=str(pdf), format="A4")
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert f"Palmarès — {CONTEST}" in text
    prize_lines = [line for line in text.splitlines() if PRIZE in line]
    assert len(prize_lines) == 1, text
    assert re.match(r"\s*1\s", prize_lines[0]), prize_lines  # the winner's row
    assert text.count("Départage :") == 1, "the standings' footer is printed once"

    # 16. The standings exported (CSV) from the cockpit: the file holds every team.
    _to_cockpit(page)
    page.locator("#step-exports").get_by_role("link", name="Exporter les résultats").click()
    expect(h1).to_contain_text("Exports")
    page.get_by_label("classement", exact=True).check()
    page.get_by_label("CSV").check()
    page.get_by_role("button", name="Lancer l'export").click()
    download_link = page.get_by_role("link", name=re.compile("^Télécharger"))
    expect(download_link).to_be_visible(timeout=20_000)
    with page.expect_download() as info:
        download_link.click()
    assert info.value.suggested_filename.endswith(".csv")
    exported = Path(info.value.path()).read_bytes().decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(exported), delimiter=";"))
    assert sorted(row["Équipe"] for row in rows) == sorted(TEAM_NAMES)
    assert [row["Rang"] for row in rows][:1] == ["1"]
    assert all(row["Jouées"] == "2" for row in rows)
    # The palmarès's prize went to the team the export ranks first.
    assert rows[0]["Équipe"] in prize_lines[0]
    # The refused draw answered 409, which the browser logs; nothing else went wrong.
    assert [e for e in page.errors if "409 (Conflict)" not in e] == []
