"""Doubled and redoubled contracts, made and failed, under every combination of the four
options that shape them (issue 14): ``doubled_winner_base``, ``doubled_loser_score``,
``multiplier_target`` and ``failed_points``.

Every expected value below was written by hand from the rule text, not computed by the
engine (rules.md §3.4 B and §5b, docs/engine.md "Doubled contracts"):

* the winner's base: ``whole_pile`` and ``whole_pile_or_capot_pile`` (no capot here) take the
  whole deal, 162 or 160 by ``failed_points`` (160 when the failure is "contract only", the
  doubled tables of §3.4 all start from 160/162); ``own_points`` keeps the taker's own points
  on a **made** contract; on a **failed** contract every value gives the defense the failure
  points (issue 14: the sources of ``own_points`` and ``keeps_own_points`` score a made
  contract that way, and a failed one as any failure);
* ``contract_only``: base + C × M; ``whole_score``: (base + C) × M; ``fixed_amount``: base × M;
* the loser: 0, or with ``keeps_own_points`` its own card points on a made contract only (a
  failed taker always scores 0: "Failed contract: taker 0").

The deal: A bids 90 (C = 90) under ffb_contree_2016 without rounding, no belote. Made: A
takes 100 card points, B 62. Failed: A takes 60, B 102. M = 2 (contré) and 4 (surcontré).
Each row: options, then (A, B) made ×2, made ×4, failed ×2, failed ×4.
"""

from __future__ import annotations

import pytest

from engine.belote.deal import Team

from .helpers import A, rules, score

Pair = tuple[int, int]

