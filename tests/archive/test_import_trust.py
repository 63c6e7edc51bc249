"""A contest archive is imported into one club and trusts nothing in the file.

Personas: the organiser of Lorient exports a contest and imports it back; Vannes is the other
club whose rows a crafted archive tries to reach. Every refused archive leaves the base exactly as
it was (no user, membership, player or contest written).
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from archive.contest_archive import ArchiveError, dumps, export_contest, loads
from archive.contest_import import import_contest
from tests.tournaments.conftest import add_teams, make_contest
from tournaments import services
from tournaments.models import Club, Contest, Entry, Membership, Player

User = get_user_model()


@pytest.fixture
def exported(club: Any, other_club: Any, organiser: Any, outsider: Any) -> dict[str, Any]:
    """Lorient's contest (8 teams, round 1 drawn) exported then deleted, and Vannes' own rows."""
    contest = make_contest(club)
    add_teams(contest, 8)
    services.generate_round(contest, seed=7)
    archive = json.loads(dumps(export_contest(contest.pk)))
    contest.delete()
    vannes = make_contest(other_club, slug="vannes-ete", name="Été à Vannes")
    add_teams(vannes, 2, start=500)
    return archive


def _state() -> tuple[Any, ...]:
    """What a refused import must leave untouched."""
    return (
        list(User.objects.order_by("pk").values_list("pk", "is_staff", "is_superuser")),
        list(Membership.objects.order_by("pk").values_list("pk", "user_id", "club_id", "role")),
        Player.objects.count(),
        Contest.objects.count(),
        Entry.objects.count(),
        Club.objects.count(),
    )


def _rows(archive: dict[str, Any], model: str) -> list[dict[str, Any]]:
    return [row for row in archive["objects"] if row["model"] == model]


def _superuser_row(a: dict[str, Any]) -> None:
    a["objects"].insert(
        0,
        {
            "model": "auth.user",
            "pk": 9999,
            "fields": {
                "username": "pirate",
                "password": "x",
                "is_superuser": True,
                "is_staff": True,
            },
        },
    )


def _membership_row(a: dict[str, Any]) -> None:
    vannes = Club.objects.get(slug="vannes")
    organiser = User.objects.get(username="organisatrice")
    a["objects"].append(
        {
            "model": "tournaments.membership",
            "pk": 9999,
            "fields": {"user": organiser.pk, "club": vannes.pk, "role": "admin"},
        }
    )


def _player_of_other_club(a: dict[str, Any]) -> None:
    _rows(a, "tournaments.player")[0]["fields"]["club"] = Club.objects.get(slug="vannes").pk


def _entry_with_other_clubs_player(a: dict[str, Any]) -> None:
    foreign = Player.objects.filter(club__slug="vannes").first()
    _rows(a, "tournaments.entry")[0]["fields"]["player1"] = foreign.pk


def _entry_in_other_clubs_contest(a: dict[str, Any]) -> None:
    _rows(a, "tournaments.entry")[0]["fields"]["contest"] = Contest.objects.get(
        slug="vannes-ete"
    ).pk


def _player_key_of_other_club(a: dict[str, Any]) -> None:
    """A player row whose key is held here by a Vannes player (it would be taken over)."""
    foreign = Player.objects.filter(club__slug="vannes").first()
    row = _rows(a, "tournaments.player")[0]
    old = row["pk"]
    row["pk"] = foreign.pk
    row["fields"].update(first_name=foreign.first_name, last_name=foreign.last_name)
    for entry in _rows(a, "tournaments.entry"):
        for seat in ("player1", "player2"):
            if entry["fields"][seat] == old:
                entry["fields"][seat] = foreign.pk


def _model_outside_the_list(a: dict[str, Any]) -> None:
    a["objects"].append(
        {"model": "sessions.session", "pk": 1, "fields": {"session_data": "x", "expire_date": None}}
    )


def _export_job(a: dict[str, Any]) -> None:
    a["objects"].append({"model": "publishing.exportjob", "pk": 1, "fields": {}})


def _permission_row(a: dict[str, Any]) -> None:
    a["objects"].append(
        {"model": "auth.user_groups", "pk": 1, "fields": {"user": 1, "group": 1}},
    )


CRAFTED: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "superuser": (_superuser_row, "n'accepte pas"),
    "membership": (_membership_row, "n'accepte pas"),
    "player of another club": (_player_of_other_club, "autre club"),
    "entry with another club's player": (_entry_with_other_clubs_player, "absente de l'archive"),
    "entry in another club's contest": (_entry_in_other_clubs_contest, "absente de l'archive"),
    "player key held by another club": (_player_key_of_other_club, "Conflit"),
    "model outside the list": (_model_outside_the_list, "n'accepte pas"),
    "excluded contest model": (_export_job, "n'accepte pas"),
    "permission row": (_permission_row, "n'accepte pas"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_crafted_archive_is_refused_and_writes_nothing(exported: dict[str, Any], case: str) -> None:
    craft, message = CRAFTED[case]
    archive = copy.deepcopy(exported)
    craft(archive)
    before = _state()
    with pytest.raises(ArchiveError, match=message):
        import_contest(loads(dumps(archive)), club="lorient")
    assert _state() == before
    assert not User.objects.filter(username="pirate").exists()


@pytest.mark.django_db
def test_users_are_created_by_name_only_without_privileges(exported: dict[str, Any]) -> None:
    archive = copy.deepcopy(exported)
    # An archive that names a user as a superuser, staff, with a password and an e-mail.
    archive["users"].append(
        {
            "username": "intrus",
            "is_superuser": True,
            "is_staff": True,
            "password": "pbkdf2_sha256$1$x$y",
            "email": "intrus@example.org",
        }
    )
    event = _rows(archive, "tournaments.auditevent")[0]
    event["fields"]["actor"] = ["intrus"]
    memberships = Membership.objects.count()

    contest_id = import_contest(loads(dumps(archive)), club="lorient")

    user = User.objects.get(username="intrus")
    assert (user.is_staff, user.is_superuser, user.email) == (False, False, "")
    assert not user.has_usable_password()
    assert Membership.objects.count() == memberships
    assert Contest.objects.get(pk=contest_id).club.slug == "lorient"


@pytest.mark.django_db
def test_a_named_user_that_exists_is_left_as_it_is(exported: dict[str, Any]) -> None:
    archive = copy.deepcopy(exported)
    archive["users"].append({"username": "organisatrice", "first_name": "Usurpé"})
    _rows(archive, "tournaments.auditevent")[0]["fields"]["actor"] = ["organisatrice"]
    before = User.objects.get(username="organisatrice")

    import_contest(loads(dumps(archive)), club="lorient")

    after = User.objects.get(username="organisatrice")
    assert (after.first_name, after.password) == (before.first_name, before.password)


@pytest.mark.django_db
def test_archive_goes_into_the_named_club_only(exported: dict[str, Any]) -> None:
    """Lorient's archive into Vannes: its players' keys are Lorient's, so it is refused."""
    before = _state()
    with pytest.raises(ArchiveError, match="Conflit"):
        import_contest(loads(dumps(exported)), club="vannes")
    assert _state() == before
    with pytest.raises(ArchiveError, match="Aucun club"):
        import_contest(loads(dumps(exported)), club="nulle-part")
    assert _state() == before


