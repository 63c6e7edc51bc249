"""Rulesets: every scoring option of rules.md §5 and §5b, and the named presets.

This module owns ``Ruleset``, one frozen, JSON-serialisable value holding every option a club
may choose (it is stored on a contest and frozen when the contest starts), the ``OPTIONS``
description used by ``python -m engine options``, and ``PRESETS``, each citing its source.
It validates a ruleset once, when it is built, so that scoring a deal never re-checks it.

Vocabulary: taker (preneur), defense (défense), deal (donne), game (partie), contract, bid
(enchère), contre / surcontre, litige (tie), capot (all eight tricks), belote (K + Q of trump).
It must not import anything but the standard library and the engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from types import MappingProxyType
from typing import Any, Final

from engine.errors import EngineError

__all__ = [
    "OPTIONS",
    "PRESETS",
    "AnnouncementScoring",
    "AnnouncementTie",
    "BeloteOnFailure",
    "BeloteWhenDoubled",
    "BidRange",
    "BothCrossRule",
    "CapotBidFailed",
    "CapotBidMade",
    "CapotTest",
    "CardReuse",
    "ContractRule",
    "ContractSuccess",
    "ContreeScoringMode",
    "DefenseCapot",
    "DoubledLoserScore",
    "DoubledWinnerBase",
    "EndCondition",
    "FailedDefenseExtras",
    "FailedPoints",
    "GameEnd",
    "GeneraleScoring",
    "LitigeLastDeal",
    "LitigeReserveTo",
    "MultiplierTarget",
    "OptionSpec",
    "Preset",
    "RedealOnAllPass",
    "Rounding",
    "RoundingStage",
    "Ruleset",
    "SecondRoundSuit",
    "TieRule",
    "TournamentPairing",
    "TournamentRanking",
    "ToutAtoutPoints",
    "Variant",
    "make_ruleset",
    "ruleset_from_json",
    "ruleset_to_json",
]


class Variant(StrEnum):
    CLASSIC = "classic"
    CONTREE = "contree"
    COINCHE = "coinche"  # contrée with announcements; the auction engine scores both


class ContractRule(StrEnum):
    """Classic: when the taker's contract is made (rules.md §2.3)."""

    MORE_THAN_DEFENSE = "more_than_defense"  # FFB 2016 §10.1.1: strictly more; equal = tie
    AT_LEAST_82 = "at_least_82"  # seed 1, belot.pro: 82 card points (dix de der included)
    AT_LEAST_DEFENSE = "at_least_defense"  # one implementation: a tie makes the contract


class TieRule(StrEnum):
    """Classic: what an equal score (81-81, 91-91) does (rules.md §2.6)."""

    LITIGE_CARRY = "litige_carry"
    TAKER_FAILS = "taker_fails"
    TAKER_SUCCEEDS = "taker_succeeds"


class LitigeReserveTo(StrEnum):
    """Who collects a litige reserve (rules.md §2.6 'unclear case')."""

    NEXT_SUCCESSFUL_TAKER = "next_successful_taker"  # FFB 2016 wording
    NEXT_DEAL_WINNER = "next_deal_winner"  # seeds 2/3, Wikipedia: the defense if the taker fails


class LitigeLastDeal(StrEnum):
    """A litige on a game's last deal (ASCE 79: each team scores its 81)."""

    SAME_AS_OTHER_DEALS = "same_as_other_deals"
    EACH_SCORES_OWN = "each_scores_own"


class FailedPoints(StrEnum):
    """What the defense scores on a failed contract, before belote/announcements (§5)."""

    P162 = "162"
    P160 = "160"
    P162_PLUS_CONTRACT = "162_plus_contract"
    P160_PLUS_CONTRACT = "160_plus_contract"
    CONTRACT_ONLY = "contract_only"


class FailedDefenseExtras(StrEnum):
    OWN_BELOTE_AND_ALL_ANNOUNCEMENTS = "own_belote_and_all_announcements"
    NONE = "none"


class BeloteOnFailure(StrEnum):
    KEPT_BY_HOLDER = "kept_by_holder"
    TO_DEFENSE = "to_defense"
    LOST = "lost"
    NEVER_SCORED = "never_scored"  # belote only helps make the contract, on every deal


class AnnouncementTie(StrEnum):
    CANCEL = "cancel"  # FFB coinche: points, top card, trump; still equal → none counts
    TRUMP_THEN_NEAREST_DEALER = "trump_then_nearest_dealer"  # belotegame.fr
    FIRST_ANNOUNCED = "first_announced"  # Pagat variant, seed 2


class AnnouncementScoring(StrEnum):
    BEST_TEAM_ONLY = "best_team_only"
    EACH_TEAM_OWN = "each_team_own"


