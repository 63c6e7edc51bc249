"""Integration tests: a real Redis broker and a real Celery worker on the real database.

``.ci/run`` migrates the database named in ``DATABASE_URL``, starts a worker on it, and runs
this folder with ``ATOUT_INTEGRATION=1`` and ``CELERY_BROKER_URL``. The worker reads that
database, so the tests must write to it too, not to a ``test_`` copy: ``django_db_setup`` is
overridden to use the existing database as it is (pytest-django, "Using an existing, external
database for tests"), and tests use ``django_db(transaction=True)`` so that their rows are
committed where the worker can see them (and flushed afterwards).
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def django_db_setup() -> None:
    """Use the database of DATABASE_URL, already migrated by .ci/run."""


@pytest.fixture(autouse=True)
def _real_broker(settings: object) -> None:
    from django.conf import settings as django_settings

    if not django_settings.CELERY_BROKER_URL or django_settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.fail("integration tests need CELERY_BROKER_URL (a real Redis broker)")
