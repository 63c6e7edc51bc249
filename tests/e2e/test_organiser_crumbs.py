"""The organiser pages of a contest show their breadcrumbs on screen, never on paper.

Real browser (Playwright, Debian's chromium) against the live server, on a contest in play
whose partie 2 was drawn on partie 1's ranking. The table's sheet (the later-draw warning and
its reason fields), a deal's correction, the print pages (score sheets, posters, the partie's
tables, the palmarès), the publication, the projector, the teams, the tables' follow-up and the journal are opened on
a 390×844 phone, a
1366×768 laptop and a 1920×1080 screen: none scrolls sideways, the breadcrumbs lead back to
the cockpit (hidden on the projector, which is a big screen), the cockpit's steps keep their
text beside the badge, no button of a table is cut off
(the teams' buttons on a phone), the row links a finger taps are 40 px tall on a phone; the
table's own phone page asks
for the reason of a removal. Printed (A4 PDF, print media),
the print pages show no breadcrumbs, no menu and no buttons. Screenshots and PDFs go to
``$ATOUT_SCREENSHOTS`` when set (none is taken otherwise).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import log_in, shoot, shot_path, shots_folder

VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "wide": {"viewport": {"width": 1920, "height": 1080}},
}

OVERFLOW = """() => {
  const d = document.documentElement;
  return {scrollWidth: d.scrollWidth, clientWidth: d.clientWidth};
}"""

# The row links a finger taps on a phone (« Modifier », a table's number and links) that are
# shorter than 40 px (tests/e2e/test_errors_in_view.py measures the club's players too).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'a.row-link, table.follow td.table-no a, table.follow .row-links a, table.follow .row-links button')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height < 40; })
  .map(e => e.textContent.trim())"""

# The left edge of each field of the organiser's deal form.
FIELD_LEFTS = """() => [...document.querySelectorAll('.fast-entry > .field')]
  .map(e => Math.round(e.getBoundingClientRect().left))"""

# How far each cockpit step's title starts from the step's left edge, in pixels.
STEP_INDENTS = """() => [...document.querySelectorAll('ol.steps > li')].map(li =>
  Math.round(li.querySelector('h2').getBoundingClientRect().left - li.getBoundingClientRect().left))"""

# The buttons of a table that lie outside the screen (cut off by a table scrolling sideways).
CUT_BUTTONS = """() => [...document.querySelectorAll('table.data button, table.data a.button')]
  .filter(e => { const r = e.getBoundingClientRect();
    return r.width > 0 && (r.left < 0 || r.right > document.documentElement.clientWidth); })
  .map(e => e.textContent.trim())"""

# What printing must hide: the breadcrumbs, the contest's menu and every button.
PRINTED = """() => [...document.querySelectorAll(
    '.breadcrumbs-bar, .breadcrumbs, .contest-menu, .tabs, .actions')]
  .filter(e => getComputedStyle(e).display !== 'none').map(e => e.className)"""

PRINT_PAGES = ("print_sheets", "print_posters", "round_print", "print_ranking")


def _contest(club: Any) -> dict[str, str]:
    from django.urls import reverse

    from publishing import services as publishing
    from scoring.models import ScoreSheet
    from tests.scoring.conftest import table_url
    from tests.scoring.helpers import finish_game, play_deals
    from tests.tournaments.conftest import add_teams, make_contest
    from tournaments import services

    contest = make_contest(club)
    add_teams(contest, 9)
    first = services.publish_round(services.generate_round(contest, seed=3))
    sheets = {s.table.number: s for s in ScoreSheet.objects.filter(table__round=first)}
    finish_game(sheets[1])
    play_deals(sheets[2], 4)
    publishing.add_prize(contest, rank_from=1, rank_to=3, label="Un jambon de pays")
    services.generate_round(contest, force_reason="la salle ferme à 19 h")
    table_link = table_url(sheets[1])
    at = {"club_slug": club.slug, "contest_id": contest.pk}
    partie = at | {"round_number": 1}
    table = partie | {"table_number": 1}
    return {
        "table_link": table_link,
        "cockpit": contest.get_absolute_url(),
        "sheet": reverse("scoring:sheet", kwargs=table),
        "open_sheet": reverse("scoring:sheet", kwargs=table | {"table_number": 2}),
        "correct": reverse("scoring:sheet_correct", kwargs=table | {"number": 2}),
        "print_sheets": reverse("publishing:print_sheets", kwargs=partie),
        "print_posters": reverse("publishing:print_posters", kwargs=partie),
        "round_print": reverse("tournaments:round_print", kwargs=partie),
        "print_ranking": reverse("publishing:print_ranking", kwargs=at),
        "publication": reverse("publishing:publication", kwargs=at),
        "projector": reverse("tournaments:round_projector", kwargs=partie),
        # Pages whose trail is drawn inside the page (tournaments/_contest_nav.html).
        "entries": reverse("tournaments:entries", kwargs=at),
        "journal": reverse("tournaments:contest_log", kwargs=at),
        "follow": reverse("scoring:round_sheets", kwargs=partie),
    }


