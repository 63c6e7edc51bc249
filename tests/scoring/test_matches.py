"""A table's match of several games on one sheet, through the score-entry services.

Games of 2 deals (``club_contest`` with ``deals_per_game=2``) keep the matches short: taker A
at 100 points scores A 100, B 62 (classic), taker B at 100 the reverse; two deals of one
taker win the game for that team.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from scoring import services
from scoring.adapters import DealFacts
from scoring.models import DealRecord, ScoreSheet
from tests.scoring.conftest import _entries, make_contest, make_round

A = DealFacts(taker="a", trump="hearts", taker_points=100)  # A 100, B 62
B = DealFacts(taker="b", trump="hearts", taker_points=100)  # A 62, B 100


def match_sheet(club: Any, slug: str, **rules: Any) -> ScoreSheet:
    contest = make_contest(club, "club_contest", slug, deals_per_game=2, **rules)
    a, b = _entries(contest, club, 2)
    return services.sheet_of_table(make_round(contest, 1, [(a, b)]).tables.get())


def play(sheet: ScoreSheet, *deals: DealFacts) -> ScoreSheet:
    for facts in deals:
        sheet.refresh_from_db()
        services.record_deal(
            sheet.pk, facts, version=sheet.version, client_id=uuid.uuid4(), device="phone-a"
        )
    sheet.refresh_from_db()
    return sheet


def games_of(sheet: ScoreSheet) -> list[int]:
    return list(DealRecord.objects.filter(sheet=sheet).values_list("game", flat=True))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rules", "deals", "finished_after", "games", "won", "winner"),
    [
        # Best of three at 2-0: no belle.
        ({"match_games": 3}, [A, A, A, A], 4, [1, 1, 2, 2], (2, 0), "a"),
        # Best of three at 1-1: the belle decides.
        ({"match_games": 3}, [A, A, B, B, A, A], 6, [1, 1, 2, 2, 3, 3], (2, 1), "a"),
        # Two games, both played even when the first team won the first.
        (
            {"match_games": 2, "match_format": "all_games"},
            [A, A, A, A],
            4,
            [1, 1, 2, 2],
            (2, 0),
            "a",
        ),
        # Three games, all played: 2-0 is not the end.
        (
            {"match_games": 3, "match_format": "all_games"},
            [B, B, B, B, A, A],
            6,
            [1, 1, 2, 2, 3, 3],
            (1, 2),
            "b",
        ),
    ],
)
def test_games_follow_on_the_sheet_until_the_match_is_decided(
    club: Any,
    rules: dict[str, Any],
    deals: list[DealFacts],
    finished_after: int,
    games: list[int],
    won: tuple[int, int],
    winner: str,
) -> None:
    sheet = match_sheet(club, "m", **rules)
    for index, facts in enumerate(deals, start=1):
        sheet = play(sheet, facts)
        expected = ScoreSheet.Status.FINISHED if index == finished_after else ScoreSheet.Status.OPEN
        assert sheet.status == expected, index
    assert games_of(sheet) == games
    assert (sheet.games_a, sheet.games_b) == won and sheet.winner == winner
    # The sheet's totals are the match's: the sum of its games' recorded scores.
    assert sheet.total_a == sum(g["a"] for g in sheet.games)
    assert sheet.total_b == sum(g["b"] for g in sheet.games)
    assert [g["deals"] for g in sheet.games] == [2] * len(sheet.games)
    with pytest.raises(services.ServiceError):
        play(sheet, A)  # the match is over: no deal after it
    assert DealRecord.objects.filter(sheet=sheet).count() == finished_after


@pytest.mark.django_db
def test_each_game_starts_at_zero_and_the_line_shows_the_games(club: Any) -> None:
    sheet = play(match_sheet(club, "m", match_games=3), A, A, B)
    deals = list(DealRecord.objects.filter(sheet=sheet).order_by("number"))
    assert [d.number for d in deals] == [1, 2, 3]  # numbers run on across the games
    assert (deals[1].running_a, deals[1].running_b) == (200, 124)
    assert (deals[2].running_a, deals[2].running_b) == (62, 100)  # game 2 from zero
    assert (sheet.total_a, sheet.total_b) == (262, 224)  # game 1 plus game 2 so far
    assert services.game_state(services.rules_of(sheet), sheet).total_a == 62
    assert sheet.games == [{"a": 200, "b": 124, "w": "a", "deals": 2}]
    assert sheet.match_score == "1–0 (200–124)"
    sheet = play(sheet, B, A, A)
    assert sheet.match_score == "2–1 (200–124, 124–200, 200–124)"


@pytest.mark.django_db
def test_a_one_game_contest_keeps_its_sheet_as_before(sheet: ScoreSheet) -> None:
    from tests.scoring.helpers import finish_game

    sheet = finish_game(sheet)
    assert sheet.status == ScoreSheet.Status.FINISHED
    assert sheet.games == [] and (sheet.games_a, sheet.games_b) == (0, 0)
    assert sheet.match_score == ""
    assert set(games_of(sheet)) == {1}


@pytest.mark.django_db
def test_two_phones_on_the_game_boundary_lose_and_duplicate_nothing(club: Any) -> None:
    sheet = play(match_sheet(club, "m", match_games=3), A)
    version = sheet.version
    # Both phones saw deal 2 to enter (the one ending game 1), at the same version.
    first_id = uuid.uuid4()
    first = services.record_deal(sheet.pk, A, version=version, client_id=first_id)
    with pytest.raises(services.StaleSheet):
        services.record_deal(sheet.pk, B, version=version, client_id=uuid.uuid4())
    # The first phone's form re-sent (bad Wi-Fi) is its game-ending deal, not a deal of game 2.
    again = services.record_deal(sheet.pk, A, version=version, client_id=first_id)
    assert first.created and not again.created
    assert again.deal is not None and first.deal is not None and again.deal.pk == first.deal.pk
    sheet.refresh_from_db()
    assert (sheet.deal_count, len(sheet.games), sheet.version) == (2, 1, version + 1)
    # The second phone sends again on the fresh version: its deal opens game 2.
    second = services.record_deal(sheet.pk, B, version=sheet.version, client_id=uuid.uuid4())
    assert second.deal is not None and (second.deal.number, second.deal.game) == (3, 2)
    assert games_of(sheet) == [1, 1, 2]


@pytest.mark.django_db
def test_removing_deals_walks_the_match_back(club: Any) -> None:
    sheet = play(match_sheet(club, "m", match_games=3), A, A, A, A)
    assert sheet.status == ScoreSheet.Status.FINISHED and sheet.winner == "a"

    def delete_last() -> ScoreSheet:
        sheet.refresh_from_db()
        services.delete_last_deal(sheet.pk, version=sheet.version, client_id=uuid.uuid4())
        sheet.refresh_from_db()
        return sheet

    sheet = delete_last()  # the match-ending deal: game 2 is in play again
    assert sheet.status == ScoreSheet.Status.OPEN and sheet.winner == ""
    assert (len(sheet.games), sheet.games_a, sheet.deal_count) == (1, 1, 3)
    assert (sheet.total_a, sheet.total_b) == (300, 186)
    sheet = delete_last()  # the first deal of game 2: game 1 stays won
    assert (len(sheet.games), sheet.games_a, sheet.deal_count) == (1, 1, 2)
    assert (sheet.total_a, sheet.total_b) == (200, 124)
    sheet = delete_last()  # the deal that ended game 1: game 1 is in play again
    assert (sheet.games, sheet.games_a, sheet.total_a, sheet.reserve) == ([], 0, 100, 0)
    assert services.game_state(services.rules_of(sheet), sheet).deals_counted == 1
    sheet = play(sheet, B, B, B)  # game 1 drawn (162-162), game 2 to B, the match goes on
    assert [g["w"] for g in sheet.games] == ["", "b"] and games_of(sheet) == [1, 1, 2, 2]
    assert (sheet.games_a, sheet.games_b, sheet.status) == (0, 1, ScoreSheet.Status.OPEN)


@pytest.mark.django_db
def test_a_correction_replays_the_match(club: Any) -> None:
    sheet = play(match_sheet(club, "m", match_games=3), A, A, B, B, A)
    assert (sheet.games_a, sheet.games_b) == (1, 1)
    # Deal 3 corrected to A: game 2 is 100 + 62 v 62 + 100, a drawn game; the match goes on
    # and deal 5 stays the first deal of game 3.
    services.correct_deal(
        sheet.pk, 3, A, version=sheet.version, client_id=uuid.uuid4(), organiser=True
    )
    sheet.refresh_from_db()
    assert [g["w"] for g in sheet.games] == ["a", ""]
    assert (sheet.games_a, sheet.games_b, sheet.status) == (1, 0, ScoreSheet.Status.OPEN)
    # Deal 4 corrected to A too: A wins game 2, the match is over before deal 5: refused.
    sheet.refresh_from_db()
    with pytest.raises(services.ServiceError) as refused:
        services.correct_deal(
            sheet.pk, 4, A, version=sheet.version, client_id=uuid.uuid4(), organiser=True
        )
    assert refused.value.code == "ends_early"
    sheet.refresh_from_db()
    assert games_of(sheet) == [1, 1, 2, 2, 3]


@pytest.mark.django_db
def test_correction_preview_starts_each_game_at_zero(club: Any) -> None:
    sheet = play(match_sheet(club, "m", match_games=3), A, A, B, B)
    rules = services.rules_of(sheet)
    assert services.state_before(rules, sheet, 3).total_a == 0  # game 2's first deal
    before_four = services.state_before(rules, sheet, 4)
    assert (before_four.total_a, before_four.total_b, before_four.deals_counted) == (62, 100, 1)
