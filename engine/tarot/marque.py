"""The marque: a donne's value X shared among the seats of the table, summing to zero.

This module owns ``share`` (FFT 2012, "La marque en donnes libres" and the rules at 3 and 5
players): each defender −X; the taker +X times the number of defenders (3X at four, 2X at
three, 4X alone at five) less his partner's share (at five with a called king: taker 2X,
partner X); a mort scores 0. Misères are personal (the seed page): every other player at
play pays the announcer the misère's value. ``share`` checks the sum is zero: a donne whose
marque did not balance would be an engine bug, never a player's error.
"""

from __future__ import annotations

from engine.tarot.model import Donne

__all__ = ["share"]


def share(d: Donne, value: int, misere_value: int) -> tuple[int, ...]:
    """Each seat's marque for a donne of value ``value`` (X, paid by each defender)."""
    n, taker, mort = d.players, d.taker, d.mort
    partner = d.partner if d.partner != taker else None
    scores = [-value] * n
    defenders = n - 1 - (mort is not None) - (partner is not None)
    if mort is not None:
        scores[mort] = 0
    if partner is not None:
        scores[partner] = value
        scores[taker] = (defenders - 1) * value
    else:
        scores[taker] = defenders * value
    if d.miseres:
        _add_miseres(d, scores, misere_value)
    if sum(scores) != 0:  # the rule's own check; a bug if it ever fails
        raise AssertionError(f"tarot marque does not add up to zero: {scores}")
    return tuple(scores)


def _add_miseres(d: Donne, scores: list[int], value: int) -> None:
    playing = [seat for seat in range(d.players) if seat != d.mort]
    for seat, _kind in d.miseres:
        for other in playing:
            scores[other] -= value
        scores[seat] += value * len(playing)
