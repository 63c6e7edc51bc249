"""A tarot game (manche): deals folded into per-player totals, and the table check.

This module owns ``TarotGame`` (immutable; ``apply(deal)`` returns the next one), ``fold``
and ``table_check``. A table's running totals always add up to zero, as every deal's marque
does: a paper sheet checks it by adding the bilans ("la somme des scores des 4 joueurs est
bien égale à zéro", FFT 2012, "La marque en donnes libres"), and so does ``table_check``. The
game ends by the rules' ``game_end``: never by itself (``open``: donnes libres, the contest
decides), after ``deals_per_game`` deals played (passed deals not counted), or once a
player's total reaches ``target`` (the seed page's 1000); the highest totals win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.tarot.deal import Deal, DealScore, score_deal
from engine.tarot.errors import EngineError
from engine.tarot.rules import GameEnd, Ruleset

__all__ = ["TableCheck", "TarotGame", "fold", "start_game", "table_check"]


@dataclass(frozen=True, slots=True)
class TarotGame:
    """The deals of a game so far and the running totals, per seat.

    ``scores`` are the deals' scores in order; ``totals`` each seat's running total, from
    ``start`` (the totals of a sheet taken up, zeros otherwise);
    ``deals_counted`` the deals played (passed ones left out, a start's included);
    ``over`` whether the game has ended, ``ended_at`` the index of the deal that ended it,
    ``winners`` the seats with the highest total once it is over.
    """

    rules: Ruleset
    players: int
    totals: tuple[int, ...]
    scores: tuple[DealScore, ...] = ()
    deals_counted: int = 0
    over: bool = False
    ended_at: int | None = None
    start: tuple[int, ...] = ()  # the totals the game was taken up from

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def apply(self, deal: Deal) -> TarotGame:
        """The game after one more deal (``tarot.game_over`` once it has ended)."""
        if self.over:
            raise EngineError(
                "tarot.game_over", "the game is over", {"deal_index": len(self.scores)}
            )
        if deal.players != self.players:
            raise EngineError(
                "tarot.invalid_players",
                "a deal of another table",
                {"players": deal.players, "table": self.players},
            )
        score = score_deal(self.rules, deal)
        totals = tuple(t + s for t, s in zip(self.totals, score.scores, strict=True))
        counted = self.deals_counted + (not deal.passed)
        over = _ended(self.rules, totals, counted)
        return TarotGame(
            self.rules,
            self.players,
            totals,
            (*self.scores, score),
            counted,
            over,
            len(self.scores) if over else None,
            self.start,
        )


def _ended(rules: Ruleset, totals: Sequence[int], counted: int) -> bool:
    if rules.game_end is GameEnd.DEALS:
        return counted >= rules.deals_per_game
    if rules.game_end is GameEnd.TARGET:
        return max(totals) >= rules.target
    return False


def start_game(
    rules: Ruleset, players: int, totals: Sequence[int] | None = None, deals_counted: int = 0
) -> TarotGame:
    """A game taken up from a sheet: these totals (adding up to zero), this many deals."""
    start = tuple(totals) if totals is not None else (0,) * players
    if len(start) != players or any(type(t) is not int for t in start) or sum(start) != 0:
        raise EngineError(
            "tarot.invalid_start",
            "totals: one whole number per player, adding up to zero",
            {"field": "totals"},
        )
    if type(deals_counted) is not int or deals_counted < 0:
        raise EngineError(
            "tarot.invalid_start",
            "deals_counted: a whole number >= 0",
            {"field": "deals_counted"},
        )
    if _ended(rules, start, deals_counted):
        field = "deals_counted" if rules.game_end is GameEnd.DEALS else "totals"
        raise EngineError("tarot.invalid_start", "the game would already be over", {"field": field})
    return TarotGame(rules, players, start, (), deals_counted, start=start)


def fold(rules: Ruleset, players: int, deals: Iterable[Deal]) -> TarotGame:
    """Fold deals into a game from zero (``tarot.game_over`` for a deal after the end)."""
    game = start_game(rules, players)
    for deal in deals:
        game = game.apply(deal)
    return game


@dataclass(frozen=True, slots=True)
class TableCheck:
    """A sheet's bilans checked: they add up to zero, and (deals given) each is the engine's.

    ``differences`` is each seat's written bilan minus the engine's, None without deals.
    """

    consistent: bool
    total: int
    differences: tuple[int, ...] | None


def table_check(bilans: Sequence[int], expected: Sequence[int] | None = None) -> TableCheck:
    """The paper sheet's check: the bilans add up to zero (and match ``expected`` if given)."""
    total = sum(bilans)
    diffs = None
    if expected is not None:
        diffs = tuple(b - e for b, e in zip(bilans, expected, strict=True))
    return TableCheck(total == 0 and not any(diffs or ()), total, diffs)
