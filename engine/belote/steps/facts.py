"""The first step of scoring a played deal: check what the sheet says and read its numbers.

This module owns the validation of a played deal (every impossible deal raises an
``EngineError`` with a stable ``deal.*`` code, in a fixed order so that a deal with several
faults always gets the same code) and ``Facts``: the deal seen from the taker's side (card
points, belote and announcement points of taker and defense, who took all the tricks, the
rounding that applies). The variant steps (``classic``, ``contract``) only read ``Facts``.
"""

from __future__ import annotations

from engine.belote.cards import DEAL_TOTAL, TOUT_ATOUT_CLASSIC_TOTAL, Trump, tout_atout_to_162
from engine.belote.model import Deal, Team
from engine.belote.rules import Rounding, Ruleset
from engine.belote.steps.announcements import announcement_points
from engine.belote.steps.common import (
    _A,
    _CAPOT_TEST_OPPONENTS_NO_POINTS,
    _CONTRACT_GENERALE,
    _GENERALE_SCORING_OFF,
    _POINTS,
    _ROUNDING_NONE,
    _SANS_ATOUT,
    _TOUT_ATOUT,
    _TOUT_ATOUT_POINTS_RAW_258,
    err,
)

__all__ = ["Facts", "read_facts"]


class Facts:
    """A played deal from the taker's side: t = taker, d = defense (plain slots, no checks).

    ``ct``/``cd`` card points (out of 162), ``bt``/``bd`` belote points, ``at``/``ad``
    announcement points as scored, ``t_capot``/``d_capot`` who took all eight tricks, ``rnd``
    the rounding of this deal (none on a last deal scored exactly).
    """

    __slots__ = ("ad", "at", "bd", "bt", "cd", "ct", "d_capot", "rnd", "t_capot", "taker")
    taker: Team
    ct: int
    cd: int
    bt: int
    bd: int
    at: int
    ad: int
    t_capot: bool
    d_capot: bool
    rnd: Rounding


def read_facts(rules: Ruleset, deal: Deal, last_deal: bool) -> Facts:
    """Validate a played deal and return its ``Facts``."""
    if deal.penalised is not None:
        raise err("deal.penalty_team_invalid", "only a penalty deal names a penalised team")
    taker = deal.taker
    if taker is None:
        raise err("deal.missing_taker", "a played deal needs a taker")
    _check_contract_shape(rules, deal)
    scale = _scale(rules, deal.trump)
    pa, pb = _card_points(deal, scale)
    capot = _capot_team(rules, deal, pa, pb, scale)
    _check_dix_de_der(deal, pa, pb, capot)
    if scale != DEAL_TOTAL:  # classic tout-atout: scale 258 → 162 (FFB 2016 §11.3)
        pa = tout_atout_to_162(pa)
        pb = DEAL_TOTAL - pa
    bel_a, bel_b = _belote_points(deal)
    ann_a = ann_b = 0
    if deal.announcements:
        ann_a, ann_b = announcement_points(rules, deal, capot)
    f = Facts()
    f.taker = taker
    if taker is _A:
        f.ct, f.cd, f.bt, f.bd, f.at, f.ad = pa, pb, bel_a, bel_b, ann_a, ann_b
    else:
        f.ct, f.cd, f.bt, f.bd, f.at, f.ad = pb, pa, bel_b, bel_a, ann_b, ann_a
    f.t_capot = capot is taker
    f.d_capot = capot is not None and not f.t_capot
    f.rnd = _ROUNDING_NONE if last_deal and rules.last_deal_exact else rules.rounding
    return f


def _check_contract_shape(rules: Ruleset, deal: Deal) -> None:
    if deal.surcontre and not deal.contre:
        raise err("deal.surcontre_without_contre", "a surcontre needs a contre")
    if rules.derived.auction:
        _check_auction_shape(rules, deal)
        return
    if deal.contract is _CONTRACT_GENERALE:
        raise err("deal.generale_without_contree", "générale is a contrée bid")
    if deal.bid is not None or deal.contract is not _POINTS:
        raise err("deal.bid_in_classic", "classic belote has no bids")
    if deal.contre:
        raise err("deal.contre_in_classic", "classic belote has no contre")


