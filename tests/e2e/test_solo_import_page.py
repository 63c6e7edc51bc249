"""The CSV import of solo players in a real browser (Playwright, Debian's chromium), on a
390×844 phone, a 1366×768 laptop and a 1920×1080 screen: reached from the solo players' page, a file with refused
lines lists each one in French and offers no confirmation, a valid file (with its paid and
present columns) previews then imports, its players checked in; no page scrolls sideways. The
team import's preview is checked on the phone too (a card a line, as the solo one). Screenshots go to ``$ATOUT_SCREENSHOTS`` when set
(none is taken otherwise).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import log_in, shoot, shots_folder

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "wide": {"viewport": {"width": 1920, "height": 1080}},
}

OVERFLOW = """() => {
  const d = document.documentElement;
  return {scrollWidth: d.scrollWidth, clientWidth: d.clientWidth};
}"""

REFUSED = (
    "prenom;nom;licence;club\n"
    "Jean-Christophe;Dupont-Lajoie de la Villemarqué;FFB-0000123456;Amicale belotière de Quimperlé\n"
    "Anne;Durand;;\n"
    ";Roux;;\n"
)


def _fits(page: Any, name: str) -> None:
    size = page.evaluate(OVERFLOW)
    assert size["scrollWidth"] <= size["clientWidth"], (name, size)


@pytest.mark.django_db(transaction=True)
def test_the_solo_import_fits_phone_and_laptop(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    from django.urls import reverse

    from tests.tournaments.conftest import make_contest
    from tournaments import services
    from tournaments.models import SoloEntry

    shots = shots_folder()
    for screen, options in VIEWPORTS.items():
        contest = make_contest(club, entry_mode="melee", slug=f"melee-{screen}")
        anne, _new = services.get_or_create_player(club, "Anne", "Durand")
        services.add_solo(contest, services.SoloValues(anne))
        at = {"club_slug": club.slug, "contest_id": contest.pk}
        page = browser(**options)
        log_in(page, live_server.url, organiser.username)
        page.goto(live_server.url + reverse("tournaments:solos", kwargs=at))
        page.click("text=Importer un fichier CSV")
        page.wait_for_url("**/joueurs-seuls/import/")
        _fits(page, f"empty-{screen}")
        shoot(page, shots, f"solo-import-empty-{screen}.png", full_page=True)

        page.set_input_files(
            "#id_file",
            {"name": "joueurs.csv", "mimeType": "text/csv", "buffer": REFUSED.encode()},
        )
        page.click("button:has-text('Vérifier le fichier')")
        page.wait_for_selector(".import-errors")
        errors = page.locator(".import-errors li").all_text_contents()
        assert errors == [
            "Ligne 3 : Anne Durand est déjà inscrit(e) seul(e), n° 1.",
            "Ligne 4 : le prénom du joueur manque.",
        ]
        assert page.locator("text=Confirmer l'import").count() == 0
        _fits(page, f"refused-{screen}")
        shoot(page, shots, f"solo-import-refused-{screen}.png", full_page=True)

        longest = REFUSED.splitlines()[1]
        valid = f"prenom;nom;licence;club;paye;present\n{longest};oui;oui\nLéa;Gris;;Lorient;;x\n"
        page.set_input_files(
            "#id_file",
            {"name": "joueurs.csv", "mimeType": "text/csv", "buffer": valid.encode()},
        )
        page.click("button:has-text('Vérifier le fichier')")
        page.wait_for_selector("text=2 joueurs prêts à être importés", state="attached")
        heads = page.locator("table.data th").all_text_contents()
        assert heads[-3:] == ["Payé", "Présent", "Remarques"], heads
        _fits(page, f"preview-{screen}")
        shoot(page, shots, f"solo-import-preview-{screen}.png", full_page=True)
        page.click("button:has-text('Confirmer l\\'import')")
        page.wait_for_url("**/joueurs-seuls/")
        assert page.locator("text=2 joueurs importés.").count() == 1
        _fits(page, f"imported-{screen}")
        shoot(page, shots, f"solo-import-done-{screen}.png", full_page=True)
        assert SoloEntry.objects.filter(contest=contest).count() == 3
        assert SoloEntry.objects.filter(contest=contest, checked_in=True).count() == 2
        # The refused file answers 400 on purpose: the browser logs it, nothing else may be.
        assert [e for e in page.errors if "status of 400" not in e] == []


VISIBLE_WIDTH = """(selector) => [...document.querySelectorAll(selector)].map(
  (el) => Math.round(el.getBoundingClientRect().right))"""


@pytest.mark.django_db(transaction=True)
def test_the_team_import_preview_is_a_card_a_line_on_a_phone(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    """Seven columns do not fit a phone: each line of the preview is a card, its remarks
    (the line's refusal) inside the screen, not in a box scrolled sideways."""
    from django.urls import reverse

    from tests.tournaments.conftest import make_contest

    contest = make_contest(club, slug="equipes-telephone")
    page = browser(**VIEWPORTS["phone"])
    log_in(page, live_server.url, organiser.username)
    at = {"club_slug": club.slug, "contest_id": contest.pk}
    page.goto(live_server.url + reverse("tournaments:entries_import", kwargs=at))
    text = (
        "prenom1;nom1;prenom2;nom2;equipe;club;paye;present\n"
        "Jean-Christophe;Dupont-Lajoie;Marie-Thérèse;Le Guennec;Les As de Quimperlé;"
        "Amicale belotière de Quimperlé;oui;oui\n"
        "Anne;Durand;Anne;Durand;;;peut-être;\n"
    )
    page.set_input_files(
        "#id_file", {"name": "equipes.csv", "mimeType": "text/csv", "buffer": text.encode()}
    )
    page.click("button:has-text('Vérifier le fichier')")
    page.wait_for_selector(".import-errors")
    _fits(page, "team-preview-phone")
    remarks = page.locator("table.import-preview td.remarks")
    assert remarks.count() == 2
    assert "peut-être" in remarks.nth(1).inner_text()
    assert max(page.evaluate(VISIBLE_WIDTH, "table.import-preview td")) <= 390
    shots = shots_folder()
    shoot(page, shots, "team-import-refused-phone.png", full_page=True)
