"""The move of the season models keeps every table and row.

The database is taken back to the state before the seasons app (``tournaments`` 0016,
``standings`` 0006: the models were ``tournaments.Season``, ``tournaments.SeasonClub`` and
``standings.SeasonSnapshot``), rows are written there through that state's models, and the
migrations run forward again (``MigrationExecutor``, as ``manage.py migrate`` does): the same
rows are read through ``seasons.models``, the contest still in its season, and the content types
(so the permissions and the admin's log) are the same rows under the new app label.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from seasons.models import Season, SeasonClub, SeasonSnapshot
from tournaments.models import Contest

BEFORE = [
    ("tournaments", "0016_replacements_individual_tiebreaks"),
    ("standings", "0006_rows_as_text"),
    ("seasons", None),
]


def _migrate(targets: list[tuple[str, str | None]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


def _latest() -> list[tuple[str, str | None]]:
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_rows_written_before_the_move_are_read_after_it() -> None:
    latest = _latest()
    content_type = ContentType.objects.get_for_model(Season).pk
    try:
        old = (
            _migrate(BEFORE)
            .loader.project_state([("tournaments", BEFORE[0][1]), ("standings", BEFORE[1][1])])
            .apps
        )
        assert ContentType.objects.get(pk=content_type).app_label == "tournaments"
        club_model, contest_model = (
            old.get_model("tournaments", "Club"),
            old.get_model("tournaments", "Contest"),
        )
        owner = club_model.objects.create(name="Club de Lorient", slug="lorient")
        guest = club_model.objects.create(name="Club de Vannes", slug="vannes")
        season = old.get_model("tournaments", "Season").objects.create(
            club=owner,
            name="Challenge d'hiver",
            starts_on=datetime.date(2026, 10, 1),
            rules={"bareme": {"kind": "partie"}},
            planned_contests=12,
        )
        contest = contest_model.objects.create(
            club=owner, season=season, name="Journée 1", slug="j1", date=datetime.date(2026, 11, 7)
        )
        season.final_contest = contest
        season.save()
        old.get_model("tournaments", "SeasonClub").objects.create(season=season, club=guest)
        old.get_model("standings", "SeasonSnapshot").objects.create(
            season=season,
            rows=[{"rank": 1, "names": ["A B"]}],
            fingerprint="f" * 64,
            computed_at=datetime.datetime(2026, 11, 8, tzinfo=datetime.UTC),
        )
    finally:
        _migrate(latest)

    moved = Season.objects.get(name="Challenge d'hiver")
    assert (moved.club.slug, moved.planned_contests, moved.rules) == (
        "lorient",
        12,
        {"bareme": {"kind": "partie"}},
    )
    assert Contest.objects.get(slug="j1").season_id == moved.pk == season.pk
    assert moved.final_contest_id == contest.pk
    assert [c.slug for c in moved.participants.all()] == ["vannes"]
    assert SeasonClub.objects.get().club.slug == "vannes"
    assert SeasonSnapshot.objects.get(season=moved).rows == [{"rank": 1, "names": ["A B"]}]
    assert ContentType.objects.get_for_model(Season).pk == content_type
    assert ContentType.objects.get(pk=content_type).app_label == "seasons"
    # The tables are the ones the rows were written to.
    tables = set(connection.introspection.table_names())
    assert {"tournaments_season", "tournaments_seasonclub", "standings_seasonsnapshot"} <= tables