TABLE: list[tuple[str, str, str, str, Pair, Pair, Pair, Pair]] = [
    ("whole_pile", "zero", "contract_only", "162", (342, 0), (522, 0), (0, 342), (0, 522)),
    ("whole_pile", "zero", "contract_only", "160", (340, 0), (520, 0), (0, 340), (0, 520)),
    ("whole_pile", "zero", "contract_only", "162_plus_contract", (342, 0), (522, 0), (0, 342), (0, 522)),
    ("whole_pile", "zero", "contract_only", "160_plus_contract", (340, 0), (520, 0), (0, 340), (0, 520)),
    ("whole_pile", "zero", "contract_only", "contract_only", (340, 0), (520, 0), (0, 340), (0, 520)),
    ("whole_pile", "zero", "whole_score", "162", (504, 0), (1008, 0), (0, 504), (0, 1008)),
    ("whole_pile", "zero", "whole_score", "160", (500, 0), (1000, 0), (0, 500), (0, 1000)),
    ("whole_pile", "zero", "whole_score", "162_plus_contract", (504, 0), (1008, 0), (0, 504), (0, 1008)),
    ("whole_pile", "zero", "whole_score", "160_plus_contract", (500, 0), (1000, 0), (0, 500), (0, 1000)),
    ("whole_pile", "zero", "whole_score", "contract_only", (500, 0), (1000, 0), (0, 500), (0, 1000)),
    ("whole_pile", "zero", "fixed_amount", "162", (324, 0), (648, 0), (0, 324), (0, 648)),
    ("whole_pile", "zero", "fixed_amount", "160", (320, 0), (640, 0), (0, 320), (0, 640)),
    ("whole_pile", "zero", "fixed_amount", "162_plus_contract", (324, 0), (648, 0), (0, 324), (0, 648)),
    ("whole_pile", "zero", "fixed_amount", "160_plus_contract", (320, 0), (640, 0), (0, 320), (0, 640)),
    ("whole_pile", "zero", "fixed_amount", "contract_only", (320, 0), (640, 0), (0, 320), (0, 640)),
    ("whole_pile", "keeps_own_points", "contract_only", "162", (342, 62), (522, 62), (0, 342), (0, 522)),
    ("whole_pile", "keeps_own_points", "contract_only", "160", (340, 62), (520, 62), (0, 340), (0, 520)),
    ("whole_pile", "keeps_own_points", "contract_only", "162_plus_contract", (342, 62), (522, 62), (0, 342), (0, 522)),
    ("whole_pile", "keeps_own_points", "contract_only", "160_plus_contract", (340, 62), (520, 62), (0, 340), (0, 520)),
    ("whole_pile", "keeps_own_points", "contract_only", "contract_only", (340, 62), (520, 62), (0, 340), (0, 520)),
    ("whole_pile", "keeps_own_points", "whole_score", "162", (504, 62), (1008, 62), (0, 504), (0, 1008)),
    ("whole_pile", "keeps_own_points", "whole_score", "160", (500, 62), (1000, 62), (0, 500), (0, 1000)),
    ("whole_pile", "keeps_own_points", "whole_score", "162_plus_contract", (504, 62), (1008, 62), (0, 504), (0, 1008)),
    ("whole_pile", "keeps_own_points", "whole_score", "160_plus_contract", (500, 62), (1000, 62), (0, 500), (0, 1000)),
    ("whole_pile", "keeps_own_points", "whole_score", "contract_only", (500, 62), (1000, 62), (0, 500), (0, 1000)),
    ("whole_pile", "keeps_own_points", "fixed_amount", "162", (324, 62), (648, 62), (0, 324), (0, 648)),
    ("whole_pile", "keeps_own_points", "fixed_amount", "160", (320, 62), (640, 62), (0, 320), (0, 640)),
    ("whole_pile", "keeps_own_points", "fixed_amount", "162_plus_contract", (324, 62), (648, 62), (0, 324), (0, 648)),
    ("whole_pile", "keeps_own_points", "fixed_amount", "160_plus_contract", (320, 62), (640, 62), (0, 320), (0, 640)),
    ("whole_pile", "keeps_own_points", "fixed_amount", "contract_only", (320, 62), (640, 62), (0, 320), (0, 640)),
    ("whole_pile_or_capot_pile", "zero", "contract_only", "162", (342, 0), (522, 0), (0, 342), (0, 522)),
    ("whole_pile_or_capot_pile", "zero", "contract_only", "160", (340, 0), (520, 0), (0, 340), (0, 520)),
    ("whole_pile_or_capot_pile", "zero", "contract_only", "162_plus_contract", (342, 0), (522, 0), (0, 342), (0, 522)),
    ("whole_pile_or_capot_pile", "zero", "contract_only", "160_plus_contract", (340, 0), (520, 0), (0, 340), (0, 520)),
    ("whole_pile_or_capot_pile", "zero", "contract_only", "contract_only", (340, 0), (520, 0), (0, 340), (0, 520)),
    ("whole_pile_or_capot_pile", "zero", "whole_score", "162", (504, 0), (1008, 0), (0, 504), (0, 1008)),
    ("whole_pile_or_capot_pile", "zero", "whole_score", "160", (500, 0), (1000, 0), (0, 500), (0, 1000)),
    ("whole_pile_or_capot_pile", "zero", "whole_score", "162_plus_contract", (504, 0), (1008, 0), (0, 504), (0, 1008)),
    ("whole_pile_or_capot_pile", "zero", "whole_score", "160_plus_contract", (500, 0), (1000, 0), (0, 500), (0, 1000)),
    ("whole_pile_or_capot_pile", "zero", "whole_score", "contract_only", (500, 0), (1000, 0), (0, 500), (0, 1000)),
    ("whole_pile_or_capot_pile", "zero", "fixed_amount", "162", (324, 0), (648, 0), (0, 324), (0, 648)),
    ("whole_pile_or_capot_pile", "zero", "fixed_amount", "160", (320, 0), (640, 0), (0, 320), (0, 640)),
    ("whole_pile_or_capot_pile", "zero", "fixed_amount", "162_plus_contract", (324, 0), (648, 0), (0, 324), (0, 648)),
    ("whole_pile_or_capot_pile", "zero", "fixed_amount", "160_plus_contract", (320, 0), (640, 0), (0, 320), (0, 640)),
    ("whole_pile_or_capot_pile", "zero", "fixed_amount", "contract_only", (320, 0), (640, 0), (0, 320), (0, 640)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "contract_only", "162", (342, 62), (522, 62), (0, 342), (0, 522)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "contract_only", "160", (340, 62), (520, 62), (0, 340), (0, 520)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "contract_only", "162_plus_contract", (342, 62), (522, 62), (0, 342), (0, 522)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "contract_only", "160_plus_contract", (340, 62), (520, 62), (0, 340), (0, 520)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "contract_only", "contract_only", (340, 62), (520, 62), (0, 340), (0, 520)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "whole_score", "162", (504, 62), (1008, 62), (0, 504), (0, 1008)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "whole_score", "160", (500, 62), (1000, 62), (0, 500), (0, 1000)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "whole_score", "162_plus_contract", (504, 62), (1008, 62), (0, 504), (0, 1008)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "whole_score", "160_plus_contract", (500, 62), (1000, 62), (0, 500), (0, 1000)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "whole_score", "contract_only", (500, 62), (1000, 62), (0, 500), (0, 1000)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "fixed_amount", "162", (324, 62), (648, 62), (0, 324), (0, 648)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "fixed_amount", "160", (320, 62), (640, 62), (0, 320), (0, 640)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "fixed_amount", "162_plus_contract", (324, 62), (648, 62), (0, 324), (0, 648)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "fixed_amount", "160_plus_contract", (320, 62), (640, 62), (0, 320), (0, 640)),
    ("whole_pile_or_capot_pile", "keeps_own_points", "fixed_amount", "contract_only", (320, 62), (640, 62), (0, 320), (0, 640)),
    ("own_points", "zero", "contract_only", "162", (280, 0), (460, 0), (0, 342), (0, 522)),
    ("own_points", "zero", "contract_only", "160", (280, 0), (460, 0), (0, 340), (0, 520)),
    ("own_points", "zero", "contract_only", "162_plus_contract", (280, 0), (460, 0), (0, 342), (0, 522)),
    ("own_points", "zero", "contract_only", "160_plus_contract", (280, 0), (460, 0), (0, 340), (0, 520)),
    ("own_points", "zero", "contract_only", "contract_only", (280, 0), (460, 0), (0, 340), (0, 520)),
    ("own_points", "zero", "whole_score", "162", (380, 0), (760, 0), (0, 504), (0, 1008)),
    ("own_points", "zero", "whole_score", "160", (380, 0), (760, 0), (0, 500), (0, 1000)),
    ("own_points", "zero", "whole_score", "162_plus_contract", (380, 0), (760, 0), (0, 504), (0, 1008)),
    ("own_points", "zero", "whole_score", "160_plus_contract", (380, 0), (760, 0), (0, 500), (0, 1000)),
    ("own_points", "zero", "whole_score", "contract_only", (380, 0), (760, 0), (0, 500), (0, 1000)),
    ("own_points", "zero", "fixed_amount", "162", (200, 0), (400, 0), (0, 324), (0, 648)),
    ("own_points", "zero", "fixed_amount", "160", (200, 0), (400, 0), (0, 320), (0, 640)),
    ("own_points", "zero", "fixed_amount", "162_plus_contract", (200, 0), (400, 0), (0, 324), (0, 648)),
    ("own_points", "zero", "fixed_amount", "160_plus_contract", (200, 0), (400, 0), (0, 320), (0, 640)),
    ("own_points", "zero", "fixed_amount", "contract_only", (200, 0), (400, 0), (0, 320), (0, 640)),
    ("own_points", "keeps_own_points", "contract_only", "162", (280, 62), (460, 62), (0, 342), (0, 522)),
    ("own_points", "keeps_own_points", "contract_only", "160", (280, 62), (460, 62), (0, 340), (0, 520)),
    ("own_points", "keeps_own_points", "contract_only", "162_plus_contract", (280, 62), (460, 62), (0, 342), (0, 522)),
    ("own_points", "keeps_own_points", "contract_only", "160_plus_contract", (280, 62), (460, 62), (0, 340), (0, 520)),
    ("own_points", "keeps_own_points", "contract_only", "contract_only", (280, 62), (460, 62), (0, 340), (0, 520)),
    ("own_points", "keeps_own_points", "whole_score", "162", (380, 62), (760, 62), (0, 504), (0, 1008)),
    ("own_points", "keeps_own_points", "whole_score", "160", (380, 62), (760, 62), (0, 500), (0, 1000)),
    ("own_points", "keeps_own_points", "whole_score", "162_plus_contract", (380, 62), (760, 62), (0, 504), (0, 1008)),
    ("own_points", "keeps_own_points", "whole_score", "160_plus_contract", (380, 62), (760, 62), (0, 500), (0, 1000)),
    ("own_points", "keeps_own_points", "whole_score", "contract_only", (380, 62), (760, 62), (0, 500), (0, 1000)),
    ("own_points", "keeps_own_points", "fixed_amount", "162", (200, 62), (400, 62), (0, 324), (0, 648)),
    ("own_points", "keeps_own_points", "fixed_amount", "160", (200, 62), (400, 62), (0, 320), (0, 640)),
    ("own_points", "keeps_own_points", "fixed_amount", "162_plus_contract", (200, 62), (400, 62), (0, 324), (0, 648)),
    ("own_points", "keeps_own_points", "fixed_amount", "160_plus_contract", (200, 62), (400, 62), (0, 320), (0, 640)),
    ("own_points", "keeps_own_points", "fixed_amount", "contract_only", (200, 62), (400, 62), (0, 320), (0, 640)),
]  # fmt: skip


