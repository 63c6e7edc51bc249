"""The chelem (FFT 2012, "Le chelem"): +400 announced and made, +200 made unannounced, −200
announced and failed, +200 to each defender for a chelem by the defence, none multiplied;
the excuse kept by the defence counts 4 when the taker makes it without the excuse (87
points with 2 bouts); at a chelem the petit counts au bout at the second-to-last trick when
the excuse is led last."""

from __future__ import annotations

import pytest

from engine.errors import EngineError

from .tarot_helpers import FFT, score

TAKER, DEF = "taker", "defense"


def chelem_lines(result: object) -> list[tuple[str, int]]:
    return [(ln.code, ln.points) for ln in result.breakdown if ln.code.startswith("chelem")]  # type: ignore[attr-defined]


# (contract, points, bouts, chelem, announced, chelem lines, X)
ROWS = [
    ("garde", 91, 3, TAKER, True, [("chelem", 400)], 160 + 400),  # (55 + 25) × 2
    ("garde", 91, 3, TAKER, False, [("chelem", 200)], 160 + 200),
    ("petite", 87, 2, TAKER, True, [("chelem", 400)], 71 + 400),  # 87 − 41 = 46
    ("garde", 60, 2, None, True, [("chelem", -200)], 88 - 200),  # made, chelem failed
    ("garde", 30, 1, None, True, [("chelem", -200)], -92 - 200),  # −(25 + 21) × 2
    ("garde", 5, 0, DEF, False, [("chelem_defense", -200)], -152 - 200),  # −(25 + 51) × 2
    ("garde", 5, 0, DEF, True, [("chelem", -200), ("chelem_defense", -200)], -152 - 400),
    ("garde_contre", 0, 0, DEF, False, [("chelem_defense", -200)], -486 - 200),  # −81 × 6
    ("garde_contre", 80, 3, TAKER, True, [("chelem", 400)], 414 + 400),  # chien to the defence
]


@pytest.mark.parametrize(("contract", "points", "bouts", "chelem", "announced", "lines", "x"), ROWS)
def test_chelem_cases(
    contract: str,
    points: int,
    bouts: int,
    chelem: str | None,
    announced: bool,
    lines: list[tuple[str, int]],
    x: int,
) -> None:
    r = score(FFT, 4, 0, contract, points, bouts, chelem=chelem, announced=announced)
    assert chelem_lines(r) == lines
    assert r.value == x and r.scores == (3 * x, -x, -x, -x)


def test_at_five_the_chelem_is_shared_like_the_rest() -> None:
    r = score(FFT, 5, 0, "garde", 91, 3, partner=4, chelem=TAKER, announced=True)
    assert r.value == 560 and r.scores == (1120, -560, -560, -560, 560)
    r = score(FFT, 5, 0, "garde", 5, 0, partner=4, chelem=DEF)
    assert r.scores == (-704, 352, 352, 352, -352)  # each defender +200 above the marque


def test_petit_au_bout_at_the_second_to_last_trick_of_a_chelem() -> None:
    r = score(FFT, 4, 0, "garde", 91, 3, chelem=TAKER, announced=True, petit=TAKER,
              petit_trick="second_to_last")  # fmt: skip
    assert r.value == 160 + 20 + 400


@pytest.mark.parametrize(
    ("kwargs", "code", "reason"),
    [
        ({"points": 86, "bouts": 2}, "tarot.chelem_impossible", "points"),  # not 87
        ({"points": 91, "bouts": 2}, "tarot.chelem_impossible", "points"),
        ({"points": 87, "bouts": 3}, "tarot.chelem_impossible", "points"),
        ({"petit": DEF}, "tarot.chelem_impossible", "petit_au_bout"),
        ({"chelem": DEF, "points": 40, "bouts": 1}, "tarot.chelem_impossible", "points"),
        ({"chelem": DEF, "petit": TAKER, "points": 5}, "tarot.chelem_impossible", "petit_au_bout"),
        ({"contract": "garde_contre", "points": 50}, "tarot.chelem_impossible", "points"),
        (
            {"chelem": None, "petit": TAKER, "petit_trick": "second_to_last", "points": 60},
            "tarot.petit_au_bout_impossible",
            "second_to_last_needs_a_chelem_with_the_excuse",
        ),
        (
            {"points": 87, "bouts": 2, "petit": TAKER, "petit_trick": "second_to_last"},
            "tarot.petit_au_bout_impossible",
            "second_to_last_needs_a_chelem_with_the_excuse",
        ),
    ],
)
def test_an_impossible_chelem_is_refused(kwargs: dict[str, object], code: str, reason: str) -> None:
    facts: dict[str, object] = {
        "contract": "garde", "points": 91, "bouts": 3, "chelem": TAKER, "announced": True,
    }  # fmt: skip
    facts.update(kwargs)
    with pytest.raises(EngineError) as refused:
        score(FFT, 4, 0, **facts)
    assert refused.value.code == code and refused.value.params["reason"] == reason


def test_a_defence_chelem_leaves_the_taker_his_ecart_at_most() -> None:
    # An écart of six holds no roi and no bout: six dames, 21 points, and the excuse 4½.
    assert score(FFT, 3, 0, "garde", 25.5, 0, chelem=DEF).made is False
    assert score(FFT, 4, 0, "garde", 25, 0, chelem=DEF).made is False
    with pytest.raises(EngineError) as refused:
        score(FFT, 4, 0, "garde", 26, 0, chelem=DEF)
    assert refused.value.code == "tarot.chelem_impossible"
    assert score(FFT, 4, 0, "garde_sans", 31, 1, chelem=DEF).made is False  # the chien's 27
