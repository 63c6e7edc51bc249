"""Fault drills on private services (issue 7, point 5): collected only with ``ATOUT_FAULTS=1``.

Run (about 3-4 minutes; needs PostgreSQL 15's server binaries, redis-server, and root or the
``postgres`` user)::

    ATOUT_FAULTS=1 DEBUG=1 .venv/bin/python -m pytest tests/faults -q -p no:cacheprovider

One private stack is shared by the drills of a run (``stack``): a PostgreSQL cluster in a
temporary directory on port 55432, a Redis on 56379 (other free ports if those are taken), the
database migrated, gunicorn serving Atout on them. Each drill makes its own contest, starts a
Celery worker if it needs one, and leaves the stack running (or restarts what it broke). The
machine's shared PostgreSQL and Redis are never touched.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.faults.harness import App, PrivatePostgres, PrivateRedis, log, timed

# Without ATOUT_FAULTS=1 nothing here is collected (make test, the PostgreSQL pass of .ci/run).
collect_ignore_glob = [] if os.environ.get("ATOUT_FAULTS") == "1" else ["test_*.py"]


@pytest.fixture(scope="session")
def stack() -> Iterator[App]:
    base = Path(tempfile.mkdtemp(prefix="atout-faults-"))
    pg = PrivatePostgres(base)
    redis = PrivateRedis(base)
    app = App(base, pg, redis, "atout_faults")
    try:
        with timed("private PostgreSQL initdb + start"):
            pg.init()
            pg.start()
            pg.sql("CREATE DATABASE atout_faults")
        with timed("private Redis start"):
            redis.start()
        with timed("migrate"):
            app.manage("migrate", "--noinput", "-v0")
        with timed("gunicorn start"):
            app.start_gunicorn()
        log(
            f"stack up in {base}: pg :{pg.port}, redis :{redis.port}, gunicorn :{app.gunicorn_port}"
        )
        yield app
    finally:
        app.stop_all()
        redis.stop()
        pg.cleanup()
        if os.environ.get("ATOUT_FAULTS_KEEP"):
            log(f"kept {base}")
        else:
            shutil.rmtree(base, ignore_errors=True)
