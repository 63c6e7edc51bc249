"""The one door through which a season page gets its season: an organiser's, or the public's.

* :func:`season_for`: a season as seen from club ``club_slug`` by one of its organisers: a season
  the club owns, or a circuit it takes part in (``SeasonClub``). A participant club sees the
  season's results; every contest's own pages stay behind ``tournaments.access.contest_for``
  (its club's members only), so another club's entries, players and sheets remain out of reach.
* :func:`owned_season_for`: the same, for the owner club only (its rules, clubs and final).
* :func:`public_season`: a season marked public, for anyone.

Anyone who is not allowed gets ``Http404`` (a French sentence for the public pages), never 403,
as in ``tournaments.access``, whose :func:`~tournaments.access.club_for` checks the membership.
This module only reads.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from seasons.models import Season
from tournaments import access
from tournaments.access import ORGANISING

__all__ = ["owned_season_for", "public_season", "season_for"]


def _not_found() -> Http404:
    return Http404(_("Page introuvable."))


def season_for(
    user: Any, club_slug: str, season_id: int, *, roles: Collection[str] = ORGANISING
) -> Season:
    """Season ``season_id`` as seen from club ``club_slug`` (owned, or a circuit's)."""
    if not access.fits(season_id):
        raise _not_found()
    club = access.club_for(user, club_slug, roles=roles)
    season = (
        Season.objects.select_related("club")
        .filter(Q(club=club) | Q(memberships__club=club), pk=season_id)
        .first()
    )
    if season is None:
        raise _not_found()
    return season


def owned_season_for(
    user: Any, club_slug: str, season_id: int, *, roles: Collection[str] = ORGANISING
) -> Season:
    """Season ``season_id`` of club ``club_slug`` itself (its rules, clubs and final are the
    owner club's alone)."""
    season = season_for(user, club_slug, season_id, roles=roles)
    if season.club.slug != club_slug:
        raise _not_found()
    return season


def public_season(club_slug: str, season_id: int) -> Season:
    """Season ``season_id`` of club ``club_slug`` if it is public; else a French ``Http404``."""
    found = (
        Season.objects.select_related("club")
        .filter(pk=season_id, club__slug=club_slug, is_public=True)
        .first()
        if access.fits(season_id)
        else None
    )
    if found is None:
        raise Http404(_("Cette saison n'existe pas ou n'est pas publique."))
    return found
