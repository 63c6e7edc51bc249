"""A spectator follows one team from the public draw to its final rank, in a real browser.

Playwright (sync API) drives Debian's chromium against pytest-django's live server: the
contest's public home, round 1's draw (the team's table and opponent), the standings (the
team's row links to its page), the team's page (its games, opponents, scores and its rank
after each round) and the projector. Skipped with a reason where /usr/bin/chromium is missing.
"""

from __future__ import annotations

import re
from typing import Any

import pytest


@pytest.mark.django_db(transaction=True)
def test_follow_a_team_from_the_draw_to_its_final_rank(
    live_server: Any, club: Any, browser: Any
) -> None:
    from django.db.models import Q

    from publishing import services as publishing
    from standings import services as standings
    from tests.standings.factory import add_round, finish_round, make_contest

    contest = make_contest(club, teams=6, slug="suivi")
    for number in (1, 2, 3):
        round_ = add_round(contest, number, seed=3)
        finish_round(round_, seed=5)
        publishing.set_visibility(round_, show_draw=True, show_results=True, show_standings=True)
    final = {r["number"]: r for r in standings.public_snapshot(contest).rows}
    team = contest.entries.get(number=3)
    round_1_table = contest.rounds.get(number=1).tables.get(Q(entry_a=team) | Q(entry_b=team))
    is_a = round_1_table.entry_a_id == team.pk
    opponent = round_1_table.entry_b if is_a else round_1_table.entry_a
    page = browser()

    # 1. The contest's public home, then round 1's draw.
    page.goto(f"{live_server.url}/concours/{club.slug}/suivi/")
    page.locator("li.card", has_text="Partie 1").get_by_role(
        "link", name="Tirage des tables"
    ).click()
    row = page.locator("tr", has_text=f"{team.number}. {team.name}").first
    assert row.locator("td.num").first.inner_text() == str(round_1_table.number)

    # 2. The standings, linked from the contest's home: the team's row shows its final rank
    # and links to its page.
    page.goto(f"{live_server.url}/concours/{club.slug}/suivi/")
    page.get_by_role("link", name="Classement", exact=True).click()
    assert "Après la partie 3" in page.locator("main").inner_text()
    team_row = page.locator(f"tr#equipe-{team.number}")
    cells = team_row.locator("td")
    rank_text = cells.nth(0).inner_text()
    assert rank_text.rstrip("=") == str(final[team.number]["rank"])
    team_row.get_by_role("link").click()

    # 3. The team's page: round 1 against the opponent seen in the draw, and its final rank.
    page.wait_for_url(re.compile(rf"/equipe/{team.number}/$"))
    assert page.locator("h1").inner_text().startswith(f"{team.number}.")
    games = page.locator("table.team-games tbody tr")
    assert games.count() == 3
    assert opponent.display_name in games.nth(0).inner_text()
    history = page.locator("ol.rank-history li")
    assert history.count() == 3
    assert history.nth(2).locator("strong").inner_text() == str(final[team.number]["rank"])
    assert (
        f"Rang après la partie 3 : {final[team.number]['rank']}"
        in page.locator(".team-rank").inner_text()
    )

    # 4. The opponent's page is one click away, and the results page shows the game's deals.
    games.nth(0).get_by_role("link", name=opponent.display_name).click()
    page.wait_for_url(re.compile(rf"/equipe/{opponent.number}/$"))
    page.go_back()
    games.nth(0).get_by_role("link", name="1").click()
    page.wait_for_url(re.compile(r"/resultats/1/"))
    assert team.display_name in page.locator(f"#table-{round_1_table.number}").inner_text()

    # 5. The projector refreshes itself with htmx: the content stays in place after a poll.
    page.goto(f"{live_server.url}/concours/{club.slug}/suivi/projecteur/")
    assert "Classement après la partie 3" in page.locator(".projector-sub").inner_text()
    with page.expect_response(re.compile(r"/projecteur/contenu/"), timeout=15_000):
        pass
    assert page.locator("tr#equipe-3").count() == 1
    assert page.errors == []
