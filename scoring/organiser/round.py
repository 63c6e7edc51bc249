"""What the organiser pages of score entry share: round and sheet URLs, a sheet's state label.

The round's live page (every table's state) is ``organiser.follow``; a table's own page is
``organiser.views``. This module never writes.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from scoring import follow
from scoring.models import ScoreSheet
from tournaments import access as tournaments_access
from tournaments.models import Round

ORGANISING = tournaments_access.ORGANISING
ANY_MEMBER = tournaments_access.ANY_MEMBER


def round_url(round_: Round, name: str = "round_sheets") -> str:
    contest = round_.contest
    return reverse(
        f"scoring:{name}",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": round_.number,
        },
    )


def sheet_url(sheet: ScoreSheet, name: str = "sheet", **extra: Any) -> str:
    table = sheet.table
    contest = table.round.contest
    return reverse(
        f"scoring:{name}",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": table.round.number,
            "table_number": table.number,
            **extra,
        },
    )


def state_of(sheet: ScoreSheet) -> tuple[str, str]:
    """(css key, French label) of a sheet's state on the organiser's pages."""
    return follow.state_key(sheet.status, sheet.kind, sheet.deal_count)
