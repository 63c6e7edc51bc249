"""The pages of a match of several games: the table phone and the organiser's sheet show the
games, the follow page and the public results give the match line, the paper sheet prints one
column block per game, and a paper match is entered game by game."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import ScoreSheet, TotalsResult
from tests.conftest import PASSWORD
from tests.scoring.conftest import deal_data, organiser_url, page_text, table_url
from tests.scoring.test_matches import A, B, match_sheet, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def orga(organiser: Any) -> Client:
    client = Client()
    client.login(username=organiser.username, password=PASSWORD)
    return client


def _club_sheet(club: Any, **rules: Any) -> ScoreSheet:
    return match_sheet(club, "match-page", **rules)


def test_the_table_phone_shows_the_match_and_the_game_in_play(club: Any) -> None:
    sheet = play(_club_sheet(club, match_games=3), A, A, B)
    text = page_text(Client().get(table_url(sheet)))
    assert "Match en 2 manches gagnantes (au plus 3), manches en 2 donnes" in text
    assert "data-games-won>1 – 0<" in text
    assert 'data-game="1"' in text and "200 – 124" in text
    assert "Manche 2 (revanche)" in text and "en cours" in text
    # The big figures are the game in play's; the match's points are said under them.
    assert "data-total-a>62<" in text and "data-total-b>100<" in text
    assert "Manche 2 (revanche) en cours · match : 262 – 224 points" in text
    # The deal list has one block per game.
    assert 'data-game-head="1"' in text and 'data-game-head="2"' in text
    # The polled fragment says the same.
    fragment = page_text(Client().get(table_url(sheet, "state")))
    assert "data-total-a>62<" in fragment and 'data-game-head="2"' in fragment


def test_the_deal_that_ends_a_game_leads_to_the_next_one_on_the_phone(
    club: Any, phone: Client
) -> None:
    sheet = play(_club_sheet(club, match_games=3), A)
    response = phone.post(table_url(sheet, "deal"), deal_data(sheet, taker="a"))
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.OPEN and len(sheet.games) == 1
    text = page_text(phone.get(table_url(sheet)))
    assert "Manche 1 terminée : la manche 2 commence, à zéro." in text
    assert "Donne 3" in text  # the next deal's form is there: game 2 begins
    assert "data-total-a>0<" in text
    # 2-0: the match is over, the other team confirms.
    for _ in range(2):
        phone.post(table_url(sheet, "deal"), deal_data(sheet, taker="a"))
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.FINISHED and sheet.deal_count == 4
    text = page_text(phone.get(table_url(sheet)))
    assert "Match terminé : l'autre équipe confirme" in text
    assert "Le match est terminé : l'autre équipe doit maintenant confirmer." in text
    assert "Manche 3" not in text.split("data-match", 1)[1].split("</section>", 1)[0]
    assert "data-total-a>400<" in text  # the match's points once it is decided


def test_the_organiser_sheet_and_the_follow_line_show_the_games(
    club: Any, orga: Client, organiser: Any
) -> None:
    sheet = play(_club_sheet(club, match_games=3), A, A, B, B, A, A)
    assert sheet.match_score == "2–1 (200–124, 124–200, 200–124)"
    text = page_text(orga.get(organiser_url(sheet, "sheet")))
    assert "data-games-won>2 – 1<" in text and "Manche 3 (belle)" in text
    assert "Points du match (somme des manches)" in text
    contest = sheet.table.round.contest
    kwargs = {"club_slug": club.slug, "contest_id": contest.pk, "round_number": 1}
    follow = page_text(orga.get(reverse("scoring:round_sheets", kwargs=kwargs)))
    assert "manches 2–1 (200–124, 124–200, 200–124)" in follow


def test_the_public_results_give_the_match_line(club: Any) -> None:
    sheet = play(_club_sheet(club, match_games=3), A, A, B, B, A, A)
    round_ = sheet.table.round
    contest = round_.contest
    contest.is_public = True
    contest.save()
    round_.show_results = True
    round_.save()
    url = reverse(
        "scores:results",
        kwargs={"club_slug": club.slug, "contest_slug": contest.slug, "round_number": 1},
    )
    text = page_text(Client().get(url))
    assert "data-match-score>2–1 (200–124, 124–200, 200–124)<" in text
    assert "(manche 3)" in text
    # Each team's page says the match from its own side.
    for number, line, outcome in ((1, "2–1", "gagnée"), (2, "1–2", "perdue")):
        team_url = reverse(
            "scores:team",
            kwargs={"club_slug": club.slug, "contest_slug": contest.slug, "number": number},
        )
        team = page_text(Client().get(team_url))
        assert f"data-games-won>(manches {line})<" in team and outcome in team


def test_the_paper_sheet_prints_one_block_per_game(club: Any, orga: Client) -> None:
    sheet = _club_sheet(club, match_games=3)
    contest = sheet.table.round.contest
    url = reverse(
        "publishing:print_sheets",
        kwargs={"club_slug": club.slug, "contest_id": contest.pk, "round_number": 1},
    )
    text = page_text(orga.get(url))
    assert 'class="sheet-grid match-grid"' in text
    assert text.count('colspan="2" class="game-block"') == 3
    assert "Manche 3 (belle)" in text and "Manches gagnées" in text


def _totals(client: Client, sheet: ScoreSheet, games: list[tuple[int, int]], **extra: Any) -> Any:
    sheet.refresh_from_db()
    data: dict[str, Any] = {"version": sheet.version, **extra}
    for n, (a, b) in enumerate(games, start=1):
        data |= {f"g{n}_total_a": a, f"g{n}_total_b": b, f"g{n}_deals_played": 2}
    return client.post(organiser_url(sheet, "sheet_totals"), data)


def test_a_paper_match_is_entered_game_by_game(club: Any, orga: Client) -> None:
    sheet = _club_sheet(club, match_games=3)
    form = page_text(orga.get(organiser_url(sheet, "sheet")))
    assert "Feuille papier : les totaux de chaque manche" in form
    assert 'name="g3_total_a"' in form
    # 2 x 162 = 324 per game: consistent games, won 2-0: no belle to enter.
    response = _totals(orga, sheet, [(200, 124), (180, 144)])
    assert response.status_code == 302, page_text(response)[:400]
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED and sheet.kind == "totals"
    assert (sheet.games_a, sheet.games_b, sheet.winner) == (2, 0, "a")
    assert (sheet.total_a, sheet.total_b) == (380, 268)
    assert sheet.match_score == "2–0 (200–124, 180–144)"
    totals = TotalsResult.objects.get(sheet=sheet)
    assert (totals.deals_played, len(totals.games)) == (4, 2)


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ([(200, 124), (124, 200)], "saisissez aussi la manche 3"),
        ([(200, 124), (180, 144), (124, 200)], "retirez la manche 3"),
        ([(200, 124), (224, 124)], "Manche 2 : Les totaux ne concordent pas"),
    ],
)
def test_a_paper_match_that_does_not_add_up_is_refused(
    club: Any, orga: Client, games: list[tuple[int, int]], message: str
) -> None:
    sheet = _club_sheet(club, match_games=3)
    response = _totals(orga, sheet, games)
    assert response.status_code == 400
    assert message in page_text(response)
    sheet.refresh_from_db()
    assert sheet.kind == "deals" and sheet.games == [] and not TotalsResult.objects.exists()


def test_an_inconsistent_paper_match_may_be_saved_to_verify(club: Any, orga: Client) -> None:
    sheet = _club_sheet(club, match_games=3)
    response = _totals(orga, sheet, [(200, 124), (224, 124)], force="on")
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert (
        sheet.status == ScoreSheet.Status.TO_VERIFY
        and sheet.match_score == "2–0 (200–124, 224–124)"
    )
    assert sheet.check_note.startswith("Manche 2 : Les totaux ne concordent pas")
    # Entered again consistent: confirmed, and the history keeps the games before.
    response = _totals(orga, sheet, [(200, 124), (200, 124)], reason="recopie")
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.CONFIRMED and sheet.check_note == ""
    correction = sheet.corrections.get()
    assert correction.before["games"][1]["total_a"] == 224


def test_a_game_after_a_missing_one_is_a_form_error(club: Any, orga: Client) -> None:
    sheet = _club_sheet(club, match_games=3)
    sheet.refresh_from_db()
    data = {"version": sheet.version, "g1_total_a": 200, "g1_total_b": 124}
    data |= {"g1_deals_played": 2, "g3_total_a": 200, "g3_total_b": 124, "g3_deals_played": 2}
    response = orga.post(organiser_url(sheet, "sheet_totals"), data)
    assert response.status_code == 400
    assert "La manche 3 est saisie, pas celle d'avant." in page_text(response)


def test_the_exports_carry_the_games(club: Any) -> None:
    from publishing.exports import contest as exports

    sheet = play(_club_sheet(club, match_games=3), A, A, B, B, A, A)
    contest = sheet.table.round.contest
    results = exports.results_dataset(contest)
    assert results.dict[0]["Manches"] == "2–1 (200–124, 124–200, 200–124)"
    assert results.dict[0]["Vainqueur"] == "1"
    deals = exports.deals_dataset(contest)
    assert [row["Manche"] for row in deals.dict] == [1, 1, 2, 2, 3, 3]
    assert [row["Cumul A"] for row in deals.dict] == [100, 200, 62, 124, 100, 200]


def test_a_deal_of_the_second_game_is_corrected_from_the_organiser_page(
    club: Any, orga: Client
) -> None:
    sheet = play(_club_sheet(club, match_games=3), A, A, B, B, A)
    url = organiser_url(sheet, "sheet_correct", number=4)
    page = page_text(orga.get(url))
    assert 'name="taker_points"' in page
    # The preview of deal 4 starts from game 2's deal 3, not from the match's totals.
    data = deal_data(sheet, taker="a") | {"number": "4"}
    preview = page_text(orga.post(organiser_url(sheet, "sheet_preview"), data))
    assert "data-preview-a>100<" in preview and ">162<" in preview  # game 2: 62 + 100 for A
    assert "Cette donne termine la manche. Vainqueur de la manche : égalité." in preview
    # Deal 4 to A: game 2 is drawn (162-162), the match goes on into game 3 with deal 5.
    response = orga.post(url, deal_data(sheet, taker="a", reason="preneur inversé"))
    assert response.status_code == 302, page_text(response)[:300]
    sheet.refresh_from_db()
    assert [g["w"] for g in sheet.games] == ["a", ""] and sheet.status == "open"
    assert (sheet.games_a, sheet.games_b) == (1, 0)
