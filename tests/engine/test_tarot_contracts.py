"""Every contract and every bouts count at four: 25 + the margin, times the contract (FFT
2012, "Le calcul des scores": prise ×1, garde ×2, garde sans ×4, garde contre ×6), "juste
fait" at margin 0, the points needed by bouts (56, 51, 41, 36); each defender pays X and
the taker receives 3X. Each row is written from the rule text, not from the engine."""

from __future__ import annotations

import pytest

from engine.errors import EngineError

from .tarot_helpers import FFT, score

# (contract, bouts, points, made, margin, X)
ROWS = [
    ("petite", 2, 49, True, 8, 33),  # 25 + 8 = 33 × 1
    ("petite", 0, 56, True, 0, 25),  # juste fait without a bout
    ("petite", 0, 55, False, 1, -26),  # chute de 1
    ("petite", 1, 51, True, 0, 25),
    ("petite", 1, 50, False, 1, -26),
    ("petite", 3, 36, True, 0, 25),
    ("petite", 3, 35, False, 1, -26),
    ("garde", 2, 41, True, 0, 50),  # juste fait: 25 × 2
    ("garde", 2, 40, False, 1, -52),  # −(25 + 1) × 2
    ("garde", 1, 62, True, 11, 72),  # (25 + 11) × 2
    ("garde_sans", 1, 45, False, 6, -124),  # −(25 + 6) × 4
    ("garde_sans", 2, 45, True, 4, 116),  # (25 + 4) × 4
    ("garde_contre", 3, 36, True, 0, 150),  # 25 × 6
    ("garde_contre", 0, 55, False, 1, -156),  # −26 × 6
    ("garde_contre", 3, 91, True, 55, 480),  # (25 + 55) × 6, every card: no chelem recorded
]


@pytest.mark.parametrize(("contract", "bouts", "points", "made", "margin", "x"), ROWS)
def test_contract_bouts_and_points(
    contract: str, bouts: int, points: int, made: bool, margin: int, x: int
) -> None:
    result = score(FFT, 4, 1, contract, points, bouts)
    assert (result.made, result.margin, result.value) == (made, margin, x)
    assert result.scores == (-x, 3 * x, -x, -x)


def test_no_bout_and_every_point_is_impossible() -> None:
    # The defence's three bouts are worth 4½ each: without a bout the taker has at most 77½.
    with pytest.raises(EngineError) as refused:
        score(FFT, 4, 0, "garde", 91, 0)
    assert refused.value.code == "tarot.points_bouts_mismatch"


@pytest.mark.parametrize(("bouts", "needed"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_exactly_the_points_needed_is_juste_fait(bouts: int, needed: int) -> None:
    result = score(FFT, 4, 0, "garde", needed, bouts)
    assert (result.made, result.margin, result.needed, result.value) == (True, 0, needed, 50)
    base = result.breakdown[0]
    assert (
        base.code == "base" and "juste fait" in base.label and "25 + 0 = 25 × 2 = 50" in base.label
    )


def test_the_breakdown_shows_the_sum_a_player_checks() -> None:
    made = score(FFT, 4, 0, "garde", 47, 2).breakdown[0].label
    assert made.endswith("passe de 6; 25 + 6 = 31 × 2 = 62")
    failed = score(FFT, 4, 0, "garde_sans", 45, 1).breakdown[0].label
    assert failed.endswith("chute de 6; −(25 + 6) = −31 × 4 = −124")
