"""Every write of the seasons app, one module per use case.

``season`` (a season created, its information and rules, a circuit's clubs, a contest put in or
taken out, the final and its qualification rule; and where a contest stands in its season) and
``final`` (the final's entries created from the qualified). Callers use this package's names
(``from seasons import services; services.create_season(...)``). Each write is one
``transaction.atomic`` block locking what it changes, journaled on the contests it concerns, and
a refusal is a ``tournaments.services.ServiceError`` with a French message, answered by
``tournaments.responses`` like every other refusal.
"""

from seasons.services.final import FinalOutcome, create_final_entries, final_started
from seasons.services.season import (
    add_season_club,
    attach_contest,
    checked_rules,
    create_season,
    detach_contest,
    remove_season_club,
    season_clubs,
    season_position,
    set_final,
    takes_part,
    update_season,
)

__all__ = [
    "FinalOutcome",
    "add_season_club",
    "attach_contest",
    "checked_rules",
    "create_final_entries",
    "create_season",
    "detach_contest",
    "final_started",
    "remove_season_club",
    "season_clubs",
    "season_position",
    "set_final",
    "takes_part",
    "update_season",
]
