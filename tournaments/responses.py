"""The one way a tournaments view answers a refused action.

Owns the mapping from a service refusal (:class:`tournaments.services.ServiceError`) to an HTTP
status (400 for bad input, 404 for something gone, 409 for "not possible now") and the page that
says why, in French, with a link back. Must not decide anything itself nor write.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.services import ServiceError


def query_text(request: HttpRequest, name: str, limit: int = 80) -> str:
    """A search parameter of the URL, trimmed, without NUL characters (PostgreSQL refuses them
    in a query: a crafted link would otherwise answer 500)."""
    return request.GET.get(name, "").replace("\x00", "").strip()[:limit]


def status_of(exc: ServiceError) -> int:
    """The HTTP status of a refusal: the one the service chose (409 unless said otherwise)."""
    return exc.status


def refused(request: HttpRequest, message: str, back: str, status: int = 409) -> HttpResponse:
    """A page saying why an action was refused, with a link back (4xx, nothing saved)."""
    return render(
        request, "tournaments/refused.html", {"message": message, "back": back}, status=status
    )


def service_refusal(request: HttpRequest, exc: ServiceError, back: str) -> HttpResponse:
    """The refused page for a service's refusal, with its French message and status."""
    return refused(request, exc.message, back, status_of(exc))
