"""The named presets: each a ``Ruleset`` built from one rule text, citing its source.

This module owns ``PRESETS`` (name → ``Preset``: title, source, rules), ``make_ruleset``
(a preset with overrides) and one function per preset whose docstring is its source.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from engine.belote.errors import EngineError
from engine.belote.rules.options import (
    AnnouncementTie,
    BeloteOnFailure,
    BidRange,
    CapotBidFailed,
    CapotBidMade,
    ContractRule,
    ContractSuccess,
    ContreeScoringMode,
    DoubledWinnerBase,
    FailedPoints,
    GameEnd,
    LitigeLastDeal,
    LitigeReserveTo,
    MultiplierTarget,
    RedealOnAllPass,
    Rounding,
    SecondRoundSuit,
    TieRule,
    TournamentPairing,
    ToutAtoutPoints,
    Variant,
)
from engine.belote.rules.ruleset import Ruleset

__all__ = ["PRESETS", "Preset", "make_ruleset", "preset_named"]


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    title: str
    source: str
    rules: Ruleset


def preset_named(name: str) -> Preset:
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
    values raise the same coded errors as ``ruleset_from_json``.
    """
    base = preset if isinstance(preset, Ruleset) else preset_named(preset).rules
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
