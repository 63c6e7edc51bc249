"""An archive written before the seasons app imports: its season comes back as the seasons app's.

``fixtures/contest-before-seasons-app.json`` was exported by the layout before the seasons app
(``fixtures/make_archive_before_seasons_app.py``, at commit 16951d1): it names the season
``tournaments.season``. Importing it into an empty instance rebuilds the club, the season (its
rules, planned journées, final), the contest in the season, its teams, partie, sheets, standings
and journal; exported again, the season is named by its label now (``seasons.season``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from archive.contest_archive import MOVED_MODELS, dumps, export_contest, loads
from archive.contest_import import import_contest
from scoring.models import ScoreSheet
from seasons.models import Season
from standings.models import StandingsSnapshot
from tournaments.models import AuditEvent, Club, Contest, Entry, Player

FIXTURE = Path(__file__).parent / "fixtures" / "contest-before-seasons-app.json"

pytestmark = pytest.mark.django_db


def _old_archive() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    labels = {row["model"] for row in data["objects"]}
    assert "tournaments.season" in labels and "seasons.season" not in labels  # the old layout
    return data


def _check_imported(contest_id: int) -> None:
    contest = Contest.objects.select_related("season", "club").get(pk=contest_id)
    assert contest.club.slug == "club-des-archives"
    season = contest.season
    assert isinstance(season, Season)
    assert (season.pk, season.name, season.planned_contests) == (1, "Challenge d'hiver 2026", 6)
    assert season.rules["bareme"]["points"] == [10, 6, 3, 1] and season.rules["best_of"] == 4
    assert season.final_contest_id == contest.pk and season.qualify_first_of_each == 1
    assert list(season.contests.all()) == [contest]
    assert Entry.objects.filter(contest=contest).count() == 4
    assert Player.objects.registry_of(contest.club).count() == 8
    assert ScoreSheet.objects.filter(table__round__contest=contest).count() == 2
    assert StandingsSnapshot.objects.filter(contest=contest).count() == 3
    actions = set(AuditEvent.objects.filter(contest=contest).values_list("action", flat=True))
    assert {"season.final", "season.rules", "contest.create"} <= actions


def test_an_archive_of_the_former_layout_imports_into_an_empty_instance() -> None:
    assert not Club.objects.exists()
    contest_id = import_contest(
        loads(FIXTURE.read_text(encoding="utf-8")), club="club-des-archives"
    )
    _check_imported(contest_id)
    # Written again today, the season bears the seasons app's label, and imports the same.
    again = export_contest(contest_id)
    labels = {row["model"] for row in again["objects"]}
    assert "seasons.season" in labels and "tournaments.season" not in labels
    text = dumps(again)
    Contest.objects.filter(pk=contest_id).delete()
    Season.objects.all().delete()  # else reused as it stands, its final gone with the contest
    assert import_contest(loads(text), club="club-des-archives") == contest_id
    _check_imported(contest_id)


def test_the_old_labels_are_read_without_loads_too() -> None:
    """``import_contest`` reads the former labels itself (a caller that parsed the JSON)."""
    contest_id = import_contest(_old_archive(), club="club-des-archives")
    _check_imported(contest_id)


def test_every_moved_season_model_has_its_new_label() -> None:
    from django.apps import apps

    for old, new in MOVED_MODELS.items():
        if old.split(".")[1].startswith("season"):
            assert apps.get_model(new)._meta.app_label == "seasons", (old, new)
