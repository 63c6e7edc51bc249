"""A starting Celery worker freezes its start-up objects (``config.celery.freeze_startup_heap``),
so the full collections a rebuild sets off do not walk Django's whole heap; gunicorn's settings
file (``config/gunicorn.conf.py``) is one gunicorn accepts, and freezes nothing."""

from __future__ import annotations

import gc
import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from celery.signals import worker_init
from django.conf import settings

from config.celery import app


def test_a_starting_worker_freezes_what_start_up_made() -> None:
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    gc.collect()
    tracked = len(gc.get_objects())
    try:
        # What Celery sends when a worker starts (before the prefork pool forks).
        worker_init.send(sender=app)
        # Django, the apps and their modules: tens of thousands of objects, now out of the
        # collector's generations (which hold almost nothing left to walk).
        assert gc.get_freeze_count() > 10_000
        assert gc.get_freeze_count() >= tracked - 100
        assert len(gc.get_objects()) < 100
    finally:
        gc.unfreeze()
    assert gc.get_freeze_count() == 0


def _gunicorn_settings() -> dict[str, Any]:
    """The names ``config/gunicorn.conf.py`` defines, read as gunicorn reads the file."""
    return runpy.run_path(str(Path(settings.BASE_DIR) / "config" / "gunicorn.conf.py"))


@pytest.mark.slow  # runs gunicorn
def test_gunicorn_accepts_the_settings_file() -> None:
    """gunicorn's own check of the file and of the application it loads."""
    env = {**os.environ, "SECRET_KEY": "s" * 60, "DEBUG": "0", "LOG_LEVEL": "WARNING"}
    done = subprocess.run(
        [sys.executable, "-m", "gunicorn", "--check-config", "-c", "config/gunicorn.conf.py",
         "config.wsgi"],
        cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    settings_file = _gunicorn_settings()
    assert (settings_file["worker_class"], settings_file["workers"]) == ("gthread", 3)
    assert "post_worker_init" not in settings_file and "post_fork" not in settings_file
