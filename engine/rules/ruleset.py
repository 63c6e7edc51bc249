"""``Ruleset``: one frozen, JSON-serialisable value holding every option of a contest.

This module owns the ``Ruleset`` dataclass (defaults: FFB 2016 classic), its validation when
it is built (so scoring never re-checks it) and the numbers derived once per ruleset for the
scoring code (``derived``: failure base, allowed bids, the classic fast path's options).
The option descriptions live in ``spec``, JSON in ``json``, presets in ``presets``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import EngineError
from engine.rules.options import (
    AnnouncementRanking,
    AnnouncementScoring,
    AnnouncementTie,
    BeloteOnFailure,
    BeloteWhenDoubled,
    BidRange,
    BothCrossRule,
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
    EndCondition,
    FailedDefenseExtras,
    FailedPoints,
    GameEnd,
    GeneraleScoring,
    LitigeLastDeal,
    LitigeReserveTo,
    MatchFormat,
    MultiplierTarget,
    RedealOnAllPass,
    Rounding,
    RoundingStage,
    SecondRoundSuit,
    TieRule,
    TimeUp,
    TournamentPairing,
    TournamentRanking,
    ToutAtoutPoints,
    Variant,
)

__all__ = ["ClassicFast", "Ruleset"]


@dataclass(frozen=True, slots=True)
class _Derived:
    """Numbers computed once per ruleset so that scoring a deal reads slots, not options."""

    auction: bool
    allowed_bids: frozenset[int]
    bid_min: int
    failure_base: int
    failure_adds_contract: bool
    fast_classic: bool  # the deal module's fast path applies (classic, no rounding...)
    # The fast path's options as plain values, None when it does not apply (see _classic).
    classic: ClassicFast | None


# The classic options the deal module's fast path reads, in this order: capot value; the
# contract needs >= 82 card points; belote counts toward the contract; the contract test on
# equal totals (1 made, -1 failed, 0 litige); belote never scored; the failing taker keeps
# its belote; the failing taker's belote goes to the defense; what a defense that took all
# tricks scores; the failure base; the defense adds its belote on a failure; the next deal's
# winner collects a litige reserve; a last-deal litige is split (each team its own points).
ClassicFast = tuple[int, bool, bool, int, bool, bool, bool, int, int, bool, bool, bool]


def _bids(bid_range: BidRange) -> tuple[int, frozenset[int]]:
    low, high = (int(x) for x in bid_range.value.split("_"))
    bids = {low}
    # After a minimum of 82, the next bids are 90, 100...: bids go up by tens.
    bids.update(range((low // 10 + 1) * 10, high + 1, 10))
    return low, frozenset(bids)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every scoring option of a contest. Defaults are the FFB 2016 classic rules.

    Build one with ``make_ruleset(preset, **overrides)`` or ``Ruleset.from_json``; an invalid
    value raises ``EngineError('rules.invalid_value')``.
    """

    variant: Variant = Variant.CLASSIC
    deal_total: int = 162
    # Classic
    capot_value: int = 252
    contract_rule: ContractRule = ContractRule.MORE_THAN_DEFENSE
    belote_counts_for_contract: bool = True
    tie_rule: TieRule = TieRule.LITIGE_CARRY
    litige_reserve_to: LitigeReserveTo = LitigeReserveTo.NEXT_SUCCESSFUL_TAKER
    litige_last_deal: LitigeLastDeal = LitigeLastDeal.SAME_AS_OTHER_DEALS
    failed_points: FailedPoints = FailedPoints.P162
    failed_defense_extras: FailedDefenseExtras = (
        FailedDefenseExtras.OWN_BELOTE_AND_ALL_ANNOUNCEMENTS
    )
    belote_on_failure: BeloteOnFailure = BeloteOnFailure.KEPT_BY_HOLDER
    defense_capot: DefenseCapot = DefenseCapot.CAPOT_VALUE
    capot_test: CapotTest = CapotTest.ALL_TRICKS
    # Announcements
    announcements: bool = False
    announcement_scoring: AnnouncementScoring = AnnouncementScoring.BEST_TEAM_ONLY
    announcement_tie: AnnouncementTie = AnnouncementTie.CANCEL
    announcement_ranking: AnnouncementRanking = AnnouncementRanking.POINTS
    card_reuse_in_announcements: CardReuse = CardReuse.FORBIDDEN
    announcements_count_for_contract: bool = True
    # Sans-atout / tout-atout
    sans_atout_tout_atout: bool = True
    tout_atout_points: ToutAtoutPoints = ToutAtoutPoints.RAW_258
    # Contrée / coinche
    contree_scoring_mode: ContreeScoringMode = ContreeScoringMode.POINTS_FAITS_PLUS_DEMANDES
    contract_success: ContractSuccess = ContractSuccess.BID_ONLY
    bid_range: BidRange = BidRange.R80_160
    min_bid_82_counts_as: int = 82
    capot_bid_value: int = 250
    capot_value_contree: int = 252
    capot_bid_made: CapotBidMade = CapotBidMade.AS_CONTRACT
    capot_bid_failed: CapotBidFailed = CapotBidFailed.AS_CONTRACT
    generale_made: GeneraleScoring = GeneraleScoring.OFF
    generale_failed: GeneraleScoring = GeneraleScoring.OFF
    contre_multiplier: int = 2
    surcontre_multiplier: int = 4
    multiplier_target: MultiplierTarget = MultiplierTarget.WHOLE_SCORE
    doubled_winner_base: DoubledWinnerBase = DoubledWinnerBase.WHOLE_PILE
    doubled_loser_score: DoubledLoserScore = DoubledLoserScore.ZERO
    belote_when_doubled: BeloteWhenDoubled = BeloteWhenDoubled.KEPT_BY_HOLDER
    # Rounding
    rounding: Rounding = Rounding.NONE
    rounding_stage: RoundingStage = RoundingStage.POINTS_AFTER_CONTRACT_CHECK
    last_deal_exact: bool = False
    # Penalties (renonce, misdeal): points to the opponents
    penalty_points: int = 162
    penalty_adds_contract: bool = False
    # End of a game
    game_end: GameEnd = GameEnd.TARGET
    target: int = 1000
    deals_per_game: int = 12
    end_condition: EndCondition = EndCondition.REACH
    both_cross_rule: BothCrossRule = BothCrossRule.HIGHER_WINS_TIE_EXTRA_DEAL
    capot_belote_cannot_finish: bool = True
    # A game's recorded score, time called, matches of several games (issue 14)
    score_cap_winner: int = 0  # 0: no cap
    score_cap_loser: int = 0
    time_up: TimeUp = TimeUp.AFTER_CURRENT_DEAL
    time_up_deals: int = 1
    match_games: int = 1
    match_format: MatchFormat = MatchFormat.BEST_OF
    # Dealing and contest options (stored for the contest; they do not change a deal's score)
    redeal_on_all_pass: RedealOnAllPass = RedealOnAllPass.NEXT_DEALER
    second_round_suit: SecondRoundSuit = SecondRoundSuit.ANY_SUIT
    games_per_contest: int = 1
    tournament_ranking: TournamentRanking = TournamentRanking.SUM_OF_POINTS
    tournament_pairing: TournamentPairing = TournamentPairing.DRAW_THEN_STANDING

    derived: _Derived = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        from engine.rules.spec import SPECS  # spec reads this class's fields: imported late

        for name, spec in SPECS.items():
            spec.check(getattr(self, name))
        low, bids = _bids(self.bid_range)
        auction = self.variant is not Variant.CLASSIC
        base = {
            FailedPoints.P162: 162,
            FailedPoints.P160: 160,
            FailedPoints.P162_PLUS_CONTRACT: 162,
            FailedPoints.P160_PLUS_CONTRACT: 160,
            FailedPoints.CONTRACT_ONLY: 0,
        }[self.failed_points]
        adds = self.failed_points in (
            FailedPoints.P162_PLUS_CONTRACT,
            FailedPoints.P160_PLUS_CONTRACT,
            FailedPoints.CONTRACT_ONLY,
        )
        if (self.generale_made is GeneraleScoring.OFF) != (
            self.generale_failed is GeneraleScoring.OFF
        ):
            raise EngineError(
                "rules.inconsistent",
                "generale_made and generale_failed must both be off or both on",
                {"options": ["generale_made", "generale_failed"]},
            )
        if 0 < self.score_cap_winner < self.score_cap_loser:
            raise EngineError(
                "rules.inconsistent",
                "a game's loser cannot be capped higher than its winner",
                {"options": ["score_cap_winner", "score_cap_loser"]},
            )
        fast = (
            not auction
            and self.rounding is Rounding.NONE
            and self.capot_test is CapotTest.ALL_TRICKS
        )
        classic = self._classic(base) if fast else None
        derived = _Derived(auction, bids, low, base, adds, fast, classic)
        object.__setattr__(self, "derived", derived)

    def _classic(self, failure_base: int) -> ClassicFast:
        """The fast path's options as plain values (no enum is compared while scoring)."""
        if self.contract_rule is ContractRule.AT_LEAST_DEFENSE:
            tie = 1
        else:
            tie = {TieRule.TAKER_FAILS: -1, TieRule.TAKER_SUCCEEDS: 1}.get(self.tie_rule, 0)
        bof = self.belote_on_failure
        return (
            self.capot_value,
            self.contract_rule is ContractRule.AT_LEAST_82,
            self.belote_counts_for_contract,
            tie,
            bof is BeloteOnFailure.NEVER_SCORED,
            bof is BeloteOnFailure.KEPT_BY_HOLDER,
            bof is BeloteOnFailure.TO_DEFENSE,
            self.capot_value if self.defense_capot is DefenseCapot.CAPOT_VALUE else failure_base,
            failure_base,
            self.failed_defense_extras is FailedDefenseExtras.OWN_BELOTE_AND_ALL_ANNOUNCEMENTS,
            self.litige_reserve_to is LitigeReserveTo.NEXT_DEAL_WINNER,
            self.litige_last_deal is LitigeLastDeal.EACH_SCORES_OWN,
        )

    # JSON -----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Every option as plain JSON values (enums as strings). ``from_json`` reverses it."""
        from engine.rules.json import ruleset_to_json

        return ruleset_to_json(self)

    @classmethod
    def from_json(cls, data: object) -> Ruleset:
        """Build from ``to_json`` output, a preset name, or ``{"preset": name, **overrides}``."""
        from engine.rules.json import ruleset_from_json

        return ruleset_from_json(data)

    def replace(self, **overrides: object) -> Ruleset:
        """A copy with some options changed (values given as enums or their JSON strings)."""
        from engine.rules.json import ruleset_from_json, ruleset_to_json

        merged = ruleset_to_json(self)
        merged.update(overrides)
        return ruleset_from_json(merged)
