"""Rulesets: every scoring option of rules.md §5 and §5b, and the named presets.

This package owns ``Ruleset``, one frozen, JSON-serialisable value holding every option a club
may choose (it is stored on a contest and frozen when the contest starts), the ``OPTIONS``
description used by ``python -m engine options``, and ``PRESETS``, each citing its source.
Modules: ``options`` (the enums of option values), ``ruleset`` (``Ruleset``), ``spec``
(``OPTIONS``), ``json`` (JSON in and out), ``presets`` (``PRESETS``, ``make_ruleset``).
It validates a ruleset once, when it is built, so that scoring a deal never re-checks it.

Vocabulary: taker (preneur), defense (défense), deal (donne), game (partie), contract, bid
(enchère), contre / surcontre, litige (tie), capot (all eight tricks), belote (K + Q of trump).
It must not import anything but the standard library and the engine.
"""

from __future__ import annotations

from engine.belote.rules.json import VARIANT_DEFAULTS, ruleset_from_json, ruleset_to_json
from engine.belote.rules.options import (
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
from engine.belote.rules.presets import PRESETS, Preset, make_ruleset
from engine.belote.rules.presets import cannes_contree_2016 as cannes_contree_2016
from engine.belote.rules.presets import classic_announcements as classic_announcements
from engine.belote.rules.presets import classic_seed_000 as classic_seed_000
from engine.belote.rules.presets import classic_seed_001 as classic_seed_001
from engine.belote.rules.presets import club_contest as club_contest
from engine.belote.rules.presets import contree_points_annonces as contree_points_annonces
from engine.belote.rules.presets import ffb_classic_2016 as ffb_classic_2016
from engine.belote.rules.presets import ffb_coinche_2015 as ffb_coinche_2015
from engine.belote.rules.presets import ffb_contree_2016 as ffb_contree_2016
from engine.belote.rules.presets import ffb_contree_points_faits as ffb_contree_points_faits
from engine.belote.rules.ruleset import ClassicFast, Ruleset
from engine.belote.rules.spec import OPTIONS, OptionSpec

__all__ = [
    "OPTIONS",
    "PRESETS",
    "VARIANT_DEFAULTS",
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
    "ClassicFast",
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
    "OptionSpec",
    "Preset",
    "RedealOnAllPass",
    "Rounding",
    "RoundingStage",
    "Ruleset",
    "SecondRoundSuit",
    "TieRule",
    "TimeUp",
    "TournamentPairing",
    "TournamentRanking",
    "ToutAtoutPoints",
    "Variant",
    "make_ruleset",
    "ruleset_from_json",
    "ruleset_to_json",
]
