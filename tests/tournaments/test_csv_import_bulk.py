"""A CSV import's batch is read once and written in bulk, with the outcome of registering its
teams one by one.

Each test runs the same import twice on the same data: row by row (``get_or_create_player`` then
``add_entry`` per team, the path a batch falls back to) and in bulk, and compares what was
written (players found or created, the club's register, numbers, names, flags, journal) or the
refusal (code, French message, what stayed). The bulk path's queries are counted per batch.
"""

from __future__ import annotations

import contextlib
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.tournaments.conftest import make_contest
from tournaments import audit, services
from tournaments.entries.imports import ImportRow
from tournaments.models import AuditEvent, Contest, Entry, Player, PlayerClub, Round
from tournaments.services.entries import import_batch

# What a batch costs, whatever its size: lock, register, teams, number, last partie, then the
# bulk inserts (SQLite splits a 100-team insert in two statements) and the savepoints.
QUERIES_PER_BATCH = 16


class _Rollback(Exception):
    pass


def _row(line: int, p1: tuple[str, str, str], p2: tuple[str, str, str], **kw: Any) -> ImportRow:
    return ImportRow(line=line, player1=p1, player2=p2, **kw)


def _generated(count: int, start: int = 0, line: int = 2) -> list[ImportRow]:
    return [
        _row(
            line + i,
            (f"Prénom{n}", f"Nom{n:04d}", f"B{n:05d}a" if n % 3 else ""),
            (f"Autre{n}", f"Nom{n:04d}b", f"B{n:05d}b"),
            name=f"  Équipe   {n} " if n % 2 else "",
            home_club="Club  de Vannes" if n % 5 == 0 else "",
            paid=n % 2 == 0,
            checked_in=n % 3 == 0,
        )
        for i, n in enumerate(range(start, start + count))
    ]


def _register(club: Any, other_club: Any, contest: Contest) -> dict[str, int]:
    """A register with what a player lookup must tell apart; its players' pks by licence."""

    def player(first: str, last: str, licence: str = "", home: Any = club) -> Player:
        made = Player(club=home, first_name=first, last_name=last, licence=licence)
        made.save()
        return made

    player("Jean", "Martin", "AB001")  # found by "ab001" (case aside)
    player("Paul", "Durand", "D1")  # two homonyms: the licence decides
    player("Paul", "Durand", "D2")
    player("Luc", "Petit")  # no licence: found by name even with one on the line
    player("Marc", "Blanc", "B7")  # found by name on a line without licence
    guest = player("Gaëlle", "Invitée", "G5", home=other_club)
    PlayerClub.objects.create(player=guest, club=club)  # in the register by licence
    player("Xavier", "Ailleurs", "X1", home=other_club)  # not in the register: a new one
    player("Élodie", "Dupont")  # "ELODIE dupont" is her
    withdrawn_a, withdrawn_b = player("Rémi", "Parti"), player("Sam", "Parti")
    team = services.add_entry(
        contest, services.EntryValues(player1=withdrawn_a, player2=withdrawn_b)
    )
    services.withdraw_entry(team)  # a withdrawn team's players may enter again
    return {p.licence or p.full_name: p.pk for p in Player.objects.all()}


def _mixed_rows() -> list[ImportRow]:
    rows = [
        _row(2, ("Jean", "Martin", "ab001"), ("Paul", "Durand", "D2")),
        _row(3, ("Luc", "Petit", "P9"), ("marc", "BLANC", "")),
        _row(4, ("Gaëlle", "Invitée", "g5"), ("Xavier", "Ailleurs", "X1")),
        _row(5, ("ELODIE", "dupont", ""), ("Rémi", "Parti", ""), name="Les  As"),
        _row(6, ("Sam", "Parti", ""), ("Paul", "Durand", "D1"), paid=True),
        _row(7, ("  Zoé ", "Neuve", " N1 "), ("Yann", "Neuf", "n1b"), checked_in=True),
    ]
    return rows + _generated(240, line=8)


