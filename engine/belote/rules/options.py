"""The values of every rule option: one ``StrEnum`` per option with named choices.

This module owns the vocabulary of rules.md §5 and §5b (and the options added for issue 14):
each enum's values are the strings stored in a contest's JSON ruleset. The comments name the
sources of each value; docs/engine.md lists them too.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "AnnouncementRanking",
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
    "MatchFormat",
    "MultiplierTarget",
    "RedealOnAllPass",
    "Rounding",
    "RoundingStage",
    "RuleOptions",
    "SecondRoundSuit",
    "TieRule",
    "TimeUp",
    "TournamentPairing",
    "TournamentRanking",
    "ToutAtoutPoints",
    "Variant",
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


class AnnouncementRanking(StrEnum):
    """How the two teams' best announcements are compared (rules.md §2.8; issue 14)."""

    POINTS = "points"  # FFB coinche §8.3: points, carré over sequence, top card, trump
    SEQUENCE_LENGTH_FIRST = "sequence_length_first"  # a longer run beats a shorter one


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
    CAPOT_PILE_ONLY = "capot_pile_only"  # the capot pile alone × M (e.g. 262; issue 14)


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


class TimeUp(StrEnum):
    """What calling time does to a game (rules.md §4: Cannes, "2001 points / 40 min")."""

    AS_IT_STANDS = "as_it_stands"  # the game ends at once on its totals
    AFTER_CURRENT_DEAL = "after_current_deal"  # the deal being played is the last
    AFTER_MORE_DEALS = "after_more_deals"  # ``time_up_deals`` more deals are played


class MatchFormat(StrEnum):
    """How the games of a match decide it (seed 002: "2 manches de 1000 points")."""

    BEST_OF = "best_of"  # over once a team has won more than half of ``match_games``
    ALL_GAMES = "all_games"  # every game is played; most games won, then points


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
class RuleOptions:
    """Every option of a ruleset with its default (FFB 2016 classic), and nothing else.

    ``Ruleset`` extends it with its checks and derived numbers; ``spec`` describes each field
    (so the descriptions need not import ``Ruleset``, which checks itself against them).
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
