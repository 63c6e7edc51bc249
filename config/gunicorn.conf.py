"""gunicorn's settings for Atout (``gunicorn -c config/gunicorn.conf.py config.wsgi``).

What it owns: the web server's defaults, as measured in ``docs/benchmarks.md``: threaded
workers (3 × 4 threads on 2 cores), keep-alive for the phones at the tables, a request time
limit. The README's production command, ``make hall``, the fault drills and the benchmarks all
start gunicorn with this file; options given on the command line (``--bind``, ``--workers``…)
take precedence over it, as gunicorn documents.

No hook freezes a worker's start-up heap (as the Celery worker does, ``config.celery``): tried
on the deal POST, it changed neither the CPU per POST nor the latency (``docs/benchmarks.md``).
"""

worker_class = "gthread"
workers = 3
threads = 4
keepalive = 30
timeout = 30
