"""Changing the plan mid-contest in a real browser: from the cockpit, five parties instead of
six; from the round page, a latecomer against the bye and a table out of service, each through
its confirmation page. Every page fits a phone, a laptop and a projector without sideways
scrolling; screenshots go to ``$ATOUT_SCREENSHOTS`` when set (none is taken otherwise).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PASSWORD
from tests.e2e.helpers import shoot, shots_folder

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "wide": {"viewport": {"width": 1920, "height": 1080}},
}
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _login(page: Any, base: str, user: Any) -> None:
    page.goto(base + "/orga/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Se connecter").click()


def _shot(page: Any, folder: Path, name: str) -> None:
    assert page.evaluate(OVERFLOW) <= 0, f"{name} scrolls sideways"
    shoot(page, folder, f"{name}.png", full_page=True)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_the_plan_changes_through_their_pages(
    live_server: Any, organiser: Any, club: Any, browser: Any, tmp_path: Path, screen: str
) -> None:
    from playwright.sync_api import expect

    from scoring.models import ScoreSheet
    from tests.scoring.conftest import table_url
    from tests.scoring.test_plan_changes import _contest, _new_entry, _publish
    from tournaments.models import Contest, Table

    folder = shots_folder("plan", screen)
    contest = _contest(club, 9)
    first = _publish(contest)
    late = _new_entry(contest, 1)
    old_link = table_url(ScoreSheet.objects.get(table__round=first, table__number=2))
    page = browser(**VIEWPORTS[screen])
    base = live_server.url
    _login(page, base, organiser)
    page.goto(base + contest.get_absolute_url())

    # Five parties instead of six, from the cockpit.
    page.get_by_role(
        "link", name="Changer le plan (parties, retardataire, table hors service)"
    ).click()
    expect(page.locator("#plan-figures")).to_contain_text("partie 1 sur 6")
    page.fill("#id_count", "5")
    page.fill("#id_reason", "la salle a voté")
    _shot(page, folder, "1-plan")
    page.get_by_role("button", name="Voir les conséquences").click()
    expect(page.locator("#consequences")).to_contain_text("5 parties au lieu de 6")
    _shot(page, folder, "2-confirm-rounds")
    page.get_by_role("button", name="Jouer 5 parties").click()
    expect(page.locator(".messages")).to_contain_text("5 parties")
    expect(page.locator("#step-draw")).to_contain_text("1 partie tirée sur 5.")
    _shot(page, folder, "0-cockpit-after")
    assert Contest.objects.get(pk=contest.pk).ruleset["games_per_contest"] == 5

    # A latecomer against the bye, from the round page.
    page.goto(base + f"/orga/{club.slug}/concours/{contest.pk}/parties/1/")
    page.locator("#round-latecomer").click()
    page.select_option("#id_entry", str(late.number))
    page.fill("#id_reason", "bouchons")
    _shot(page, folder, "3-latecomer")
    page.get_by_role("button", name="Voir les conséquences").click()
    expect(page.locator("#consequences")).to_contain_text("points d'exempt ne comptent plus")
    _shot(page, folder, "4-confirm-latecomer")
    page.get_by_role("button", name="Placer l'équipe").click()
    expect(page.locator(".messages")).to_contain_text("table 5")
    assert Table.objects.get(round=first, number=5).entry_b_id == late.pk

    # Table 2 out of service: its match moves to table 7.
    page.locator("#round-tables").click()
    page.select_option("#id_table", "2")
    page.fill("#id_target", "7")
    page.fill("#id_reason", "boisson renversée")
    _shot(page, folder, "5-tables")
    page.get_by_role("button", name="Voir les conséquences").click()
    expect(page.locator("#consequences")).to_contain_text("passe à la table 7")
    _shot(page, folder, "6-confirm-tables")
    page.get_by_role("button", name="Déplacer le match").click()
    expect(page.locator(".messages")).to_contain_text("table 7")
    _shot(page, folder, "7-round-after")
    # The QR code printed before the move still opens the sheet, now at table 7.
    page.goto(base + old_link)
    assert "/t7/" in page.url
    expect(page.locator("main")).to_contain_text("Table 7")
    assert page.errors == []
