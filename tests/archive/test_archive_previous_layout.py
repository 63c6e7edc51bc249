"""An archive written by an earlier layout of the apps imports: the rows come back whole.

``fixtures/demo-contest-2026-12-07.json.gz`` is the demo contest (24 teams, 4 parties of 12
donnes, its season, standings and journal) exported by ``manage.py export_contest`` on
2026-12-07, before the apps were split by job: it names every model by the label it had then
(``tournaments.season``…). Importing it into an empty instance must give the same contest.
"""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps

from archive.contest_archive import loads
from archive.contest_import import import_contest

ARCHIVE = Path(__file__).with_name("fixtures") / "demo-contest-2026-12-07.json.gz"


@pytest.mark.django_db
def test_the_archive_of_the_previous_layout_imports_into_an_empty_instance() -> None:
    text = gzip.decompress(ARCHIVE.read_bytes()).decode("utf-8")
    assert '"model": "tournaments.season"' in text  # the label of the layout that wrote it
    data: dict[str, Any] = loads(text)  # read with the labels of today (seasons.season)
    assert data["version"] == 1 and "seasons.season" in {o["model"] for o in data["objects"]}

    contest_id = import_contest(data, club="saint-aubin")

    contest = apps.get_model("tournaments.Contest").objects.get(pk=contest_id)
    assert contest.name == "Concours d'automne" and contest.club.slug == "saint-aubin"
    assert contest.season is not None and contest.season.club_id == contest.club_id
    assert contest.entries.count() == 24
    assert contest.rounds.count() == 4
    deals = apps.get_model("scoring.DealRecord").objects.filter(
        sheet__table__round__contest_id=contest_id
    )
    assert deals.count() == 576
    snapshots = apps.get_model("standings.StandingsSnapshot").objects.filter(contest=contest)
    assert snapshots.count() == 5