def _rules(wb: str, ls: str, mt: str, fp: str) -> object:
    return rules(
        "ffb_contree_2016",
        rounding="none",
        doubled_winner_base=wb,
        doubled_loser_score=ls,
        multiplier_target=mt,
        failed_points=fp,
    )


def test_the_table_covers_every_combination() -> None:
    combos = {row[:4] for row in TABLE}
    assert len(combos) == len(TABLE) == 3 * 2 * 3 * 5


@pytest.mark.parametrize(("wb", "ls", "mt", "fp", "made2", "made4", "failed2", "failed4"), TABLE)
def test_doubled_contracts(
    wb: str, ls: str, mt: str, fp: str, made2: Pair, made4: Pair, failed2: Pair, failed4: Pair
) -> None:
    r = _rules(wb, ls, mt, fp)
    for points_a, surcontre, expected in (
        (100, False, made2),
        (100, True, made4),
        (60, False, failed2),
        (60, True, failed4),
    ):
        s = score(r, taker=A, bid=90, points_a=points_a, contre=True, surcontre=surcontre)  # type: ignore[arg-type]
        assert (s.score_a, s.score_b) == expected, (wb, ls, mt, fp, points_a, surcontre)
        assert s.contract_made is (points_a == 100)


def test_issue_14_example() -> None:
    # ffb_contree_2016 without rounding, failure 162 + C, own points, whole score multiplied:
    # A bids 90, makes 60, contré: B scores (162 + 90) × 2 = 504, A 0.
    r = _rules("own_points", "zero", "whole_score", "162_plus_contract")
    s = score(r, taker=A, bid=90, points_a=60, contre=True)
    assert s.scores == {Team.A: 0, Team.B: 504}


