"""Throttled logins: the organisers' page and the Django admin's, through one form mixin.

Failures are counted in the cache (shared between web processes when ``CACHE_URL`` points at
Redis) and answered with a *growing delay* (``config.throttles.counters.penalise``): past an
allowance, the next attempt must wait 15 s, then 30 s, 1 min... up to 15 min, each evaluated
failure doubling it; an attempt made during the delay is refused (429, in French) without its
password being checked, and does not lengthen the delay. What is counted:

* per user name *and* address (10): one client guessing one account;
* per user name from anywhere (30): a guess spread over many addresses;
* per address, every user name (100): one client trying many accounts. A hall shares one
  address: a few colleagues' typing mistakes are far below it.

None of these refuses the account's owner on a *known device*: a browser where that user name
logged in before carries a signed cookie (``atout_login``) naming it, and its attempts for that
name are only counted on their own (10, then the same growing delay). So nobody can lock an
organiser out of the laptop they use, and a correct password never meets a refusal made by
someone else's failures there; a new device in the same network as the attacker waits like the
attacker. User names are keyed as Django compares them (``UsernameField``: NFKC), and
case-folded, so that look-alike and case variants share their counters.

Players never log in: they use table links.
"""

from __future__ import annotations

import hashlib
import math
import unicodedata
from typing import Any

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core import signing
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.throttles.counters import client_address, key, penalise, waiting

MAX_FAILURES_PER_USER_AND_ADDRESS = 10
MAX_FAILURES_PER_USER = 30
MAX_FAILURES_PER_ADDRESS = 100
MAX_FAILURES_PER_KNOWN_DEVICE = 10
WINDOW_SECONDS = 60 * 60  # a counter is forgotten an hour after its first failure
FIRST_DELAY_SECONDS = 15
MAX_DELAY_SECONDS = 15 * 60

KNOWN_DEVICE_COOKIE = "atout_login"
# The module's first name (config.auth), kept: a new salt would forget every known device.
_KNOWN_DEVICE_SALT = "config.auth.known-device"
_KNOWN_DEVICE_AGE = 60 * 60 * 24 * 365
_KNOWN_DEVICE_NAMES = 5  # user names one browser remembers (a club's shared laptop)


def username_key(raw: Any) -> str:
    """A user name as the throttle counts it: NFKC (as ``UsernameField``), case-folded."""
    return unicodedata.normalize("NFKC", str(raw or "")[:1000]).strip().casefold()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:20]


def _known_names(request: HttpRequest) -> list[str]:
    """The (hashed) user names the browser's signed known-device cookie lists."""
    value = request.COOKIES.get(KNOWN_DEVICE_COOKIE, "")
    if not value:
        return []
    try:
        names = signing.loads(value, salt=_KNOWN_DEVICE_SALT, max_age=_KNOWN_DEVICE_AGE)
    except signing.BadSignature:
        return []
    return [str(name) for name in names] if isinstance(names, list) else []


class Attempt:
    """One login attempt for a user name, from a client: its counters and delays."""

    def __init__(self, request: HttpRequest, username: Any) -> None:
        self.request = request
        self.user = username_key(username)
        self.address = client_address(request)
        self.known = _digest(self.user) in _known_names(request)

    def buckets(self) -> list[tuple[str, int]]:
        if self.known:
            device = _digest(request_cookie(self.request))
            return [(key("login-known", f"{self.user}|{device}"), MAX_FAILURES_PER_KNOWN_DEVICE)]
        return [
            (
                key("login-user-address", f"{self.user}|{self.address}"),
                MAX_FAILURES_PER_USER_AND_ADDRESS,
            ),
            (key("login-user", self.user), MAX_FAILURES_PER_USER),
            (key("login-address", self.address), MAX_FAILURES_PER_ADDRESS),
        ]

    def wait(self) -> int:
        return waiting(f"{name}:wait" for name, _allowance in self.buckets())

    def failed(self) -> None:
        penalise(
            self.buckets(), window=WINDOW_SECONDS, first=FIRST_DELAY_SECONDS, cap=MAX_DELAY_SECONDS
        )

    def succeeded(self) -> None:
        """The owner is back: their own client's count restarts (others' counts stay)."""
        mine = self.buckets()[:1]
        cache.delete_many([f"{name}:{part}" for name, _ in mine for part in ("count", "wait")])
        names = [n for n in _known_names(self.request) if n != _digest(self.user)]
        names = [_digest(self.user), *names][:_KNOWN_DEVICE_NAMES]
        self.request.atout_known_device = signing.dumps(names, salt=_KNOWN_DEVICE_SALT)  # type: ignore[attr-defined]


def request_cookie(request: HttpRequest) -> str:
    return str(request.COOKIES.get(KNOWN_DEVICE_COOKIE, ""))


def _delay_text(seconds: int) -> str:
    if seconds < 120:
        return ngettext("%(n)s seconde", "%(n)s secondes", seconds) % {"n": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("%(n)s minute", "%(n)s minutes", minutes) % {"n": minutes}


class ThrottledFormMixin:
    """For an ``AuthenticationForm``: refuses an attempt during its delay (before the password
    is checked), counts a wrong password, and clears the owner's count on success."""

    request: HttpRequest | None
    data: Any
    user_cache: Any

    def clean(self) -> dict[str, Any]:
        request = self.request
        if request is None:  # no request, no client to count
            return super().clean()  # type: ignore[misc]  # the stubs type AuthenticationForm.clean loosely
        attempt = Attempt(request, self.data.get("username", ""))
        delay = attempt.wait()
        if delay:
            request.atout_login_delay = delay  # type: ignore[attr-defined]
            raise ValidationError(
                _(
                    "Trop de tentatives de connexion échouées. Réessayez dans %(delay)s, ou "
                    "depuis un appareil où vous vous êtes déjà connecté."
                ),
                code="throttled",
                params={"delay": _delay_text(delay)},
            )
        try:
            cleaned: dict[str, Any] = super().clean()  # type: ignore[misc]
        except ValidationError:
            if self.user_cache is None and self.data.get("password"):
                attempt.failed()  # a wrong password (not: a right one for a refused account)
            raise
        attempt.succeeded()
        return cleaned


class ThrottledAuthenticationForm(ThrottledFormMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottledFormMixin, AdminAuthenticationForm):
    pass


def finish_login_response(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """429 and ``Retry-After`` for a refused attempt; the known-device cookie after a login."""
    delay = getattr(request, "atout_login_delay", 0)
    if delay:
        response.status_code = 429
        response["Retry-After"] = str(delay)
    known = getattr(request, "atout_known_device", "")
    if known and response.status_code in (301, 302, 303):
        response.set_cookie(
            KNOWN_DEVICE_COOKIE,
            known,
            max_age=_KNOWN_DEVICE_AGE,
            httponly=True,
            samesite="Lax",
            secure=bool(getattr(settings, "SESSION_COOKIE_SECURE", False)),
        )
    return response


class ThrottledLoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True
    authentication_form = ThrottledAuthenticationForm

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return finish_login_response(request, super().post(request, *args, **kwargs))
