"""gunicorn's settings for Atout (``gunicorn -c config/gunicorn.conf.py config.wsgi``).

What it owns: the web server's defaults, as measured in ``docs/benchmarks.md`` (threaded
workers, keep-alive for the phones at the tables, a request time limit), and one hook:
:func:`post_worker_init` freezes a worker's start-up heap once the worker has loaded Django,
as the Celery worker does at ``worker_init`` (``config.celery.freeze_startup_heap``). Options
given on the command line (``--bind``, ``--workers``…) take precedence over these, as gunicorn
documents; ``ATOUT_GC_FREEZE=0`` leaves the heap as it is (the benchmarks compare both).
"""

import os

from config.celery import freeze_startup_heap

worker_class = "gthread"
workers = 3
threads = 4
keepalive = 30
timeout = 30


def post_worker_init(worker: object) -> None:
    """After the worker loaded the application: freeze what start-up made (Django, the apps,
    their modules), so a full collection in the middle of a request walks only the objects
    requests made, not the whole start-up heap (``docs/benchmarks.md``: score entry)."""
    if os.environ.get("ATOUT_GC_FREEZE", "1") != "0":
        freeze_startup_heap()
