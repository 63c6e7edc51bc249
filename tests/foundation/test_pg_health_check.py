"""The PostgreSQL backend's health check (config/postgresql): free when quiet, right when cut."""

from __future__ import annotations

import time

import psycopg
import pytest
from django.db import connection

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="PostgreSQL pass only (DATABASE_URL, .ci/run)"
    ),
]


def _raw() -> object:
    connection.ensure_connection()
    return connection.connection


def test_a_quiet_connection_is_usable_without_a_query(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = _raw()

    def no_query(*args: object, **kwargs: object) -> None:
        raise AssertionError("the health check sent a query")

    monkeypatch.setattr(raw, "cursor", no_query)
    assert connection.is_usable() is True


def test_a_connection_cut_by_the_server_is_not_usable() -> None:
    _raw()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params, autocommit=True) as other:
        assert other.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone()[0] is True
    # The server's goodbye reaches the socket quickly; the check must then fail.
    deadline = time.monotonic() + 5
    usable = True
    while usable and time.monotonic() < deadline:
        usable = connection.is_usable()
        if usable:
            time.sleep(0.05)
    assert usable is False
    connection.close()
    connection.ensure_connection()  # and a new connection works
    assert connection.is_usable() is True


def test_an_open_transaction_gets_the_real_check(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = _raw()
    calls: list[str] = []
    real_cursor = raw.cursor

    def counting_cursor(*args: object, **kwargs: object) -> object:
        calls.append("cursor")
        return real_cursor(*args, **kwargs)

    raw.execute("BEGIN")
    monkeypatch.setattr(raw, "cursor", counting_cursor)
    assert connection.is_usable() is True
    assert calls == ["cursor"]
    raw.execute("ROLLBACK")
