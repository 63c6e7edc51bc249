"""A French 404 page for the public and organiser views of publishing.

Views raise ``Http404`` with a French sentence saying what is missing ("Les résultats de
cette partie ne sont pas publiés."); :func:`french_404` renders that sentence in the site's
layout with status 404 instead of Django's bare English page. It never turns anything else
into a 404.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.translation import gettext as _

View = TypeVar("View", bound=Callable[..., HttpResponseBase])


def not_found(request: HttpRequest, message: str) -> HttpResponse:
    return render(
        request,
        "publishing/public/not_found.html",
        {"message": message or _("Page introuvable.")},
        status=404,
    )


def french_404(view: View) -> View:
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        try:
            return view(request, *args, **kwargs)
        except Http404 as exc:
            return not_found(request, str(exc))

    return cast(View, wrapper)


__all__ = ["french_404", "not_found"]
