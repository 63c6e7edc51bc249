"""Public pages of the tournaments app: no login, published information only."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Contest


def home(request: HttpRequest) -> HttpResponse:
    """Atout's front page: the public contests, running ones first."""
    contests = (
        Contest.objects.filter(is_public=True)
        .exclude(status=Contest.Status.DRAFT)
        .select_related("club")
        .order_by("-date", "name")[:50]
    )
    return render(request, "home.html", {"contests": contests})