def _describe(contest: Contest, before: list[int]) -> dict[str, Any]:
    """What an import wrote, with new rows named by their contents (pks differ per run)."""
    players = {p.pk: p for p in Player.objects.all()}

    def who(pk: int) -> Any:
        if pk in before:
            return pk
        p = players[pk]
        return ("new", p.club_id, p.first_name, p.last_name, p.licence, p.name_key)

    entries = list(contest.entries.order_by("number"))
    events = list(AuditEvent.objects.filter(contest=contest, action="entry.create").order_by("id"))
    by_pk = {e.pk: e for e in entries}
    journal = []
    for event in events:
        after = dict(event.after)
        entry = by_pk[event.target_id]
        # The snapshot is the team as inserted: its pk, lot and time are the row's.
        assert (after.pop("id"), after.pop("lot")) == (entry.pk, entry.lot)
        assert after.pop("created_at") == entry.created_at.isoformat()
        after["player1"], after["player2"] = who(after["player1"]), who(after["player2"])
        journal.append(
            (
                event.target_type,
                event.target_repr,
                event.actor_id,
                event.actor_label,
                event.before,
                after,
            )
        )
    return {
        "entries": [
            (
                e.number,
                e.name,
                e.home_club,
                e.paid,
                e.checked_in,
                e.joined_at_round,
                e.withdrawn_after_round,
                e.formed_for_round,
                e.player2_is_volunteer,
                who(e.player1_id),
                who(e.player2_id),
            )
            for e in entries
        ],
        "journal": journal,
        "register": sorted(
            (repr(who(pc.player_id)), pc.club_id) for pc in PlayerClub.objects.all()
        ),
        "players": Player.objects.count(),
    }


def _run(contest: Contest, rows: list[ImportRow], *, one_by_one: bool, **options: Any) -> Any:
    """The outcome of importing ``rows``: what was written, or the refusal and what stayed."""
    path = (
        mock.patch.object(import_batch, "plannable", return_value=False)
        if one_by_one
        else contextlib.nullcontext()
    )
    try:
        with path:
            created = services.import_entries(contest, rows, **options)
        refusal = None
        assert [e.number for e in created] == sorted(e.number for e in created)
    except services.ServiceError as exc:
        created = getattr(exc, "created", [])
        refusal = (type(exc).__name__, exc.code, exc.message, exc.status, len(created))
    return refusal


def _both(contest: Contest, rows: list[ImportRow], before: list[int], **options: Any) -> Any:
    """Import row by row (then undo it), then in bulk: both outcomes."""
    outcomes = []
    for one_by_one in (True, False):
        try:
            with transaction.atomic():
                refusal = _run(contest, rows, one_by_one=one_by_one, **options)
                outcomes.append((refusal, _describe(contest, before)))
                if one_by_one:
                    raise _Rollback
        except _Rollback:
            pass
    return outcomes


@pytest.mark.django_db
def test_bulk_batches_write_what_row_by_row_writes(
    contest: Contest, club: Any, other_club: Any
) -> None:
    pks = _register(club, other_club, contest)
    before = list(pks.values())
    author = get_user_model().objects.create_user(username="importe", password="x")
    with audit.acting_as(author):
        (row_refusal, row_written), (bulk_refusal, bulk_written) = _both(
            contest, _mixed_rows(), before, batch_seconds=60.0
        )
    assert row_refusal is bulk_refusal is None
    assert bulk_written == row_written
    withdrawn, *entries = bulk_written["entries"]
    assert withdrawn[0] == 1 and withdrawn[6] == 0
    assert [e[0] for e in entries] == list(range(2, 248))  # after the withdrawn team
    assert entries[0][-2:] == (pks["AB001"], pks["D2"])  # by licence, case aside
    assert entries[1][-2:] == (pks["Luc Petit"], pks["B7"])  # by name
    assert entries[2][-2] == pks["G5"] and entries[2][-1][:2] == ("new", club.pk)
    assert entries[3][-2:] == (pks["Élodie Dupont"], pks["Rémi Parti"])  # accents aside
    assert entries[4][-2:] == (pks["Sam Parti"], pks["D1"])
    assert entries[5][1:3] == ("", "") and entries[5][-2][2:5] == ("Zoé", "Neuve", "N1")
    assert entries[4][3] is True and entries[5][4] is True
    _by_hand, *journal = bulk_written["journal"]  # one line a team, by the importer
    assert len(journal) == 246 and all(line[2] == author.pk for line in journal)
    assert journal[3][1] == "5. Les As" and journal[1][1] == "3. Petit – Blanc"


@pytest.mark.django_db
def test_a_300_team_import_costs_queries_per_batch_not_per_team(contest: Contest) -> None:
    rows = _generated(300)
    with CaptureQueriesContext(connection) as queries:
        created = services.import_entries(contest, rows, batch_seconds=60.0)
    assert len(created) == 300 == Entry.objects.filter(contest=contest).count()
    batches = 300 // services.BATCH_SIZE
    assert len(queries) <= batches * QUERIES_PER_BATCH, len(queries)

    # Smaller batches: the same cost a batch, whatever its size.
    other = make_contest(contest.club, name="Concours d'été", slug="ete")
    with CaptureQueriesContext(connection) as small:
        services.import_entries(other, _generated(30), batch_size=10, batch_seconds=60.0)
    assert len(small) <= 3 * QUERIES_PER_BATCH, len(small)