class CardReuse(StrEnum):
    FORBIDDEN = "forbidden"  # FFB coinche, seed 3
    CARRE_AND_SEQUENCE = "carre_and_sequence"  # seed 2, contree.org


class ToutAtoutPoints(StrEnum):
    """How tout-atout card points are written on the sheet."""

    TABLE_152 = "table_152"  # contrée TA table: the deal is worth 162 as usual
    RAW_258 = "raw_258"  # classic TA: out of 258, scaled by 162/258 (FFB 2016 classic §11.3)


class ContreeScoringMode(StrEnum):
    POINTS_FAITS = "points_faits"
    POINTS_FAITS_PLUS_DEMANDES = "points_faits_plus_demandes"
    POINTS_ANNONCES = "points_annonces"


class ContractSuccess(StrEnum):
    BID_ONLY = "bid_only"  # FFB contrée 2016
    BID_AND_MORE_THAN_DEFENSE = "bid_and_more_than_defense"  # FFB coinche 2015


class BidRange(StrEnum):
    R80_160 = "80_160"
    R80_180 = "80_180"
    R82_160 = "82_160"
    R82_180 = "82_180"
    R90_180 = "90_180"


class GeneraleScoring(StrEnum):
    OFF = "off"
    AS_CONTRACT = "as_contract"  # a contract of 500 by the usual formula
    FIXED_500 = "fixed_500"
    FIXED_1000 = "fixed_1000"


class CapotBidMade(StrEnum):
    AS_CONTRACT = "as_contract"  # capot pile + capot bid value (252 + 250 = 502)
    AS_CONTRACT_WITHOUT_CAPOT_BONUS = "as_contract_without_capot_bonus"  # 162 + 250 = 412
    FIXED_500 = "fixed_500"
    FIXED_250 = "fixed_250"


class CapotBidFailed(StrEnum):
    AS_CONTRACT = "as_contract"  # failure base + capot bid value (160 + 250 = 410)
    FIXED_500 = "fixed_500"


class DefenseCapot(StrEnum):
    CAPOT_VALUE = "capot_value"
    ORDINARY_FAILURE = "ordinary_failure"


class MultiplierTarget(StrEnum):
    CONTRACT_ONLY = "contract_only"  # base + C × M
    WHOLE_SCORE = "whole_score"  # (base + C + announcements) × M
    FIXED_AMOUNT = "fixed_amount"  # base × M (points faits: 320 / 640)


class DoubledWinnerBase(StrEnum):
    WHOLE_PILE = "whole_pile"
    WHOLE_PILE_OR_CAPOT_PILE = "whole_pile_or_capot_pile"
    OWN_POINTS = "own_points"


class DoubledLoserScore(StrEnum):
    ZERO = "zero"
    KEEPS_OWN_POINTS = "keeps_own_points"


class BeloteWhenDoubled(StrEnum):
    KEPT_BY_HOLDER = "kept_by_holder"  # unmultiplied, scored as on an undoubled deal
    TO_WINNER = "to_winner"  # unmultiplied, to the team that won the deal
    MULTIPLIED = "multiplied"  # part of its holder's score (lost if that side scores 0)


class Rounding(StrEnum):
    NONE = "none"
    NEAREST_10_5_UP = "nearest_10_5_up"  # 85 → 90, 84 → 80 (FFB 2015-2016)
    NEAREST_10_6_UP = "nearest_10_6_up"  # 85 → 80, 86 → 90 ([FFB-EL], Cannes)
    TAKER_ROUNDED_DEFENSE_COMPLEMENT = "taker_rounded_defense_complement"  # 88 → 90 / 70


class RoundingStage(StrEnum):
    POINTS_AFTER_CONTRACT_CHECK = "points_after_contract_check"
    POINTS_BEFORE_CONTRACT_CHECK = "points_before_contract_check"
    FINAL_DEAL_SCORE = "final_deal_score"


class GameEnd(StrEnum):
    TARGET = "target"
    DEALS = "deals"


class EndCondition(StrEnum):
    REACH = "reach"  # ≥ target (FFB 2016 §10.4.2)
    EXCEED = "exceed"  # > target


class BothCrossRule(StrEnum):
    HIGHER_WINS_TIE_EXTRA_DEAL = "higher_wins_tie_extra_deal"  # FFB 2016
    HIGHER_WINS_TIE_DRAW = "higher_wins_tie_draw"  # Pagat belote (a tie is a draw)
    DRAW = "draw"  # any double crossing is a draw
    LAST_TAKER_WINS = "last_taker_wins"  # Ducale


class RedealOnAllPass(StrEnum):
    NEXT_DEALER = "next_dealer"
    SAME_DEALER = "same_dealer"
    FORCED_THIRD_ROUND = "forced_third_round"


class SecondRoundSuit(StrEnum):
    ANY_SUIT = "any_suit"
    OTHER_THAN_TURNED_UP = "other_than_turned_up"


