"""A starting Celery worker freezes its start-up objects (``config.celery.freeze_startup_heap``),
so the full collections a rebuild sets off do not walk Django's whole heap."""

from __future__ import annotations

import gc

from celery.signals import worker_init

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
