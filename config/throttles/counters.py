"""Counters in the cache for throttling, the client's address, and the throttle of table links.

A counter lives for one window from its first hit (``cache.add`` creates it atomically, then
``incr`` counts without resetting the window), shared between web processes when the cache is
Redis, where counting costs two round trips (``cache.add`` then ``cache.incr``). A *growing delay*
(``penalise``/``waiting``) is a key that lives for a delay which doubles with every mistake past
an allowance, up to a cap: the client is asked to wait, then gets one more try.

Table links are unguessable (192-bit tokens): that is the wall. Their short links
(``/t/K7QF-M2XA``, 40 bits, typed by a player whose camera fails) are not: for them the wall is
40 bits *with* this throttle, which counts a wrong short code exactly like a wrong table link.
The throttle must never turn a hall away, where every phone shares one address (a NAT, a 4G router, the reverse proxy):

* a valid, existing link is always served: the throttle only ever changes the answer to a
  request that the view already answered 404 (a wrong or dead link), never the answer to a
  valid one, whatever other links did before;
* wrong links are counted per device (the ``atout_device`` cookie the table page sets) and, with
  a much larger allowance, per address (a client dropping its cookies); the same wrong link
  asked again (a reload, a poll) counts once; past the allowance the wrong links of that device
  or address get a French 429 for a delay that doubles with each further mistake
  (``Retry-After`` says how long);
* a table page left open on a dead link (its link was renewed) stops polling: the poll of a
  dead link gets htmx's "stop polling" status, 286, with a French message in place of the
  scoreboard (and no poll trigger), never a 404 that htmx would repeat every 15 s;
* the runaway cap (requests per link per window) is counted per link *and device* (per link and
  address for a client without the cookie), so one holder of a printed QR code cannot use up
  the link for the other phones of that table.

The client's address is ``REMOTE_ADDR``, or with ``TRUSTED_PROXY_HOPS`` = N (behind N reverse
proxies that each append to ``X-Forwarded-For``) the N-th address from the right of that header:
the left part is written by the client and never trusted.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import uuid
from collections.abc import Callable, Iterable

from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.base import BaseCache
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

# A table link, or its short link ``/t/<code>/`` (``scoring.table.urls``): a wrong short code
# is a wrong table link, counted and delayed the same way.
TABLE_LINK = re.compile(r"^/(?:table/r\d+/t\d+|t)/(?P<token>[^/]+)/")
# The device cookie the table page sets (scoring.sheet.views.DEVICE_COOKIE), read here as an
# opaque id.
DEVICE_COOKIE = "atout_device"
_DEVICE_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")

# Wrong table links a device may open before the growing delay starts: far above typing
# mistakes and renewed links.
MAX_BAD_LINKS_PER_DEVICE = 20
# Wrong table links an address may open (every phone of a hall shares one): only a client
# dropping its cookie to escape the per-device count gets near it.
MAX_BAD_LINKS_PER_ADDRESS = 300
BAD_LINKS_WINDOW_SECONDS = 60 * 60
# The growing delay for wrong links: 5 s, 10 s, 20 s... up to 10 minutes.
BAD_LINK_FIRST_DELAY_SECONDS = 5
BAD_LINK_MAX_DELAY_SECONDS = 10 * 60
# Requests one device may make on one table link per window: a game is a few dozen, a page
# polling every 15 s forty; this stops a loop.
MAX_REQUESTS_PER_LINK = 1000
WINDOW_SECONDS = 10 * 60

# htmx stops polling an element whose poll is answered with this status (and swaps the body).
HTMX_STOP_POLLING = 286


def client_address(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or the right-most untrusted X-Forwarded-For hop.

    With ``settings.TRUSTED_PROXY_HOPS`` = N > 0 (N reverse proxies, each appending the address
    it received the request from), the client is the N-th entry from the right; a shorter
    header (a request that did not cross every proxy) gives its left-most entry, a missing or
    malformed one REMOTE_ADDR.
    """
    remote = str(request.META.get("REMOTE_ADDR") or "unknown")
    hops = int(getattr(settings, "TRUSTED_PROXY_HOPS", 0) or 0)
    if hops <= 0:
        return remote
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    chain = [part.strip() for part in forwarded.split(",") if part.strip()]
    if not chain:
        return remote
    candidate = chain[-hops] if len(chain) >= hops else chain[0]
    try:
        return str(ipaddress.ip_address(candidate.strip("[]")))
    except ValueError:
        return remote


def device_of(request: HttpRequest) -> str:
    """The table device cookie's value, or "" (absent or malformed)."""
    value = str(request.COOKIES.get(DEVICE_COOKIE, ""))[:64]
    return value if _DEVICE_RE.fullmatch(value) else ""


def key(kind: str, value: str) -> str:
    """A cache key for ``value`` (hashed: any text, any length). ``value`` is used as given:
    callers normalise it (the login throttle folds user names, tokens are case-sensitive)."""
    digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"throttle:{kind}:{digest}"


