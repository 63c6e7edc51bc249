"""A refused form opens on its error (Playwright, Debian's chromium, a 390×844 phone): the
club's new-player form sits under the whole list of players, so its « Ce champ est
obligatoire. » came back a few screens below the top, where nobody saw it (static/js/atout.js,
``openOnFirstError``). A page that was not refused does not move, and its « Modifier » links
are a finger's size."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.helpers import log_in

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

WHERE = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return {top: Math.round(box.top), bottom: Math.round(box.bottom), height: window.innerHeight,
          scrolled: Math.round(window.scrollY)};
}"""


@pytest.mark.django_db(transaction=True)
def test_the_new_player_form_opens_on_its_error_under_a_long_list(
    live_server: Any, club: Any, organiser: Any, browser: Any
) -> None:
    from django.urls import reverse

    from tournaments.models import Player

    Player.objects.bulk_create(
        Player(club=club, first_name=f"Prénom{i}", last_name=f"Nom{i:02d}", name_key=f"nom{i:02d}")
        for i in range(25)
    )
    page = browser(**PHONE)
    log_in(page, live_server.url, organiser.username)
    page.goto(live_server.url + reverse("tournaments:players", args=[club.slug]))
    assert page.evaluate("() => window.scrollY") == 0  # nothing refused: the page stays put
    # Each player's « Modifier » is as tall as a finger needs (it was 18 px).
    heights = page.evaluate(
        "() => [...document.querySelectorAll('a.row-link')].map(e => e.getBoundingClientRect().height)"
    )
    assert len(heights) == 25 and min(heights) >= 40, heights
    page.fill("#id_first_name", "   ")  # passes the browser's check, not the server's
    page.fill("#id_last_name", "Martin")
    page.get_by_role("button", name="Ajouter", exact=True).click()
    page.wait_for_selector("main .errorlist")
    assert "Ce champ est obligatoire." in page.locator("main .errorlist").first.inner_text()
    where = page.evaluate(WHERE, "main .errorlist")
    assert where["scrolled"] > 0 and where["top"] >= 0 and where["bottom"] <= where["height"], where
    assert Player.objects.filter(club=club).count() == 25
    assert [e for e in page.errors if "status of 400" not in e] == []