def _registered(contest: Contest, p1: tuple[str, str, str], p2: tuple[str, str, str]) -> None:
    def player(first: str, last: str, licence: str) -> Player:
        made = Player(club=contest.club, first_name=first, last_name=last, licence=licence)
        made.save()
        return made

    services.add_entry(contest, services.EntryValues(player1=player(*p1), player2=player(*p2)))


def _scenario(name: str, contest: Contest) -> list[ImportRow]:
    """Rows (and data set up beside them) that a batch refuses."""
    rows = _generated(12)
    if name == "homonyms":
        for licence in ("H1", "H2"):
            Player(club=contest.club, first_name="Anne", last_name="Roux", licence=licence).save()
        rows[4].player2 = ("Anne", "Roux", "")
    elif name == "taken":
        _registered(contest, ("Prénom7", "Nom0007", "B00007a"), ("Hors", "Fichier", ""))
    elif name == "taken_as_second":
        _registered(contest, ("Hors", "Fichier", ""), ("autre3", "NOM0003B", "b00003B"))
    elif name == "in_two_teams":
        # Data no service writes (a player in two active teams): the team where they are
        # player 1 is named first, as check_pair looks.
        _registered(contest, ("Hors", "Fichier", ""), ("Autre3", "Nom0003b", "B00003b"))
        taken = Player.objects.get(licence="B00003b")
        other = Player(club=contest.club, first_name="Deux", last_name="Fois")
        other.save()
        Entry.objects.create(contest=contest, number=2, player1=taken, player2=other)
    elif name == "twice_in_the_file":
        rows[9].player1 = rows[2].player2
    elif name == "same_player":
        rows[6].player2 = rows[6].player1
    elif name == "same_by_name":
        rows[6].player2 = (rows[6].player1[0].upper(), rows[6].player1[1], "")
    elif name == "name_missing":
        rows[3].player1 = ("", "Sansprénom", "")
    elif name == "finished":
        Contest.objects.filter(pk=contest.pk).update(status=Contest.Status.FINISHED)
    elif name == "melee":
        Contest.objects.filter(pk=contest.pk).update(entry_mode=Contest.EntryMode.MELEE)
    elif name == "too_late":
        for number in range(1, contest.rounds_count + 1):
            Round.objects.create(contest=contest, number=number, status=Round.Status.PUBLISHED)
    return rows


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name",
    [
        "homonyms",
        "taken",
        "taken_as_second",
        "in_two_teams",
        "twice_in_the_file",
        "same_player",
        "same_by_name",
        "name_missing",
        "finished",
        "melee",
        "too_late",
    ],
)
@pytest.mark.parametrize("batch_size", [100, 5], ids=["first_batch", "later_batch"])
def test_a_refused_batch_says_what_row_by_row_says(
    contest: Contest, name: str, batch_size: int
) -> None:
    rows = _scenario(name, contest)
    before = list(Player.objects.values_list("pk", flat=True))
    (row_refusal, row_written), (bulk_refusal, bulk_written) = _both(
        contest, rows, before, batch_size=batch_size, batch_seconds=60.0
    )
    assert bulk_refusal is not None and bulk_refusal == row_refusal
    assert bulk_written == row_written


@pytest.mark.django_db
def test_a_player_saved_meanwhile_is_found_row_by_row(contest: Contest) -> None:
    """Another request saves a player of the batch between its read and its write (the
    register is not locked): the bulk insert is refused, the batch goes row by row and uses the
    player saved."""
    rows = _generated(10)
    real_plan = import_batch.plan
    meanwhile: list[Player] = []

    def plan_then_concurrent_save(*args: Any) -> Any:
        planned = real_plan(*args)
        first, last, licence = rows[4].player2
        meanwhile.append(
            services.save_player(contest.club, first_name=first, last_name=last, licence=licence)
        )
        return planned

    with mock.patch.object(import_batch, "plan", plan_then_concurrent_save):
        created = services.import_entries(contest, rows, batch_seconds=60.0)

    assert [e.number for e in created] == list(range(1, 11))
    assert created[4].player2_id == meanwhile[0].pk
    assert Player.objects.filter(club=contest.club).count() == 20


def test_a_licence_beyond_ascii_is_matched_by_the_database() -> None:
    """Case-blind comparisons differ (SQLite folds ASCII letters only): such a batch is
    registered row by row, where the database compares."""
    assert import_batch.plannable(_generated(3))
    assert not import_batch.plannable([_row(2, ("Ève", "Été", "É12"), ("Luc", "Lu", ""))])
