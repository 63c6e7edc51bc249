"""The Celery application, and the worker's garbage-collector set-up.

Settings prefixed ``CELERY_`` in ``config.settings`` configure it. With no ``CELERY_BROKER_URL``
tasks run eagerly in the calling process, so a laptop needs neither Redis nor a worker.
Tasks live in each app's ``tasks.py`` and stay thin: they take IDs and call a service.

:func:`freeze_startup_heap` runs when a worker starts (Celery's ``worker_init``, before the
prefork pool forks its processes, which inherit the frozen objects): see its docstring.
"""

import gc
import os

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("atout")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def freeze_startup_heap(**_signal: object) -> None:
    """Move the objects alive after start-up (Django, the apps, their modules: about 100,000)
    out of the garbage collector's reach with ``gc.freeze()``.

    Why: a standings rebuild keeps some 20,000 objects alive for its few tens of milliseconds,
    which sets off a full collection about every third rebuild; without the freeze each one
    walks the whole start-up heap (30–100 ms here), with it only what the tasks made. Before
    the fork, as the Python documentation advises, so the pool's processes share those pages.
    Measured in ``docs/benchmarks.md`` (the rebuild's p90 and freshness).
    """
    gc.collect()
    gc.freeze()
