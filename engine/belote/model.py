"""What one deal is and what its score is: the values of the deal-scoring API.

This module owns ``Deal`` (the facts of one deal as written on a score sheet: taker, card
points, capot, belote, announcements, bid, contre...), ``Announcement``, ``DealScore`` (each
team's points, the outcome, the litige reserve in and out) and ``BreakdownLine`` (labelled
amounts per team that add up exactly to each score; computed on demand by running the
general scoring path in "explain" mode). ``engine.belote.deal`` re-exports every name.

Words: taker (preneur) and defense; card points include the dix de der (last trick, 10);
capot = one team took all eight tricks; belote = K + Q of trump in one hand (+20); litige =
equal totals in classic, the taker's points held in reserve for a later deal; contre ×2,
surcontre ×4 or ×3; C = the contract (bid) value, M = the multiplier.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.belote.cards import Rank, Suit, Trump
from engine.belote.rules import Ruleset

__all__ = [
    "LABELS",
    "SEQ_LENGTH",
    "Announcement",
    "AnnouncementKind",
    "BreakdownLine",
    "Contract",
    "Deal",
    "DealKind",
    "DealScore",
    "Outcome",
    "Team",
]


class Team(StrEnum):
    A = "A"
    B = "B"

    @property
    def other(self) -> Team:
        return _B if self is _A else _A


# Read by ``other`` (module globals are much faster to read than enum members).
_A: Final = Team.A
_B: Final = Team.B


class DealKind(StrEnum):
    PLAYED = "played"
    VOID = "void"  # all passed: no score, not counted in a game of N deals
    PENALTY = "penalty"  # renonce, misdeal...: points to the opponents of the penalised team


class Contract(StrEnum):
    """Contrée/coinche contract kinds: a number bid, capot (all 8 tricks), or générale."""

    POINTS = "points"
    CAPOT = "capot"
    GENERALE = "generale"


class AnnouncementKind(StrEnum):
    TIERCE = "tierce"
    QUARTE = "quarte"
    QUINTE = "quinte"  # five cards or more ("cent")
    CARRE = "carre"


class Outcome(StrEnum):
    MADE = "made"
    CAPOT = "capot"  # made, the taker's team took all eight tricks
    FAILED = "failed"  # dedans / chute
    FAILED_CAPOT = "failed_capot"  # failed, and the defense took all eight tricks
    LITIGE = "litige"  # classic tie with the litige rule: the taker's points are in reserve
    SPLIT = "split"  # litige on the last deal, scored "each team its own points"
    VOID = "void"
    PENALTY = "penalty"


SEQ_LENGTH: Final = {
    AnnouncementKind.TIERCE: 3,
    AnnouncementKind.QUARTE: 4,
    AnnouncementKind.QUINTE: 5,
}


@dataclass(frozen=True, slots=True)
class Announcement:
    """One announcement as declared: a sequence (suit + top card) or a carré (rank).

    ``rank`` is the top card of a sequence or the rank of a carré. ``length`` is only needed
    for a quinte of more than five cards (6, 7 or 8). Who scores it is decided by the rules.
    """

    team: Team
    kind: AnnouncementKind
    rank: Rank
    suit: Suit | None = None
    length: int | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """What a score sheet records for one deal.

    Card points (dix de der included) are given for team A and/or B; one side may be left
    out and is derived (162 − the other; on a capot the capot team has all of them). Leave
    both out on a capot. ``capot`` is the team that won all eight tricks. ``belote`` is the
    team holding belote-rebelote; at tout-atout, ``ta_belotes`` gives the number of belotes
    per team (A, B) instead. ``dix_de_der``, if known, only splits the breakdown.

    Contrée/coinche: ``bid`` is the number bid (80..., or None for a capot/générale),
    ``contract`` says whether it is a number, a capot or a générale, ``contre`` and
    ``surcontre`` the doubles. ``solo_capot`` (générale only) is False when the taking team
    took all the tricks but not its bidder alone. Penalty deals give ``penalised``.
    """

    taker: Team | None = None
    trump: Trump | None = None  # None: a suit, not recorded
    points_a: int | None = None
    points_b: int | None = None
    capot: Team | None = None
    belote: Team | None = None
    ta_belotes: tuple[int, int] | None = None
    dix_de_der: Team | None = None
    announcements: tuple[Announcement, ...] = ()
    announcement_priority: Team | None = None
    bid: int | None = None
    contract: Contract = Contract.POINTS
    contre: bool = False
    surcontre: bool = False
    solo_capot: bool = True
    kind: DealKind = DealKind.PLAYED
    penalised: Team | None = None


@dataclass(frozen=True, slots=True)
class BreakdownLine:
    """One labelled amount of a team's deal score. A team's lines add up to its score.

    ``code`` is stable (the UI translates it): cards, dix_de_der, capot, whole_deal, failure,
    belote, announcements, contract, multiplier, rounding, litige_reserve, penalty.
    """

    team: Team
    code: str
    points: int

    @property
    def label(self) -> str:
        """A neutral English label (developers and the CLI; the UI translates ``code``)."""
        return LABELS.get(self.code, self.code)


LABELS: Final = {
    "cards": "card points",
    "dix_de_der": "dix de der (last trick)",
    "capot": "capot bonus",
    "whole_deal": "whole deal to the winner of a doubled contract",
    "failure": "failed contract: points to the defense",
    "belote": "belote-rebelote",
    "announcements": "announcements",
    "contract": "contract (bid)",
    "multiplier": "contre/surcontre multiplier",
    "rounding": "rounding",
    "litige_reserve": "litige reserve",
    "penalty": "penalty",
}


# The general scoring path in "explain" mode: (rules, deal, carry_in, last_deal, lines out).
Explainer = Callable[[Ruleset, "Deal", int, bool, list[BreakdownLine]], object]


@dataclass(frozen=True, slots=True)
class DealScore:
    """The score of one deal.

    ``contract_made`` is None when no contract was judged (litige, void, penalty).
    ``carry_in`` is the litige reserve before this deal, ``carry_out`` after it.
    ``breakdown`` lists labelled lines per team that add up exactly to each score.
    """

    score_a: int
    score_b: int
    outcome: Outcome
    contract_made: bool | None
    carry_in: int
    carry_out: int
    # What the breakdown is recomputed from: the rules, the deal, whether it was the last deal,
    # and the scoring path that explains it (passed in, so this module imports no step).
    context: tuple[Ruleset, Deal, bool, Explainer]

    def score(self, team: Team) -> int:
        return self.score_a if team is Team.A else self.score_b

    @property
    def scores(self) -> dict[Team, int]:
        return {Team.A: self.score_a, Team.B: self.score_b}

    @property
    def breakdown(self) -> tuple[BreakdownLine, ...]:
        rules, deal, last_deal, explain = self.context
        lines: list[BreakdownLine] = []
        explain(rules, deal, self.carry_in, last_deal, lines)
        return tuple(lines)

    @property
    def reserve_collected(self) -> tuple[Team | None, int]:
        """The team that collected the litige reserve on this deal, and how much."""
        for line in self.breakdown:
            if line.code == "litige_reserve" and line.points > 0:
                return line.team, line.points
        return None, 0
