"""A big CSV import is written in short batches, so the hall's deals never wait behind it.

The organiser imports 2,000 teams: every line is validated first, then no transaction writes
more than ``BATCH_SIZE`` teams. When the data changes between the check and a later batch, the
batches before it stay and the organiser reads how many teams were imported and from which line
nothing was. Files saved with CR-only line endings (old Mac spreadsheets) are read.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from tournaments import services
from tournaments.entries import imports as csv_import
from tournaments.models import Entry, Player

HEADER = "prenom1;nom1;licence1;prenom2;nom2;licence2;equipe;club;paye;present\n"


def _file(teams: int, newline: str = "\n") -> bytes:
    lines = [HEADER.rstrip("\n")]
    lines += [
        f"Prénom{i};Nom{i:04d};B{i:05d}a;Autre{i};Nom{i:04d}b;B{i:05d}b;Équipe {i};Club;oui;oui"
        for i in range(teams)
    ]
    return (newline.join(lines) + newline).encode("utf-8")


def _valid_rows(contest: Any, teams: int) -> list[csv_import.ImportRow]:
    preview = csv_import.preview(contest, _file(teams))
    assert preview.ok, [r.errors for r in preview.rows if r.errors][:3]
    return preview.rows


class _TransactionWatch:
    """Counts the teams each committed transaction added (counted just before it commits: a
    bulk insert writes many teams in one statement)."""

    def __init__(self) -> None:
        self.teams = Entry.objects.count()
        self.per_commit: list[int] = []

    def committing(self) -> None:
        teams = Entry.objects.count()
        if teams != self.teams:
            self.per_commit.append(teams - self.teams)
        self.teams = teams


def _import_watched(contest: Any, rows: Any, **options: Any) -> tuple[Any, _TransactionWatch]:
    """Import ``rows``, counting the teams each committed transaction inserted."""
    watch = _TransactionWatch()
    real_commit = connection.commit

    def commit() -> None:
        watch.committing()
        real_commit()

    with mock.patch.object(connection, "commit", commit):
        created = services.import_entries(contest, rows, **options)
    return created, watch


@pytest.mark.django_db(transaction=True)
def test_two_thousand_teams_never_more_than_a_batch_per_transaction(contest: Any) -> None:
    rows = _valid_rows(contest, 2000)
    created, watch = _import_watched(contest, rows)

    assert len(created) == 2000 == Entry.objects.filter(contest=contest).count()
    assert sum(watch.per_commit) == 2000
    assert max(watch.per_commit) <= services.BATCH_SIZE
    assert len(watch.per_commit) >= 2000 // services.BATCH_SIZE
    # Numbers run on across batches, in the file's order.
    numbers = list(
        Entry.objects.filter(contest=contest).order_by("pk").values_list("number", flat=True)
    )
    assert numbers == list(range(1, 2001))


@pytest.mark.django_db(transaction=True)
def test_a_batch_ends_once_its_time_is_spent(contest: Any) -> None:
    """A slow machine writes smaller batches: the batch's time budget, not only its size,
    bounds how long a deal waits for the write lock (no clock is asserted here: with a spent
    budget every transaction holds exactly one team)."""
    rows = _valid_rows(contest, 30)
    created, watch = _import_watched(contest, rows, batch_seconds=0.0)

    assert len(created) == 30
    assert watch.per_commit == [1] * 30


@pytest.mark.django_db
def test_a_later_batch_refused_says_what_was_imported(contest: Any) -> None:
    rows = _valid_rows(contest, 250)
    # After the check, someone registers by hand a player of line 160 (in the second batch).
    taken = rows[158].player1
    player = services.save_player(
        contest.club, first_name=taken[0], last_name=taken[1], licence=taken[2]
    )
    other = services.save_player(contest.club, first_name="Hors", last_name="Fichier")
    services.add_entry(contest, services.EntryValues(player1=player, player2=other))

    with pytest.raises(services.ImportInterrupted) as stopped:
        services.import_entries(contest, rows, batch_seconds=60.0)  # whole batches of 100

    assert len(stopped.value.created) == 100
    assert stopped.value.stopped_at_line == rows[100].line
    message = stopped.value.message
    assert "100 équipes ont été importées" in message
    assert f"ligne {rows[100].line}" in message and "déjà inscrit" in message
    assert Entry.objects.filter(contest=contest).count() == 101  # 100 + the hand-made one


@pytest.mark.django_db
def test_a_first_batch_refused_imports_nothing(contest: Any) -> None:
    rows = _valid_rows(contest, 30)
    taken = rows[5].player2
    player = services.save_player(
        contest.club, first_name=taken[0], last_name=taken[1], licence=taken[2]
    )
    other = services.save_player(contest.club, first_name="Hors", last_name="Fichier")
    services.add_entry(contest, services.EntryValues(player1=player, player2=other))
    players = Player.objects.count()

    with pytest.raises(services.ServiceError) as refused:
        services.import_entries(contest, rows, batch_seconds=60.0)  # one batch of 30

    assert not isinstance(refused.value, services.ImportInterrupted)
    assert Entry.objects.filter(contest=contest).count() == 1
    assert Player.objects.count() == players


@pytest.mark.django_db
def test_interrupted_import_page_says_what_was_imported(
    contest: Any, organiser_client: Any
) -> None:
    kwargs = {"club_slug": contest.club.slug, "contest_id": contest.pk}
    upload = organiser_client.post(
        reverse("tournaments:entries_import", kwargs=kwargs),
        {"file": SimpleUploadedFile("equipes.csv", _file(120), "text/csv")},
    )
    assert upload.status_code == 200
    real = services.entries.imports._write_batch
    calls = {"n": 0}

    def second_batch_refused(contest: Any, rows: Any, seconds: float) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:
            raise services.ServiceError("entry.player_taken", "Joueur déjà inscrit.")
        return real(contest, rows, 60.0)

    with mock.patch.object(services.entries.imports, "_write_batch", second_batch_refused):
        response = organiser_client.post(
            reverse("tournaments:entries_import_confirm", kwargs=kwargs)
        )
    assert response.status_code == 409
    body = response.content.decode()
    assert "100 équipes ont été importées" in body and "ligne 102" in body
    assert Entry.objects.filter(contest=contest).count() == 100


@pytest.mark.django_db
@pytest.mark.parametrize("newline", ["\r", "\r\n", "\n"], ids=["cr", "crlf", "lf"])
def test_line_endings_of_every_kind_are_read(
    contest: Any, organiser_client: Any, newline: str
) -> None:
    kwargs = {"club_slug": contest.club.slug, "contest_id": contest.pk}
    upload = organiser_client.post(
        reverse("tournaments:entries_import", kwargs=kwargs),
        {"file": SimpleUploadedFile("equipes.csv", _file(3, newline), "text/csv")},
    )
    assert upload.status_code == 200, upload.content.decode()[:500]
    assert "3 équipes prêtes" in upload.content.decode()
    response = organiser_client.post(reverse("tournaments:entries_import_confirm", kwargs=kwargs))
    assert response.status_code == 302
    names = list(
        Entry.objects.filter(contest=contest).order_by("number").values_list("name", flat=True)
    )
    assert names == ["Équipe 0", "Équipe 1", "Équipe 2"]