def _shots(tmp_path: Path) -> Path | None:
    return shots_folder("organiser")


@pytest.mark.django_db(transaction=True)
def test_organiser_pages_fit_every_screen_with_their_breadcrumbs(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    urls = _contest(club)
    cockpit = urls.pop("cockpit")
    table_link = urls.pop("table_link")
    open_sheet = urls.pop("open_sheet")
    shots = _shots(tmp_path)
    for screen, options in VIEWPORTS.items():
        page = browser(**options)
        log_in(page, live_server.url, organiser.username)
        for name, path in urls.items():
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, (name, path)
            shoot(page, shots, f"{name}-{screen}.png", full_page=True)
            size = page.evaluate(OVERFLOW)
            assert size["scrollWidth"] <= size["clientWidth"], (name, screen, size)
            assert page.evaluate(CUT_BUTTONS) == [], (name, screen)
            if screen == "phone":  # a finger needs about 40 px
                assert page.evaluate(SMALL_TARGETS) == [], (name, screen)
            crumb = page.locator(f'.breadcrumbs a[href="{cockpit}"]')
            assert crumb.count() >= 1, (name, screen)
            if name == "projector":
                assert not crumb.first.is_visible()  # a big screen shows the draw only
            else:
                assert crumb.first.is_visible(), (name, screen)
        # The cockpit's steps: the text starts right after the step's badge (two layouts
        # added up once, leaving a blank column that squeezed the text on a phone).
        page.goto(live_server.url + cockpit)
        indents = page.evaluate(STEP_INDENTS)
        assert indents and max(indents) <= 80, (screen, indents)
        if screen == "phone":  # the deal form: one field under the other, as on the table
            page.goto(live_server.url + open_sheet)
            lefts = page.evaluate(FIELD_LEFTS)
            assert len(lefts) >= 4 and len(set(lefts)) == 1, lefts
        sheet = page.goto(live_server.url + urls["sheet"])
        assert sheet is not None
        assert page.locator("#later-draw").is_visible()
        page.locator("#correct-panel summary").click()
        page.locator("#forfeit-panel summary").click()
        assert page.locator("label[for=id_delete_reason]").inner_text() == "Motif (obligatoire)"
        assert page.locator("label[for=id_forfeit_reason]").inner_text() == "Motif (obligatoire)"
        shoot(page, shots, f"sheet-forms-{screen}.png", full_page=True)
        for panel in ("correct-panel", "forfeit-panel"):
            shoot(page.locator(f"#{panel}"), shots, f"{panel}-{screen}.png")
        size = page.evaluate(OVERFLOW)
        assert size["scrollWidth"] <= size["clientWidth"], ("sheet forms", screen, size)
        assert page.errors == [], (screen, page.errors)
        page.context.close()
    # The table's phone, after the later draw: "Supprimer" asks for the reason, on one screen.
    phone = browser(**VIEWPORTS["phone"])
    phone.goto(live_server.url + table_link)
    assert phone.locator("#later-draw").is_visible()
    assert phone.locator("label[for=id_delete_reason]").inner_text() == "Motif (obligatoire)"
    size = phone.evaluate(OVERFLOW)
    assert size["scrollWidth"] <= size["clientWidth"], ("table link", size)
    shoot(phone, shots, "table-link-phone.png", full_page=True)
    assert phone.errors == []


@pytest.mark.django_db(transaction=True)
def test_print_pages_print_without_breadcrumbs_menu_or_buttons(
    live_server: Any, club: Any, organiser: Any, browser: Any, tmp_path: Path
) -> None:
    urls = _contest(club)
    shots = _shots(tmp_path)
    page = browser(viewport={"width": 1366, "height": 768})
    log_in(page, live_server.url, organiser.username)
    for name in PRINT_PAGES:
        page.goto(live_server.url + urls[name])
        page.emulate_media(media="print")
        assert page.evaluate(PRINTED) == [], name
        pdf = page.pdf(path=shot_path(shots, f"{name}.pdf"), format="A4", print_background=True)
        assert pdf.startswith(b"%PDF"), name
        page.emulate_media(media="screen")
    assert page.errors == []
