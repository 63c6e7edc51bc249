"""Django's PostgreSQL backend, with a cheaper per-request connection health check.

With ``CONN_HEALTH_CHECKS`` Django runs ``SELECT 1`` on a persistent connection at the start of
every request, so that a connection cut by a PostgreSQL restart is replaced instead of failing
the request. On the deal POST that round trip cost as much wall time as a real query (about a
sixth of the request under load, docs/benchmarks.md).

A connection cut by the server is not silent: PostgreSQL sends its "terminating connection"
error and closes the socket, so the idle connection's socket becomes readable. A healthy idle
connection has nothing to read (Atout never LISTENs). So: idle and nothing to read means usable,
with no query; anything else (something arrived, a transaction left open, a broken or closed
connection) gets Django's real ``SELECT 1`` check.
"""

from __future__ import annotations

import select
from typing import Any

from django.db.backends.postgresql import base
from psycopg import pq


def _has_input(connection: Any) -> bool:
    """Whether the server sent something on this idle connection (checked without blocking)."""
    try:
        poller = select.poll()
        poller.register(connection.fileno(), select.POLLIN | select.POLLPRI)
        return bool(poller.poll(0))
    except (OSError, ValueError):
        return True  # cannot tell: let the real check decide


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        idle = connection.info.transaction_status == pq.TransactionStatus.IDLE
        if idle and not _has_input(connection):
            return True
        return bool(super().is_usable())
