"""A knockout game that ended level, in a real browser: the organiser's sheet page shows the
prompt to name the team that goes through, fits a phone and a laptop screen, and naming a team
through the form leaves the page saying so.

Screenshots go to ``$ATOUT_SCREENSHOTS`` for a person to look at (none is taken otherwise).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import shoot, shots_folder

SCREENS = [(390, 844), (1366, 768)]


@pytest.mark.django_db(transaction=True)
def test_the_tie_prompt_on_the_organiser_sheet(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    from django.test import Client

    from scoring.models import ScoreSheet
    from tests.scoring.test_tie_winner import _knockout, _sheet, _url

    folder = shots_folder()
    _contest, first = _knockout(club)
    sheet = _sheet(first, 1)
    client = Client()
    client.force_login(organiser)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value}
    for width, height in SCREENS:
        phone = width < 500
        page = browser(
            viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
        )
        page.context.add_cookies([cookie | {"url": live_server.url}])
        page.goto(live_server.url + _url(sheet))
        panel = page.locator("#tie-panel")
        assert panel.is_visible()
        assert "Égalité : désignez l'équipe qualifiée" in panel.inner_text()
        assert sheet.table.entry_b.display_name in panel.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        panel.scroll_into_view_if_needed()
        shoot(page, folder, f"tie-sheet-{width}x{height}.png", full_page=True)
        assert page.errors == []
    page.locator("#tie-form input[value=b]").check()
    page.fill("#id_tie_reason", "donne décisive")
    page.get_by_role("button", name="Enregistrer l'équipe qualifiée").click()
    page.wait_for_selector("#tie-named")
    assert ScoreSheet.objects.get(pk=sheet.pk).winner == "b"
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    shoot(page, folder, "tie-sheet-named-1366x768.png", full_page=True)
    assert page.errors == []
