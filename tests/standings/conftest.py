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


def _reset_pools(app: Any) -> None:
    app._pool = None
    amqp = app.__dict__.get("amqp")
    if amqp is not None:
        amqp._producer_pool = None


@pytest.fixture
def broker_down(settings: Any) -> Iterator[None]:
    """Celery configured with a Redis broker where nothing listens (port 1 on loopback)."""
    from config.celery import app

    old = (app.conf.broker_url, app.conf.task_always_eager)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.broker_url = "redis://127.0.0.1:1/15"
    app.conf.task_always_eager = False
    _reset_pools(app)
    yield
    app.conf.broker_url, app.conf.task_always_eager = old
    _reset_pools(app)