# The defense takes all eight tricks against a contré 90 (failure 162 + C, contract × M):
# defense_capot = capot_value gives the capot pile 252 where the base may be a capot pile,
# ordinary_failure gives the ordinary failure 162 + 90 × 2 = 342 under every base.
DEFENSE_CAPOT = [
    ("whole_pile", "capot_value", 342),  # "winner takes all, even on a capot": 162 + 180
    ("whole_pile", "ordinary_failure", 342),
    ("whole_pile_or_capot_pile", "capot_value", 432),  # 252 + 180
    ("whole_pile_or_capot_pile", "ordinary_failure", 342),
    ("own_points", "capot_value", 432),  # the defense's failure points are its capot pile
    ("own_points", "ordinary_failure", 342),
]


@pytest.mark.parametrize(("wb", "dc", "expected_b"), DEFENSE_CAPOT)
def test_defense_capot_on_doubled_deals(wb: str, dc: str, expected_b: int) -> None:
    r = rules(
        "ffb_contree_2016",
        rounding="none",
        failed_points="162_plus_contract",
        multiplier_target="contract_only",
        doubled_winner_base=wb,
        defense_capot=dc,
    )
    s = score(r, taker=A, bid=90, capot=Team.B, contre=True)
    assert (s.score_a, s.score_b) == (0, expected_b)
