"""Render-once caching for the public standings pages (no stampede, never a 500).

What it owns
------------
:func:`render_once` returns the cached value of a key or builds it, making sure that only one
process or thread builds a given key at a time: the builder takes a lock with ``cache.add``
(atomic in locmem and Redis); the others serve the *previous* version of the page when one is
allowed (``previous_key``), or wait briefly for the builder, polling the cache, and build the
page themselves only if the builder is too slow or died. Keys carry everything the page depends
on (the snapshot's fingerprint, the page, the sort, the language), so a new snapshot simply
uses new keys: nothing is ever invalidated by hand.

A cache outage (Redis down) is not an error: the page is built and served uncached.

Because a key names one version of one page, a copy kept in the process's own memory can never
be stale: :func:`render_once` keeps the last ``LOCAL_ENTRIES`` values it saw in a small LRU in
front of the shared cache, so a page served from cache costs no Redis round trip (the
"previous version" keys, which are not versioned, never go there).

What it must not do
-------------------
Decide what is public: callers look up what may be shown *before* asking for a cached page,
and give a ``previous_ok`` check so an earlier version is served only when it shows nothing
the current one hides.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.core.cache import cache

logger = logging.getLogger(__name__)

PAGE_TIMEOUT = 600  # seconds a rendered page stays cached (keys change with every snapshot)
LOCK_TIMEOUT = 30  # a builder that died releases its lock after this
WAIT_SECONDS = 10.0  # how long a request waits for another builder before building itself
POLL_SECONDS = 0.025
LOCAL_ENTRIES = 64  # versioned values kept in this process (a page is some 50 kB)

_local: OrderedDict[str, Any] = OrderedDict()
_local_lock = threading.Lock()


def _local_get(key: str) -> Any:
    with _local_lock:
        value = _local.get(key)
        if value is not None:
            _local.move_to_end(key)
        return value


def _local_set(key: str, value: Any) -> None:
    with _local_lock:
        _local[key] = value
        _local.move_to_end(key)
        while len(_local) > LOCAL_ENTRIES:
            _local.popitem(last=False)


def clear_local() -> None:
    """Forget the process-local copies (tests)."""
    with _local_lock:
        _local.clear()


def make_key(*parts: Any) -> str:
    raw = ":".join(str(p) for p in parts)
    return "atout:page:" + hashlib.sha1(raw.encode(), usedforsecurity=False).hexdigest()


def _get(key: str) -> Any:
    try:
        return cache.get(key)
    except Exception:
        logger.warning("page cache unavailable (get)")
        return None


def _set(key: str, value: Any, timeout: int) -> None:
    try:
        cache.set(key, value, timeout)
    except Exception:
        logger.warning("page cache unavailable (set)")


def _add(key: str) -> bool | None:
    """True: lock taken; False: someone else holds it; None: the cache is down."""
    try:
        return bool(cache.add(key, 1, LOCK_TIMEOUT))
    except Exception:
        logger.warning("page cache unavailable (add)")
        return None


def _delete(key: str) -> None:
    try:
        cache.delete(key)
    except Exception:
        logger.warning("page cache unavailable (delete)")


def render_once(
    key: str,
    build: Callable[[], Any],
    *,
    previous_key: str | None = None,
    previous_ok: Callable[[Any], bool] | None = None,
    timeout: int = PAGE_TIMEOUT,
    wait: float = WAIT_SECONDS,
) -> Any:
    """The value cached under ``key``, built by ``build()`` once for all concurrent callers.

    ``previous_key`` holds the last value built for the same page whatever its version (the
    caller stores ``(meta, value)`` pairs there through this function); while a new version is
    being built, other callers get it if ``previous_ok(meta)`` says it may be shown.
    """
    value = _local_get(key)
    if value is not None:
        return value
    value = _get(key)
    if value is not None:
        _local_set(key, value)
        return value
    lock = key + ":lock"
    taken = _add(lock)
    if taken is None:  # no cache at all: build, do not wait for anyone
        return build()
    if taken:
        return _build_locked(key, lock, build, previous_key, timeout)
    if previous_key is not None and previous_ok is not None:
        previous = _get(previous_key)
        if previous is not None and previous_ok(previous):
            return previous
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        value = _get(key)
        if value is not None:
            return value
        if _add(lock):  # the builder failed or died: one waiter takes over
            return _build_locked(key, lock, build, previous_key, timeout)
    logger.warning("page cache: gave up waiting for %s, building it here", key)
    return build()


def _build_locked(
    key: str, lock: str, build: Callable[[], Any], previous_key: str | None, timeout: int
) -> Any:
    try:
        # A builder may have finished between our first look and our lock.
        value = _get(key)
        if value is not None:
            return value
        value = build()
        _set(key, value, timeout)
        _local_set(key, value)
        if previous_key is not None:
            _set(previous_key, value, timeout)
        return value
    finally:
        _delete(lock)


__all__ = ["clear_local", "make_key", "render_once"]
