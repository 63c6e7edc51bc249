"""A Redis cache that degrades to "no cache" while Redis is down.

The cache only ever speeds things up or counts (login throttling, rendered public pages,
"a rebuild is already queued" marks): with Redis unreachable, a read is a miss and a write is
skipped, logged once per outage window, instead of turning a login or a public page into a
server error. Redis coming back needs no restart.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

_DOWN = (RedisConnectionError, RedisTimeoutError, OSError)
_LOG_EVERY_SECONDS = 30.0
_last_logged = 0.0


def _log(operation: str, exc: BaseException) -> None:
    global _last_logged
    now = time.monotonic()
    if now - _last_logged >= _LOG_EVERY_SECONDS:
        _last_logged = now
        logger.warning("cache unavailable (%s: %s): serving without cache", operation, exc)


class _KeptClient(RedisCacheClient):
    """Django's Redis client, keeping its redis-py clients: Django builds a new one (and its
    table of some 170 response callbacks) for every command, which costs more CPU than the
    round trip itself on score entry's hot path. A redis-py client is safe to share between
    threads (each command takes a connection from the pool)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept: dict[Any, Any] = {}  # connection pool -> its client

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._kept.get(pool)
        if client is None:
            client = self._kept.setdefault(pool, self._client(connection_pool=pool))
        return client


class ResilientRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _KeptClient

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except _DOWN as exc:
            _log("get", exc)
            return default

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        try:
            return super().get_many(keys, version)
        except _DOWN as exc:
            _log("get_many", exc)
            return {}

    def set(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> None:
        try:
            super().set(key, value, timeout, version)
        except _DOWN as exc:
            _log("set", exc)

    def add(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> bool:
        try:
            return super().add(key, value, timeout, version)
        except _DOWN as exc:
            # Nobody can hold the key while the cache is away: act as if it was added.
            _log("add", exc)
            return True

    def delete(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().delete(key, version)
        except _DOWN as exc:
            _log("delete", exc)
            return False

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        try:
            return super().incr(key, delta, version)
        except _DOWN as exc:
            _log("incr", exc)
            return delta

    def read_and_count(
        self, read: str, counted: str, window: int, version: int | None = None
    ) -> tuple[int, int]:
        """The counter at ``read``, and the counter at ``counted`` after one more hit (its
        window of ``window`` seconds starts at its first hit), in one round trip to Redis.

        What ``get`` + ``add``/``incr`` + ``get`` would give, for the throttle of every table
        request: one network exchange instead of three or four. ``(0, 0)`` while Redis is down.
        """
        names = [self.make_and_validate_key(key, version) for key in (read, counted)]
        try:
            client = self._cache.get_client(names[1], write=True)
            pipe = client.pipeline(transaction=False)
            pipe.get(names[0])
            pipe.set(names[1], 0, ex=window, nx=True)  # a new window: created with its expiry
            pipe.incr(names[1])  # keeps the expiry
            seen, _, hits = pipe.execute()
        except _DOWN as exc:
            _log("read_and_count", exc)
            return 0, 0
        return (int(seen) if seen is not None else 0), int(hits)

    def touch(self, key: Any, timeout: Any = None, version: int | None = None) -> bool:
        try:
            return super().touch(key, timeout, version)
        except _DOWN as exc:
            _log("touch", exc)
            return False
