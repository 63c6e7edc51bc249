"""The former addresses of the organiser's season pages, answered with a permanent redirect.

Until the seasons app, the organiser's season pages lived under ``/orga/<club>/saisons/<id>/…``
(served by tournaments and publishing); they are now under ``/orga/saisons/<club>/<id>/…``. A
bookmark, a printed page or an open tab still lands on the same page: GET and HEAD get a 301
to the new address (query string kept); a form posted from a page opened before the move gets a
308, which repeats the POST, body and all, at the new address. Like every organiser URL, a
former address answers 404 to anyone who is not an organiser of the club (login first for an
anonymous visitor), so it reveals nothing a stranger could not learn at the new one.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import access

__all__ = ["moved"]


def moved(name: str) -> Any:
    """The view of a former address whose page is now ``seasons:<name>``."""

    @access.organiser_view("GET", "HEAD", "POST")
    def view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
        if not access.fits(*(v for v in kwargs.values() if isinstance(v, int))):
            raise Http404(_("Page introuvable."))  # an id no season can have
        url = reverse(f"seasons:{name}", kwargs=kwargs)
        if request.META.get("QUERY_STRING"):
            url += "?" + request.META["QUERY_STRING"]
        return HttpResponsePermanentRedirect(
            url, preserve_request=request.method not in ("GET", "HEAD")
        )

    view.__name__ = view.__qualname__ = f"moved_to_{name}"
    return view