class TournamentRanking(StrEnum):
    SUM_OF_POINTS = "sum_of_points"
    WINS_THEN_POINTS_THEN_CONCEDED = "wins_then_points_then_conceded"
    MATCH_POINTS_3_1_0 = "match_points_3_1_0"


class TournamentPairing(StrEnum):
    DRAW_THEN_STANDING = "draw_then_standing"
    DRAW_EVERY_ROUND = "draw_every_round"
    FIXED_ROTATION = "fixed_rotation"
    SWISS_GOAL_AVERAGE = "swiss_goal_average"


class CapotTest(StrEnum):
    ALL_TRICKS = "all_tricks"  # the sheet records which team won all 8 tricks
    OPPONENTS_NO_POINTS = "opponents_no_points"  # also: 0 card points for a team means capot


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
    # Dealing and contest options (stored for the contest; they do not change a deal's score)
    redeal_on_all_pass: RedealOnAllPass = RedealOnAllPass.NEXT_DEALER
    second_round_suit: SecondRoundSuit = SecondRoundSuit.ANY_SUIT
    games_per_contest: int = 1
    tournament_ranking: TournamentRanking = TournamentRanking.SUM_OF_POINTS
    tournament_pairing: TournamentPairing = TournamentPairing.DRAW_THEN_STANDING

    derived: _Derived = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for name, spec in _SPECS.items():
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
        return ruleset_to_json(self)

    @classmethod
    def from_json(cls, data: object) -> Ruleset:
        """Build from ``to_json`` output, a preset name, or ``{"preset": name, **overrides}``."""
        return ruleset_from_json(data)

    def replace(self, **overrides: object) -> Ruleset:
        """A copy with some options changed (values given as enums or their JSON strings)."""
        merged = ruleset_to_json(self)
        merged.update(overrides)
        return ruleset_from_json(merged)


# --------------------------------------------------------------------------------------
# Option descriptions


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its allowed values (an enum's values, a set of ints, or a range)."""

    name: str
    kind: str  # "enum", "int", "bool"
    choices: tuple[object, ...]  # allowed values; for a ranged int, (min, max)
    default: object
    description: str
    ranged: bool = False

    def check(self, value: object) -> None:
        ok: bool
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
            if ok and self.ranged:
                low, high = self.choices
                ok = isinstance(low, int) and isinstance(high, int) and low <= value <= high  # type: ignore[operator]
            elif ok:
                ok = value in self.choices
        else:
            ok = isinstance(value, Enum) and value.value in self.choices
        if not ok:
            raise EngineError(
                "rules.invalid_value",
                f"option {self.name!r} cannot be {value!r}",
                {"option": self.name, "value": _jsonable(value), "allowed": list(self.choices)},
            )

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "name": self.name,
            "type": self.kind,
            "default": _jsonable(self.default),
            "description": self.description,
        }
        if self.kind == "int" and self.ranged:
            out["min"], out["max"] = self.choices
        elif self.kind != "bool":
            out["values"] = list(self.choices)
        else:
            out["values"] = [False, True]
        return out


