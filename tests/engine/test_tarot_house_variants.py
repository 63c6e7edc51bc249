"""House variants, each an option and off under the FFT preset: misères (d'atout, de têtes),
the old pousse contract with the doubling multipliers, and the margin rounded to 5 or 10."""

from __future__ import annotations

import pytest

from engine.errors import EngineError

from .tarot_helpers import FFT, SEED, rules, score

OLD = rules(multipliers="1_2_4_8_16", pousse=True)


def test_every_house_variant_is_off_under_the_fft() -> None:
    assert (FFT.miseres, FFT.pousse, FFT.margin_rounding.value) == (False, False, "none")
    with pytest.raises(EngineError) as refused:
        score(FFT, 4, 0, "pousse", 47, 2)
    assert refused.value.code == "tarot.contract_not_allowed"


@pytest.mark.parametrize(
    ("contract", "x"),
    [("petite", 31), ("pousse", 62), ("garde", 124), ("garde_sans", 248), ("garde_contre", 496)],
)
def test_the_old_contracts_double_at_each_step(contract: str, x: int) -> None:
    assert score(OLD, 4, 0, contract, 47, 2).value == x  # (25 + 6) × 1, 2, 4, 8, 16
    petit = score(OLD, 4, 0, contract, 47, 2, petit="taker").value - x
    assert petit == 10 * (x // 31)  # the petit au bout follows the contract


@pytest.mark.parametrize(
    ("rounding", "points", "margin", "x"),
    [
        ("nearest_5", 43, 0, 50),  # 2 → 0: scored as juste fait
        ("nearest_5", 44, 5, 60),  # 3 → 5
        ("nearest_5", 48, 5, 60),  # 7 → 5
        ("nearest_5", 49, 10, 70),  # 8 → 10
        ("nearest_5", 38, 5, -60),  # chute de 3 → 5
        ("nearest_10", 45, 0, 50),  # 4 → 0
        ("nearest_10", 46, 10, 70),  # 5 → 10
        ("nearest_10", 55, 10, 70),  # 14 → 10
        ("nearest_10", 56, 20, 90),  # 15 → 20
        ("nearest_10", 26, 20, -90),  # chute de 15 → 20
    ],
)
def test_the_margin_rounded(rounding: str, points: int, margin: int, x: int) -> None:
    r = score(rules(margin_rounding=rounding), 4, 0, "garde", points, 2)
    assert (r.margin, r.value) == (margin, x)
    assert "rounded to" in r.breakdown[0].label


@pytest.mark.parametrize(
    ("rules_", "players", "seats", "miseres", "scores"),
    [
        (SEED, 4, {}, ((1, "atout"),), (-10, 30, -10, -10)),
        (SEED, 4, {}, ((1, "atout"), (1, "tete")), (-20, 60, -20, -20)),
        (SEED, 3, {}, ((0, "tete"), (2, "atout")), (10, -20, 10)),
        (rules("seed_002", misere_value=20), 4, {}, ((3, "tete"),), (-20, -20, -20, 60)),
        (
            rules("seed_002", five_players="mort"),
            5,
            {"mort": 4},
            ((1, "atout"),),
            (-10, 30, -10, -10, 0),
        ),
        (SEED, 5, {"partner": 2}, ((4, "atout"),), (-10, -10, -10, -10, 40)),
    ],
)
def test_each_misere_is_paid_by_every_other_player(
    rules_: object,
    players: int,
    seats: dict[str, int],
    miseres: tuple[tuple[int, str], ...],
    scores: tuple[int, ...],
) -> None:
    # Juste fait (41 with 2 bouts), so the marque is 25 × 2 = 50 apart from the misères.
    with_miseres = score(rules_, players, 0, "garde", 41, 2, miseres=miseres, **seats)  # type: ignore[arg-type]
    without = score(rules_, players, 0, "garde", 41, 2, **seats)  # type: ignore[arg-type]
    diff = tuple(w - o for w, o in zip(with_miseres.scores, without.scores, strict=True))
    assert diff == scores and with_miseres.value == without.value


@pytest.mark.parametrize(
    ("miseres", "poignees"),
    [(((1, "atout"), (1, "atout")), ()), (((1, "atout"),), ((1, "simple"),))],
)
def test_an_impossible_misere_is_refused(
    miseres: tuple[tuple[int, str], ...], poignees: tuple[tuple[int, str], ...]
) -> None:
    with pytest.raises(EngineError) as refused:
        score(SEED, 4, 0, "garde", 41, 2, miseres=miseres, poignees=poignees)
    assert refused.value.code == "tarot.misere_impossible"
    assert refused.value.params == {"player": 1, "kind": "atout"}
