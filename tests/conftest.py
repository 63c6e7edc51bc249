"""Shared fixtures (the personas of a contest day) and the rules of the test lanes: what is
slow, what touches no database, no process outside the slow tests, and the random order's seed
printed with the command that replays it (``tests/order_replay.py``).

This file is also loaded by the pure engine run (``tests/run_engine_pure.py``), where Django
cannot be imported, so nothing here imports Django at module level.
"""

from __future__ import annotations

import multiprocessing.process
import os
import subprocess
from typing import Any

import pytest

from tests.order_replay import replay_commands, seed_of

# Integration tests talk to a real broker and worker; .ci/run selects them explicitly.
collect_ignore = [] if os.environ.get("ATOUT_INTEGRATION") else ["integration"]

PASSWORD = "motdepasse-de-test-42"

# Tests that `make check` leaves to `make test` (browsers, several processes, real servers):
# marked "slow" here, by folder, file or test (node id), so that none is forgotten by a new test
# file. A test that starts a process and is not marked slow fails (``_no_process_unless_slow``).
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
    # The engine's command line run as a real process.
    "tests/engine/test_cli.py::test_real_process_never_prints_a_traceback",
    "tests/engine/test_cli.py::test_engine_does_not_import_django",
    "tests/engine/test_tarot_cli.py::test_the_module_runs_as_a_program",
    "tests/engine/test_rami_cli.py::test_the_real_command_line",
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
    for item in items:
        # Node ids are relative to the root (pyproject.toml's folder), "/"-separated.
        if item.nodeid.startswith(SLOW_PATHS):
            item.add_marker(pytest.mark.slow)
        if not _uses_database(item):
            item.add_marker(pytest.mark.nodb)


def refuse_processes(monkeypatch: pytest.MonkeyPatch, nodeid: str) -> None:
    """Make starting a process (``subprocess``, ``os.fork``, ``multiprocessing``) fail the test
    ``nodeid``, naming it: the fast lane starts none (a process costs a Python start-up)."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        # pytest.fail raises a BaseException: code under test that catches Exception (an
        # unreachable `ip` command, say) cannot hide it.
        pytest.fail(
            f"{nodeid} starts a process: mark it slow (@pytest.mark.slow, or SLOW_PATHS in"
            " tests/conftest.py), or replace the process in the test"
        )

    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)
    monkeypatch.setattr(os, "fork", refuse)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)


@pytest.fixture(autouse=True)
def _no_process_unless_slow(request: pytest.FixtureRequest) -> Any:
    """Every test that starts a process is marked slow, so that `make check` starts none."""
    if request.node.get_closest_marker("slow") is not None:
        yield
        return
    with pytest.MonkeyPatch.context() as monkeypatch:
        refuse_processes(monkeypatch, request.node.nodeid)
        yield


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")  # an xdist worker: the controller reports


def pytest_sessionstart(session: pytest.Session) -> None:
    """Say the seed of the run's random order first (a run cut short has still shown it)."""
    seed = seed_of(session.config)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if seed is not None and reporter is not None and not _is_worker(session.config):
        reporter.write_line(f"random order: --randomly-seed={seed}")


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """The seed again; after a failure, the commands that replay the same order."""
    seed = seed_of(config)
    if seed is None or _is_worker(config):
        return
    terminalreporter.write_line(f"random order: --randomly-seed={seed}")
    if exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        return
    commands = replay_commands(config, seed)
    terminalreporter.write_line("replay this order:", bold=True)
    terminalreporter.write_line(f"  {commands[0]}")
    if len(commands) > 1:
        terminalreporter.write_line("or all of it in one process (no worker):")
        terminalreporter.write_line(f"  {commands[1]}")


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
