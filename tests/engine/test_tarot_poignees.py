"""Poignées: worth 20/30/40 under the FFT (10/30/40 on the seed page, 20/40/60 as a house
rule), never multiplied, to the side that wins the deal whoever showed them; one per
player, several add up; never more trumps shown than the 21 and the excuse."""

from __future__ import annotations

import pytest

from engine.errors import EngineError

from .tarot_helpers import FFT, rules, score


def poignee_points(result: object) -> int:
    return sum(ln.points for ln in result.breakdown if ln.code == "poignee")  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("values", "kind", "points"),
    [
        ("20_30_40", "simple", 20),
        ("20_30_40", "double", 30),
        ("20_30_40", "triple", 40),
        ("10_30_40", "simple", 10),
        ("10_30_40", "double", 30),
        ("10_30_40", "triple", 40),
        ("20_40_60", "simple", 20),
        ("20_40_60", "double", 40),
        ("20_40_60", "triple", 60),
    ],
)
@pytest.mark.parametrize("contract", ["petite", "garde", "garde_contre"])
def test_values_are_not_multiplied(values: str, kind: str, points: int, contract: str) -> None:
    r = rules(poignee_values=values)
    assert poignee_points(score(r, 4, 0, contract, 50, 2, poignees=((1, kind),))) == points
    assert poignee_points(score(r, 4, 0, contract, 30, 2, poignees=((1, kind),))) == -points


@pytest.mark.parametrize("shown_by", [0, 1, 2])
@pytest.mark.parametrize(("points", "sign"), [(41, 1), (40, -1)])
def test_to_the_side_that_wins_whoever_showed_it(shown_by: int, points: int, sign: int) -> None:
    # At five the partner (seat 1) and a defender (seat 2) alike; juste fait is a win.
    r = score(FFT, 5, 0, "garde", points, 2, partner=1, poignees=((shown_by, "simple"),))
    assert poignee_points(r) == 20 * sign


def test_several_poignees_add_up() -> None:
    r = score(FFT, 4, 0, "garde", 50, 2, poignees=((0, "simple"), (2, "simple")))
    assert poignee_points(r) == 40 and r.value == (25 + 9) * 2 + 40
    r = score(FFT, 3, 0, "garde", 50, 2, poignees=((0, "simple"),))  # 13 trumps at three
    assert poignee_points(r) == 20


@pytest.mark.parametrize(
    ("players", "poignees", "trumps"),
    [
        (4, ((0, "triple"), (1, "simple")), 25),  # 15 + 10
        (4, ((0, "double"), (1, "simple")), 23),  # 13 + 10
        (3, ((0, "simple"), (1, "simple")), 26),  # 13 + 13
        (5, ((0, "double"), (1, "triple")), 23),  # 10 + 13
    ],
)
def test_more_trumps_than_exist_is_refused(
    players: int, poignees: tuple[tuple[int, str], ...], trumps: int
) -> None:
    seats = {"partner": 2} if players == 5 else {}
    with pytest.raises(EngineError) as refused:
        score(FFT, players, 0, "garde", 50, 2, poignees=poignees, **seats)
    assert refused.value.code == "tarot.poignee_impossible"
    assert refused.value.params == {"trumps": trumps, "available": 22}


def test_two_simples_at_four_and_a_triple_and_a_simple_at_five_fit() -> None:
    assert score(FFT, 4, 0, "garde", 50, 2, poignees=((0, "simple"), (1, "simple"))).value == 108
    r = score(FFT, 5, 0, "garde", 50, 2, partner=2, poignees=((0, "triple"), (1, "simple")))
    assert poignee_points(r) == 60


def test_one_poignee_per_player() -> None:
    with pytest.raises(EngineError) as refused:
        score(FFT, 4, 0, "garde", 50, 2, poignees=((1, "simple"), (1, "simple")))
    assert refused.value.code == "tarot.poignee_twice" and refused.value.params == {"player": 1}
