"""A tarot game (partie): donnes folded into per-player totals, and the table check.

This module owns ``TarotGame`` (immutable; ``apply(donne)`` returns the next one), ``fold``
and ``table_check``. A table's running totals always add up to zero, as every donne's marque
does: a paper sheet checks it by adding the bilans ("la somme des scores des 4 joueurs est
bien égale à zéro", FFT 2012, "La marque en donnes libres"), and so does ``table_check``. The
game ends by the rules' ``game_end``: never by itself (``open``: donnes libres, the contest
decides), after ``donnes_per_game`` donnes played (passed donnes not counted), or once a
player's total reaches ``target`` (the seed page's 1000); the highest totals win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.tarot.donne import Donne, DonneScore, score_donne
from engine.tarot.errors import EngineError
from engine.tarot.rules import GameEnd, Ruleset

__all__ = ["TableCheck", "TarotGame", "fold", "start_game", "table_check"]


@dataclass(frozen=True, slots=True)
class TarotGame:
    """The donnes of a game so far and the running totals, per seat.

    ``scores`` are the donnes' scores in order; ``totals`` each seat's running total, from
    ``start`` (the totals of a sheet taken up, zeros otherwise);
    ``donnes_counted`` the donnes played (passed ones left out, a start's included);
    ``over`` whether the game has ended, ``ended_at`` the index of the donne that ended it,
    ``winners`` the seats with the highest total once it is over.
    """

    rules: Ruleset
    players: int
    totals: tuple[int, ...]
    scores: tuple[DonneScore, ...] = ()
    donnes_counted: int = 0
    over: bool = False
    ended_at: int | None = None
    start: tuple[int, ...] = ()  # the totals the game was taken up from

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def apply(self, donne: Donne) -> TarotGame:
        """The game after one more donne (``tarot.game_over`` once it has ended)."""
        if self.over:
            raise EngineError(
                "tarot.game_over", "the game is over", {"donne_index": len(self.scores)}
            )
        if donne.players != self.players:
            raise EngineError(
                "tarot.invalid_players",
                "a donne of another table",
                {"players": donne.players, "table": self.players},
            )
        score = score_donne(self.rules, donne)
        totals = tuple(t + s for t, s in zip(self.totals, score.scores, strict=True))
        counted = self.donnes_counted + (not donne.passed)
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
    if rules.game_end is GameEnd.DONNES:
        return counted >= rules.donnes_per_game
    if rules.game_end is GameEnd.TARGET:
        return max(totals) >= rules.target
    return False


def start_game(
    rules: Ruleset, players: int, totals: Sequence[int] | None = None, donnes_counted: int = 0
) -> TarotGame:
    """A game taken up from a sheet: these totals (adding up to zero), this many donnes."""
    start = tuple(totals) if totals is not None else (0,) * players
    if len(start) != players or any(type(t) is not int for t in start) or sum(start) != 0:
        raise EngineError(
            "tarot.invalid_start",
            "totals: one whole number per player, adding up to zero",
            {"field": "totals"},
        )
    if type(donnes_counted) is not int or donnes_counted < 0:
        raise EngineError(
            "tarot.invalid_start",
            "donnes_counted: a whole number >= 0",
            {"field": "donnes_counted"},
        )
    if _ended(rules, start, donnes_counted):
        field = "donnes_counted" if rules.game_end is GameEnd.DONNES else "totals"
        raise EngineError("tarot.invalid_start", "the game would already be over", {"field": field})
    return TarotGame(rules, players, start, (), donnes_counted, start=start)


def fold(rules: Ruleset, players: int, donnes: Iterable[Donne]) -> TarotGame:
    """Fold donnes into a game from zero (``tarot.game_over`` for a donne after the end)."""
    game = start_game(rules, players)
    for donne in donnes:
        game = game.apply(donne)
    return game


@dataclass(frozen=True, slots=True)
class TableCheck:
    """A sheet's bilans checked: they add up to zero, and (donnes given) each is the engine's.

    ``differences`` is each seat's written bilan minus the engine's, None without donnes.
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
