"""The public season pages: the standings (phone-readable) and the projector's big screen.

No login: a season marked public (``seasons.access.public_season``), 404 in French otherwise.
What they show is what the season's contests published (the stored snapshot), nothing else.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from publishing.http import french_404
from seasons.access import public_season
from seasons.views.common import dated, rules_summary, snapshot_of, table_of

__all__ = ["PROJECTOR_REFRESH", "projector", "standings"]

PROJECTOR_REFRESH = 30


@require_GET
@french_404
def standings(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """The public season standings (phone-readable; what the contests published only)."""
    found = public_season(club_slug, season_id)
    snapshot = snapshot_of(found)
    contests = [c for c in dated(snapshot.contests if snapshot else []) if c["counted"]]
    return render(
        request,
        "seasons/public.html",
        {
            "season": found,
            "snapshot": snapshot,
            "table": table_of(snapshot),
            "contests": contests,
            "rules": rules_summary(found),
            "clubs": snapshot.clubs if snapshot else [],
        },
    )


@require_GET
@french_404
def projector(request: HttpRequest, club_slug: str, season_id: int) -> HttpResponse:
    """The season standings on the hall's big screen, refreshed every 30 seconds."""
    found = public_season(club_slug, season_id)
    snapshot = snapshot_of(found)
    return render(
        request,
        "seasons/projector.html",
        {
            "season": found,
            "snapshot": snapshot,
            "table": table_of(snapshot),
            "refresh": PROJECTOR_REFRESH,
        },
    )
