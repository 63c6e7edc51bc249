"""Counters in the cache for throttling, and the throttle of table links.

A counter lives for one window from its first hit (``cache.add`` creates it atomically, then
``incr`` counts without resetting the window), shared between web processes when the cache is
Redis, where the two counters of a table request cost one round trip (``read_and_count``).
Table links are unguessable (192-bit tokens); the throttle is a second wall: an address that
keeps hitting wrong links, or a runaway client hammering one link, gets a 429 in French until
the window ends.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from django.core.cache import cache, caches
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from config.cache import ResilientRedisCache

TABLE_LINK = re.compile(r"^/table/r\d+/t\d+/(?P<token>[^/]+)/")
# Wrong table links an address may try per window: far above typing mistakes.
MAX_BAD_LINKS_PER_ADDRESS = 60
# Requests one table link may make per window: a game is a few dozen; this stops a loop.
MAX_REQUESTS_PER_LINK = 1000
WINDOW_SECONDS = 10 * 60


def client_address(request: HttpRequest) -> str:
    """The client's address as seen by Django (REMOTE_ADDR; the proxy must set it)."""
    return str(request.META.get("REMOTE_ADDR", "unknown"))


def key(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.strip().casefold().encode()).hexdigest()[:32]
    return f"throttle:{kind}:{digest}"


def count(counter: str) -> int:
    return int(cache.get(counter, 0))


def hit(counter: str, window: int) -> None:
    if not cache.add(counter, 1, window):
        try:
            cache.incr(counter)
        except ValueError:  # expired between add() and incr()
            cache.set(counter, 1, window)


def read_and_count(read: str, counted: str, window: int) -> tuple[int, int]:
    """The counter ``read``, and ``counted`` after one more hit: one round trip on Redis."""
    backend = caches["default"]
    if isinstance(backend, ResilientRedisCache):
        return backend.read_and_count(read, counted, window)
    hit(counted, window)
    return count(read), count(counted)


def too_many(request: HttpRequest) -> HttpResponse:
    body = render_to_string(
        "429.html",
        {"message": _("Trop de demandes sur ce lien. Patientez quelques minutes, puis réessayez.")},
        request=request,
    )
    response = HttpResponse(body, status=429)
    response["Retry-After"] = str(WINDOW_SECONDS)
    return response


class TableLinkThrottleMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        match = TABLE_LINK.match(request.path_info)
        if match is None:
            return self.get_response(request)
        bad = key("bad-link", client_address(request))
        link = key("link", match["token"])
        bad_links, link_requests = read_and_count(bad, link, WINDOW_SECONDS)
        if bad_links >= MAX_BAD_LINKS_PER_ADDRESS or link_requests > MAX_REQUESTS_PER_LINK:
            return too_many(request)
        response = self.get_response(request)
        if response.status_code == 404:
            hit(bad, WINDOW_SECONDS)
        return response
