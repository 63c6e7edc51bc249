"""What every deal-scoring step shares: enum members as globals, results, small helpers.

This module owns the intermediate form of a score (``Parts``: a team's labelled amounts, and
``Result``: outcome, contract made, reserve out, taker's and defense's parts), ``make`` (a
``DealScore`` built without the frozen dataclass's per-field cost), rounding, the litige
reserve movement, and ``err``.

Speed notes. Scoring a deal is a handful of additions, so its cost is Python's constant
costs, and two of them dominate:
* Reading an enum member (``Team.A``) goes through the enum class's descriptors: about ten
  times slower than reading a module global. The steps read the members below.
* A frozen dataclass is built with one ``object.__setattr__`` call per field. ``make``
  instead fills a plain twin class with the same ``__slots__`` and then turns it into a
  ``DealScore`` by assigning ``__class__``, which CPython allows between classes of identical
  slot layout. The result is an ordinary ``DealScore``.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from engine.belote.cards import Rank, Trump
from engine.belote.errors import EngineError
from engine.belote.model import (
    AnnouncementKind,
    Contract,
    Deal,
    DealKind,
    DealScore,
    Explainer,
    Outcome,
    Team,
)
from engine.belote.rules import (
    AnnouncementScoring,
    AnnouncementTie,
    BeloteOnFailure,
    BeloteWhenDoubled,
    CapotBidFailed,
    CapotBidMade,
    CapotTest,
    CardReuse,
    ContractRule,
    ContractSuccess,
    ContreeScoringMode,
    DefenseCapot,
    DoubledLoserScore,
    DoubledWinnerBase,
    FailedDefenseExtras,
    GeneraleScoring,
    LitigeLastDeal,
    LitigeReserveTo,
    MultiplierTarget,
    Rounding,
    RoundingStage,
    Ruleset,
    TieRule,
    ToutAtoutPoints,
)

_A: Final = Team.A
_B: Final = Team.B
_PLAYED: Final = DealKind.PLAYED
_POINTS: Final = Contract.POINTS
_SANS_ATOUT: Final = Trump.SANS_ATOUT
_TOUT_ATOUT: Final = Trump.TOUT_ATOUT
_MADE: Final = Outcome.MADE
_CAPOT: Final = Outcome.CAPOT
_FAILED: Final = Outcome.FAILED
_FAILED_CAPOT: Final = Outcome.FAILED_CAPOT
_LITIGE: Final = Outcome.LITIGE
_SPLIT: Final = Outcome.SPLIT
_ANNOUNCEMENT_KIND_CARRE: Final = AnnouncementKind.CARRE
_ANNOUNCEMENT_KIND_QUINTE: Final = AnnouncementKind.QUINTE
_ANNOUNCEMENT_SCORING_EACH_TEAM_OWN: Final = AnnouncementScoring.EACH_TEAM_OWN
_ANNOUNCEMENT_TIE_CANCEL: Final = AnnouncementTie.CANCEL
_ANNOUNCEMENT_TIE_FIRST_ANNOUNCED: Final = AnnouncementTie.FIRST_ANNOUNCED
_BELOTE_ON_FAILURE_KEPT_BY_HOLDER: Final = BeloteOnFailure.KEPT_BY_HOLDER
_BELOTE_ON_FAILURE_NEVER_SCORED: Final = BeloteOnFailure.NEVER_SCORED
_BELOTE_ON_FAILURE_TO_DEFENSE: Final = BeloteOnFailure.TO_DEFENSE
_BELOTE_WHEN_DOUBLED_MULTIPLIED: Final = BeloteWhenDoubled.MULTIPLIED
_BELOTE_WHEN_DOUBLED_TO_WINNER: Final = BeloteWhenDoubled.TO_WINNER
_CAPOT_BID_FAILED_FIXED_500: Final = CapotBidFailed.FIXED_500
_CAPOT_BID_MADE_AS_CONTRACT_WITHOUT_CAPOT_BONUS: Final = (
    CapotBidMade.AS_CONTRACT_WITHOUT_CAPOT_BONUS
)
_CAPOT_BID_MADE_FIXED_250: Final = CapotBidMade.FIXED_250
_CAPOT_BID_MADE_FIXED_500: Final = CapotBidMade.FIXED_500
_CAPOT_TEST_OPPONENTS_NO_POINTS: Final = CapotTest.OPPONENTS_NO_POINTS
_CARD_REUSE_CARRE_AND_SEQUENCE: Final = CardReuse.CARRE_AND_SEQUENCE
_CONTRACT_CAPOT: Final = Contract.CAPOT
_CONTRACT_GENERALE: Final = Contract.GENERALE
_CONTRACT_RULE_AT_LEAST_82: Final = ContractRule.AT_LEAST_82
_CONTRACT_RULE_AT_LEAST_DEFENSE: Final = ContractRule.AT_LEAST_DEFENSE
_CONTRACT_SUCCESS_BID_AND_MORE_THAN_DEFENSE: Final = ContractSuccess.BID_AND_MORE_THAN_DEFENSE
_CONTREE_SCORING_MODE_POINTS_ANNONCES: Final = ContreeScoringMode.POINTS_ANNONCES
_CONTREE_SCORING_MODE_POINTS_FAITS: Final = ContreeScoringMode.POINTS_FAITS
_CONTREE_SCORING_MODE_POINTS_FAITS_PLUS_DEMANDES: Final = (
    ContreeScoringMode.POINTS_FAITS_PLUS_DEMANDES
)
_DEAL_KIND_VOID: Final = DealKind.VOID
_DEFENSE_CAPOT_CAPOT_VALUE: Final = DefenseCapot.CAPOT_VALUE
_DOUBLED_LOSER_SCORE_KEEPS_OWN_POINTS: Final = DoubledLoserScore.KEEPS_OWN_POINTS
_DOUBLED_WINNER_BASE_OWN_POINTS: Final = DoubledWinnerBase.OWN_POINTS
_DOUBLED_WINNER_BASE_WHOLE_PILE: Final = DoubledWinnerBase.WHOLE_PILE
_FAILED_DEFENSE_EXTRAS_OWN_BELOTE_AND_ALL_ANNOUNCEMENTS: Final = (
    FailedDefenseExtras.OWN_BELOTE_AND_ALL_ANNOUNCEMENTS
)
_GENERALE_SCORING_FIXED_1000: Final = GeneraleScoring.FIXED_1000
_GENERALE_SCORING_FIXED_500: Final = GeneraleScoring.FIXED_500
_GENERALE_SCORING_OFF: Final = GeneraleScoring.OFF
_LITIGE_LAST_DEAL_EACH_SCORES_OWN: Final = LitigeLastDeal.EACH_SCORES_OWN
_LITIGE_RESERVE_TO_NEXT_DEAL_WINNER: Final = LitigeReserveTo.NEXT_DEAL_WINNER
_MULTIPLIER_TARGET_CONTRACT_ONLY: Final = MultiplierTarget.CONTRACT_ONLY
_MULTIPLIER_TARGET_FIXED_AMOUNT: Final = MultiplierTarget.FIXED_AMOUNT
_MULTIPLIER_TARGET_WHOLE_SCORE: Final = MultiplierTarget.WHOLE_SCORE
_OUTCOME_PENALTY: Final = Outcome.PENALTY
_OUTCOME_VOID: Final = Outcome.VOID
_RANK_KING: Final = Rank.KING
_ROUNDING_NEAREST_10_6_UP: Final = Rounding.NEAREST_10_6_UP
_ROUNDING_NONE: Final = Rounding.NONE
_ROUNDING_TAKER_ROUNDED_DEFENSE_COMPLEMENT: Final = Rounding.TAKER_ROUNDED_DEFENSE_COMPLEMENT
_ROUNDING_STAGE_FINAL_DEAL_SCORE: Final = RoundingStage.FINAL_DEAL_SCORE
_ROUNDING_STAGE_POINTS_BEFORE_CONTRACT_CHECK: Final = RoundingStage.POINTS_BEFORE_CONTRACT_CHECK
_TIE_RULE_TAKER_FAILS: Final = TieRule.TAKER_FAILS
_TIE_RULE_TAKER_SUCCEEDS: Final = TieRule.TAKER_SUCCEEDS

_TOUT_ATOUT_POINTS_RAW_258: Final = ToutAtoutPoints.RAW_258

# A team's score is a tuple of (code, points) parts; "pile" is the team's card points (or its
# capot pile), split into cards / dix de der / capot lines when explained.
Parts = tuple[tuple[str, int], ...]
points_of: Final = itemgetter(1)  # the points of a (code, points) part
# (outcome, contract made, carry_out, taker parts, defense parts)
Result = tuple[Outcome, bool | None, int, Parts, Parts]


class _DealScoreBuilder:
    """A mutable twin of ``DealScore`` (same slots, same order), only used by ``make``."""

    __slots__ = DealScore.__slots__
    score_a: int
    score_b: int
    outcome: Outcome
    contract_made: bool | None
    carry_in: int
    carry_out: int
    context: tuple[Ruleset, Deal, bool, Explainer]


def make(
    sa: int,
    sb: int,
    outcome: Outcome,
    made: bool | None,
    carry_in: int,
    carry_out: int,
    ctx: tuple[Ruleset, Deal, bool, Explainer],
) -> DealScore:
    obj = _DealScoreBuilder()
    obj.score_a = sa
    obj.score_b = sb
    obj.outcome = outcome
    obj.contract_made = made
    obj.carry_in = carry_in
    obj.carry_out = carry_out
    obj.context = ctx
    obj.__class__ = DealScore  # type: ignore[assignment]
    return obj  # type: ignore[return-value]


def err(code: str, message: str, **params: object) -> EngineError:
    return EngineError(code, message, params)


def round_to(x: int, mode: Rounding) -> int:
    """``x`` rounded to ten by ``mode`` (rules.md §2.9, §3.7)."""
    if mode is _ROUNDING_NONE:
        return x
    if mode is _ROUNDING_NEAREST_10_6_UP:
        return (x + 4) // 10 * 10
    return (x + 5) // 10 * 10  # 5 up (also the taker's rounding in the complement mode)


def collect(rules: Ruleset, carry_in: int, made: bool) -> tuple[int, int, int]:
    """Reserve movement on a decided deal: (to taker, to defense, carry_out)."""
    if not carry_in:
        return 0, 0, 0
    if made:
        return carry_in, 0, 0
    if rules.litige_reserve_to is _LITIGE_RESERVE_TO_NEXT_DEAL_WINNER:
        return 0, carry_in, 0
    return 0, 0, carry_in
