"""Fixtures of the reliability tests: a club's running contest with every kind of object."""

from __future__ import annotations

import contextlib
import datetime
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import PASSWORD

_PSQL = ["psql", "-q", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres"]


@contextlib.contextmanager
def scratch_pg_databases(count: int, prefix: str) -> Iterator[list[str]]:
    """``count`` new empty PostgreSQL databases (their URLs), dropped afterwards; the test is
    skipped outside the PostgreSQL pass or when the server cannot be reached."""
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("PostgreSQL pass only (DATABASE_URL=postgres://…, as in .ci/run)")
    try:
        subprocess.run([*_PSQL, "-c", "select 1"], check=True, capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        pytest.skip("PostgreSQL n'est pas joignable sur 127.0.0.1:5432")
    names = [f"{prefix}_{uuid.uuid4().hex[:8]}" for _ in range(count)]
    try:
        for name in names:
            subprocess.run(
                [*_PSQL, "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True
            )
        yield [f"postgres://postgres@127.0.0.1:5432/{n}" for n in names]
    finally:
        for name in names:
            subprocess.run(
                [*_PSQL, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], capture_output=True
            )


@pytest.fixture(scope="session")
def _migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with every migration applied, made once per test process."""
    path = tmp_path_factory.mktemp("migrated") / "atout.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "CELERY_BROKER_URL"}
    env.update(
        DEBUG="1", DATABASE_URL=f"sqlite:///{path}", DJANGO_SETTINGS_MODULE="config.settings"
    )
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "manage.py", "migrate", "--noinput", "-v0"]
    subprocess.run(command, cwd=root, env=env, check=True, capture_output=True, timeout=300)
    return path


@pytest.fixture
def migrated_sqlite(tmp_path: Path, _migrated_sqlite: Path) -> Callable[[str], str]:
    """``migrated_sqlite(name)``: the URL of a new, migrated SQLite file in the test's folder (a
    copy: the tests that start from a migrated database skip seven seconds of ``migrate``)."""

    def make(name: str) -> str:
        shutil.copyfile(_migrated_sqlite, tmp_path / name)
        return f"sqlite:///{tmp_path / name}"

    return make


@pytest.fixture
def world(club: Any, other_club: Any, organiser: Any, scorer: Any, outsider: Any) -> dict[str, Any]:
    """A running contest: round 1 published (draw public, results and standings not), a deal on
    table 1, round 2 drawn but not published, a prize and an export."""
    from publishing.models import ExportJob, Prize
    from scoring import services as scoring_services
    from scoring.adapters import DealFacts
    from scoring.models import ScoreSheet
    from seasons import services as season_services
    from tournaments import services
    from tournaments.models import Membership

    admin_elsewhere = get_user_model().objects.create_user("admin-voisin", password=PASSWORD)
    Membership.objects.create(user=admin_elsewhere, club=other_club, role="admin")
    contest = services.create_contest(
        club, {"name": "Concours privé", "slug": "prive", "date": datetime.date(2027, 2, 6)}
    )
    for n in range(1, 7):
        p1 = services.save_player(club, first_name=f"Prénom{n}", last_name=f"Secret{n}")
        p2 = services.save_player(club, first_name=f"Autre{n}", last_name=f"Caché{n}")
        services.add_entry(
            contest, services.EntryValues(player1=p1, player2=p2, checked_in=True, paid=True)
        )
    first = services.generate_round(contest, seed=11)
    services.publish_round(first)
    sheet1 = ScoreSheet.objects.get(table__round=first, table__number=1)
    sheet2 = ScoreSheet.objects.get(table__round=first, table__number=2)
    scoring_services.record_deal(
        sheet1.pk,
        DealFacts(taker="a", trump="hearts", taker_points=100),
        version=sheet1.version,
        client_id=uuid.uuid4(),
    )
    # Round 2: a draft, drawn while partie 1 plays (the organiser forces it, with a reason).
    services.generate_round(contest, seed=12, force_reason="partie 1 encore en jeu")
    prize = Prize.objects.create(contest=contest, rank_from=1, rank_to=1, label="Jambon")
    job = ExportJob.objects.create(contest=contest, kind="entries", format="csv")
    entry = contest.entries.order_by("number").first()
    season = season_services.create_season(club, name="Challenge privé")
    from tournaments.models import Player, SoloEntry

    alone = Player.objects.create(club=club, first_name="Solo", last_name="Seul")
    solo = SoloEntry.objects.create(contest=contest, number=1, player=alone)
    return {
        "contest": contest,
        "kwargs": {
            "club_slug": club.slug,
            "contest_id": contest.pk,
            "contest_slug": contest.slug,
            "round_number": 1,
            "table_number": 1,
            "number": 1,
            "entry_id": entry.pk,
            "player_id": entry.player1_id,
            "action": "payer",
            "prize_id": prize.pk,
            "job_id": job.pk,
            # The token of ANOTHER table: a scorer link must only open its own sheet.
            "token": sheet2.token,
            # A short code of no sheet (a short link only ever opens its own table: one that
            # opens nothing is the refusal to check).
            "code": _unused_short_code(),
            "fmt": "csv",
            "season_id": season.pk,
            "solo_id": solo.pk,
        },
    }


def _unused_short_code() -> str:
    from scoring.models import ScoreSheet

    code = "ZZZZZZZZ"
    assert not ScoreSheet.objects.filter(short_code=code).exists()
    return "ZZZZ-ZZZZ"
