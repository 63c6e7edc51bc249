"""A contest's archive: every row of one contest as JSON, exported and imported exactly.

The archive holds the contest with its club, season and the players its teams use, the teams,
rounds, tables, score sheets, deals, totals-only results, correction history, standings
snapshots and prizes, with their primary keys, so that importing it into the instance it came
from (after a loss) or into an empty one rebuilds the same rows. Users who entered or confirmed
results are carried by user name only (no password, no e-mail). This module writes and reads
the file; ``archive.contest_import`` checks an archive and imports it into one club. It must not
write to the database.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.translation import gettext as _

ARCHIVE_FORMAT = "atout-contest-archive"
ARCHIVE_VERSION = 1

# (model label, lookup from that model to the contest's primary key), in dependency order.
CONTEST_MODELS: tuple[tuple[str, str], ...] = (
    ("tournaments.Contest", "pk"),
    ("tournaments.Entry", "contest_id"),
    ("tournaments.Replacement", "entry__contest_id"),
    ("tournaments.SoloEntry", "contest_id"),
    ("tournaments.Phase", "contest_id"),
    ("tournaments.Round", "contest_id"),
    ("tournaments.SoloBye", "round__contest_id"),
    ("tournaments.Table", "round__contest_id"),
    ("scoring.ScoreSheet", "table__round__contest_id"),
    ("scoring.DealRecord", "sheet__table__round__contest_id"),
    ("scoring.TotalsResult", "sheet__table__round__contest_id"),
    ("scoring.DealCorrection", "sheet__table__round__contest_id"),
)
# Rows a contest shares with others of its club: reused on import when they are the same.
SHARED_MODELS = frozenset({"tournaments.Club", "seasons.Season", "tournaments.Player"})
# Models that belong to a contest but are deliberately left out, with the reason.
EXCLUDED_MODELS: dict[str, str] = {
    "publishing.ExportJob": "a generated download, rebuilt on demand from the archived rows",
    # A season spans contests (and clubs): it reaches a contest only through its final.
    "seasons.SeasonClub": "a circuit's club: the season's, shared by all its contests",
    "seasons.SeasonSnapshot": "a season's standings, rebuilt from its contests' standings",
}


# Models that moved to another app since archives of this version were first written: an
# archive names a model by its label at export time, so older files are read with these.
MOVED_MODELS: dict[str, str] = {
    "scoring.standingsstate": "standings.standingsstate",
    "scoring.standingssnapshot": "standings.standingssnapshot",
    "scoring.prize": "publishing.prize",
    # The seasons app (its models were tournaments' and standings' before).
    "tournaments.season": "seasons.season",
    "tournaments.seasonclub": "seasons.seasonclub",
    "standings.seasonsnapshot": "seasons.seasonsnapshot",
}


class ArchiveError(Exception):
    """An archive that cannot be imported; the message is in French, for the organiser."""


def _optional_models() -> tuple[tuple[str, str], ...]:
    """Contest models of later features, included when installed (snapshots, prizes…)."""
    found = []
    for label, lookup in (
        ("standings.StandingsState", "contest_id"),
        ("standings.StandingsSnapshot", "contest_id"),
        ("publishing.Prize", "contest_id"),
        ("tournaments.RoundEdit", "round__contest_id"),
        ("tournaments.AuditEvent", "contest_id"),
    ):
        try:
            apps.get_model(label)
        except LookupError:
            continue
        found.append((label, lookup))
    return tuple(found)


def archived_models() -> tuple[tuple[type[models.Model], str], ...]:
    return tuple(
        (apps.get_model(label), lookup) for label, lookup in CONTEST_MODELS + _optional_models()
    )


def _dump(objects: Iterable[models.Model]) -> list[dict[str, Any]]:
    return serializers.serialize(
        "python", objects, use_natural_foreign_keys=True, use_natural_primary_keys=False
    )


def export_contest(contest_id: int) -> dict[str, Any]:
    """Every row of the contest, ordered so that importing in sequence satisfies foreign keys."""
    contest_model = apps.get_model("tournaments.Contest")
    contest = contest_model.objects.select_related("club", "season").get(pk=contest_id)
    entry_model = apps.get_model("tournaments.Entry")
    player_ids: set[int] = set()
    for p1, p2 in entry_model.objects.filter(contest_id=contest_id).values_list(
        "player1_id", "player2_id"
    ):
        player_ids.update((p1, p2))
    # A replaced player is in no team any more: his replacement row still names him.
    replacement_model = apps.get_model("tournaments.Replacement")
    for outgoing, incoming in replacement_model.objects.filter(
        entry__contest_id=contest_id
    ).values_list("outgoing_id", "incoming_id"):
        player_ids.update((outgoing, incoming))
    # Players registered alone (a mêlée, a mixed contest) may sit in no team yet.
    player_ids.update(
        apps.get_model("tournaments.SoloEntry")
        .objects.filter(contest_id=contest_id)
        .values_list("player_id", flat=True)
    )
    player_model = apps.get_model("tournaments.Player")

    objects: list[dict[str, Any]] = []
    objects += _dump([contest.club])
    if contest.season is not None:
        objects += _dump([contest.season])
    players = _dump(player_model.objects.filter(pk__in=player_ids).order_by("pk"))
    for row in players:
        # A player of the club's register whose home club is another one (added by licence) is
        # written as the contest's club's: an archive holds one club; importing it into this
        # instance again reuses the player, home club kept (``contest_import``).
        row["fields"]["club"] = contest.club_id
    objects += players
    rows: list[dict[str, Any]] = []
    for model, lookup in archived_models():
        rows += _dump(model._default_manager.filter(**{lookup: contest_id}).order_by("pk"))
    objects += rows

    user_model = get_user_model()
    usernames: set[str] = set()
    for row in rows:
        for field in user_model_fields(row["model"]):
            value = row["fields"].get(field)
            if value:
                usernames.add(value[0])
    users = [
        {"username": u.get_username(), "first_name": u.first_name, "last_name": u.last_name}
        for u in user_model.objects.filter(username__in=usernames).order_by("username")
    ]
    return {
        "format": ARCHIVE_FORMAT,
        "version": ARCHIVE_VERSION,
        "contest": {"id": contest.pk, "name": contest.name, "club": contest.club.slug},
        "users": users,
        "objects": objects,
    }


def user_model_fields(label: str) -> list[str]:
    """Names of the fields of ``label`` that point at the user model."""
    model = apps.get_model(label)
    user_model = get_user_model()
    return [
        f.name
        for f in model._meta.get_fields()
        if isinstance(f, models.ForeignKey) and f.related_model is user_model
    ]


class _ExactEncoder(DjangoJSONEncoder):
    """DjangoJSONEncoder cuts datetimes to milliseconds; an archive keeps every microsecond."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


