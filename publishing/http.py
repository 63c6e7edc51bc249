"""A French 404 page for the scoring app's views.

Views raise ``Http404`` with a French sentence saying what is missing ("Les résultats de
cette manche ne sont pas publiés."); :func:`french_404` renders that sentence in the site's
layout with status 404 instead of Django's bare English page. It never turns anything else
into a 404.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

View = Callable[..., HttpResponse]


def not_found(request: HttpRequest, message: str) -> HttpResponse:
    return render(
        request,
        "publishing/public/not_found.html",
        {"message": message or _("Page introuvable.")},
        status=404,
    )


def french_404(view: View) -> View:
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except Http404 as exc:
            return not_found(request, str(exc))

    return wrapper


__all__ = ["french_404", "not_found"]
