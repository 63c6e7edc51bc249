"""Standings a club would sign (issue 15 item 5), through the rebuild and the public pages.

A withdrawn team leaves the ranking (or ranks last) from its withdrawal on and never receives a
prize; a bye scores one figure on the sheet, the results, the exports and the standings, is a
game played and won, and concedes what it is credited; the tie-breaks are named under the
standings and never repeat a column. Expected numbers are written by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from publishing import services as publishing
from publishing.exports import contest as exports
from publishing.models import Prize
from scoring import services as scoring
from scoring.models import ScoreSheet
from scoring.services.byes import refresh_round_average
from standings import services as standings
from standings.readers import is_stale
from tests.standings.factory import add_round, finish_round, make_contest
from tournaments.models import Contest, Entry

pytestmark = pytest.mark.django_db

FLAGS = {"show_draw": True, "show_results": True, "show_standings": True}


def _by_number(rows: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {r["number"]: r for r in rows}


def _withdraw(contest: Contest, number: int, after: int) -> None:
    entry = Entry.objects.get(contest=contest, number=number)
    entry.withdrawn_after_round = after
    entry.save(update_fields=["withdrawn_after_round"])


def _public(contest: Contest, page: str = "classement/") -> str:
    response = Client().get(f"/concours/{contest.club.slug}/{contest.slug}/{page}")
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def withdrawal(club: Any) -> Contest:
    """4 teams, points then difference then lot.

    Round 1: 1 v 2 1000-1500, 3 v 4 800-700. Team 2 leaves after round 1.
    Round 2: 1 v 3 600-900, bye for 4 (972 on its sheet).
    Points: 1 = 1600, 2 = 1500, 3 = 1700, 4 = 700 + 972 = 1672.
    """
    contest = make_contest(club, teams=4, tiebreaks=["difference", "lot"])
    finish_round(add_round(contest, 1, [(1, 2), (3, 4)], **FLAGS), {1: (1000, 1500), 2: (800, 700)})
    finish_round(add_round(contest, 2, [(1, 3), (4, None)], **FLAGS), {1: (600, 900)})
    standings.rebuild(contest.pk)
    _withdraw(contest, 2, after=1)
    return contest


def test_a_withdrawal_marks_the_standings_stale_and_the_team_leaves(withdrawal: Contest) -> None:
    assert is_stale(withdrawal.pk)  # no result changed, yet the ranking did
    standings.rebuild(withdrawal.pk)
    rows = standings.live_snapshot(withdrawal.pk).rows
    assert [(r["rank"], r["number"], r["points_for"]) for r in rows] == [
        (1, 3, 1700),
        (2, 4, 1672),
        (3, 1, 1600),
    ]
    # As of round 1, which it played, team 2 is ranked first (1500).
    as_of_1 = standings.compute_rows(
        withdrawal, standings.entry_infos(withdrawal.pk), _results(withdrawal), [1]
    )[1]
    assert [(r["rank"], r["number"]) for r in as_of_1] == [(1, 2), (2, 1), (3, 3), (4, 4)]
    page = _public(withdrawal)
    assert 'id="equipe-2"' not in page and 'id="equipe-4"' in page


def _results(contest: Contest) -> list[Any]:
    from scoring import adapters

    return adapters.finished_results(contest.pk)


def test_a_withdrawn_team_ranked_last(withdrawal: Contest) -> None:
    withdrawal.withdrawn_ranking = Contest.WithdrawnRanking.RANK_LAST
    withdrawal.save()
    standings.rebuild(withdrawal.pk, force=True)
    rows = standings.live_snapshot(withdrawal.pk).rows
    assert [(r["rank"], r["number"], r["withdrawn"]) for r in rows] == [
        (1, 3, False),
        (2, 4, False),
        (3, 1, False),
        (4, 2, True),
    ]
    page = _public(withdrawal)
    assert 'id="equipe-2"' in page and "retirée</span>" in page


def test_the_bye_counts_as_a_game_won_and_concedes_its_points(withdrawal: Contest) -> None:
    standings.rebuild(withdrawal.pk)
    four = _by_number(standings.live_snapshot(withdrawal.pk).rows)[4]
    # Lost 700-800, then a bye of 972: played 2 = 1 won + 1 lost; 972 for and 972 against.
    assert (four["played"], four["wins"], four["losses"], four["byes"]) == (2, 1, 1, 1)
    assert (four["points_for"], four["points_against"], four["difference"]) == (1672, 1772, -100)


def test_standings_footer_names_the_tiebreaks_and_no_column_repeats(withdrawal: Contest) -> None:
    standings.rebuild(withdrawal.pk)
    page = _public(withdrawal)
    assert (
        "Classement : somme des points. Départage : différence de points, puis tirage au sort."
        in page
    )
    # "différence de points" is the "Différence" column: no second column for it; the lot has.
    assert page.count("différence de points") == 1
    assert page.count(">Différence</a></th>") == 1
    assert "tirage au sort</a></th>" in page


def test_the_contest_page_shows_the_tiebreaks(
    client: Client, organiser: Any, withdrawal: Contest
) -> None:
    client.force_login(organiser)
    page = client.get(f"/orga/{withdrawal.club.slug}/concours/{withdrawal.pk}/").content.decode()
    assert "différence de points, puis tirage au sort" in page
    assert "retirée du classement" in page


def test_a_withdrawn_team_never_receives_a_prize(
    client: Client, organiser: Any, withdrawal: Contest
) -> None:
    # Team 3, first, leaves after the last round: still ranked, but its prize goes on.
    _withdraw(withdrawal, 3, after=2)
    standings.rebuild(withdrawal.pk)
    for rank, label in ((1, "Un jambon"), (2, "Une bouteille"), (3, "Un canard")):
        Prize.objects.create(contest=withdrawal, rank_from=rank, rank_to=rank, label=label)
    client.force_login(organiser)
    base = f"/orga/publication/{withdrawal.club.slug}/concours/{withdrawal.pk}/palmares/"
    ranking = client.get(base).content.decode()
    assert ranking.count("<tr") == 3  # header, team 4 (Un jambon), team 1 (Une bouteille)
    assert "Un jambon" in ranking and "Une bouteille" in ranking and "Un canard" not in ranking
    everyone = client.get(base + "?tous=1").content.decode()
    assert "retirée : pas de lot" in everyone
    row_4 = everyone.split('id="equipe-4"')[1].split("</tr>")[0]
    assert "Un jambon" in row_4


def test_award_prizes_skips_withdrawn_teams_and_keeps_shared_ranks() -> None:
    prizes = [
        Prize(rank_from=1, rank_to=1, label="Un jambon"),
        Prize(rank_from=2, rank_to=2, label="Une bouteille"),
        Prize(rank_from=3, rank_to=5, label="Un canard"),
    ]
    rows = [
        {"rank": 1, "entry": 10},
        {"rank": 2, "entry": 11},
        {"rank": 2, "entry": 12},
        {"rank": 4, "entry": 13, "withdrawn": True},
        {"rank": 5, "entry": 14},
    ]
    assert publishing.award_prizes(rows, prizes, withdrawn={10}) == [
        (None, ""),
        (1, "Un jambon"),
        (1, "Un jambon"),
        (None, ""),
        (3, "Un canard"),
    ]


@pytest.fixture
def bye_contest(club: Any) -> Contest:
    """5 teams under ``round_average``: round 1 is 1 v 2, 3 v 4, bye for 5."""
    contest = make_contest(
        club, teams=5, bye_policy=Contest.ByePolicy.ROUND_AVERAGE, bye_points=0, tiebreaks=[]
    )
    round_ = add_round(contest, 1, [(1, 2), (3, 4), (5, None)], **FLAGS)
    scoring.ensure_round_sheets(round_)
    return contest


def _enter(contest: Contest, table: int, a: int, b: int) -> None:
    sheet = ScoreSheet.objects.get(table__round__contest=contest, table__number=table)
    scoring.record_totals(
        sheet.pk, total_a=a, total_b=b, deals_played=12, belotes=1, version=sheet.version
    )


def _bye_sheet(contest: Contest) -> ScoreSheet:
    return ScoreSheet.objects.get(table__round__contest=contest, table__entry_b__isnull=True)


def test_a_round_average_bye_scores_one_figure_everywhere(
    bye_contest: Contest, django_capture_on_commit_callbacks: Any
) -> None:
    # Credited while no game is finished: half a game (12 x 162 / 2 = 972).
    assert _bye_sheet(bye_contest).total_a == 972
    # 1264-700 and 1000-964 (a belote each): average (1264 + 700 + 1000 + 964) / 4 = 982.
    with django_capture_on_commit_callbacks(execute=True):
        _enter(bye_contest, 1, 1264, 700)
    with django_capture_on_commit_callbacks(execute=True):
        _enter(bye_contest, 2, 1000, 964)
    sheet = _bye_sheet(bye_contest)
    assert (sheet.total_a, sheet.status) == (982, ScoreSheet.Status.CONFIRMED)
    standings.rebuild(bye_contest.pk)
    five = _by_number(standings.live_snapshot(bye_contest.pk).rows)[5]
    assert (five["points_for"], five["points_against"], five["difference"]) == (982, 982, 0)
    assert (five["played"], five["wins"], five["byes"]) == (1, 1, 1)
    data = exports.results_dataset(bye_contest)
    bye_line = next(line for line in data.dict if line["Équipe B"] == "exempt")
    assert bye_line["Total A"] == 982
    results = _public(bye_contest, "resultats/1/")
    assert '<strong class="score">982</strong>' in results
    team = _public(bye_contest, "equipe/5/")
    assert ">982<" in team
    standings_page = _public(bye_contest)
    assert ">982<" in standings_page


def test_refresh_round_average_leaves_other_policies_alone(bye_contest: Contest) -> None:
    bye_contest.bye_policy = Contest.ByePolicy.FIXED
    bye_contest.bye_points = 500
    bye_contest.save()
    _enter(bye_contest, 1, 1264, 700)
    assert refresh_round_average(bye_contest.pk) == 0
    assert _bye_sheet(bye_contest).total_a == 972  # as credited: a fixed bye does not move


def test_the_standings_export_repeats_no_column(withdrawal: Contest) -> None:
    standings.rebuild(withdrawal.pk)
    data = exports.standings_dataset(standings.live_snapshot(withdrawal.pk))
    assert data.headers.count("Différence") == 1
    assert "différence de points" not in data.headers and data.headers[-1] == "tirage au sort"
    assert len(data.headers) == len(data[0])
