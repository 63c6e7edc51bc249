"""The announcements step: check each declared announcement and decide who scores them.

This module owns the checks of announcements (kind, length, a sequence that fits below its
top card, one carré per rank, no card in two announcements unless the rules allow a carré and
a sequence to share, the belote cards, at most 16 cards a team) and the ranking of the two
teams' best announcements (rules.md §2.8): points, then carré over sequence, then top card,
then trump, then the rules' tie rule. The winner scores all of its own announcements (or
each team its own); on a capot the capot'd side's announcements pass to the capot team.
"""

from __future__ import annotations

from engine.belote.cards import (
    Rank,
    Trump,
    carre_mask,
    carre_value,
    sequence_index,
    sequence_mask,
    sequence_value,
)
from engine.belote.model import SEQ_LENGTH, Announcement, Deal, Team
from engine.belote.rules import AnnouncementRanking, Ruleset
from engine.belote.steps.common import (
    _A,
    _ANNOUNCEMENT_KIND_CARRE,
    _ANNOUNCEMENT_KIND_QUINTE,
    _ANNOUNCEMENT_SCORING_EACH_TEAM_OWN,
    _ANNOUNCEMENT_TIE_CANCEL,
    _ANNOUNCEMENT_TIE_FIRST_ANNOUNCED,
    _B,
    _CARD_REUSE_CARRE_AND_SEQUENCE,
    _RANK_KING,
    _TOUT_ATOUT,
    err,
)

__all__ = ["announcement_points"]

# How an announcement ranks against the other team's best: a tuple compared in order. Its
# last item is "in trump", used only by the tie rules that look at trump.
Key = tuple[int, ...]
_LENGTH_FIRST = AnnouncementRanking.SEQUENCE_LENGTH_FIRST


def announcement_points(rules: Ruleset, deal: Deal, capot: Team | None) -> tuple[int, int]:
    """(A, B) announcement points as scored; raises ``deal.*`` for impossible announcements."""
    if not rules.announcements:
        raise err("deal.announcements_disabled", "these rules have no announcements")
    declared, best = _check_all(rules, deal)
    ann_a, ann_b = _who_scores(rules, deal, declared, best)
    if capot is None:
        return ann_a, ann_b
    # The capot'd side's announcements pass to the capot team (FFB coinche §10.1.1).
    return (ann_a + ann_b, 0) if capot is _A else (0, ann_a + ann_b)


def _check_all(rules: Ruleset, deal: Deal) -> tuple[dict[Team, int], dict[Team, Key]]:
    """Check every announcement; return the points declared and the best key per team."""
    reuse = rules.card_reuse_in_announcements is _CARD_REUSE_CARRE_AND_SEQUENCE
    length_first = rules.announcement_ranking is _LENGTH_FIRST
    trump = deal.trump
    masks = {_A: [0, 0], _B: [0, 0]}  # per team: [sequences, carrés]
    declared = {_A: 0, _B: 0}
    best: dict[Team, Key] = {}
    carres_seen: set[Rank] = set()
    for i, a in enumerate(deal.announcements):
        if not isinstance(a, Announcement):
            raise err("deal.announcement_invalid", "not an announcement", index=i)
        if a.kind is _ANNOUNCEMENT_KIND_CARRE:
            value, mask, slot, key = _carre(a, i, trump, carres_seen)
        else:
            value, mask, slot, key = _sequence(a, i, trump, length_first)
        _place(masks, a.team, mask, slot, reuse, i)
        declared[a.team] += value
        if a.team not in best or key > best[a.team]:
            best[a.team] = key
    _check_belote_cards(deal, masks)
    for team, (seqs, carres) in masks.items():
        if (seqs | carres).bit_count() > 16:
            raise err("deal.announcements_exceed_hand", "more than 16 cards", team=team.value)
    return declared, best


def _carre(
    a: Announcement, i: int, trump: Trump | None, seen: set[Rank]
) -> tuple[int, int, int, Key]:
    if a.suit is not None or a.length not in (None, 4):
        raise err("deal.announcement_invalid", "a carré has a rank only", index=i)
    value = carre_value(a.rank, trump)
    if value == 0:
        raise err("deal.announcement_invalid", "carrés of 7s and 8s score nothing", index=i)
    if a.rank in seen:
        raise err(
            "deal.announcement_duplicate_carre",
            "two carrés of the same rank",
            index=i,
            rank=a.rank.value,
        )
    seen.add(a.rank)
    # (points, carré over sequence, length (carrés: 4), top card, trump: never for a carré)
    return value, carre_mask(a.rank), 1, (value, 1, 4, 7 - sequence_index(a.rank), 0)


