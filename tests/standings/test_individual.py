"""The players' ranking stored with the team standings: fixed pairs with a replacement, mêlée
pairs changing at every partie, a volunteer credited nothing, the individual tie-breaks."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from scoring.models import ScoreSheet
from standings import services as standings
from standings.individual.ranking import player_standings
from tests.standings.factory import add_round, finish_round, make_contest
from tournaments import services
from tournaments.journal.sentences import sentence
from tournaments.models import AuditEvent, Contest, Entry, Player, Round, Table

pytestmark = pytest.mark.django_db


def _by_name(contest: Contest) -> dict[str, dict[str, Any]]:
    standings.rebuild(contest.pk, force=True)
    snapshot = standings.live_snapshot(contest.pk)
    assert snapshot is not None
    return {row["name"]: row for row in snapshot.individual_rows}


def test_a_replaced_player_keeps_parties_one_and_two(club: Any) -> None:
    contest = make_contest(club, teams=4, rounds_count=4)
    # Team 1 (Nom0001, Nom0002) beats team 2 at every partie; team 3 beats team 4.
    for n in (1, 2, 3):
        finish_round(add_round(contest, n, [(1, 2), (3, 4)]), {1: (1100, 844), 2: (1000, 944)})
    team1 = Entry.objects.get(contest=contest, number=1)
    outgoing = team1.player2
    incoming = Player.objects.create(club=club, first_name="Jean", last_name="Dupont")
    services.replace_player(
        team1,
        services.ReplacementValues(outgoing, incoming, from_round=3, reason="malade"),
    )
    rows = _by_name(contest)
    left = rows[outgoing.full_name]
    came = rows["Jean Dupont"]
    stayed = rows[team1.player1.full_name]
    assert (left["parties"], left["points_for"], left["wins"]) == ([1, 2], 2200, 2)
    assert (came["parties"], came["points_for"], came["played"]) == ([3], 1100, 1)
    assert (stayed["parties"], stayed["points_for"]) == ([1, 2, 3], 3300)
    assert (left["until"], came["since"], stayed["since"]) == (2, 3, None)
    assert came["team"] == left["team"] == 1
    assert stayed["rank"] == 1
    # The team keeps its name and shows its current players.
    team1.refresh_from_db()
    assert team1.player2 == incoming
    event = AuditEvent.objects.get(contest=contest, action="entry.replace")
    assert sentence(event).startswith(
        f"Jean Dupont remplace {outgoing.full_name} dans l'équipe 1 à partir de la partie 3"
    )
    assert "(motif : malade)" in sentence(event)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"reason": "  "}, "replacement.no_reason"),
        ({"from_round": 1}, "replacement.bad_partie"),
        ({"from_round": 9}, "replacement.bad_partie"),
        ({"outgoing": "other_team"}, "replacement.not_in_team"),
        ({"incoming": "other_team"}, "replacement.player_taken"),
    ],
)
def test_a_replacement_is_refused_with_a_reason(
    club: Any, change: dict[str, Any], code: str
) -> None:
    contest = make_contest(club, teams=2, rounds_count=4)
    team1, team2 = contest.entries.order_by("number")
    newcomer = Player.objects.create(club=club, first_name="Jean", last_name="Dupont")
    values: dict[str, Any] = {
        "outgoing": team1.player1,
        "incoming": newcomer,
        "from_round": 2,
        "reason": "blessé",
    }
    for key, value in change.items():
        values[key] = team2.player1 if value == "other_team" else value
    with pytest.raises(services.ServiceError) as refused:
        services.replace_player(team1, services.ReplacementValues(**values))
    assert refused.value.code == code
    team1.refresh_from_db()
    assert team1.player1 != newcomer
    assert not AuditEvent.objects.filter(action="entry.replace").exists()


def test_a_second_replacement_must_come_later(club: Any) -> None:
    contest = make_contest(club, teams=2, rounds_count=5)
    team1 = contest.entries.get(number=1)
    a = Player.objects.create(club=club, first_name="A", last_name="Remplaçant")
    b = Player.objects.create(club=club, first_name="B", last_name="Remplaçant")
    services.replace_player(team1, services.ReplacementValues(team1.player1, a, 3, "retard"))
    team1.refresh_from_db()
    with pytest.raises(services.ServiceError) as refused:
        services.replace_player(team1, services.ReplacementValues(a, b, 3, "encore"))
    assert refused.value.code == "replacement.not_after_last"
    services.replace_player(team1, services.ReplacementValues(a, b, 4, "encore"))
    for n in (1, 2, 3, 4):
        finish_round(add_round(contest, n, [(1, 2)]), {1: (1000 + n, 900)})
    rows = _by_name(contest)
    assert rows["A Remplaçant"]["parties"] == [3]
    assert rows["B Remplaçant"]["parties"] == [4]
    assert rows["Prénom1 Nom0001"]["parties"] == [1, 2]


def _melee_round(contest: Contest, number: int, seats: list[tuple[int, int, int, int]]) -> Round:
    """A mêlée partie: each table seats two pairs drawn for this partie only."""
    players = {p.last_name: p for p in Player.objects.filter(club=contest.club)}
    round_ = Round.objects.create(contest=contest, number=number, status=Round.Status.PUBLISHED)
    base = Entry.objects.filter(contest=contest).count()
    for t, (a1, a2, b1, b2) in enumerate(seats, start=1):
        pair_a = Entry.objects.create(
            contest=contest,
            number=base + 2 * t - 1,
            player1=players[f"J{a1}"],
            player2=players[f"J{a2}"],
            formed_for_round=number,
            checked_in=True,
        )
        pair_b = Entry.objects.create(
            contest=contest,
            number=base + 2 * t,
            player1=players[f"J{b1}"],
            player2=players[f"J{b2}"],
            formed_for_round=number,
            checked_in=True,
        )
        Table.objects.create(round=round_, number=t, entry_a=pair_a, entry_b=pair_b)
    return round_


def _melee_contest(club: Any, players: int = 8, **fields: Any) -> Contest:
    contest = make_contest(club, teams=0, entry_mode=Contest.EntryMode.MELEE, **fields)
    Player.objects.bulk_create(
        Player(club=club, first_name=f"P{i}", last_name=f"J{i}", name_key=f"j{i} p{i}")
        for i in range(1, players + 1)
    )
    return contest


def test_melee_players_are_credited_with_each_partners_result(club: Any) -> None:
    contest = _melee_contest(club)
    r1 = _melee_round(contest, 1, [(1, 2, 3, 4), (5, 6, 7, 8)])
    finish_round(r1, {1: (1200, 744), 2: (900, 1044)})
    r2 = _melee_round(contest, 2, [(1, 3, 5, 7), (2, 4, 6, 8)])
    finish_round(r2, {1: (1000, 944), 2: (800, 1144)})
    rows = _by_name(contest)
    assert rows["P1 J1"]["points_for"] == 2200 and rows["P1 J1"]["wins"] == 2
    assert rows["P2 J2"]["points_for"] == 2000 and rows["P2 J2"]["wins"] == 1
    assert rows["P8 J8"]["points_for"] == 1044 + 1144
    assert rows["P1 J1"]["rank"] == 1
    assert all(row["team"] is None for row in rows.values())  # no fixed pair in a mêlée
    read = player_standings(contest)
    assert (read[0].player, read[0].rank, read[0].points, read[0].wins) == (
        rows["P1 J1"]["player"],
        1,
        2200,
        2,
    )
    assert len(read) == 8 and all(s.played == 2 for s in read)


def test_a_volunteer_is_credited_nothing(club: Any) -> None:
    contest = _melee_contest(club, players=4)
    round_ = _melee_round(contest, 1, [(1, 2, 3, 4)])
    Entry.objects.filter(formed_for_round=1, player1__last_name="J3").update(
        player2_is_volunteer=True
    )
    finish_round(round_, {1: (700, 1244)})
    rows = _by_name(contest)
    assert "P4 J4" not in rows
    assert rows["P3 J3"]["points_for"] == 1244
    assert rows["P3 J3"]["rank"] == 1
    assert len(rows) == 3


def test_ties_are_broken_by_the_best_first_partie_then_the_contests_choice(club: Any) -> None:
    contest = _melee_contest(club, players=8)
    # Two parties; J1 and J5 both total 2000, J1 had the better first partie.
    finish_round(
        _melee_round(contest, 1, [(1, 2, 3, 4), (5, 6, 7, 8)]), {1: (1200, 744), 2: (800, 1144)}
    )
    finish_round(
        _melee_round(contest, 2, [(1, 7, 3, 5), (2, 8, 4, 6)]), {1: (800, 1200), 2: (1000, 944)}
    )
    rows = _by_name(contest)
    assert rows["P1 J1"]["points_for"] == rows["P5 J5"]["points_for"] == 2000
    assert rows["P1 J1"]["rank"] < rows["P5 J5"]["rank"]
    snapshot = standings.live_snapshot(contest.pk)
    assert snapshot.individual_config["tiebreaks"] == ["first_partie", "wins", "points_against"]
    Contest.objects.filter(pk=contest.pk).update(individual_tiebreaks=["points_against"])
    rows = _by_name(contest)
    # Conceded: J1 744 + 1200 = 1944, J5 1144 + 800 = 1944: then by wins? no — an exact tie.
    assert rows["P1 J1"]["rank"] == rows["P5 J5"]["rank"] and rows["P1 J1"]["shared"]


def test_an_unknown_tiebreak_leaves_the_team_standings_built(club: Any) -> None:
    contest = make_contest(club, teams=2, individual_tiebreaks=["nonsense"])
    finish_round(add_round(contest, 1, [(1, 2)]))
    standings.rebuild(contest.pk, force=True)
    snapshot = standings.live_snapshot(contest.pk)
    assert len(snapshot.rows) == 2
    assert snapshot.individual_rows == []
    assert snapshot.individual_config["error"] == "individual.unknown_tiebreak"


def test_a_replacement_rebuilds_the_standings_on_commit(
    club: Any, django_capture_on_commit_callbacks: Any
) -> None:
    contest = make_contest(club, teams=2, rounds_count=3)
    finish_round(add_round(contest, 1, [(1, 2)]))
    finish_round(add_round(contest, 2, [(1, 2)]))
    standings.rebuild(contest.pk, force=True)
    before = standings.live_snapshot(contest.pk).fingerprint
    team1 = contest.entries.get(number=1)
    newcomer = Player.objects.create(club=club, first_name="Jean", last_name="Dupont")
    with django_capture_on_commit_callbacks(execute=True):
        services.replace_player(
            team1, services.ReplacementValues(team1.player1, newcomer, 2, "parti")
        )
    snapshot = standings.live_snapshot(contest.pk)  # rebuilt by the post_save hook (eager)
    assert snapshot.fingerprint != before
    assert {r["name"] for r in snapshot.individual_rows} >= {"Jean Dupont"}


def test_four_hundred_players_over_eight_parties_rebuild_quickly(club: Any) -> None:
    """The figure the report quotes: a mêlée of 400 players, 8 parties, 800 tables."""
    contest = _melee_contest(club, players=400, rounds_count=8)
    players = {p.last_name: p for p in Player.objects.filter(club=club)}
    number = 0
    sheets = []
    for n in range(1, 9):
        round_ = Round.objects.create(contest=contest, number=n, status=Round.Status.PUBLISHED)
        order = list(range(1, 401))
        random.Random(n).shuffle(order)
        pairs = []
        for k in range(0, 400, 2):
            number += 1
            pairs.append(
                Entry(
                    contest=contest,
                    number=number,
                    player1=players[f"J{order[k]}"],
                    player2=players[f"J{order[k + 1]}"],
                    formed_for_round=n,
                )
            )
        pairs = Entry.objects.bulk_create(pairs)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=t + 1, entry_a=pairs[2 * t], entry_b=pairs[2 * t + 1])
            for t in range(100)
        )
        sheets += [
            ScoreSheet(
                table=t,
                status=ScoreSheet.Status.CONFIRMED,
                total_a=500 + (t.number * 37 + n * 11) % 900,
                total_b=1944 - (500 + (t.number * 37 + n * 11) % 900),
                deal_count=12,
            )
            for t in tables
        ]
    ScoreSheet.objects.bulk_create(sheets)
    start = time.perf_counter()
    outcome = standings.rebuild(contest.pk, force=True)
    elapsed = time.perf_counter() - start
    print(f"rebuild of 400 players x 8 parties: {elapsed * 1000:.0f} ms")
    assert outcome.status == "built"
    snapshot = standings.live_snapshot(contest.pk)
    assert snapshot.players_count == 400
    assert all(row["played"] == 8 for row in snapshot.individual_rows)
    assert elapsed < 3.0
    # The players' part alone (the engine and the two extra reads), for the report's figure.
    from scoring import adapters as scoring_adapters
    from standings.individual import ranking as individual

    games = scoring_adapters.finished_results(contest.pk)
    start = time.perf_counter()
    built = individual.build(contest, games, [8])
    print(f"players' ranking alone: {(time.perf_counter() - start) * 1000:.0f} ms")
    assert len(built.rows[8]) == 400


def test_the_archive_carries_the_replacements_and_their_players(club: Any) -> None:
    from archive.contest_archive import dumps, export_contest, loads
    from archive.contest_import import import_contest
    from tournaments.models import Replacement

    contest = make_contest(club, teams=2, rounds_count=3)
    for n in (1, 2):
        finish_round(add_round(contest, n, [(1, 2)]), {1: (1100, 844)})
    team1 = contest.entries.get(number=1)
    outgoing = team1.player1
    newcomer = Player.objects.create(club=club, first_name="Jean", last_name="Dupont")
    services.replace_player(team1, services.ReplacementValues(outgoing, newcomer, 2, "parti"))
    before = _by_name(contest)
    text = dumps(export_contest(contest.pk))
    assert '"tournaments.replacement"' in text
    contest_id = contest.pk
    contest.delete()
    assert import_contest(loads(text), club=club.slug) == contest_id
    imported = Contest.objects.get(pk=contest_id)
    assert Replacement.objects.filter(entry__contest=imported, from_round=2).count() == 1
    assert _by_name(imported) == before


def test_the_reader_computes_a_contest_never_ranked(club: Any) -> None:
    from standings.models import StandingsSnapshot

    contest = _melee_contest(club, players=4)
    finish_round(_melee_round(contest, 1, [(1, 2, 3, 4)]), {1: (1000, 944)})
    StandingsSnapshot.objects.filter(contest=contest).delete()
    read = player_standings(contest.pk)
    assert [(s.name, s.rank, s.points) for s in read][:2] == [
        ("P1 J1", 1, 1000),
        ("P2 J2", 1, 1000),
    ]
    assert not StandingsSnapshot.objects.filter(contest=contest).exists()  # a reader only


def test_a_bareme_credits_each_player_with_his_pairs_match_points(club: Any) -> None:
    """Win = 4 + score / 100, loss = 2 + score / 100: the winter challenges' barème."""
    contest = _melee_contest(
        club,
        players=4,
        ranking_method=Contest.RankingMethod.MATCH_POINTS,
        match_points={"win": 4, "loss": 2, "add_score": True, "score_divisor": 100},
    )
    finish_round(_melee_round(contest, 1, [(1, 2, 3, 4)]), {1: (1000, 944)})
    finish_round(_melee_round(contest, 2, [(1, 3, 2, 4)]), {1: (700, 1244)})
    rows = _by_name(contest)
    assert rows["P1 J1"]["match_points"] == (4 + 10) + (2 + 7)
    assert rows["P4 J4"]["match_points"] == (2 + 9) + (4 + 12)
    assert rows["P2 J2"]["match_points"] == (4 + 10) + (4 + 12)
    # Ranked on the barème: J2 30, J4 27, J1 23.
    assert [rows[n]["rank"] for n in ("P2 J2", "P4 J4", "P1 J1")] == [1, 2, 3]
    assert standings.live_snapshot(contest.pk).individual_config["scoring"]["method"] == (
        "match_points"
    )