_DESCRIPTIONS: Final[dict[str, str]] = {
    "variant": "classic belote (à la retourne), contrée, or coinche (contrée with announcements). §5",
    "deal_total": "card points of a deal: 152 + dix de der 10. §1",
    "capot_value": "classic: what a capot team scores instead of its 162 card points (252 FFB, 250 flat, 262, 242, 162). §1, §5",
    "contract_rule": "classic: taker total > defense total (FFB), ≥ 82 card points, or ≥ defense (a tie makes it). §2.3, §5",
    "belote_counts_for_contract": "belote counts toward the contract (classic comparison, contrée bid). §5",
    "tie_rule": "classic equal totals: litige (taker's points held in reserve), taker fails, or taker succeeds. §2.6, §5",
    "litige_reserve_to": "who collects a litige reserve: the next taker who makes the contract (FFB wording), or the next deal's winner (seeds 2/3). The reserve accumulates over successive litiges. §2.6",
    "litige_last_deal": "a litige on the game's last deal: as usual, or each team scores its own points (ASCE 79). §2.6, §4",
    "failed_points": "failed contract: the defense scores 162, 160, 162 + C, 160 + C or C only (C = the contract value; classic has no C). §5, §3.4",
    "failed_defense_extras": "failed contract: the defense adds its belote and every announcement of both teams, or scores the flat failure amount. §5b",
    "belote_on_failure": "the failing taker's belote: kept by its holder (FFB classic, coinche), to the defense (FFB contrée, Cannes), lost, or belote never scored at all. §3.5, §5",
    "defense_capot": "defenders who take all 8 tricks score the capot pile instead of the failure base, or an ordinary failure. §5b",
    "capot_test": "a capot is recorded as the team that won all tricks, or is also recognised when a team has 0 card points. §5b",
    "announcements": "play with announcements (tierce, quarte, quinte, carrés). §2.8, §5",
    "announcement_scoring": "only the team with the best announcement scores (all of its own), or each team scores its own. §5b",
    "announcement_tie": "equal best announcements: cancel all (FFB coinche, after points, top card, trump), trump then the team nearest the dealer, or the first announced. §2.8, §5",
    "card_reuse_in_announcements": "one card in two announcements: forbidden (FFB coinche, seed 3) or a carré plus a sequence allowed (seed 2). §2.8, §5",
    "announcements_count_for_contract": "announcements count toward the contract (FFB coinche, seed 2). §5",
    "sans_atout_tout_atout": "sans-atout and tout-atout deals are allowed (FFB optional variant, §11). §1",
    "tout_atout_points": "tout-atout card points: the contrée table (out of 162), or raw classic values out of 258 scaled by 162/258. §1",
    "contree_scoring_mode": "points faits, points faits + demandés, or points annoncés. §3.4, §5",
    "contract_success": "contrée contract made with the bid only (FFB contrée 2016) or the bid and more than the defense (FFB coinche 2015). §3.3, §5",
    "bid_range": "allowed number bids (by tens; a minimum of 82 is followed by 90): 80–160, 80–180, 82–160, 82–180, 90–180. §3.1, §5, §5b",
    "min_bid_82_counts_as": "a bid of 82 is scored as 82, or as 80 ('80 means 82'). §5b",
    "capot_bid_value": "the contract value of a capot bid (250 FFB, 260, 270 Cannes). §3.1, §5",
    "capot_value_contree": "contrée: the pile of a team that takes all 8 tricks (252, 250, 262, 162). §5b",
    "capot_bid_made": "made capot bid: capot pile + capot value, 162 + capot value, flat 500 × M, or flat 250 × M. §5b (the §5 'capot_contree' row)",
    "capot_bid_failed": "failed capot bid: failure base + capot value, or flat 500 × M. §5b (the §5 'capot_contree' row)",
    "generale_made": "générale (one player takes all 8 tricks): off, a contract of 500, flat 500 × M, or flat 1000 × M. §3.1, §5b",
    "generale_failed": "failed générale: off, failure base + 500, flat 500 × M, or flat 1000 × M. §5b",
    "contre_multiplier": "contre multiplies by 2. §3.2, §5",
    "surcontre_multiplier": "surcontre multiplies by 4 (FFB 2015/16) or 3 ([FFB-EL], Cannes). §3.2, §5",
    "multiplier_target": "what contre/surcontre multiply: the contract only (base + C×M), the whole score ((base + C)×M), or a fixed amount (base×M, points faits 320/640). §3.4, §5",
    "doubled_winner_base": "doubled deal: the winner takes the whole pile (160/162), the whole pile or its capot pile, or its own points. §5b",
    "doubled_loser_score": "doubled deal: the loser scores 0 or keeps its own points. §5",
    "belote_when_doubled": "doubled deal: belote unmultiplied and scored as usual, to the winner unmultiplied, or multiplied with its holder's score. §3.5, §5b",
    "rounding": "none, nearest 10 with 5 up, nearest 10 with 6 up, or taker rounded and defense the complement to 160. §2.9, §3.7, §5",
    "rounding_stage": "what is rounded: points after the contract check (FFB), points before it, or each team's final deal score. §5b",
    "last_deal_exact": "the game's last deal is scored to the point (no rounding): [FFB-EL], Cannes. §3.7, §5",
    "penalty_points": "points given to the opponents of a penalised team (renonce, misdeal): 162 (clubs) or 160 (contrée). §4",
    "penalty_adds_contract": "the penalty adds the contract (Cannes: 160 + the contract). §4",
    "game_end": "a game ends at a points target or after a number of deals. §2.10, §4",
    "target": "the points target (501, 701, 1000, 1001, 1500, 2000, 2001, 3000...). §2.10, §3.8, §5",
    "deals_per_game": "deals in a game when game_end is 'deals' (void deals are not counted). §4",
    "end_condition": "the target is reached (≥, FFB) or must be exceeded (>). §2.10, §5",
    "both_cross_rule": "both teams cross on the same deal: higher wins and a tie means another deal (FFB), higher wins and a tie is a draw, always a draw, or the last taker wins. §2.10, §5",
    "capot_belote_cannot_finish": "a capot (or failed) team cannot reach the target with its belote alone (FFB web, 2015 texts). §2.10, §5",
    "redeal_on_all_pass": "all pass: the next dealer deals (FFB), the same dealer redeals, or a forced third round. §2.1, §5",
    "second_round_suit": "classic second round: any suit, or any suit but the turned-up one. §2.1, §5",
    "games_per_contest": "parties in a contest (e.g. 4 × 12 deals). §4",
    "tournament_ranking": "contest ranking: sum of points; wins then points then points conceded; 3/1/0 match points. §4, §5",
    "tournament_pairing": "contest pairing: draw then by standing, a draw every round, fixed rotation, Swiss by goal-average. §4, §5",
}