def _sequence(
    a: Announcement, i: int, trump: Trump | None, length_first: bool
) -> tuple[int, int, int, Key]:
    if a.suit is None:
        raise err("deal.announcement_invalid", "a sequence needs its suit", index=i)
    length = a.length if a.length is not None else SEQ_LENGTH[a.kind]
    if length > 8:
        raise err(
            "deal.announcement_sequence_too_long",
            "a sequence has at most 8 cards",
            index=i,
            length=length,
        )
    ok = length >= 5 if a.kind is _ANNOUNCEMENT_KIND_QUINTE else length == SEQ_LENGTH[a.kind]
    if not ok:
        raise err(
            "deal.announcement_invalid",
            "the length does not match the kind",
            index=i,
            length=length,
        )
    top = sequence_index(a.rank)
    if top + length > 8:
        raise err(
            "deal.announcement_impossible_sequence",
            "the sequence does not fit below its top card",
            index=i,
            rank=a.rank.value,
            length=length,
        )
    value = sequence_value(length)
    is_trump = 1 if (trump is _TOUT_ATOUT or (trump is not None and a.suit is trump.suit)) else 0
    # Ranked by points, a run of six (100) ties with a run of five (100) and the top card
    # decides; ranked by length first, the longer run wins (issue 14).
    rank_length = length if length_first else 0
    key = (value, 0, rank_length, 7 - top, is_trump)
    return value, sequence_mask(a.suit, a.rank, length), 0, key


def _place(
    masks: dict[Team, list[int]], team: Team, mask: int, slot: int, reuse: bool, i: int
) -> None:
    """Record an announcement's cards; a card may not be in two announcements."""
    own = masks[team]
    other = masks[team.other]
    if mask & (other[0] | other[1]):
        raise err("deal.card_used_twice", "a card is in both teams' announcements", index=i)
    # With reuse allowed, a carré may share cards with a sequence (not with another carré).
    if mask & (own[slot] if reuse else own[0] | own[1]):
        raise err("deal.card_used_twice", "a card is in two announcements", index=i)
    own[slot] |= mask


def _check_belote_cards(deal: Deal, masks: dict[Team, list[int]]) -> None:
    """The belote cards (K and Q of trump) are in the belote team's hands."""
    trump = deal.trump
    if trump is None or trump.suit is None or deal.belote is None:
        return
    kq = sequence_mask(trump.suit, _RANK_KING, 2)
    other = masks[deal.belote.other]
    if kq & (other[0] | other[1]):
        raise err("deal.card_used_twice", "the belote cards are in the other team's announcement")


def _who_scores(
    rules: Ruleset, deal: Deal, declared: dict[Team, int], best: dict[Team, Key]
) -> tuple[int, int]:
    dec_a, dec_b = declared[_A], declared[_B]
    if rules.announcement_scoring is _ANNOUNCEMENT_SCORING_EACH_TEAM_OWN:
        return dec_a, dec_b
    if _A not in best:
        return 0, dec_b
    if _B not in best:
        return dec_a, 0
    winner = _best_team(rules, deal, best[_A], best[_B])
    if winner is None:
        return 0, 0
    return (dec_a, 0) if winner is _A else (0, dec_b)


def _best_team(rules: Ruleset, deal: Deal, ka: Key, kb: Key) -> Team | None:
    """The team with the best announcement; None when equal ones cancel (FFB coinche)."""
    if ka[:-1] != kb[:-1]:
        return _A if ka > kb else _B
    tie = rules.announcement_tie
    if tie is not _ANNOUNCEMENT_TIE_FIRST_ANNOUNCED:
        if ka[-1] != kb[-1]:
            return _A if ka[-1] > kb[-1] else _B
        if tie is _ANNOUNCEMENT_TIE_CANCEL:
            return None
    winner = deal.announcement_priority
    if winner is None:
        raise err(
            "deal.announcement_tie_unresolved",
            "equal best announcements: give announcement_priority",
        )
    return winner
