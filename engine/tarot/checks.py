"""Impossible deals refused, each with its code, before a deal is scored.

This module owns ``check_deal``: the table (3 to 5 seats, the taker, the partner and the
mort where the rules have them), the contract (pousse only where the rules play it), the
card points (0 to 91 in halves; whole when four play; within what the bouts allow), the
petit au bout, the chelem, the poignées (one per player, no more trumps shown than the 21
and the excuse) and the misères. It returns the contract's multiplier and never scores.
Bounds (FFT 2012): a bout is worth 4½, so a side with b bouts has at least 4½·b points and
at most 91 − 4½·(3 − b); an écart holds neither roi nor bout (a dame at most, 3½).
"""

from __future__ import annotations

from typing import Final

from engine.tarot.cards import (
    BOUT_HALVES,
    CHIEN_SIZE,
    EXCUSE_KEPT_HALVES,
    TOTAL_HALVES,
    TRUMPS,
)
from engine.tarot.errors import EngineError
from engine.tarot.model import Contract, Deal, MisereKind, PetitTrick, Side
from engine.tarot.rules import Derived

__all__ = ["check_deal", "check_passed", "players_at_play"]

_TAKER: Final = Side.TAKER
_DEFENSE: Final = Side.DEFENSE
_LAST: Final = PetitTrick.LAST
_ECART_CARD_MAX: Final = 7  # a dame: neither roi nor bout may be discarded
_CARD_MAX: Final = 9  # a roi or a bout


def players_at_play(derived: Derived, players: int) -> int:
    """Players who play the deal: a table of five with a mort plays at four."""
    return 4 if players == 5 and derived.mort else players


def _check_players(n: int) -> None:
    if n not in (3, 4, 5):
        raise EngineError("tarot.invalid_players", "a table is 3, 4 or 5 players", {"players": n})


def check_passed(derived: Derived, d: Deal) -> None:
    """A deal every player passed: a table of 3 to 5, and the mort where it has one."""
    _check_players(d.players)
    _check_seats(derived, d.players, None, None, d.mort)


def check_deal(derived: Derived, d: Deal) -> int:
    """The contract's multiplier, once ``d`` is known possible; coded errors otherwise."""
    n, taker, halves, bouts = d.players, d.taker, d.halves, d.bouts
    # The common deal (a known table, a taker, points within what the bouts allow, no
    # chelem) is checked inline; anything else goes through the full checks, which raise the
    # right code. Every deal is checked: only the order of the tests differs.
    if (
        type(taker) is not int
        or not 0 <= taker < n
        or not (
            (d.partner is None and d.mort is None and (n == 4 or n == 3))
            or (n == 5 and _five_ok(derived, d, taker))
        )
    ):
        _check_players(n)
        _check_seats(derived, n, taker, d.partner, d.mort)
    multiplier = derived.multipliers[d.contract]
    if not multiplier:
        raise EngineError(
            "tarot.contract_not_allowed", "pousse is off", {"contract": d.contract.value}
        )
    if (
        d.chelem is not None
        or type(bouts) is not int
        or type(halves) is not int
        or not 0 <= bouts <= 3
        or not BOUT_HALVES * bouts <= halves <= TOTAL_HALVES - BOUT_HALVES * (3 - bouts)
        or (halves & 1 and (n == 4 or (n == 5 and derived.mort)))
    ):
        _check_points(derived, d)
    if d.petit_au_bout is not None or d.petit_trick is not _LAST:
        _check_petit(d)
    if d.poignees:
        _check_poignees(derived, d)
    if d.miseres:
        _check_miseres(derived, d)
    return multiplier


def _five_ok(derived: Derived, d: Deal, taker: int) -> bool:
    """A table of five as the rules play it: a partner (or none) without a mort, or a mort."""
    partner, mort = d.partner, d.mort
    if derived.mort:
        return partner is None and type(mort) is int and 0 <= mort < 5 and mort != taker
    return mort is None and (partner is None or (type(partner) is int and 0 <= partner < 5))


def _check_points(derived: Derived, d: Deal) -> None:
    """The taker's side's points and bouts, and the chelem they must agree with."""
    halves, bouts = d.halves, d.bouts
    if type(bouts) is not int or not 0 <= bouts <= 3:
        raise EngineError("tarot.bouts_out_of_range", "0 to 3 bouts", {"bouts": bouts})
    if type(halves) is not int or not 0 <= halves <= TOTAL_HALVES:
        raise EngineError(
            "tarot.points_out_of_range", "0 to 91 points", {"points": _points(halves)}
        )
    if halves & 1 and players_at_play(derived, d.players) == 4:
        raise EngineError(
            "tarot.half_point_at_four", "whole points at four", {"points": halves / 2}
        )
    if d.chelem is _TAKER:
        _check_taker_chelem(d)  # the excuse kept by the defence may leave the taker 87
        return
    if d.chelem is _DEFENSE:
        _check_defense_chelem(d)
    _check_bounds(halves, bouts)


def _points(halves: object) -> object:
    return halves / 2 if type(halves) is int else halves


def _seat_ok(seat: object, n: int) -> bool:
    return type(seat) is int and 0 <= seat < n