def _check_auction_shape(rules: Ruleset, deal: Deal) -> None:
    bid = deal.bid
    if deal.contract is _POINTS:
        if bid is None:
            raise err("deal.missing_bid", "a contrée deal needs a bid")
        allowed = rules.derived.allowed_bids
        if bid not in allowed:
            raise err(
                "deal.bid_out_of_range",
                "the bid is not allowed by the rules",
                bid=bid,
                allowed=sorted(allowed),
            )
    elif bid is not None:
        raise err("deal.invalid_contract", "a capot/générale contract has no number bid")
    elif deal.contract is _CONTRACT_GENERALE and rules.generale_made is _GENERALE_SCORING_OFF:
        raise err("deal.generale_disabled", "the générale is off in these rules")


def _scale(rules: Ruleset, trump: Trump | None) -> int:
    """What the sheet's card points add up to: 162, or 258 for classic raw tout-atout."""
    if trump is not _SANS_ATOUT and trump is not _TOUT_ATOUT:
        return DEAL_TOTAL
    if not rules.sans_atout_tout_atout:
        raise err("deal.trump_not_allowed", "no sans-atout/tout-atout", trump=trump.value)
    if trump is _TOUT_ATOUT and rules.tout_atout_points is _TOUT_ATOUT_POINTS_RAW_258:
        return TOUT_ATOUT_CLASSIC_TOTAL
    return DEAL_TOTAL


def _in_range(value: object, scale: int) -> bool:
    return type(value) is int and 0 <= value <= scale


def _card_points(deal: Deal, scale: int) -> tuple[int, int]:
    """Both teams' card points; a side left out is the rest of the deal (all on a capot)."""
    pa, pb = deal.points_a, deal.points_b
    if pa is None and pb is None:
        if deal.capot is None:
            raise err("deal.missing_points", "card points are missing")
        pa = scale if deal.capot is _A else 0
        return pa, scale - pa
    if pa is None:
        if not _in_range(pb, scale):
            raise err("deal.points_out_of_range", "points out of range", points_b=pb)
        assert pb is not None
        return scale - pb, pb
    if pb is None:
        if not _in_range(pa, scale):
            raise err("deal.points_out_of_range", "points out of range", points_a=pa)
        return pa, scale - pa
    if not (_in_range(pa, scale) and _in_range(pb, scale)):
        raise err("deal.points_out_of_range", "points out of range", points_a=pa, points_b=pb)
    if pa + pb != scale:
        raise err(
            "deal.points_do_not_add_up",
            "card points must add up to the deal total",
            points_a=pa,
            points_b=pb,
            total=scale,
        )
    return pa, pb


def _capot_team(rules: Ruleset, deal: Deal, pa: int, pb: int, scale: int) -> Team | None:
    capot = deal.capot
    if capot is not None:
        if (pa if capot is _A else pb) != scale:
            raise err(
                "deal.capot_without_all_points",
                "the capot team must have all card points",
                capot=capot.value,
            )
        return capot
    if rules.capot_test is _CAPOT_TEST_OPPONENTS_NO_POINTS and (pa == 0 or pb == 0):
        return Team.A if pb == 0 else Team.B
    return None


def _check_dix_de_der(deal: Deal, pa: int, pb: int, capot: Team | None) -> None:
    ddd = deal.dix_de_der
    if ddd is not None and (
        (pa if ddd is _A else pb) < 10 or (capot is not None and capot is not ddd)
    ):
        raise err("deal.dix_de_der_impossible", "that team cannot have won the last trick")


def _belote_points(deal: Deal) -> tuple[int, int]:
    """(A, B) belote points: one belote of 20, or up to four at tout-atout."""
    trump = deal.trump
    if deal.ta_belotes is not None:
        if deal.belote is not None:
            raise err("deal.belote_conflict", "give belote or ta_belotes, not both")
        na, nb = deal.ta_belotes
        if trump is not _TOUT_ATOUT:
            if trump is _SANS_ATOUT and na + nb > 0:
                raise err("deal.belote_at_sans_atout", "no belote at sans-atout")
            if na + nb > 1:
                raise err("deal.too_many_belotes", "one belote per deal", belotes=na + nb)
        if na < 0 or nb < 0 or na + nb > 4:
            raise err("deal.too_many_belotes", "at most 4 belotes", belotes=na + nb)
        return 20 * na, 20 * nb
    if deal.belote is None:
        return 0, 0
    if trump is _SANS_ATOUT:
        raise err("deal.belote_at_sans_atout", "no belote at sans-atout")
    return (20, 0) if deal.belote is _A else (0, 20)
