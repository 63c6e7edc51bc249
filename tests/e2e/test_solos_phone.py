"""The players-alone list on a phone (390×844): each player's row is a card, its buttons inside
it, clear of the list's edge; the list does not scroll sideways inside its frame.

The rows that once made it too wide: a licence under the name, a long name, a player withdrawn
(the longest badge), a volunteer. Screenshots at 390×844 and 1366×768 go to ``ATOUT_SHOTS`` when
set (none is taken otherwise).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.e2e.helpers import shoot, shots_folder
from tests.tournaments.conftest import make_contest
from tournaments.models import Player
from tournaments.services.solo import registration as solo

NAMES = ["Jean Martin", "Marie Le Goff", "Soizic Le Floch-Kerjean", "Hervé Guillou", "Gaël Morvan"]

# Per player row: how far its rightmost button stays from the list's right edge, and how much
# wider than its frame the list is (0: it fits).
MEASURE = """() => {
  const wrap = document.querySelector('tr[id^=joueur-]').closest('.table-wrap');
  const edge = wrap.getBoundingClientRect().right;
  const gaps = [...wrap.querySelectorAll('tr[id^=joueur-]')].map(row => Math.min(
    ...[...row.querySelectorAll('.row-actions button')].map(b => edge - b.getBoundingClientRect().right)));
  return {gaps, overflow: wrap.scrollWidth - wrap.clientWidth};
}"""


@pytest.mark.django_db(transaction=True)
def test_the_row_buttons_sit_inside_their_card_on_a_phone(
    live_server: Any, browser: Any, club: Any, organiser: Any, tmp_path: Path
) -> None:
    shots = shots_folder()
    contest = make_contest(club, entry_mode="melee", slug="melee", name="Mêlée du jeudi")
    for i, name in enumerate(NAMES):
        first, last = name.split(" ", 1)
        player = Player.objects.create(
            club=club, first_name=first, last_name=last, licence=f"0{i}12345" if i % 2 else ""
        )
        values = solo.SoloValues(
            player=player, paid=i % 2 == 0, checked_in=i != 3, is_volunteer=i == 4
        )
        added = solo.add_solo(contest, values)
        if i == 2:
            solo.withdraw_solo(added)
    client = Client()
    client.force_login(organiser)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value}
    url = live_server.url + reverse(
        "tournaments:solos", kwargs={"club_slug": club.slug, "contest_id": contest.pk}
    )
    for width, height in ((390, 844), (1366, 768)):
        page = browser(viewport={"width": width, "height": height})
        page.context.add_cookies([{**cookie, "url": live_server.url}])
        page.goto(url)
        shoot(page, shots, f"solos-{width}.png", full_page=True)
        measured = page.evaluate(MEASURE)
        assert len(measured["gaps"]) == len(NAMES)
        assert measured["overflow"] == 0, (width, measured)
        assert min(measured["gaps"]) >= 8, (width, measured)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.errors == []
        page.context.close()
