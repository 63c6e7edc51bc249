"""Who plays a round: late entries join, withdrawn teams leave (:func:`active_entrants`)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.pairing.errors import PairingError, is_int
from engine.pairing.model import EntryRecord, Roster

__all__ = ["active_entrants"]


def active_entrants(entries: Iterable[EntryRecord], round_number: int) -> Roster:
    """Who plays ``round_number``: late entries join the next round, withdrawn teams leave.

    ``late_entries`` are the teams joining in this round (after round 1); ``withdrawals`` the
    teams that played before and withdrew after the previous round. Ids come out sorted.
    """
    if not is_int(round_number) or round_number < 1:
        raise PairingError("pairing.invalid_round", round_number=round_number)
    seen: set[int] = set()
    active: list[int] = []
    late: list[int] = []
    gone: list[int] = []
    for entry in entries:
        if entry.team in seen:
            raise PairingError("pairing.duplicate_entrant", team=entry.team)
        seen.add(entry.team)
        joined, left = entry.joined_round, entry.withdrawn_after_round
        if not is_int(joined) or joined < 1:
            raise PairingError(
                "pairing.inconsistent_roster", team=entry.team, reason="joined_round"
            )
        if left is not None and (not is_int(left) or left < joined - 1):
            raise PairingError(
                "pairing.inconsistent_roster", team=entry.team, reason="withdrawn_before_joining"
            )
        if joined <= round_number and (left is None or round_number <= left):
            active.append(entry.team)
            if joined == round_number and round_number > 1:
                late.append(entry.team)
        elif left is not None and left == round_number - 1 and left >= joined:
            gone.append(entry.team)
    return Roster(round_number, tuple(sorted(active)), tuple(sorted(late)), tuple(sorted(gone)))
