"""Answer 503, quickly and in French, while the database is unreachable.

When PostgreSQL restarts in the middle of a contest, a request fails fast (the connection
timeout is a few seconds, see ``DATABASE_CONNECT_TIMEOUT``) and the player gets "réessayez dans
un instant" with ``Retry-After`` instead of a server error. Nothing was acknowledged, so nothing
is lost: the phone re-sends the same form (same client id) and the deal is recorded once.
Connections are health-checked (``CONN_HEALTH_CHECKS``), so the app recovers by itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
_UNAVAILABLE = (OperationalError, InterfaceError)


def _is_outage(exc: BaseException) -> bool:
    """A lost or refused connection, not a bad query (those stay real errors)."""
    if isinstance(exc, _UNAVAILABLE):
        return True
    return isinstance(exc, DatabaseError) and isinstance(exc.__cause__, _UNAVAILABLE)


class DatabaseOutageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not _is_outage(exception):
            return None
        logger.warning("database unavailable, answering 503: %s", exception)
        # Drop the broken connections so the next request opens fresh ones.
        for conn in connections.all(initialized_only=True):
            conn.close_if_unusable_or_obsolete()
        body = render_to_string(
            "503.html",
            {
                "message": _(
                    "Le serveur de données redémarre. Réessayez dans quelques secondes : "
                    "rien de ce qui a été confirmé n'est perdu."
                )
            },
        )
        response = HttpResponse(body, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