_INT_CHOICES: Final[dict[str, tuple[int, ...]]] = {
    "deal_total": (162,),
    "capot_value": (252, 250, 262, 242, 162),
    "min_bid_82_counts_as": (82, 80),
    "capot_bid_value": (250, 260, 270),
    "capot_value_contree": (252, 250, 262, 162),
    "contre_multiplier": (2,),
    "surcontre_multiplier": (4, 3),
    "penalty_points": (162, 160),
}
_INT_RANGES: Final[dict[str, tuple[int, int]]] = {
    "target": (1, 100_000),
    "deals_per_game": (1, 200),
    "games_per_contest": (1, 100),
}


def _field_type(f: dataclasses.Field[Any]) -> Any:
    # Annotations are strings (from __future__ import annotations): resolve in this module.
    return eval(f.type, globals()) if isinstance(f.type, str) else f.type


def _build_specs() -> dict[str, OptionSpec]:
    specs: dict[str, OptionSpec] = {}
    for f in dataclasses.fields(Ruleset):
        if not f.init:
            continue
        typ = _field_type(f)
        desc = _DESCRIPTIONS[f.name]
        if typ is bool:
            specs[f.name] = OptionSpec(f.name, "bool", (False, True), f.default, desc)
        elif typ is int:
            if f.name in _INT_RANGES:
                specs[f.name] = OptionSpec(
                    f.name, "int", _INT_RANGES[f.name], f.default, desc, ranged=True
                )
            else:
                specs[f.name] = OptionSpec(f.name, "int", _INT_CHOICES[f.name], f.default, desc)
        else:
            specs[f.name] = OptionSpec(f.name, "enum", tuple(m.value for m in typ), f.default, desc)
    return specs


_SPECS: Final = _build_specs()
OPTIONS: Final[Mapping[str, OptionSpec]] = MappingProxyType(_SPECS)
_ENUM_TYPES: Final[dict[str, type[Enum]]] = {
    f.name: _field_type(f)
    for f in dataclasses.fields(Ruleset)
    if f.init and _SPECS[f.name].kind == "enum"
}


