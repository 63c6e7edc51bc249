"""Fixtures of the standings tests: a clean cache, a broker that is down."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _clean_cache() -> Iterator[None]:
    from django.core.cache import cache

    from standings import events

    cache.clear()
    events.reset_breaker()
    yield
    cache.clear()
    events.reset_breaker()


@pytest.fixture
def broker_down(settings: Any) -> Iterator[None]:
    """Celery configured with a Redis broker where nothing listens (port 1 on loopback).

    A separate Celery app is built from the Django settings (as ``config.celery`` builds the
    project's) and made the current one of this thread (the test's, where the sends happen):
    the ``@shared_task`` proxies resolve to it, so every send opens a connection to the dead
    broker, whatever connection pools the project's app has cached. The project's app, its configuration and its
    connection pools are left untouched, and are current again afterwards.
    """
    from celery import Celery

    from config.celery import app as project_app

    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/15"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    # No fix-ups: Django's would hook worker_init for the lifetime of the process.
    with Celery("atout-broker-down", set_as_current=False, fixups=[]) as down:
        down.config_from_object("django.conf:settings", namespace="CELERY")
        assert down.conf.broker_url == settings.CELERY_BROKER_URL
        down.set_current()
        try:
            yield
        finally:
            project_app.set_current()
