"""The marque: a deal's value X shared among the seats of the table, summing to zero.

This module owns ``share`` (FFT 2012, "La marque en donnes libres" and the rules at 3 and 5
players): each defender −X; the taker +X times the number of defenders (3X at four, 2X at
three, 4X alone at five) less his partner's share (at five with a called king: taker 2X,
partner X); a mort scores 0. Misères are personal (the seed page): every other player at
play pays the announcer the misère's value. ``share`` checks the sum is zero: a deal whose
marque did not balance would be an engine bug, never a player's error.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from engine.tarot.model import Deal

__all__ = ["share"]


# The taker alone against all the others (at 3 and 4, and at 5 alone without a mort): for
# each table size and taker's seat, a C-level picker that lays out (−X, (n − 1)·X) by seat.
_ALONE: Final = {
    n: tuple(itemgetter(*(int(seat == taker) for seat in range(n))) for taker in range(n))
    for n in (3, 4, 5)
}


def share(d: Deal, value: int, misere_value: int) -> tuple[int, ...]:
    """Each seat's marque for a deal of value ``value`` (X, paid by each defender)."""
    n, taker, mort, partner = d.players, d.taker, d.mort, d.partner
    scores: tuple[int, ...]
    if mort is None and (partner is None or partner == taker):
        scores = _ALONE[n][taker]((-value, (n - 1) * value))
    else:
        seats = [-value] * n
        _share_at_five(seats, taker, partner, mort, value)
        scores = tuple(seats)
    if d.miseres:
        seats = list(scores)
        _add_miseres(d, seats, misere_value)
        scores = tuple(seats)
    if sum(scores):  # the rule's own check; a bug if it ever fails
        raise AssertionError(f"tarot marque does not add up to zero: {scores}")
    return scores


def _share_at_five(
    scores: list[int], taker: int, partner: int | None, mort: int | None, value: int
) -> None:
    """A table of five: a called partner (taker 2X, partner X), or a mort who scores 0."""
    if partner == taker:
        partner = None
    defenders = len(scores) - 1 - (mort is not None) - (partner is not None)
    if mort is not None:
        scores[mort] = 0
    if partner is not None:
        scores[partner] = value
        scores[taker] = (defenders - 1) * value
    else:
        scores[taker] = defenders * value


def _add_miseres(d: Deal, scores: list[int], value: int) -> None:
    playing = [seat for seat in range(d.players) if seat != d.mort]
    for seat, _kind in d.miseres:
        for other in playing:
            scores[other] -= value
        scores[seat] += value * len(playing)