def _jsonable(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def ruleset_to_json(rules: Ruleset) -> dict[str, Any]:
    """Every option of ``rules`` as JSON values, in declaration order."""
    return {name: _jsonable(getattr(rules, name)) for name in _SPECS}


def _coerce(name: str, value: object) -> object:
    spec = _SPECS.get(name)
    if spec is None:
        raise EngineError("rules.unknown_option", f"unknown option {name!r}", {"option": name})
    if spec.kind == "enum":
        enum_type = _ENUM_TYPES[name]
        if isinstance(value, enum_type):
            return value
        try:
            return enum_type(value)
        except ValueError:
            raise EngineError(
                "rules.invalid_value",
                f"option {name!r} cannot be {value!r}",
                {"option": name, "value": _jsonable(value), "allowed": list(spec.choices)},
            ) from None
    spec.check(value)
    return value


def ruleset_from_json(data: object) -> Ruleset:
    """Build a ruleset from JSON: a preset name, a full options object, or a partial one.

    A partial object starts from its ``"preset"`` key if given, otherwise from the ``Ruleset``
    defaults (FFB 2016 classic). Unknown keys raise ``rules.unknown_option``; bad values
    ``rules.invalid_value``.
    """
    if isinstance(data, str):
        return _preset(data).rules
    if not isinstance(data, Mapping):
        raise EngineError("rules.not_an_object", "rules must be an object or a preset name", {})
    options = dict(data)
    base: dict[str, object] = {}
    if "preset" in options:
        name = options.pop("preset")
        if not isinstance(name, str):
            raise EngineError(
                "rules.unknown_preset", "the preset must be a name", {"preset": str(name)}
            )
        base = dict(ruleset_to_json(_preset(name).rules))
    for key, value in options.items():
        base[str(key)] = value
    values = {str(k): _coerce(str(k), v) for k, v in base.items()}
    return Ruleset(**values)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------
# Presets


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    title: str
    source: str
    rules: Ruleset


def _preset(name: str) -> Preset:
    preset = PRESETS.get(name)
    if preset is None:
        raise EngineError(
            "rules.unknown_preset",
            f"no preset named {name!r}",
            {"preset": name, "allowed": sorted(PRESETS)},
        )
    return preset


def make_ruleset(preset: str | Ruleset, **overrides: object) -> Ruleset:
    """A preset (by name, or a ruleset) with some options overridden.

    ``make_ruleset("ffb_contree_2016", target=1500, rounding="none")``. Unknown options and
    values raise the same coded errors as ``Ruleset.from_json``.
    """
    base = preset if isinstance(preset, Ruleset) else _preset(preset).rules
    if not overrides:
        return base
    return base.replace(**overrides)


def ffb_classic_2016() -> Ruleset:
    """FFB 2016 classic rules (*regles-officielles-de-la-Belote-27-01-2016*, [FFB-transcription]).

    rules.md §2.3 (contract: taker total strictly greater, belote included, §10.1.1), §2.5
    (failure: 162, belote kept by its holder, §10.2), §2.6 (litige: the taker's 81/91 held
    for the team that makes the next contract, §10.1.3), §1 and §2.7 (capot 252, §9.2), §2.8
    (played without announcements, §8), §2.9 (no rounding unless the tournament says so,
    §10.3), §2.10 (the first team reaching or exceeding the target wins; both over: the higher,
    a tie means another deal, §10.4.2; 1000 is the usual informal target). §1 / §11: sans-atout
    and tout-atout allowed, tout-atout written out of 258 and scaled. The rule that a capot
    team cannot finish on its belote alone is from the FFB web page ([FFB-web], §2.10).
    """
    return Ruleset()


def classic_seed_000() -> Ruleset:
    """Classic as played in seed 000 (``seeds/000_c281635891fd00d2.txt``).

    "Si le preneur dépasse 81 … Si le preneur reste à 81 points ou moins, il est dedans": the
    taker must beat the defense on card points (belote is scored but not counted toward the
    contract) and a tie is dedans. Failure: 162 to the defense, "Chaque équipe conserve sa
    belote". Capot: "elle marque 250 points". No announcements. Belote is awarded
    automatically (the sheet records the holder; nothing to announce). Game to 1000 ("dès
    qu'une équipe atteint 1000 points"). Second round: a suit other than the turned-up one;
    all pass: cards collected and redealt.
    """
    return Ruleset(
        capot_value=250,
        belote_counts_for_contract=False,
        tie_rule=TieRule.TAKER_FAILS,
        sans_atout_tout_atout=False,
        target=1000,
        capot_belote_cannot_finish=False,
        second_round_suit=SecondRoundSuit.OTHER_THAN_TURNED_UP,
        redeal_on_all_pass=RedealOnAllPass.SAME_DEALER,
    )


def classic_seed_001() -> Ruleset:
    """Classic as played in seed 001 (``seeds/001_d5ddadb5d81854e8.txt``).

    "L'équipe qui prend doit remporter au moins 82 points" (contract: ≥ 82 card points, so
    81 fails and there is no litige); dedans: 0 and 162 to the defense; capot "marque 252
    points"; belote +20 to its team; target "atteindre 501 points". Second round: any suit
    ("AU CHOIX"); all pass twice: all cards collected and redealt. The seed's non-trump queen
    worth 4 is a typo (rules.md §1), so the usual card values apply.
    """
    return Ruleset(
        contract_rule=ContractRule.AT_LEAST_82,
        tie_rule=TieRule.TAKER_FAILS,
        capot_value=252,
        sans_atout_tout_atout=False,
        target=501,
        capot_belote_cannot_finish=False,
        redeal_on_all_pass=RedealOnAllPass.SAME_DEALER,
    )


def classic_announcements() -> Ruleset:
    """Classic with announcements, as in seeds 002 and 003.

    Seed 002 (``seeds/002_74095ede7e719c54.txt``): announcements tierce/quarte/quinte/carrés;
    only the side with the best announcement scores all of its own; an equal announcement
    cannot be announced after the first, so the first announced wins; the taker must make
    more than the defense with announcements and belote; a tie is a litige whose points go to
    the next deal's winner. Seed 003 (``seeds/003_21e7a603084bedd6.txt``): the same contract
    and litige ("les points continuent de s'accumuler"), belote always kept by its holder,
    capot 252, one card counts in one announcement only, game to 1000.

    Where the two seeds differ this preset follows seed 003 and the FFB: capot 252 (seed 002
    says 250) and no card reuse (seed 002 allows a card in a carré and a sequence). Override
    ``capot_value=250, card_reuse_in_announcements="carre_and_sequence"`` for seed 002.
    """
    return Ruleset(
        announcements=True,
        announcement_tie=AnnouncementTie.FIRST_ANNOUNCED,
        litige_reserve_to=LitigeReserveTo.NEXT_DEAL_WINNER,
        sans_atout_tout_atout=False,
        target=1000,
        capot_belote_cannot_finish=False,
        second_round_suit=SecondRoundSuit.OTHER_THAN_TURNED_UP,
    )


def ffb_contree_2016() -> Ruleset:
    """FFB contrée 2016, points faits + points demandés (rules.md §3, via [survey]).

    No announcements but belote (§8); bids 80–160 by ten then capot, worth 250 (§4.1); made
    with the bid alone, "même si les défenseurs ont réalisé plus de points" (§3.3); belote
    counts toward the bid and is taken by the defense when the contract fails (§7, §3.5);
    made: points + C; failed: 160 + C; contré/surcontré: FFB 2016 score table, winner
    320 (640) + C×2 (C×4) = (160 + C) × M, loser 0, belote not multiplied (§3.4); a capot made
    without a bid counts 252 (§9.2), a capot bid is a contract of 250 (252 + 250); rounding to
    the nearest ten, 5 up, on the points made, and it may win the game (§3.7, example §6:
    1770 + 120 + 110 = 2000). Target set by the organiser: 2000 here. Both teams over: the
    higher wins, new deals until a tie is broken. The 2016 text dropped the capot-with-belote
    rule.
    """
    return Ruleset(
        variant=Variant.CONTREE,
        belote_on_failure=BeloteOnFailure.TO_DEFENSE,
        failed_points=FailedPoints.P160_PLUS_CONTRACT,
        tout_atout_points=ToutAtoutPoints.TABLE_152,
        rounding=Rounding.NEAREST_10_5_UP,
        target=2000,
        capot_belote_cannot_finish=False,
        penalty_points=160,
        penalty_adds_contract=True,
    )


def ffb_contree_points_faits() -> Ruleset:
    """FFB contrée, "points faits" scale (FFB contrée 2016 PDF option; FFB contrée web page
    section A; rules.md §3.4 A).

    Made: each team scores its own points, rounded (no contract added). Failed: 160 to the
    defense. Contré: the winner scores 320, surcontré 640, the loser 0. A capot made without a
    bid scores 250; a capot bid made scores 500 (contré 1000, surcontré 2000); a failed capot
    bid gives the defense 500. Other options as ``ffb_contree_2016``.
    """
    return dataclasses.replace(
        ffb_contree_2016(),
        contree_scoring_mode=ContreeScoringMode.POINTS_FAITS,
        failed_points=FailedPoints.P160,
        multiplier_target=MultiplierTarget.FIXED_AMOUNT,
        capot_value_contree=250,
        capot_bid_made=CapotBidMade.FIXED_500,
        capot_bid_failed=CapotBidFailed.FIXED_500,
    )


def contree_points_annonces() -> Ruleset:
    """Contrée "points annoncés" (FFB contrée web page section B; ASCEE 2A tournament, "Elle
    marque le nombre de points annoncés, même si elle en a réalisé plus"; rules.md §3.4 C).

    Only the contract is scored: the winner (the taker if made, the defense if failed) scores
    C × M; a capot bid is worth 250 (contré 500, surcontré 1000). Belote only helps make the
    contract (it is never scored), since nothing but the contract is scored. Tournaments on
    this scale use lower targets: 1000 here.
    """
    return dataclasses.replace(
        ffb_contree_2016(),
        contree_scoring_mode=ContreeScoringMode.POINTS_ANNONCES,
        failed_points=FailedPoints.CONTRACT_ONLY,
        belote_on_failure=BeloteOnFailure.NEVER_SCORED,
        multiplier_target=MultiplierTarget.CONTRACT_ONLY,
        rounding=Rounding.NONE,
        target=1000,
        penalty_points=160,
        penalty_adds_contract=False,
    )


def ffb_coinche_2015() -> Ruleset:
    """FFB coinche 2015 (*REGLES-DE-LA-BELOTE-COINCHEE*, [FFB-transcription]; rules.md §2.8, §3).

    Announcements on (§8): values of rules.md §2.8, only the best team scores, a card counts
    once, equal best announcements by points, top card and trump are cancelled (§8.3);
    announcements and belote count toward the bid (§4.2); made only with the bid *and* more
    points than the defense (two conditions, rules.md §3.3); belote kept by its holder
    ("réputés imprenables"); made: points + C; failed: 160 + C + every announcement;
    contré/surcontré: (160, or the capot pile, + announcements + C) × 2 (× 4), belote not
    multiplied ("hors belote"), loser 0 apart from its belote (§10.1.1–10.1.2); capot 252
    (§9.2; the 2015 doubled formula writes 250 there, see rules.md §8.12); the losing side's
    announcements pass to a capot team (§10.1.1); rounding 5 up; sans-atout and tout-atout
    allowed with the tout-atout table (§11). A capot team cannot finish on its belote (§10.3);
    both teams over: the higher wins, a tie means "une dernière donne". Target: 2000.
    """
    return Ruleset(
        variant=Variant.COINCHE,
        announcements=True,
        contract_success=ContractSuccess.BID_AND_MORE_THAN_DEFENSE,
        failed_points=FailedPoints.P160_PLUS_CONTRACT,
        tout_atout_points=ToutAtoutPoints.TABLE_152,
        doubled_winner_base=DoubledWinnerBase.WHOLE_PILE_OR_CAPOT_PILE,
        rounding=Rounding.NEAREST_10_5_UP,
        target=2000,
        capot_belote_cannot_finish=True,
        penalty_points=160,
        penalty_adds_contract=True,
    )


def cannes_contree_2016() -> Ruleset:
    """Cannes *Championnat de France de Belote Contrée*, 2016 edition ([Cannes-2016] via
    [survey]; rules.md §3, §4).

    Contre ×2, surcontre ×3 ("Le contre double les points de l'enchère demandée, le surcontre
    les triple"); failed: "points de l'enchère demandée +162 ou 252"; doubled: 162 (252 on a
    capot) + C×2 or C×3, belote "ni doublés ni triplés"; belote "prenable" (to the defense on
    failure); rounding "arrondis à 6 (156 valant 160)" with the last deal scored exactly ("100
    demandés + 104 faits = 204, l'équipe adverse marquera 58"); bids by ten up to 270 =
    capot/générale (so capot bid value 270, no separate générale, number bids up to 180 here);
    parties of 2001 points; penalty "160 points (ou 250) + le contrat".
    """
    return Ruleset(
        variant=Variant.CONTREE,
        belote_on_failure=BeloteOnFailure.TO_DEFENSE,
        failed_points=FailedPoints.P162_PLUS_CONTRACT,
        tout_atout_points=ToutAtoutPoints.TABLE_152,
        sans_atout_tout_atout=False,
        bid_range=BidRange.R80_180,
        capot_bid_value=270,
        surcontre_multiplier=3,
        multiplier_target=MultiplierTarget.CONTRACT_ONLY,
        doubled_winner_base=DoubledWinnerBase.WHOLE_PILE_OR_CAPOT_PILE,
        rounding=Rounding.NEAREST_10_6_UP,
        last_deal_exact=True,
        target=2001,
        capot_belote_cannot_finish=False,
        penalty_points=160,
        penalty_adds_contract=True,
        tournament_pairing=TournamentPairing.SWISS_GOAL_AVERAGE,
        games_per_contest=5,
    )


def club_contest() -> Ruleset:
    """A typical club contest (rules.md §4; ASCEE-79 regulation read directly).

    "4 parties de 12 donnes comptabilisées" (void deals not counted, FFB 2016 §10.4.1),
    classic "sans annonces, sauf belote" (art. 3), capot 252 (Lions / Géraudot "Le capot
    compte pour 252 points"), "La mise dedans compte pour 162 points", FFB contract and
    litige, with "Si un litige se produit au 12ème et dernier tour, chaque équipe marquera ses
    81 points"; penalties 162 to the opponents (art. 9–10); "le même donneur refait jusqu'à
    mise à l'atout" (art. 8); first partie drawn, then paired by standing (art. 5); ranking by
    the sum of points. No rounding, no sans-atout / tout-atout.
    """
    return Ruleset(
        sans_atout_tout_atout=False,
        litige_last_deal=LitigeLastDeal.EACH_SCORES_OWN,
        game_end=GameEnd.DEALS,
        deals_per_game=12,
        games_per_contest=4,
        capot_belote_cannot_finish=False,
        redeal_on_all_pass=RedealOnAllPass.SAME_DEALER,
    )


def _docstring(fn: Any) -> str:
    return " ".join(str(fn.__doc__).split())


_PRESET_FUNCS: Final = (
    ("ffb_classic_2016", "FFB classic 2016", ffb_classic_2016),
    (
        "classic_seed_000",
        "Classic as in seed 000 (tie = dedans, capot 250, 1000)",
        classic_seed_000,
    ),
    ("classic_seed_001", "Classic as in seed 001 (≥ 82, capot 252, 501)", classic_seed_001),
    ("classic_announcements", "Classic with announcements (seeds 002/003)", classic_announcements),
    ("ffb_contree_2016", "FFB contrée 2016, points faits + demandés", ffb_contree_2016),
    ("ffb_contree_points_faits", "FFB contrée, points faits", ffb_contree_points_faits),
    ("contree_points_annonces", "Contrée, points annoncés", contree_points_annonces),
    ("ffb_coinche_2015", "FFB coinche 2015 (with announcements)", ffb_coinche_2015),
    (
        "cannes_contree_2016",
        "Cannes contrée 2016 (×2/×3, 6 up, last deal exact, 2001)",
        cannes_contree_2016,
    ),
    ("club_contest", "Typical club contest (4 × 12 deals, belote only, capot 252)", club_contest),
)

PRESETS: Final[Mapping[str, Preset]] = MappingProxyType(
    {name: Preset(name, title, _docstring(fn), fn()) for name, title, fn in _PRESET_FUNCS}
)