def dumps(archive: dict[str, Any]) -> str:
    return json.dumps(archive, cls=_ExactEncoder, ensure_ascii=False, indent=1, sort_keys=True)


def loads(text: str | bytes) -> dict[str, Any]:
    """The archive in ``text``, its envelope checked (rows are checked by the import)."""
    try:
        data = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ArchiveError(
            _("Le fichier n'est pas du JSON valide : %(error)s") % {"error": str(exc)[:200]}
        ) from None
    if not isinstance(data, dict) or data.get("format") != ARCHIVE_FORMAT:
        raise ArchiveError(_("Ce fichier n'est pas une archive de concours Atout."))
    if data.get("version") != ARCHIVE_VERSION:
        raise ArchiveError(
            _("Version d'archive %(version)s non prise en charge (attendue : %(expected)s).")
            % {"version": repr(data.get("version"))[:40], "expected": ARCHIVE_VERSION}
        )
    if not isinstance(data.get("objects"), list) or not isinstance(data.get("users"), list):
        raise ArchiveError(_("L'archive est incomplète (objets ou utilisateurs manquants)."))
    if not isinstance(data.get("contest"), dict):
        raise ArchiveError(_("L'archive ne dit pas quel concours elle contient."))
    for row in data["objects"]:
        if isinstance(row, dict) and isinstance(row.get("model"), str):
            row["model"] = MOVED_MODELS.get(row["model"].lower(), row["model"])
    return data
