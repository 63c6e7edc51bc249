"""A club's seasons: creating one (a name unique in the club, case aside).

Must not touch contests or players (a contest points to its season in ``contests``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, Season
from tournaments.services.base import ServiceError


@transaction.atomic
def create_season(club: Club, *, name: str, starts_on: Any = None, ends_on: Any = None) -> Season:
    name = " ".join(name.split())
    if Season.objects.filter(club=club, name__iexact=name).exists():
        raise ServiceError("season.duplicate", _("Une saison porte déjà ce nom dans ce club."))
    return Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)
