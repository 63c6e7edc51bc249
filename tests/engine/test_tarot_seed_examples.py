"""The seed page's tarot examples (``seeds/002_74095ede7e719c54.txt``), and which preset each
belongs to: the petit au bout example holds under both (garde ×2 in both), the poignée and
misère examples only under the seed page's values."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.tarot.rules import Ruleset

from .tarot_helpers import FFT, SEED, score


@pytest.mark.parametrize("rules", [SEED, FFT], ids=["seed_002", "fft_2012"])
def test_a_garde_with_the_petit_au_bout(rules: Ruleset) -> None:
    # "le preneur, lors d'une garde, mène le petit au bout. Il marque donc 60 points de bonus
    # et chacun de ses adversaires perd 20 points."
    with_petit = score(rules, 4, 0, "garde", 45, 2, petit="taker")
    without = score(rules, 4, 0, "garde", 45, 2)
    bonus = [w - o for w, o in zip(with_petit.scores, without.scores, strict=True)]
    assert bonus == [60, -20, -20, -20]


def test_a_failed_taker_with_a_poignee_under_the_seed_page() -> None:
    # "le preneur annonce une poignée mais chute. Il perd 30 points et chacun de ses
    # adversaires gagne 10 points." (a simple poignée is 10 on the seed page)
    with_poignee = score(SEED, 4, 0, "petite", 40, 2, poignees=((0, "simple"),))
    without = score(SEED, 4, 0, "petite", 40, 2)
    prime = [w - o for w, o in zip(with_poignee.scores, without.scores, strict=True)]
    assert prime == [-30, 10, 10, 10]


def test_the_same_deal_under_the_fft_pays_twice_as_much() -> None:
    with_poignee = score(FFT, 4, 0, "petite", 40, 2, poignees=((0, "simple"),))
    without = score(FFT, 4, 0, "petite", 40, 2)
    prime = [w - o for w, o in zip(with_poignee.scores, without.scores, strict=True)]
    assert prime == [-60, 20, 20, 20]


def test_a_misere_d_atout_under_the_seed_page() -> None:
    # "Un joueur a annoncé une misère d'atout ; il marque 30 points, et chacun des autres
    # joueurs en perd 10."
    with_misere = score(SEED, 4, 0, "garde", 45, 2, miseres=((2, "atout"),))
    without = score(SEED, 4, 0, "garde", 45, 2)
    prime = [w - o for w, o in zip(with_misere.scores, without.scores, strict=True)]
    assert prime == [-10, -10, 30, -10]
    misere = [ln for ln in with_misere.breakdown if ln.code == "misere"]
    assert [(ln.points, ln.seat) for ln in misere] == [(10, 2)]


def test_the_fft_plays_no_misere() -> None:
    # "Les deux misères disparaissent dans la règle officielle de la FFT."
    with pytest.raises(EngineError) as refused:
        score(FFT, 4, 0, "garde", 45, 2, miseres=((2, "atout"),))
    assert refused.value.code == "tarot.miseres_off"


@pytest.mark.parametrize(
    ("rules", "code"),
    [(FFT, None), (SEED, "tarot.poignee_impossible")],
    ids=["fft_2012", "seed_002"],
)
def test_the_seed_page_asks_more_trumps_at_five(rules: Ruleset, code: str | None) -> None:
    # At five a triple is 13 trumps (FFT) or 15 (the seed page): with a simple of 8 beside
    # it, 21 trumps are shown under the FFT, 23 (more than exist) under the seed page.
    poignees = ((0, "triple"), (1, "simple"))
    if code is None:
        assert (
            score(rules, 5, 0, "garde", 50, 2, partner=3, poignees=poignees).value == 128
        )  # 68 + 40 + 20
        return
    with pytest.raises(EngineError) as refused:
        score(rules, 5, 0, "garde", 50, 2, partner=3, poignees=poignees)
    assert refused.value.code == code and refused.value.params["trumps"] == 23


def test_the_seed_page_triple_at_three_is_every_trump() -> None:
    # "les nombres d'atouts pour les poignées sont respectivement de 13, 15 et 22": a triple
    # at three shows all 22 (the excuse standing for a trump), worth 40 on the seed page.
    r = score(SEED, 3, 0, "garde", 60, 2, poignees=((0, "triple"),))
    assert [ln.points for ln in r.breakdown if ln.code == "poignee"] == [40]
    with pytest.raises(EngineError) as refused:
        score(SEED, 3, 0, "garde", 60, 2, poignees=((0, "triple"), (1, "simple")))
    assert refused.value.code == "tarot.poignee_impossible"