def _command(path: Path, club: str = "lorient") -> str:
    out = io.StringIO()
    call_command("import_contest", str(path), club=club, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def _valid(a: dict[str, Any]) -> Any:
    return a


MALFORMED: dict[str, Callable[[dict[str, Any]], Any]] = {
    "not json": lambda a: b"\xff\xfe{ pas du json",
    "a list": lambda a: [a],
    "no objects": lambda a: {k: v for k, v in a.items() if k != "objects"},
    "objects not a list": lambda a: a | {"objects": {"a": 1}},
    "users not a list": lambda a: a | {"users": "demo"},
    "no contest": lambda a: {k: v for k, v in a.items() if k != "contest"},
    "row not an object": lambda a: a | {"objects": [*a["objects"], 3]},
    "row without model": lambda a: a | {"objects": [*a["objects"], {"pk": 1, "fields": {}}]},
    "key a string": lambda a: _set(a, "tournaments.entry", pk="un"),
    "fields a list": lambda a: _set(a, "tournaments.entry", fields=[1, 2]),
    "unknown field": lambda a: _field(a, "tournaments.entry", "inconnu", 1),
    "number not a number": lambda a: _field(a, "tournaments.entry", "number", "pas un nombre"),
    "date not a date": lambda a: _field(a, "tournaments.contest", "date", "hier"),
    "link a dict": lambda a: _field(a, "tournaments.entry", "player1", {"pk": 1}),
    "user not named": lambda a: _field(a, "tournaments.auditevent", "actor", ["fantome"]),
    "user name a number": lambda a: a | {"users": [{"username": 12}]},
    "row twice": lambda a: a | {"objects": [*a["objects"], _rows(a, "tournaments.entry")[0]]},
    "contest id wrong": lambda a: a | {"contest": a["contest"] | {"id": 424242}},
    "missing required value": lambda a: _field(a, "tournaments.entry", "number", None),
    "deep nesting": lambda a: b"[" * 100000,
}


def _set(a: dict[str, Any], model: str, **values: Any) -> dict[str, Any]:
    _rows(a, model)[0].update(values)
    return a


def _field(a: dict[str, Any], model: str, name: str, value: Any) -> dict[str, Any]:
    _rows(a, model)[0]["fields"][name] = value
    return a


@pytest.mark.django_db
@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_every_malformed_file_gets_a_french_message(
    exported: dict[str, Any], case: str, tmp_path: Path
) -> None:
    content = MALFORMED[case](copy.deepcopy(exported))
    path = tmp_path / "archive.json"
    path.write_bytes(content if isinstance(content, bytes) else dumps(content).encode())
    before = _state()
    with pytest.raises(CommandError) as refused:
        _command(path)
    message = str(refused.value)
    assert "Traceback" not in message and not message.startswith("Concours n°")
    assert any(word in message for word in ("archive", "JSON", "Conflit", "fichier", "Fichier"))
    assert _state() == before


@pytest.mark.django_db
def test_command_says_success_only_when_the_contest_exists(
    exported: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / "archive.json"
    path.write_text(dumps(exported), encoding="utf-8")
    with pytest.raises(CommandError, match="introuvable"):
        _command(tmp_path / "absent.json")
    with pytest.raises(CommandError, match="Aucun club"):
        _command(path, club="nulle-part")
    out = _command(path)
    contest = Contest.objects.get(pk=exported["contest"]["id"])
    assert "importé" in out and contest.name in out
    assert contest.club.slug == "lorient" and contest.entries.count() == 8


@pytest.mark.django_db
def test_into_an_empty_base_the_named_club_is_created_without_members(
    exported: dict[str, Any],
) -> None:
    """After a loss: the club, by the slug the operator named, comes back with no membership."""
    Club.objects.get(slug="lorient").delete()
    contest_id = import_contest(loads(dumps(exported)), club="lorient")
    club = Club.objects.get(slug="lorient")
    assert Contest.objects.get(pk=contest_id).club == club
    assert not Membership.objects.filter(club=club).exists()
    assert Player.objects.filter(club=club).count() == 16


@pytest.mark.django_db
def test_new_rows_after_an_import_get_fresh_keys(exported: dict[str, Any]) -> None:
    """The archive's rows keep their keys; on PostgreSQL the key sequences are moved past them,
    so the next team registered does not collide (SQLite always takes the highest key + 1)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # as in a fresh instance: the sequence at 1
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence('\"tournaments_entry\"', 'id'), 1, false)"
            )
    contest_id = import_contest(loads(dumps(exported)), club="lorient")
    contest = Contest.objects.get(pk=contest_id)
    p1 = services.save_player(contest.club, first_name="Après", last_name="Import")
    p2 = services.save_player(contest.club, first_name="Encore", last_name="Après")
    entry = services.add_entry(contest, services.EntryValues(player1=p1, player2=p2))
    assert entry.pk > max(r["pk"] for r in _rows(exported, "tournaments.entry"))
