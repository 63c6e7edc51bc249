"""A validated CSV import written as teams (players found or created in the club).

Must not parse files (``tournaments.csv_import`` does, and validates every row first).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from tournaments.models import Contest, Entry
from tournaments.services.base import lock_contest
from tournaments.services.entries import EntryValues, add_entry
from tournaments.services.players import get_or_create_player


def import_entries(contest: Contest, rows: Iterable[Any]) -> list[Entry]:
    """Register the validated rows of a CSV import in one transaction (all or nothing).

    Each row has ``player1``/``player2`` as ``(first_name, last_name, licence)``, ``name``,
    ``home_club``, ``paid``, ``checked_in``.
    """
    created: list[Entry] = []
    with transaction.atomic():
        lock_contest(contest)
        for row in rows:
            p1, _new1 = get_or_create_player(contest.club, *row.player1)
            p2, _new2 = get_or_create_player(contest.club, *row.player2)
            created.append(
                add_entry(
                    contest,
                    EntryValues(
                        player1=p1,
                        player2=p2,
                        name=row.name,
                        home_club=row.home_club,
                        paid=row.paid,
                        checked_in=row.checked_in,
                    ),
                )
            )
    return created
