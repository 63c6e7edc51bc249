"""The organiser's data up to the draw, one module per job, re-exported here.

Clubs, their members and players (``clubs``), contests (``contests``; a contest's season is
the ``seasons`` app's model), who plays in them (``entries``: teams, solo players,
replacements), the play itself (``rounds``: phases, rounds, tables, solo byes) and its history
(``audit``: draw edits, the journal). Every model is importable from ``tournaments.models`` as
before. These models must not know about score sheets, standings or seasons (the apps above
build on them, never the reverse). Writes go through ``tournaments.services``; the rules of
the data live in each model's ``Meta`` constraints.
"""

from tournaments.models.audit import AuditEvent, RoundEdit
from tournaments.models.clubs import Club, Membership, Player, PlayerClub, PlayerQuerySet, name_key
from tournaments.models.contests import Contest
from tournaments.models.entries import Entry, Replacement, SoloEntry
from tournaments.models.rounds import Phase, Round, SoloBye, Table

__all__ = [
    "AuditEvent",
    "Club",
    "Contest",
    "Entry",
    "Membership",
    "Phase",
    "Player",
    "PlayerClub",
    "PlayerQuerySet",
    "Replacement",
    "Round",
    "RoundEdit",
    "SoloBye",
    "SoloEntry",
    "Table",
    "name_key",
]
