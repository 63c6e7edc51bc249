"""WSGI entry point (gunicorn config.wsgi)."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from config.env import require_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

require_secret_key()
application = get_wsgi_application()

# Import every view now (through the URLconf) rather than on the first request, then move all
# these long-lived objects (modules, classes, templates' loaders...) out of the garbage
# collector's reach. Otherwise each full collection walks them all: measured at 30-90 ms, a
# pause that stalls every thread of the worker and was the tail of the deal POST latency
# (docs/benchmarks.md, "Score entry").
get_resolver().url_patterns  # noqa: B018 - the attribute access imports the views
gc.freeze()
