"""The values of every tarot rule option: one ``StrEnum`` per option with named choices.

This module owns the vocabulary of a tarot ruleset (``RuleOptions``: every option's field and
default, the FFT 2012 rules); each enum's values are the strings stored in a contest's JSON
ruleset. The comments name each value's source; docs/engine.md ("Tarot") lists them too.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "FivePlayers",
    "GameEnd",
    "MarginRounding",
    "Multipliers",
    "PoigneeTrumps",
    "PoigneeValues",
    "RuleOptions",
]


class Multipliers(StrEnum):
    """What each contract multiplies (25 + the margin) and the petit au bout by."""

    FFT = "1_2_4_6"  # FFT 2012: prise ×1, garde ×2, garde sans ×4, garde contre ×6
    # Older sheets: petite ×1, pousse ×2, garde ×4, doubling on: garde sans ×8, garde contre
    # ×16 (rencontrestarot.org, "La marque au tarot": petite 20, pousse 40, garde 80, garde
    # sans 160, garde contre 320).
    DOUBLING = "1_2_4_8_16"


class PoigneeTrumps(StrEnum):
    """The trumps a simple / double / triple poignée shows, at 3, 4 and 5 players."""

    FFT = "fft"  # 13/15/18 at three, 10/13/15 at four, 8/10/13 at five
    SEED_002 = "seed_002"  # the seed page: 13/15/22 at three, 10/13/15 at four, 8/10/15 at five


class PoigneeValues(StrEnum):
    """What a simple / double / triple poignée is worth (never multiplied)."""

    V20_30_40 = "20_30_40"  # FFT 2012
    V10_30_40 = "10_30_40"  # the seed page ("10 points pour une simple")
    V20_40_60 = "20_40_60"  # house rules (rencontrestarot.org)


class FivePlayers(StrEnum):
    """How a table of five plays."""

    CALLED_KING = "called_king"  # FFT 2012 "Le jeu à 5": the taker calls a king; 2X / X / −X
    MORT = "mort"  # FFT 2012: the table plays at four, the dealer (the mort) sits out, scores 0


class MarginRounding(StrEnum):
    """The margin (points above or below those needed) before 25 is added (house rule)."""

    NONE = "none"  # FFT 2012: to the point
    NEAREST_5 = "nearest_5"  # "arrondi à 5 … selon entente préalable": 7 → 5, 8 → 10
    NEAREST_10 = "nearest_10"  # "… ou à 10": 14 → 10, 15 → 20


class GameEnd(StrEnum):
    """When a game (manche) folded from deals is over."""

    OPEN = "open"  # FFT donnes libres: the contest decides (a number of deals, a séquence)
    DEALS = "deals"  # after ``deals_per_game`` deals (passed deals not counted)
    TARGET = "target"  # the seed page: "La partie se finit à 1000 points"


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Every option of a tarot ruleset with its default (FFT 2012), and nothing else.

    ``Ruleset`` extends it with its checks and derived tables; ``spec`` describes each field.
    """

    multipliers: Multipliers = Multipliers.FFT
    pousse: bool = False
    poignee_trumps: PoigneeTrumps = PoigneeTrumps.FFT
    poignee_values: PoigneeValues = PoigneeValues.V20_30_40
    five_players: FivePlayers = FivePlayers.CALLED_KING
    margin_rounding: MarginRounding = MarginRounding.NONE
    miseres: bool = False
    misere_value: int = 10
    game_end: GameEnd = GameEnd.OPEN
    deals_per_game: int = 4
    target: int = 1000
