"""Organiser pages of the tournaments app. Every object is fetched through ``tournaments.access``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Club, Contest, Membership


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """The clubs this user belongs to, with their contests (newest first)."""
    memberships = (
        Membership.objects.filter(user=request.user).select_related("club").order_by("club__name")
    )
    clubs: list[tuple[Club, str, list[Contest]]] = []
    for membership in memberships:
        contests = list(membership.club.contests.all()[:20])
        clubs.append((membership.club, membership.get_role_display(), contests))
    return render(request, "tournaments/dashboard.html", {"clubs": clubs})
