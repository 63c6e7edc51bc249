"""One deal (donne): what a score sheet records, and its score with a breakdown.

This module owns ``Deal`` (the facts of one deal as written on a score sheet), its
validation (every impossible deal raises an ``EngineError`` with a stable code), and
``score_deal(rules, deal, carry_in=0)``, which returns a ``DealScore``: each team's points,
the outcome, whether the contract was made, and the litige reserve carried out. The breakdown
(labelled lines per team that add up exactly to each score) is computed on demand by running
the same scoring code in "explain" mode, so the fast path builds no line objects.

Words: taker (preneur) and defense; card points include the dix de der (last trick, 10);
capot = one team took all eight tricks; belote = K + Q of trump in one hand (+20); litige =
equal totals in classic, the taker's points held in reserve for a later deal; contre ×2,
surcontre ×4 or ×3; C = the contract (bid) value, M = the multiplier.

It must not import anything but the standard library and the engine; it never translates.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from operator import itemgetter
from typing import Final

from engine.cards import (
    DEAL_TOTAL,
    TOUT_ATOUT_CLASSIC_TOTAL,
    Rank,
    Suit,
    Trump,
    carre_mask,
    carre_value,
    sequence_index,
    sequence_mask,
    sequence_value,
    tout_atout_to_162,
)
from engine.errors import EngineError
from engine.rules import (
    AnnouncementScoring,
    AnnouncementTie,
    BeloteOnFailure,
    BeloteWhenDoubled,
    CapotBidFailed,
    CapotBidMade,
    CapotTest,
    CardReuse,
    ClassicFast,
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

__all__ = [
    "Announcement",
    "AnnouncementKind",
    "BreakdownLine",
    "Contract",
    "Deal",
    "DealKind",
    "DealScore",
    "Outcome",
    "Team",
    "score_deal",
]


class Team(StrEnum):
    A = "A"
    B = "B"

    @property
    def other(self) -> Team:
        return _B if self is _A else _A


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


_SEQ_LENGTH: Final = {
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
        return _LABELS.get(self.code, self.code)


_LABELS: Final = {
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
    context: tuple[Ruleset, Deal, bool]  # what the breakdown is recomputed from

    def score(self, team: Team) -> int:
        return self.score_a if team is Team.A else self.score_b

    @property
    def scores(self) -> dict[Team, int]:
        return {Team.A: self.score_a, Team.B: self.score_b}

    @property
    def breakdown(self) -> tuple[BreakdownLine, ...]:
        rules, deal, last_deal = self.context
        lines: list[BreakdownLine] = []
        _score(rules, deal, self.carry_in, last_deal, lines)
        return tuple(lines)

    @property
    def reserve_collected(self) -> tuple[Team | None, int]:
        """The team that collected the litige reserve on this deal, and how much."""
        for line in self.breakdown:
            if line.code == "litige_reserve" and line.points > 0:
                return line.team, line.points
        return None, 0


def score_deal(
    rules: Ruleset, deal: Deal, carry_in: int = 0, *, last_deal: bool = False
) -> DealScore:
    """Score one deal under ``rules``.

    ``carry_in`` is the litige reserve pending before the deal. ``last_deal`` says the deal is
    the game's last (for the last-deal litige rule and last-deal-exact rounding). Raises
    ``EngineError`` with a ``deal.*`` code for an impossible deal.
    """
    classic = rules.derived.classic
    if classic is not None:
        fast = _fast_classic(classic, rules, deal, carry_in, last_deal)
        if fast is not None:
            return fast
    return _score(rules, deal, carry_in, last_deal, None)


# Speed notes. Scoring a deal is a handful of additions, so its cost is Python's constant
# costs, and two of them dominate:
# * Reading an enum member (``Team.A``) goes through the enum class's descriptors: about
#   ten times slower than reading a module global. The hot paths read the members below.
# * A frozen dataclass is built with one ``object.__setattr__`` call per field. ``_make``
#   instead fills a plain twin class with the same ``__slots__`` (ordinary, fast attribute
#   stores) and then turns it into a ``DealScore`` by assigning ``__class__``, which CPython
#   allows between classes of identical slot layout. The result is an ordinary ``DealScore``.
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


class _DealScoreBuilder:
    """A mutable twin of ``DealScore`` (same slots, same order), only used by ``_make``."""

    __slots__ = DealScore.__slots__
    score_a: int
    score_b: int
    outcome: Outcome
    contract_made: bool | None
    carry_in: int
    carry_out: int
    context: tuple[Ruleset, Deal, bool]


def _make(
    sa: int,
    sb: int,
    outcome: Outcome,
    made: bool | None,
    carry_in: int,
    carry_out: int,
    ctx: tuple[Ruleset, Deal, bool],
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


def _fast_classic(
    classic: ClassicFast, rules: Ruleset, deal: Deal, carry_in: int, last_deal: bool
) -> DealScore | None:
    """The common classic deal (no announcements, SA/TA, rounding...), without breakdown.

    Returns None for anything unusual, including every invalid deal: the general path then
    scores it or raises the right error. The sweeps and tests/engine/test_fast_path.py check
    that both paths agree (the breakdown always comes from the general path and must add up
    to these scores). ``classic`` holds the rules' options as plain values (``ClassicFast``).
    """
    taker = deal.taker
    if (
        taker is None
        or deal.kind is not _PLAYED
        or deal.announcements
        or deal.ta_belotes is not None
        or deal.dix_de_der is not None
        or deal.bid is not None
        or deal.contre
        or deal.surcontre
        or deal.penalised is not None
        or deal.contract is not _POINTS
        or type(carry_in) is not int
        or carry_in < 0
    ):
        return None
    trump = deal.trump
    if trump is _SANS_ATOUT or trump is _TOUT_ATOUT:
        return None
    pa = deal.points_a
    pb = deal.points_b
    capot = deal.capot
    if pa is None:
        if pb is None:
            if capot is None:
                return None
            pa = 162 if capot is _A else 0
        elif type(pb) is not int or pb < 0 or pb > 162:
            return None
        else:
            pa = 162 - pb
    elif (
        type(pa) is not int
        or pa < 0
        or pa > 162
        or (pb is not None and (type(pb) is not int or pa + pb != 162))
    ):
        return None
    (
        capot_value,
        rule_82,
        belote_counts,
        tie_cmp,
        never_belote,
        keep_belote,
        belote_to_defense,
        defense_capot_value,
        failure_base,
        defense_extras,
        winner_collects,
        split_last,
    ) = classic
    taker_a = taker is _A
    ct = pa if taker_a else 162 - pa
    cd = 162 - ct
    t_capot = d_capot = False
    if capot is not None:
        if (pa if capot is _A else 162 - pa) != 162:
            return None
        if capot is taker:
            t_capot = True
        else:
            d_capot = True
    bel = deal.belote
    if bel is None:
        bt = bd = 0
    elif bel is taker:
        bt, bd = 20, 0
    else:
        bt, bd = 0, 20
    if t_capot:
        cmp = 1
    elif d_capot:
        cmp = -1
    elif rule_82:
        cmp = 1 if ct >= 82 else -1
    else:
        if belote_counts:
            vt, vd = ct + bt, cd + bd
        else:
            vt, vd = ct, cd
        cmp = 1 if vt > vd else -1 if vt < vd else tie_cmp
    if never_belote:
        bt = bd = 0
    made: bool | None
    if cmp > 0:
        st = (capot_value if t_capot else ct) + bt + carry_in
        sd = cd + bd
        outcome = _CAPOT if t_capot else _MADE
        made = True
        carry_out = 0
    elif cmp < 0:
        sd = defense_capot_value if d_capot else failure_base
        if defense_extras:
            sd += bd
        st = bt if keep_belote else 0
        if belote_to_defense:
            sd += bt
        carry_out = carry_in
        if carry_in and winner_collects:
            sd += carry_in
            carry_out = 0
        outcome = _FAILED_CAPOT if d_capot else _FAILED
        made = False
    else:
        sd = cd + bd
        if last_deal and split_last:
            st = ct + bt
            outcome = _SPLIT
            carry_out = carry_in
        else:
            st = 0
            outcome = _LITIGE
            carry_out = carry_in + ct + bt
        made = None
    if taker_a:
        return _make(st, sd, outcome, made, carry_in, carry_out, (rules, deal, last_deal))
    return _make(sd, st, outcome, made, carry_in, carry_out, (rules, deal, last_deal))


# --------------------------------------------------------------------------------------


def _err(code: str, message: str, **params: object) -> EngineError:
    return EngineError(code, message, params)


def _round(x: int, mode: Rounding) -> int:
    if mode is _ROUNDING_NONE:
        return x
    if mode is _ROUNDING_NEAREST_10_6_UP:
        return (x + 4) // 10 * 10
    return (x + 5) // 10 * 10  # 5 up (also the taker's rounding in the complement mode)


_NO_ANN: Final = (0, 0, 0, 0)


def _announcements(rules: Ruleset, deal: Deal, trump: Trump | None) -> tuple[int, int, int, int]:
    """Validate announcements; return (A scored, B scored, A declared, B declared) points."""
    ann = deal.announcements
    if not rules.announcements:
        raise _err("deal.announcements_disabled", "these rules have no announcements")
    reuse = rules.card_reuse_in_announcements is _CARD_REUSE_CARRE_AND_SEQUENCE
    trump_suit = trump.suit if trump is not None else None
    masks = {_A: [0, 0], _B: [0, 0]}  # per team: [sequences, carrés]
    declared = {_A: 0, _B: 0}
    best: dict[Team, tuple[int, int, int, int]] = {}
    carres_seen: set[Rank] = set()
    for i, a in enumerate(ann):
        if not isinstance(a, Announcement):
            raise _err("deal.announcement_invalid", "not an announcement", index=i)
        if a.kind is _ANNOUNCEMENT_KIND_CARRE:
            if a.suit is not None or a.length not in (None, 4):
                raise _err("deal.announcement_invalid", "a carré has a rank only", index=i)
            value = carre_value(a.rank, trump)
            if value == 0:
                raise _err(
                    "deal.announcement_invalid", "carrés of 7s and 8s score nothing", index=i
                )
            if a.rank in carres_seen:
                raise _err(
                    "deal.announcement_duplicate_carre",
                    "two carrés of the same rank",
                    index=i,
                    rank=a.rank.value,
                )
            carres_seen.add(a.rank)
            mask = carre_mask(a.rank)
            slot = 1
            key = (value, 1, 7 - sequence_index(a.rank), 0)
        else:
            if a.suit is None:
                raise _err("deal.announcement_invalid", "a sequence needs its suit", index=i)
            length = a.length if a.length is not None else _SEQ_LENGTH[a.kind]
            if length > 8:
                raise _err(
                    "deal.announcement_sequence_too_long",
                    "a sequence has at most 8 cards",
                    index=i,
                    length=length,
                )
            ok = (
                length >= 5
                if a.kind is _ANNOUNCEMENT_KIND_QUINTE
                else length == _SEQ_LENGTH[a.kind]
            )
            if not ok:
                raise _err(
                    "deal.announcement_invalid",
                    "the length does not match the kind",
                    index=i,
                    length=length,
                )
            top = sequence_index(a.rank)
            if top + length > 8:
                raise _err(
                    "deal.announcement_impossible_sequence",
                    "the sequence does not fit below its top card",
                    index=i,
                    rank=a.rank.value,
                    length=length,
                )
            value = sequence_value(length)
            mask = sequence_mask(a.suit, a.rank, length)
            slot = 0
            is_trump = 1 if (trump is _TOUT_ATOUT or a.suit is trump_suit) else 0
            key = (value, 0, 7 - top, is_trump)
        team_masks = masks[a.team]
        other = masks[a.team.other]
        if mask & (other[0] | other[1]):
            raise _err("deal.card_used_twice", "a card is in both teams' announcements", index=i)
        # With reuse allowed, a carré may share cards with a sequence (not with another carré).
        clash = mask & (team_masks[slot] if reuse else team_masks[0] | team_masks[1])
        if clash:
            raise _err("deal.card_used_twice", "a card is in two announcements", index=i)
        team_masks[slot] |= mask
        declared[a.team] += value
        if a.team not in best or key > best[a.team]:
            best[a.team] = key
    # Belote cards (K and Q of trump) are in the belote team's hands.
    if trump_suit is not None and deal.belote is not None:
        kq = sequence_mask(trump_suit, _RANK_KING, 2)
        other = masks[deal.belote.other]
        if kq & (other[0] | other[1]):
            raise _err(
                "deal.card_used_twice", "the belote cards are in the other team's announcement"
            )
    for team, (seqs, carres) in masks.items():
        if (seqs | carres).bit_count() > 16:
            raise _err("deal.announcements_exceed_hand", "more than 16 cards", team=team.value)
    dec_a, dec_b = declared[_A], declared[_B]
    if rules.announcement_scoring is _ANNOUNCEMENT_SCORING_EACH_TEAM_OWN:
        return dec_a, dec_b, dec_a, dec_b
    if _A not in best:
        return 0, dec_b, dec_a, dec_b
    if _B not in best:
        return dec_a, 0, dec_a, dec_b
    ka, kb = best[_A][:3], best[_B][:3]
    if ka != kb:
        return (dec_a, 0, dec_a, dec_b) if ka > kb else (0, dec_b, dec_a, dec_b)
    tie = rules.announcement_tie
    if tie is not _ANNOUNCEMENT_TIE_FIRST_ANNOUNCED:
        ta, tb = best[_A][3], best[_B][3]
        if ta != tb:
            return (dec_a, 0, dec_a, dec_b) if ta > tb else (0, dec_b, dec_a, dec_b)
        if tie is _ANNOUNCEMENT_TIE_CANCEL:
            return 0, 0, dec_a, dec_b
    winner = deal.announcement_priority
    if winner is None:
        raise _err(
            "deal.announcement_tie_unresolved",
            "equal best announcements: give announcement_priority",
        )
    return (dec_a, 0, dec_a, dec_b) if winner is _A else (0, dec_b, dec_a, dec_b)


def _score(
    rules: Ruleset,
    deal: Deal,
    carry_in: int,
    last_deal: bool,
    ex: list[BreakdownLine] | None,
) -> DealScore:
    kind = deal.kind
    if type(carry_in) is not int or carry_in < 0:
        raise _err("deal.invalid_carry_in", "carry_in must be an int >= 0", carry_in=carry_in)
    derived = rules.derived
    if kind is not _PLAYED:
        return _score_other(rules, deal, carry_in, last_deal, ex)
    if deal.penalised is not None:
        raise _err("deal.penalty_team_invalid", "only a penalty deal names a penalised team")
    taker = deal.taker
    if taker is None:
        raise _err("deal.missing_taker", "a played deal needs a taker")
    trump = deal.trump
    # ---- contract shape -------------------------------------------------------------
    contract = deal.contract
    bid = deal.bid
    if deal.surcontre and not deal.contre:
        raise _err("deal.surcontre_without_contre", "a surcontre needs a contre")
    auction = derived.auction
    if not auction:
        if contract is _CONTRACT_GENERALE:
            raise _err("deal.generale_without_contree", "générale is a contrée bid")
        if bid is not None or contract is not _POINTS:
            raise _err("deal.bid_in_classic", "classic belote has no bids")
        if deal.contre:
            raise _err("deal.contre_in_classic", "classic belote has no contre")
    else:
        if contract is _POINTS:
            if bid is None:
                raise _err("deal.missing_bid", "a contrée deal needs a bid")
            if bid not in derived.allowed_bids:
                raise _err(
                    "deal.bid_out_of_range",
                    "the bid is not allowed by the rules",
                    bid=bid,
                    allowed=sorted(derived.allowed_bids),
                )
        elif bid is not None:
            raise _err("deal.invalid_contract", "a capot/générale contract has no number bid")
        elif contract is _CONTRACT_GENERALE and rules.generale_made is _GENERALE_SCORING_OFF:
            raise _err("deal.generale_disabled", "the générale is off in these rules")
    # ---- trump ----------------------------------------------------------------------
    scale = DEAL_TOTAL
    if trump is _SANS_ATOUT or trump is _TOUT_ATOUT:
        if not rules.sans_atout_tout_atout:
            raise _err("deal.trump_not_allowed", "no sans-atout/tout-atout", trump=trump.value)
        if trump is _TOUT_ATOUT and rules.tout_atout_points is _TOUT_ATOUT_POINTS_RAW_258:
            scale = TOUT_ATOUT_CLASSIC_TOTAL
    # ---- card points ----------------------------------------------------------------
    pa = deal.points_a
    pb = deal.points_b
    capot = deal.capot
    if pa is None:
        if pb is None:
            if capot is None:
                raise _err("deal.missing_points", "card points are missing")
            pa = scale if capot is _A else 0
            pb = scale - pa
        else:
            if type(pb) is not int or not 0 <= pb <= scale:
                raise _err("deal.points_out_of_range", "points out of range", points_b=pb)
            pa = scale - pb
    elif pb is None:
        if type(pa) is not int or not 0 <= pa <= scale:
            raise _err("deal.points_out_of_range", "points out of range", points_a=pa)
        pb = scale - pa
    else:
        if (
            type(pa) is not int
            or type(pb) is not int
            or not (0 <= pa <= scale and 0 <= pb <= scale)
        ):
            raise _err("deal.points_out_of_range", "points out of range", points_a=pa, points_b=pb)
        if pa + pb != scale:
            raise _err(
                "deal.points_do_not_add_up",
                "card points must add up to the deal total",
                points_a=pa,
                points_b=pb,
                total=scale,
            )
    if capot is not None:
        if (pa if capot is _A else pb) != scale:
            raise _err(
                "deal.capot_without_all_points",
                "the capot team must have all card points",
                capot=capot.value,
            )
    elif rules.capot_test is _CAPOT_TEST_OPPONENTS_NO_POINTS and (pa == 0 or pb == 0):
        capot = _A if pb == 0 else _B
    ddd = deal.dix_de_der
    if ddd is not None and (
        (pa if ddd is _A else pb) < 10 or (capot is not None and capot is not ddd)
    ):
        raise _err("deal.dix_de_der_impossible", "that team cannot have won the last trick")
    if scale != DEAL_TOTAL:  # classic tout-atout: scale 258 → 162 (FFB 2016 §11.3)
        pa = tout_atout_to_162(pa)
        pb = DEAL_TOTAL - pa
    # ---- belote ---------------------------------------------------------------------
    bel_a = bel_b = 0
    if deal.ta_belotes is not None:
        if deal.belote is not None:
            raise _err("deal.belote_conflict", "give belote or ta_belotes, not both")
        na, nb = deal.ta_belotes
        if trump is not _TOUT_ATOUT:
            if trump is _SANS_ATOUT and na + nb > 0:
                raise _err("deal.belote_at_sans_atout", "no belote at sans-atout")
            if na + nb > 1:
                raise _err("deal.too_many_belotes", "one belote per deal", belotes=na + nb)
        if na < 0 or nb < 0 or na + nb > 4:
            raise _err("deal.too_many_belotes", "at most 4 belotes", belotes=na + nb)
        bel_a, bel_b = 20 * na, 20 * nb
    elif deal.belote is not None:
        if trump is _SANS_ATOUT:
            raise _err("deal.belote_at_sans_atout", "no belote at sans-atout")
        if deal.belote is _A:
            bel_a = 20
        else:
            bel_b = 20
    # ---- announcements --------------------------------------------------------------
    ann_a = ann_b = 0
    if deal.announcements:
        ann_a, ann_b, _, _ = _announcements(rules, deal, trump)
        if capot is not None:  # the capot'd side's announcements pass to the capot team
            if capot is _A:
                ann_a, ann_b = ann_a + ann_b, 0
            else:
                ann_a, ann_b = 0, ann_a + ann_b
    # Work from the taker's side: t = taker, d = defense.
    if taker is _A:
        ct, cd, bt, bd, at, ad = pa, pb, bel_a, bel_b, ann_a, ann_b
    else:
        ct, cd, bt, bd, at, ad = pb, pa, bel_b, bel_a, ann_b, ann_a
    t_capot = capot is taker
    d_capot = capot is not None and not t_capot
    rnd_mode = rules.rounding
    if last_deal and rules.last_deal_exact:
        rnd_mode = _ROUNDING_NONE
    if auction:
        r = _score_auction(
            rules, deal, ct, cd, bt, bd, at, ad, t_capot, d_capot, rnd_mode, carry_in
        )
    else:
        r = _score_classic(
            rules, ct, cd, bt, bd, at, ad, t_capot, d_capot, rnd_mode, carry_in, last_deal
        )
    # r = (outcome, made, carry_out, taker parts, defense parts)
    outcome, made, carry_out, tparts, dparts = r
    # Final-score rounding: each team's deal score, the reserve left out.
    if rnd_mode is not _ROUNDING_NONE and rules.rounding_stage is _ROUNDING_STAGE_FINAL_DEAL_SCORE:
        tparts = _round_final(tparts, rnd_mode)
        dparts = _round_final(dparts, rnd_mode)
    st = sum(map(_points_of, tparts))
    sd = sum(map(_points_of, dparts))
    if ex is not None:
        defense = taker.other
        _explain(ex, taker, tparts, deal, ct, t_capot, rules)
        _explain(ex, defense, dparts, deal, cd, d_capot, rules)
        ex.sort(key=lambda line: line.team.value)
    if taker is _A:
        return _make(st, sd, outcome, made, carry_in, carry_out, (rules, deal, last_deal))
    return _make(sd, st, outcome, made, carry_in, carry_out, (rules, deal, last_deal))


# A team's score is a tuple of (code, points) parts; "pile" is the team's card points (or its
# capot pile), split into cards / dix de der / capot lines when explained.
Parts = tuple[tuple[str, int], ...]
_points_of: Final = itemgetter(1)  # the points of a (code, points) part
Result = tuple[Outcome, bool | None, int, Parts, Parts]


def _round_final(parts: Parts, mode: Rounding) -> Parts:
    total = sum(v for c, v in parts if c != "litige_reserve")
    diff = _round(total, mode) - total
    return (*parts, ("rounding", diff)) if diff else parts


def _explain(
    ex: list[BreakdownLine],
    team: Team,
    parts: Parts,
    deal: Deal,
    cards: int,
    capot: bool,
    rules: Ruleset,
) -> None:
    for code, pts in parts:
        if code == "pile":
            # Split the pile: card points, dix de der (when known), capot bonus.
            if capot:
                ex.append(BreakdownLine(team, "cards", 152))
                ex.append(BreakdownLine(team, "dix_de_der", 10))
                if pts != 162:
                    ex.append(BreakdownLine(team, "capot", pts - 162))
            elif deal.dix_de_der is team and pts == cards:
                ex.append(BreakdownLine(team, "cards", pts - 10))
                ex.append(BreakdownLine(team, "dix_de_der", 10))
            else:
                ex.append(BreakdownLine(team, "cards", pts))
        elif pts or code in ("contract",):
            ex.append(BreakdownLine(team, code, pts))
    if not any(line.team is team for line in ex):
        ex.append(BreakdownLine(team, "cards", 0))


def _collect(rules: Ruleset, carry_in: int, made: bool) -> tuple[int, int, int]:
    """Reserve movement on a decided deal: (to taker, to defense, carry_out)."""
    if not carry_in:
        return 0, 0, 0
    if made:
        return carry_in, 0, 0
    if rules.litige_reserve_to is _LITIGE_RESERVE_TO_NEXT_DEAL_WINNER:
        return 0, carry_in, 0
    return 0, 0, carry_in


def _score_classic(
    rules: Ruleset,
    ct: int,
    cd: int,
    bt: int,
    bd: int,
    at: int,
    ad: int,
    t_capot: bool,
    d_capot: bool,
    rnd: Rounding,
    carry_in: int,
    last_deal: bool,
) -> Result:
    # Piles: a capot team counts the capot value instead of its 162 card points.
    pile_t = rules.capot_value if t_capot else ct
    pile_d = rules.capot_value if d_capot else cd
    before = rnd is not _ROUNDING_NONE and (
        rules.rounding_stage is _ROUNDING_STAGE_POINTS_BEFORE_CONTRACT_CHECK
    )
    if before:
        ct_check, cd_check = _round(ct, rnd), _round(cd, rnd)
    else:
        ct_check, cd_check = ct, cd
    # ---- contract test (rules.md §2.3) ------------------------------------------------
    rule = rules.contract_rule
    if t_capot:
        cmp = 1
    elif d_capot:
        cmp = -1
    elif rule is _CONTRACT_RULE_AT_LEAST_82:
        cmp = 1 if ct_check >= 82 else -1
    else:
        vt, vd = ct_check, cd_check
        if rules.belote_counts_for_contract:
            vt += bt
            vd += bd
        if rules.announcements_count_for_contract:
            vt += at
            vd += ad
        cmp = (vt > vd) - (vt < vd)
        if cmp == 0 and rule is _CONTRACT_RULE_AT_LEAST_DEFENSE:
            cmp = 1
    if cmp == 0:
        tie = rules.tie_rule
        if tie is _TIE_RULE_TAKER_FAILS:
            cmp = -1
        elif tie is _TIE_RULE_TAKER_SUCCEEDS:
            cmp = 1
    never = rules.belote_on_failure is _BELOTE_ON_FAILURE_NEVER_SCORED
    if never:
        bt = bd = 0
    # ---- rounding of piles ------------------------------------------------------------
    complement = rnd is _ROUNDING_TAKER_ROUNDED_DEFENSE_COMPLEMENT
    stage_points = rnd is not _ROUNDING_NONE and (
        rules.rounding_stage is not _ROUNDING_STAGE_FINAL_DEAL_SCORE
    )

    def own(pile: int) -> Parts:
        if stage_points:
            r = _round(pile, rnd) - pile
            if r:
                return (("pile", pile), ("rounding", r))
        return (("pile", pile),)

    if cmp > 0:  # made
        to_t, _, carry_out = _collect(rules, carry_in, True)
        tparts = own(pile_t)
        dparts = own(pile_d)
        if stage_points and complement and not t_capot:
            rt = _round(pile_t, rnd)
            dparts = (("pile", pile_d), ("rounding", (160 - rt) - pile_d))
        tparts = (*tparts, ("belote", bt), ("announcements", at), ("litige_reserve", to_t))
        dparts = (*dparts, ("belote", bd), ("announcements", ad))
        return (_CAPOT if t_capot else _MADE), True, carry_out, tparts, dparts
    if cmp < 0:  # failed (dedans)
        _, to_d, carry_out = _collect(rules, carry_in, False)
        base = (
            rules.capot_value
            if d_capot and rules.defense_capot is _DEFENSE_CAPOT_CAPOT_VALUE
            else rules.derived.failure_base
        )
        dparts = (("failure", base),)
        if stage_points:
            r = _round(base, rnd) - base
            if r:
                dparts = (*dparts, ("rounding", r))
        bof = rules.belote_on_failure
        t_bel = bt if bof is _BELOTE_ON_FAILURE_KEPT_BY_HOLDER else 0
        d_bel = bt if bof is _BELOTE_ON_FAILURE_TO_DEFENSE else 0
        if rules.failed_defense_extras is _FAILED_DEFENSE_EXTRAS_OWN_BELOTE_AND_ALL_ANNOUNCEMENTS:
            d_bel += bd
            d_ann = at + ad
        else:
            d_ann = 0
        tparts = (("pile", 0), ("belote", t_bel))
        dparts = (*dparts, ("belote", d_bel), ("announcements", d_ann), ("litige_reserve", to_d))
        return (
            (_FAILED_CAPOT if d_capot else _FAILED),
            False,
            carry_out,
            tparts,
            dparts,
        )
    # ---- litige (rules.md §2.6) -----------------------------------------------------
    tparts = (*own(pile_t), ("belote", bt), ("announcements", at))
    dparts = (*own(pile_d), ("belote", bd), ("announcements", ad))
    if last_deal and rules.litige_last_deal is _LITIGE_LAST_DEAL_EACH_SCORES_OWN:
        # ASCE 79: "chaque équipe marquera ses 81 points"; a pending reserve is not collected.
        return _SPLIT, None, carry_in, tparts, dparts
    held = sum(map(_points_of, tparts))
    tparts = (*tparts, ("litige_reserve", -held))
    return _LITIGE, None, carry_in + held, tparts, dparts


def _score_auction(
    rules: Ruleset,
    deal: Deal,
    ct: int,
    cd: int,
    bt: int,
    bd: int,
    at: int,
    ad: int,
    t_capot: bool,
    d_capot: bool,
    rnd: Rounding,
    carry_in: int,
) -> Result:
    contract = deal.contract
    derived = rules.derived
    mode = rules.contree_scoring_mode
    # ---- contract value C and multiplier M ------------------------------------------
    if contract is _POINTS:
        bid = deal.bid if deal.bid is not None else 0
        c_value = 80 if bid == 82 and rules.min_bid_82_counts_as == 80 else bid
    elif contract is _CONTRACT_CAPOT:
        bid = 0
        c_value = rules.capot_bid_value
    else:
        bid = 0
        c_value = 500
    m = 1
    if deal.contre:
        m = rules.surcontre_multiplier if deal.surcontre else rules.contre_multiplier
    capot_pile = rules.capot_value_contree
    pile_t = capot_pile if t_capot else ct
    pile_d = capot_pile if d_capot else cd
    stage_points = rnd is not _ROUNDING_NONE and (
        rules.rounding_stage is not _ROUNDING_STAGE_FINAL_DEAL_SCORE
    )
    before = stage_points and rules.rounding_stage is _ROUNDING_STAGE_POINTS_BEFORE_CONTRACT_CHECK
    # ---- contract test (rules.md §3.3): rounding never makes a contract (FFB) ---------
    if contract is _POINTS:
        vt = _round(ct, rnd) if before else ct
        vd = _round(cd, rnd) if before else cd
        if t_capot:
            vt = capot_pile
        if rules.belote_counts_for_contract:
            vt += bt
            vd += bd
        if rules.announcements_count_for_contract:
            vt += at
            vd += ad
        made = vt >= bid
        if made and rules.contract_success is _CONTRACT_SUCCESS_BID_AND_MORE_THAN_DEFENSE:
            made = vt > vd
    elif contract is _CONTRACT_CAPOT:
        made = t_capot
    else:
        made = t_capot and deal.solo_capot
    if rules.belote_on_failure is _BELOTE_ON_FAILURE_NEVER_SCORED:
        bt = bd = 0
    winner_is_taker = made
    # ---- what the winner scores, as (base, base code, C, fixed) -------------------------
    # base: the pile part ("pile" = own/capot pile, "failure"/"whole_deal" = a fixed pile);
    # fixed: a flat amount that replaces base + C (flat capot/générale scores).
    fixed = 0
    fail_base = derived.failure_base
    if d_capot and rules.defense_capot is _DEFENSE_CAPOT_CAPOT_VALUE:
        fail_base = capot_pile
    if mode is _CONTREE_SCORING_MODE_POINTS_ANNONCES:
        fixed = c_value
        if contract is _CONTRACT_CAPOT:
            rule_cb = rules.capot_bid_made if made else rules.capot_bid_failed
            if rule_cb in (_CAPOT_BID_MADE_FIXED_500, _CAPOT_BID_FAILED_FIXED_500):
                fixed = 500
            elif rule_cb is _CAPOT_BID_MADE_FIXED_250:
                fixed = 250
        elif contract is _CONTRACT_GENERALE:
            g = rules.generale_made if made else rules.generale_failed
            fixed = 1000 if g is _GENERALE_SCORING_FIXED_1000 else 500
    elif contract is _CONTRACT_CAPOT:
        if made:
            cb = rules.capot_bid_made
            if cb is _CAPOT_BID_MADE_FIXED_500:
                fixed = 500
            elif cb is _CAPOT_BID_MADE_FIXED_250:
                fixed = 250
            elif cb is _CAPOT_BID_MADE_AS_CONTRACT_WITHOUT_CAPOT_BONUS:
                pile_t = DEAL_TOTAL
        elif rules.capot_bid_failed is _CAPOT_BID_FAILED_FIXED_500:
            fixed = 500
    elif contract is _CONTRACT_GENERALE:
        g = rules.generale_made if made else rules.generale_failed
        if g is _GENERALE_SCORING_FIXED_500:
            fixed = 500
        elif g is _GENERALE_SCORING_FIXED_1000:
            fixed = 1000
    # In points faits the contract is never added (fixed amounts are, as flat scores).
    add_c = mode is _CONTREE_SCORING_MODE_POINTS_FAITS_PLUS_DEMANDES
    doubled = m > 1
    # keeps_own_points is a rule for a *made* doubled contract: a failed taker scores 0
    # (docs/engine.md, "Failed contract: taker 0; defense the failure points"; issue 14).
    keep_loser = (
        doubled and made and rules.doubled_loser_score is _DOUBLED_LOSER_SCORE_KEEPS_OWN_POINTS
    )
    # ---- belote and announcements per side ------------------------------------------
    bof = rules.belote_on_failure
    bwd = rules.belote_when_doubled
    # bel_w / bel_l: belote to winner / loser outside the multiplied amount; bel_wm: inside.
    if winner_is_taker:
        bel_w_own, bel_l_own = bt, bd
    else:
        bel_w_own, bel_l_own = bd, bt
    bel_wm = 0
    if doubled and bwd is _BELOTE_WHEN_DOUBLED_TO_WINNER:
        bel_w, bel_l = bel_w_own + bel_l_own, 0
    elif doubled and bwd is _BELOTE_WHEN_DOUBLED_MULTIPLIED:
        bel_w, bel_wm = 0, bel_w_own
        bel_l = bel_l_own if keep_loser else 0
    elif winner_is_taker:
        bel_w, bel_l = bel_w_own, bel_l_own
    else:  # the taker failed: its belote follows belote_on_failure
        bel_w, bel_l = bel_w_own, 0
        if bof is _BELOTE_ON_FAILURE_KEPT_BY_HOLDER:
            bel_l = bel_l_own
        elif bof is _BELOTE_ON_FAILURE_TO_DEFENSE:
            bel_w += bel_l_own
    extras = rules.failed_defense_extras is _FAILED_DEFENSE_EXTRAS_OWN_BELOTE_AND_ALL_ANNOUNCEMENTS
    if winner_is_taker:
        ann_w, ann_l = at, ad
        if doubled and not keep_loser:  # the winner takes the whole deal
            ann_w, ann_l = at + ad, 0
    else:
        ann_w, ann_l = (ad + at, 0) if (extras or doubled) else (0, 0)
        if keep_loser:
            ann_w, ann_l = ad, at
        if not extras and not doubled:
            bel_w -= bd  # flat failure: the defense's own belote is not scored either
    # ---- the winner's amount ---------------------------------------------------------
    own_w = pile_t if winner_is_taker else pile_d
    own_l = pile_d if winner_is_taker else pile_t
    if winner_is_taker and not doubled:
        base_code, base = "pile", own_w
    elif not winner_is_taker and not doubled:
        base_code, base = "failure", fail_base
    else:
        wb = rules.doubled_winner_base
        # A defense that took all tricks has a capot pile only if defense_capot says so.
        w_capot = (
            t_capot
            if winner_is_taker
            else (d_capot and rules.defense_capot is _DEFENSE_CAPOT_CAPOT_VALUE)
        )
        if wb is _DOUBLED_WINNER_BASE_OWN_POINTS and winner_is_taker:
            base_code, base = "pile", own_w
        elif wb is not _DOUBLED_WINNER_BASE_WHOLE_PILE and w_capot:
            # own_points on a failure: the failure points, here the defense's capot pile.
            base_code, base = "pile", capot_pile
        else:
            base_code = "whole_deal" if winner_is_taker else "failure"
            base = derived.failure_base if derived.failure_base else 160
        if winner_is_taker and contract is _CONTRACT_CAPOT and base_code == "pile":
            base = pile_t  # as_contract_without_capot_bonus keeps 162 here
    c_part = (
        c_value if (add_c and (winner_is_taker or derived.failure_adds_contract or doubled)) else 0
    )
    if mode is _CONTREE_SCORING_MODE_POINTS_FAITS and not winner_is_taker and not doubled:
        c_part = 0
    if (
        mode is _CONTREE_SCORING_MODE_POINTS_FAITS
        and contract is _CONTRACT_CAPOT
        and not fixed
        and made
    ):
        c_part = c_value  # a capot bid "as contract" in points faits: capot pile + capot value
    w_parts: list[tuple[str, int]] = []
    if fixed:
        # Flat amounts: points annoncés (C × M), flat capot/générale (500 × M...).
        w_parts.append(("contract", fixed))
        if doubled:
            w_parts.append(("multiplier", fixed * (m - 1)))
    else:
        base_r = 0
        if stage_points and base:
            base_r = _round(base, rnd) - base
        target = rules.multiplier_target
        if mode is _CONTREE_SCORING_MODE_POINTS_FAITS and doubled:
            target = _MULTIPLIER_TARGET_FIXED_AMOUNT
        w_parts.append((base_code, base))
        if base_r:
            w_parts.append(("rounding", base_r))
        if c_part or (winner_is_taker and mode is _CONTREE_SCORING_MODE_POINTS_FAITS_PLUS_DEMANDES):
            w_parts.append(("contract", c_part))
        if doubled:
            if target is _MULTIPLIER_TARGET_CONTRACT_ONLY:
                extra = c_part * (m - 1)
            elif target is _MULTIPLIER_TARGET_WHOLE_SCORE:
                extra = (base + base_r + c_part + ann_w) * (m - 1)
            else:  # fixed amount: base × M, the contract not scored
                w_parts = [p for p in w_parts if p[0] != "contract"]
                extra = (base + base_r) * (m - 1)
            w_parts.append(("multiplier", extra))
    if bel_wm:
        w_parts.append(("belote", bel_wm))
        w_parts.append(("multiplier", bel_wm * (m - 1)))
    w_parts.append(("belote", bel_w))
    w_parts.append(("announcements", ann_w))
    # ---- the loser ------------------------------------------------------------------
    l_parts: list[tuple[str, int]] = []
    if (winner_is_taker and not doubled and not fixed) or keep_loser:
        l_parts.append(("pile", own_l))
        if stage_points and own_l:
            r = _round(own_l, rnd) - own_l
            if (
                rnd is _ROUNDING_TAKER_ROUNDED_DEFENSE_COMPLEMENT
                and winner_is_taker
                and not t_capot
                and base_code == "pile"
            ):
                r = (160 - _round(own_w, rnd)) - own_l
            if r:
                l_parts.append(("rounding", r))
    elif mode is _CONTREE_SCORING_MODE_POINTS_ANNONCES and winner_is_taker and not doubled:
        l_parts.append(("pile", 0))
    else:
        l_parts.append(("pile", 0))
    l_parts.append(("belote", bel_l))
    l_parts.append(("announcements", ann_l))
    if mode is _CONTREE_SCORING_MODE_POINTS_ANNONCES:
        # Only the contract is scored: piles are not.
        l_parts = [p for p in l_parts if p[0] not in ("pile", "rounding")] or [("pile", 0)]
    # ---- reserve ----------------------------------------------------------------------
    to_t, to_d, carry_out = _collect(rules, carry_in, made)
    if winner_is_taker:
        w_parts.append(("litige_reserve", to_t))
        tparts, dparts = tuple(w_parts), tuple(l_parts)
        outcome = _CAPOT if t_capot else _MADE
    else:
        w_parts.append(("litige_reserve", to_d))
        tparts, dparts = tuple(l_parts), tuple(w_parts)
        outcome = _FAILED_CAPOT if d_capot else _FAILED
    return outcome, made, carry_out, tparts, dparts


def _score_other(
    rules: Ruleset,
    deal: Deal,
    carry_in: int,
    last_deal: bool,
    ex: list[BreakdownLine] | None,
) -> DealScore:
    ctx = (rules, deal, last_deal)
    if deal.kind is _DEAL_KIND_VOID:
        if ex is not None:
            ex.append(BreakdownLine(_A, "cards", 0))
            ex.append(BreakdownLine(_B, "cards", 0))
        return _make(0, 0, _OUTCOME_VOID, None, carry_in, carry_in, ctx)
    # Penalty (rules.md §4): the opponents of the penalised team score the penalty.
    pen = deal.penalised
    if pen is None:
        raise _err("deal.missing_penalised_team", "a penalty needs the penalised team")
    points = rules.penalty_points
    if rules.penalty_adds_contract and rules.derived.auction:
        if deal.contract is _CONTRACT_CAPOT:
            points += rules.capot_bid_value
        elif deal.contract is _CONTRACT_GENERALE:
            points += 500
        elif deal.bid is not None:
            if deal.bid not in rules.derived.allowed_bids:
                raise _err("deal.bid_out_of_range", "the bid is not allowed", bid=deal.bid)
            points += deal.bid
    if ex is not None:
        ex.append(BreakdownLine(pen.other, "penalty", points))
        ex.append(BreakdownLine(pen, "penalty", 0))
        ex.sort(key=lambda line: line.team.value)
    if pen is _A:
        return _make(0, points, _OUTCOME_PENALTY, None, carry_in, carry_in, ctx)
    return _make(points, 0, _OUTCOME_PENALTY, None, carry_in, carry_in, ctx)