def _check_seats(
    derived: Derived, n: int, taker: int | None, partner: int | None, mort: int | None
) -> None:
    """Seats on the table; a partner only at five with a called king, a mort only with one."""
    for field, seat in (("taker", taker), ("partner", partner), ("mort", mort)):
        if seat is not None and not _seat_ok(seat, n):
            raise EngineError(
                "tarot.unknown_player", "no such seat", {"field": field, "player": seat}
            )
    five_with_mort = n == 5 and derived.mort
    if partner is not None and (n != 5 or five_with_mort):
        raise EngineError(
            "tarot.partner_not_allowed",
            "only a called-king deal at five has a partner",
            {"players": n, "five_players": "mort" if derived.mort else "called_king"},
        )
    if mort is not None and not five_with_mort:
        raise EngineError(
            "tarot.mort_not_allowed",
            "only a table of five playing with a mort has one",
            {"players": n, "five_players": "mort" if derived.mort else "called_king"},
        )
    if five_with_mort and mort is None:
        raise EngineError(
            "tarot.missing_field", "a table of five plays with a mort", {"field": "mort"}
        )
    if mort is not None and mort == taker:
        raise EngineError(
            "tarot.mort_plays", "the mort cannot take", {"field": "taker", "player": mort}
        )


def _check_bounds(halves: int, bouts: int) -> None:
    low, high = BOUT_HALVES * bouts, TOTAL_HALVES - BOUT_HALVES * (3 - bouts)
    if not low <= halves <= high:
        raise EngineError(
            "tarot.points_bouts_mismatch",
            "the bouts alone are worth 4½ each",
            {"points": halves / 2, "bouts": bouts, "low": low / 2, "high": high / 2},
        )


def _chelem_error(reason: str, side: Side) -> EngineError:
    return EngineError(
        "tarot.chelem_impossible", f"chelem: {reason}", {"chelem": side.value, "reason": reason}
    )


def _check_taker_chelem(d: Deal) -> None:
    """All tricks to the taker's side: every card but the excuse kept by the defence (4) and,
    at a garde contre, the chien's."""
    if d.petit_au_bout is _DEFENSE:
        raise _chelem_error("petit_au_bout", _TAKER)
    defense = TOTAL_HALVES - d.halves
    if d.contract is Contract.GARDE_CONTRE:
        ok = defense <= CHIEN_SIZE[d.players] * _CARD_MAX + EXCUSE_KEPT_HALVES
        ok = ok and (defense > 0 or d.bouts == 3)
    else:  # everything, or everything but the excuse counted 4 (FFT 2012: 87 with 2 bouts)
        ok = (defense, d.bouts) in ((0, 3), (EXCUSE_KEPT_HALVES, 2))
    if not ok:
        raise _chelem_error("points", _TAKER)


def _check_defense_chelem(d: Deal) -> None:
    """All tricks to the defence: the taker keeps his écart (or the chien at a garde sans)
    and, arbiter's reading, the excuse he played."""
    if d.petit_au_bout is _TAKER:
        raise _chelem_error("petit_au_bout", _DEFENSE)
    chien = CHIEN_SIZE[d.players]
    if d.contract is Contract.GARDE_CONTRE:
        own = 0
    elif d.contract is Contract.GARDE_SANS:
        own = chien * _CARD_MAX
    else:
        own = chien * _ECART_CARD_MAX
    if d.halves > own + BOUT_HALVES:
        raise _chelem_error("points", _DEFENSE)


def _check_petit(d: Deal) -> None:
    side = d.petit_au_bout
    if d.petit_trick is _LAST and (d.bouts > 0 if side is _TAKER else d.bouts < 3):
        return  # the side that took the petit at the last trick could hold it
    reason = None
    if side is None:
        reason = "no_petit_au_bout"  # a trick was given without a petit au bout
    elif side is _TAKER and d.bouts == 0:
        reason = "taker_has_no_bout"
    elif side is _DEFENSE and d.bouts == 3:
        reason = "taker_has_every_bout"
    elif d.chelem is not _TAKER or d.bouts != 3:  # the second-to-last trick
        reason = "second_to_last_needs_a_chelem_with_the_excuse"
    if reason is not None:
        raise EngineError(
            "tarot.petit_au_bout_impossible",
            f"petit au bout: {reason}",
            {"side": side.value if side else None, "reason": reason},
        )


def _check_poignees(derived: Derived, d: Deal) -> None:
    n, mort = d.players, d.mort
    counts = derived.poignee_trumps[4 if n == 5 and derived.mort else n]
    trumps = seen = 0  # seen: a bit per seat that showed one
    for seat, kind in d.poignees:
        if type(seat) is not int or not 0 <= seat < n or seat == mort:
            _check_holder(d, seat, "poignees")
        if seen >> seat & 1:
            raise EngineError("tarot.poignee_twice", "one poignée per player", {"player": seat})
        seen |= 1 << seat
        trumps += counts[kind]
    if trumps > TRUMPS:
        raise EngineError(
            "tarot.poignee_impossible",
            "more trumps shown than the 21 and the excuse",
            {"trumps": trumps, "available": TRUMPS},
        )


def _check_holder(d: Deal, seat: object, field: str) -> None:
    if not _seat_ok(seat, d.players):
        raise EngineError("tarot.unknown_player", "no such seat", {"field": field, "player": seat})
    if seat == d.mort:
        raise EngineError(
            "tarot.mort_plays", "the mort holds no cards", {"field": field, "player": seat}
        )


def _check_miseres(derived: Derived, d: Deal) -> None:
    if not derived.misere_value:
        raise EngineError("tarot.miseres_off", "misères are off in these rules", {})
    seen: set[tuple[int, MisereKind]] = set()
    with_poignee = {seat for seat, _ in d.poignees}
    for seat, kind in d.miseres:
        _check_holder(d, seat, "miseres")
        if (seat, kind) in seen or (kind is MisereKind.ATOUT and seat in with_poignee):
            raise EngineError(
                "tarot.misere_impossible",
                "a misère twice, or a misère d'atout with a poignée",
                {"player": seat, "kind": kind.value},
            )
        seen.add((seat, kind))
