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

from engine.rules.json import VARIANT_DEFAULTS, ruleset_from_json, ruleset_to_json
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
from engine.rules.presets import PRESETS, Preset, make_ruleset
from engine.rules.ruleset import ClassicFast, Ruleset
from engine.rules.spec import OPTIONS, OptionSpec

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
