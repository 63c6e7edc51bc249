"""The Celery application.

Settings prefixed ``CELERY_`` in ``config.settings`` configure it. With no ``CELERY_BROKER_URL``
tasks run eagerly in the calling process, so a laptop needs neither Redis nor a worker.
Tasks live in each app's ``tasks.py`` and stay thin: they take IDs and call a service.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("atout")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
