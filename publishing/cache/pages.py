"""Caching of the public pages with Django's cache framework: no stampede, never a 500.

What it owns
------------
* :func:`cache_public_page` caches a public view's whole response for anonymous visitors in
  Django's cache, stamped with the contest's version (``publishing.cache.versions``): a publication
  change or a new snapshot changes the version, so nothing is ever invalidated by hand and no
  stale page is ever served. Signed-in visitors, unexpected parameters, a process-local or
  unreachable cache: the view runs. (Django's ``cache_page`` would need three cache round trips
  per request where this needs one; docs/benchmarks.md has both figures.)
* :func:`render_once` is the fragment cache under it: the value of a key, built by one caller
  at a time (a lock taken with ``cache.add``); the others wait, polling, and build it
  themselves only if the builder died or is too slow. Keys carry everything the fragment
  depends on (the snapshot's fingerprint, page, sort, language).

A cache outage is not an error: pages are built and served uncached.

What it must not do: decide what is public. Views look that up in the database before they
ask for a fragment, and whole pages are cached only under a version read before that.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language

from publishing.cache import versions

logger = logging.getLogger(__name__)

PAGE_SECONDS = 10  # a whole page: also how long a write that sends no signal may go unseen
FRAGMENT_SECONDS = 600  # a fragment (its key names one version of its content)
LOCK_SECONDS = 30  # a builder that died releases its lock after this
WAIT_SECONDS = 10.0  # how long a request waits for another builder before building itself
POLL_SECONDS = 0.025

View = Callable[..., HttpResponse]


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
        return bool(cache.add(key, 1, LOCK_SECONDS))
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
    timeout: int = FRAGMENT_SECONDS,
    wait: float = WAIT_SECONDS,
) -> Any:
    """The value cached under ``key``, built by ``build()`` once for all concurrent callers."""
    value = _get(key)
    if value is not None:
        return value
    lock = key + ":lock"
    taken = _add(lock)
    if taken is None:  # no cache at all: build, do not wait for anyone
        return build()
    if taken:
        return _build_locked(key, lock, build, timeout)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        value = _get(key)
        if value is not None:
            return value
        if _add(lock):  # the builder failed or died: one waiter takes over
            return _build_locked(key, lock, build, timeout)
    logger.warning("page cache: gave up waiting for %s, building it here", key)
    return build()


def _build_locked(key: str, lock: str, build: Callable[[], Any], timeout: int) -> Any:
    try:
        value = _get(key)  # a builder may have finished between our first look and our lock
        if value is not None:
            return value
        value = build()
        _set(key, value, timeout)
        return value
    finally:
        _delete(lock)


def shared_page_request(request: HttpRequest, allowed: frozenset[str]) -> bool:
    """An anonymous visitor (no session, no messages waiting) asking with known parameters only:
    the page it gets is the same for every such visitor (no CSRF token, no per-user part)."""
    if any(name in request.COOKIES for name in (settings.SESSION_COOKIE_NAME, "messages")):
        return False
    return set(request.GET) <= allowed


def forget_empty_session_access(request: HttpRequest) -> None:
    """Without a session cookie the visitor is anonymous and the session empty: looking at it
    (templates ask who the user is) must not make a page shared by every visitor vary on
    ``Cookie``, which would keep any shared cache from storing it."""
    session = getattr(request, "session", None)
    if (
        session is not None
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and session.session_key is None
        and not session.modified
    ):
        session.accessed = False


class _NotShared(Exception):
    """A response that must not be cached whole (not a 200): handed back as it is."""

    def __init__(self, response: HttpResponse) -> None:
        super().__init__()
        self.response = response


def _stored(response: HttpResponse) -> tuple[bytes, str, str]:
    if response.status_code != 200 or response.streaming:
        raise _NotShared(response)
    return (
        response.content,
        response.get("Content-Type", ""),
        response.get("Content-Disposition", ""),
    )


def _replayed(stored: tuple[bytes, str, str]) -> HttpResponse:
    content, content_type, disposition = stored
    response = HttpResponse(content, content_type=content_type)
    if disposition:
        response["Content-Disposition"] = disposition
    # Browsers and proxies ask again every time: a hidden round disappears at once.
    add_never_cache_headers(response)
    return response


def cache_public_page(
    allowed: frozenset[str], canonical: Callable[[HttpRequest], bool] = lambda r: True
) -> Callable[[View], View]:
    """Cache a public view ``view(request, club_slug, contest_slug, ...)`` whole for the
    requests :func:`shared_page_request` accepts and ``canonical`` finds in their canonical form
    (junk parameters cannot fill the cache), stamped with the contest's version.

    One round trip serves a cached page: ``get_many`` of the two version counters and of the
    page (stored with the version it was built under); a page whose version is not the current
    one is never served. A new version is built once (:func:`render_once`) for every caller.
    """

    def decorator(view: View) -> View:
        @functools.wraps(view)
        def wrapper(
            request: HttpRequest, club_slug: str, contest_slug: str, *args: Any, **kwargs: Any
        ) -> HttpResponse:
            def run() -> HttpResponse:
                return view(request, club_slug, contest_slug, *args, **kwargs)

            if not (
                shared_page_request(request, allowed) and canonical(request) and versions.shared()
            ):
                return run()
            page_key = make_key(
                "public-page", request.get_host(), request.get_full_path(), get_language()
            )
            counters = versions.counter_keys(club_slug, contest_slug)
            try:
                got = cache.get_many([*counters, page_key])
                version = versions.version_of(got, counters)
            except Exception:
                logger.warning("page cache unavailable (get_many)")
                return run()
            if version is None:
                return run()
            entry = got.get(page_key)
            if entry is not None and entry[0] == version:
                return _replayed(entry[1])

            def build() -> tuple[bytes, str, str]:
                response = run()
                forget_empty_session_access(request)
                return _stored(response)

            try:
                stored = render_once(make_key(page_key, version), build, timeout=PAGE_SECONDS)
            except _NotShared as refused:
                return refused.response
            _set(page_key, (version, stored), PAGE_SECONDS)
            return _replayed(stored)

        return wrapper

    return decorator


__all__ = [
    "cache_public_page",
    "forget_empty_session_access",
    "make_key",
    "render_once",
    "shared_page_request",
]
