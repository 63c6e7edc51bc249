"""A moved address: the old route answers a permanent redirect to the page's new address.

This module owns ``moved(old_route, name)``, the one way to keep an address a person may have
printed, bookmarked or shared (a table's QR link, a public page, the projector) working when
its page moves: the old route's values are handed to the named URL, the query string is kept,
and the answer is a 301, so browsers and search engines learn the new address. A POST (a form
of a page opened before the move) gets a 308 instead, which repeats it, body and all, at the
new address: a 301 would turn it into a GET, refused by a POST-only action.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.urls import URLPattern, path, reverse

__all__ = ["moved"]


def moved(old_route: str, name: str) -> URLPattern:
    """A pattern for ``old_route`` redirecting permanently to the URL named ``name``.

    The old route's parameters must be the new URL's, by name (``<int:round_number>``…).
    """

    def redirect(request: HttpRequest, **kwargs: object) -> HttpResponsePermanentRedirect:
        url = reverse(name, kwargs=kwargs)
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirect(
            f"{url}?{query}" if query else url,
            preserve_request=request.method not in ("GET", "HEAD"),
        )

    return path(old_route, redirect)
