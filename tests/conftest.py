"""Shared fixtures: the personas of a contest day.

This file is also loaded by the pure engine run (``tests/run_engine_pure.py``), where Django
cannot be imported, so nothing here imports Django at module level.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

# Integration tests talk to a real broker and worker; .ci/run selects them explicitly.
collect_ignore = [] if os.environ.get("ATOUT_INTEGRATION") else ["integration"]

PASSWORD = "motdepasse-de-test-42"

# Tests that `make check` leaves to `make test` (browsers, several processes, real servers):
# marked "slow" here, by folder or file, so that none is forgotten by a new test file.
SLOW_PATHS = (
    "tests/e2e/",
    "tests/faults/",
    "tests/integration/",
    "tests/reliability/",
    "tests/foundation/test_settings.py",
    "tests/foundation/test_architecture.py",
    "tests/foundation/test_deploy_check.py",
    "tests/foundation/test_sessions.py",
    "tests/tournaments/test_csv_import_batches.py",
    "tests/standings/test_seed_demo_results.py",
    # The engine's sweeps and property tests (thousands of drawn cases each).
    "tests/engine/test_sweeps.py",
    "tests/engine/test_individual_properties.py",
    "tests/engine/test_season_properties.py",
    "tests/engine/test_seating_properties.py",
    "tests/engine/test_standings_properties.py",
    "tests/engine/test_standings_reference.py",
)

# A test with none of these fixtures (nor a django_db mark) never touches the database: it is
# marked "nodb". `make check` runs those as its unit tests; the PostgreSQL pass of .ci/run leaves
# them out, since they would run exactly as they did on SQLite in `make test`.
DB_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
    }
)


def _uses_database(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return bool(fixtures & DB_FIXTURES) or item.get_closest_marker("django_db") is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = str(config.rootpath)
    for item in items:
        path = str(item.path)[len(root) + 1 :].replace(os.sep, "/")
        if path.startswith(SLOW_PATHS):
            item.add_marker(pytest.mark.slow)
        if not _uses_database(item):
            item.add_marker(pytest.mark.nodb)


@pytest.fixture(autouse=True)
def _fast_password_hasher(request: pytest.FixtureRequest) -> None:
    """Hash test passwords quickly (PBKDF2's cost protects real accounts, not test ones)."""
    if request.config.pluginmanager.hasplugin("django"):
        settings = request.getfixturevalue("settings")
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        # Throttle counters and cached pages must not leak from one test into the next.
        from django.core.cache import cache

        cache.clear()


@pytest.fixture(autouse=True)
def _default_language(request: pytest.FixtureRequest) -> Any:
    """Start every test in the instance's language (French), as a request or a task would.

    Django's LocaleMiddleware activates a request's language in the running thread and nothing
    deactivates it when the test client's request ends: without this, a test that asked for an
    English page leaves English active for the next test of the same worker, whose service
    messages then come out in English (an order-dependent failure seen in CI).
    """
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.conf import settings
    from django.utils import translation

    with translation.override(settings.LANGUAGE_CODE):
        yield


@pytest.fixture
def club(db: Any) -> Any:
    from tournaments.models import Club

    return Club.objects.create(name="Belote Club de Lorient", slug="lorient", city="Lorient")


@pytest.fixture
def other_club(db: Any) -> Any:
    from tournaments.models import Club

    return Club.objects.create(name="Club de Vannes", slug="vannes", city="Vannes")


def _member(club: Any, username: str, role: str) -> Any:
    from django.contrib.auth import get_user_model

    from tournaments.models import Membership

    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    Membership.objects.create(user=user, club=club, role=role)
    return user


@pytest.fixture
def organiser(club: Any) -> Any:
    """Organiser of ``club``."""
    return _member(club, "organisatrice", "organiser")


@pytest.fixture
def club_admin(club: Any) -> Any:
    """Administrator of ``club``."""
    return _member(club, "president", "admin")


@pytest.fixture
def scorer(club: Any) -> Any:
    """Scorer of ``club``: may enter results, not organise."""
    return _member(club, "marqueur", "scorer")


@pytest.fixture
def outsider(other_club: Any) -> Any:
    """Organiser of another club: must see nothing of ``club``."""
    return _member(other_club, "voisin", "organiser")
