"""The CSV import of solo players in a real browser (Playwright, Debian's chromium), on a
390×844 phone and a 1366×768 laptop: reached from the solo players' page, a file with refused
lines lists each one in French and offers no confirmation, a valid file previews then imports;
no page scrolls sideways. Screenshots go to ``$ATOUT_SCREENSHOTS`` when set, else to the test's
temporary folder.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PASSWORD

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
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

    shots = Path(os.environ.get("ATOUT_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    for screen, options in VIEWPORTS.items():
        contest = make_contest(club, entry_mode="melee", slug=f"melee-{screen}")
        anne, _new = services.get_or_create_player(club, "Anne", "Durand")
        services.add_solo(contest, services.SoloValues(anne))
        at = {"club_slug": club.slug, "contest_id": contest.pk}
        page = browser(**options)
        page.goto(live_server.url + "/compte/connexion/")
        page.fill("#id_username", organiser.username)
        page.fill("#id_password", PASSWORD)
        page.press("#id_password", "Enter")
        page.wait_for_url("**/orga/**")
        page.goto(live_server.url + reverse("tournaments:solos", kwargs=at))
        page.click("text=Importer un fichier CSV")
        page.wait_for_url("**/joueurs-seuls/import/")
        _fits(page, f"empty-{screen}")
        page.screenshot(path=str(shots / f"solo-import-empty-{screen}.png"), full_page=True)

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
        page.screenshot(path=str(shots / f"solo-import-refused-{screen}.png"), full_page=True)

        valid = "\n".join(REFUSED.splitlines()[:2]) + "\nLéa;Gris;;Lorient\n"
        page.set_input_files(
            "#id_file",
            {"name": "joueurs.csv", "mimeType": "text/csv", "buffer": valid.encode()},
        )
        page.click("button:has-text('Vérifier le fichier')")
        page.wait_for_selector("text=2 joueurs prêts à être importés", state="attached")
        _fits(page, f"preview-{screen}")
        page.screenshot(path=str(shots / f"solo-import-preview-{screen}.png"), full_page=True)
        page.click("button:has-text('Confirmer l\\'import')")
        page.wait_for_url("**/joueurs-seuls/")
        assert page.locator("text=2 joueurs importés.").count() == 1
        _fits(page, f"imported-{screen}")
        page.screenshot(path=str(shots / f"solo-import-done-{screen}.png"), full_page=True)
        assert SoloEntry.objects.filter(contest=contest).count() == 3
        # The refused file answers 400 on purpose: the browser logs it, nothing else may be.
        assert [e for e in page.errors if "status of 400" not in e] == []