def count(counter: str) -> int:
    return int(cache.get(counter, 0) or 0)


def hit(counter: str, window: int, backend: BaseCache = cache) -> int:
    """One more hit on ``counter`` (its window starts at its first hit); its new value.

    Every request of a table link passes here: the usual case, a window already open, is one
    cache call (``incr``); only the first hit of a window also calls ``add``.
    """
    try:
        return int(backend.incr(counter))
    except ValueError:  # no window open: this is its first hit
        pass
    if backend.add(counter, 1, window):
        return 1
    return int(backend.incr(counter))  # another request opened the window meanwhile


def growing_delay(excess: int, first: int, cap: int) -> int:
    """``first`` seconds at the allowance, doubled for each mistake past it, at most ``cap``."""
    return int(min(cap, first * 2 ** min(max(excess, 0), 30)))


def waiting(blocks: Iterable[str]) -> int:
    """The longest delay among ``blocks`` still running (seconds), 0 when none is."""
    names = list(blocks)
    if not names:
        return 0
    values = cache.get_many(names).values()
    return max((int(value) for value in values if value), default=0)


def penalise(buckets: Iterable[tuple[str, int]], *, window: int, first: int, cap: int) -> int:
    """Count one mistake in each ``(name, allowance)`` bucket; a bucket at or past its allowance
    starts (or lengthens) its delay. Returns the longest delay started, 0 when none."""
    longest = 0
    for name, allowance in buckets:
        mistakes = hit(f"{name}:count", window)
        if mistakes >= allowance:
            delay = growing_delay(mistakes - allowance, first, cap)
            cache.set(f"{name}:wait", delay, delay)
            longest = max(longest, delay)
    return longest


def too_many(
    request: HttpRequest, retry_after: int = WINDOW_SECONDS, message: str = ""
) -> HttpResponse:
    body = render_to_string(
        "429.html",
        {
            "message": message
            or _("Trop de demandes sur ce lien. Patientez quelques minutes, puis réessayez.")
        },
        request=request,
    )
    response = HttpResponse(body, status=429)
    response["Retry-After"] = str(max(1, int(retry_after)))
    return response


def remember_device(request: HttpRequest, response: HttpResponse) -> None:
    """Give a client without a device cookie one (as the table page does), so that its next
    request is counted on its own instead of with every cookie-less client of its address."""
    if not device_of(request):
        response.set_cookie(
            DEVICE_COOKIE,
            uuid.uuid4().hex,
            max_age=60 * 60 * 24 * 365,
            httponly=True,
            samesite="Lax",
            secure=bool(getattr(settings, "SESSION_COOKIE_SECURE", False)),
        )


def _is_poll(request: HttpRequest) -> bool:
    """An htmx GET on a table link: the table page's poll of its state (every 15 s)."""
    return request.method == "GET" and request.headers.get("HX-Request") == "true"


def dead_link_poll(request: HttpRequest) -> HttpResponse:
    """The answer to a poll of a dead link: htmx stops polling and shows why, in French."""
    body = render_to_string("_dead_table_link.html", request=request)
    response = HttpResponse(body, status=HTMX_STOP_POLLING)
    response["Cache-Control"] = "no-store"
    return response


class TableLinkThrottleMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        match = TABLE_LINK.match(request.path_info)
        if match is None:
            return self.get_response(request)
        device = device_of(request)
        address = client_address(request)
        who = f"device:{device}" if device else f"address:{address}"
        if hit(key("link", f"{match['token']}|{who}"), WINDOW_SECONDS) > MAX_REQUESTS_PER_LINK:
            response = too_many(request, WINDOW_SECONDS)
            remember_device(request, response)
            return response
        response = self.get_response(request)
        if response.status_code != 404:
            return response
        # A wrong or dead link (the view said 404): counted, and past the allowance answered
        # 429 while its delay runs. A valid link never gets here.
        buckets = [(key("bad-link-address", address), MAX_BAD_LINKS_PER_ADDRESS)]
        if device:
            buckets.append((key("bad-link-device", device), MAX_BAD_LINKS_PER_DEVICE))
        already = waiting(f"{name}:wait" for name, _allowance in buckets)
        delay = 0
        # The same dead link asked again (a reload, a poll) is no new guess: counted once.
        if cache.add(key("missed", f"{match['token']}|{who}"), 1, BAD_LINKS_WINDOW_SECONDS):
            delay = penalise(
                buckets,
                window=BAD_LINKS_WINDOW_SECONDS,
                first=BAD_LINK_FIRST_DELAY_SECONDS,
                cap=BAD_LINK_MAX_DELAY_SECONDS,
            )
        if _is_poll(request):
            return dead_link_poll(request)
        if already:
            return too_many(
                request,
                max(delay, already),
                _(
                    "Trop de liens de table erronés depuis cet appareil ou ce réseau. "
                    "Vérifiez le lien (scannez le QR code de la table), puis réessayez dans "
                    "quelques instants."
                ),
            )
        return response
