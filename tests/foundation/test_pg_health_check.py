"""PostgreSQL: a persistent connection cut by the server (a restart) is replaced before the next
request uses it (Django's ``CONN_HEALTH_CHECKS``, set for every PostgreSQL URL)."""

from __future__ import annotations

import psycopg
import pytest
from django.db import close_old_connections, connection

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="PostgreSQL pass only (DATABASE_URL, .ci/run)"
    ),
]


def _cut_by_the_server() -> None:
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params, autocommit=True) as other:
        assert other.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone()[0] is True


def test_health_checks_are_on() -> None:
    assert connection.settings_dict["CONN_HEALTH_CHECKS"] is True
    assert connection.settings_dict["CONN_MAX_AGE"] > 0


def test_a_connection_cut_by_the_server_is_not_usable_and_is_replaced() -> None:
    _cut_by_the_server()
    assert connection.is_usable() is False
    connection.close()
    connection.ensure_connection()  # and a new connection works
    assert connection.is_usable() is True


def test_the_next_request_gets_a_working_connection() -> None:
    _cut_by_the_server()
    # What Django does at the start of every request (the test client skips it).
    close_old_connections()
    with connection.cursor() as cursor:  # the health check replaces the dead connection
        cursor.execute("SELECT 1")
        assert cursor.fetchone()[0] == 1
