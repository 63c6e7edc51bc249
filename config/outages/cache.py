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

from django.core.cache.backends.redis import RedisCache
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


class ResilientRedisCache(RedisCache):
    """Django's own Redis cache; every operation degrades instead of raising while Redis is
    down (public methods only, overridden one by one)."""

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

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        try:
            super().delete_many(keys, version)
        except _DOWN as exc:
            _log("delete_many", exc)

    def set_many(self, data: Any, timeout: Any = None, version: int | None = None) -> list[Any]:
        try:
            return super().set_many(data, timeout, version)
        except _DOWN as exc:
            _log("set_many", exc)
            return list(data)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        try:
            return super().incr(key, delta, version)
        except _DOWN as exc:
            _log("incr", exc)
            return delta

    def touch(self, key: Any, timeout: Any = None, version: int | None = None) -> bool:
        try:
            return super().touch(key, timeout, version)
        except _DOWN as exc:
            _log("touch", exc)
            return False
