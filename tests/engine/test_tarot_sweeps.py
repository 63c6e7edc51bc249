"""Sweeps over every deal the rules allow: each marque adds up to zero, the breakdown adds up
to the value, the command line gives what the engine gives, and the taker's marque never
decreases as his points grow (issue 29, Tests). Exhaustive over points × bouts × contract ×
table for each ruleset, and by hypothesis over poignées, petits, chelems and misères."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tarot.cards import TRUMPS
from engine.tarot.deal import Contract, Deal, MisereKind, PoigneeKind, Side, score_deal
from engine.tarot.rules import Ruleset

from .tarot_helpers import FFT, NAMES, SEED, call, rules, score_of

RULESETS = {
    "fft_2012": FFT,
    "seed_002": SEED,
    "mort": rules(five_players="mort"),
    "old": rules(multipliers="1_2_4_8_16", pousse=True),
    "nearest_5": rules(margin_rounding="nearest_5"),
    "nearest_10": rules("seed_002", margin_rounding="nearest_10", poignee_values="20_40_60"),
}


def at_play(r: Ruleset, players: int) -> int:
    return 4 if players == 5 and r.derived.mort else players


def valid_halves(r: Ruleset, players: int, bouts: int) -> range:
    step = 2 if at_play(r, players) == 4 else 1
    low = 9 * bouts + (9 * bouts) % step  # whole points at four
    return range(low, 182 - 9 * (3 - bouts) + 1, step)


def contracts(r: Ruleset) -> list[Contract]:
    return [c for c in Contract if r.derived.multipliers[c]]


def seats(r: Ruleset, players: int) -> dict[str, int | None]:
    if players != 5:
        return {}
    return {"mort": 4} if r.derived.mort else {"partner": 3}


@pytest.mark.parametrize("name", list(RULESETS))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_points_total_sums_to_zero_and_never_lowers_the_taker(
    name: str, players: int
) -> None:
    r = RULESETS[name]
    for contract in contracts(r):
        for bouts in range(4):
            petits = [
                None,
                *([Side.TAKER] if bouts else []),
                *([Side.DEFENSE] if bouts < 3 else []),
            ]
            for petit in petits:
                previous = None
                for halves in valid_halves(r, players, bouts):
                    d = Deal(
                        players,
                        1,
                        contract,
                        halves,
                        bouts,
                        petit_au_bout=petit,
                        **seats(r, players),
                    )
                    result = score_deal(r, d)
                    assert sum(result.scores) == 0
                    assert result.made == (
                        2 * (halves - 2 * result.needed) >= -1 and halves >= 2 * result.needed
                    )
                    taker = result.scores[1]
                    assert previous is None or taker >= previous, (name, d)
                    previous = taker


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, Deal]:
    name = draw(st.sampled_from(list(RULESETS)))
    r = RULESETS[name]
    players = draw(st.sampled_from([3, 4, 5]))
    n4 = at_play(r, players)
    mort = 4 if players == 5 and r.derived.mort else None
    playing = [s for s in range(players) if s != mort]
    taker = draw(st.sampled_from(playing))
    partner = draw(st.sampled_from([None, *playing])) if players == 5 and mort is None else None
    contract = draw(st.sampled_from(contracts(r)))
    kind = draw(st.sampled_from(["plain", "plain", "plain", "taker_chelem", "defense_chelem"]))
    chelem, petit = None, None
    if kind == "taker_chelem" and contract is not Contract.GARDE_CONTRE:
        chelem = Side.TAKER
        halves, bouts = draw(st.sampled_from([(182, 3), (174, 2)]))
        petit = draw(st.sampled_from([None, Side.TAKER]))
    elif kind == "defense_chelem":
        chelem, bouts, halves = Side.DEFENSE, 0, draw(st.integers(0, 4)) * 2  # the excuse at most
    else:
        bouts = draw(st.integers(0, 3))
        halves = draw(st.sampled_from(valid_halves(r, players, bouts)))
        petit = draw(
            st.sampled_from(
                [None, *([Side.TAKER] if bouts else []), *([Side.DEFENSE] if bouts < 3 else [])]
            )
        )
    counts = r.derived.poignee_trumps[n4]
    shown = draw(
        st.lists(
            st.tuples(st.sampled_from(playing), st.sampled_from(list(PoigneeKind))),
            max_size=3,
            unique_by=lambda p: p[0],
        )
    )
    while sum(counts[k] for _, k in shown) > TRUMPS:
        shown.pop()
    miseres: list[tuple[int, MisereKind]] = []
    if r.miseres:
        miseres = draw(
            st.lists(
                st.tuples(st.sampled_from(playing), st.sampled_from(list(MisereKind))),
                max_size=3,
                unique=True,
            )
        )
        miseres = [
            (s, k) for s, k in miseres if not (k is MisereKind.ATOUT and s in {p for p, _ in shown})
        ]
    d = Deal(
        players, taker, contract, halves, bouts, partner, mort, petit,
        chelem=chelem, chelem_announced=draw(st.booleans()),
        poignees=tuple(shown), miseres=tuple(miseres),
    )  # fmt: skip
    return name, d


@settings(max_examples=400, deadline=None)
@given(deals())
def test_any_deal_sums_to_zero_and_its_breakdown_adds_up(case: tuple[str, Deal]) -> None:
    name, d = case
    r = RULESETS[name]
    result = score_of(r, d)  # sums to zero, breakdown adds up to the value
    misere = sum(ln.points for ln in result.breakdown if ln.code == "misere")
    assert misere == len(d.miseres) * r.derived.misere_value
    without = score_deal(r, replace(d, miseres=()))
    assert without.value == result.value


@settings(max_examples=150, deadline=None)
@given(deals())
def test_the_command_line_gives_what_the_engine_gives(case: tuple[str, Deal]) -> None:
    name, d = case
    r = RULESETS[name]
    names = NAMES[d.players]
    raw: dict[str, object] = {
        "taker": names[d.taker], "contract": d.contract.value, "points": d.halves / 2,
        "bouts": d.bouts, "chelem_announced": d.chelem_announced,
        "poignees": [{"player": names[s], "kind": k.value} for s, k in d.poignees],
        "miseres": [{"player": names[s], "kind": k.value} for s, k in d.miseres],
        "petit_au_bout": d.petit_au_bout, "chelem": d.chelem,
    }  # fmt: skip
    if d.players == 5 and d.mort is None:
        raw["partner"] = None if d.partner is None else names[d.partner]
    if d.mort is not None:
        raw["mort"] = names[d.mort]
    code, out = call(["tarot", "score"], {"rules": r.to_json(), "players": names, "deal": raw})
    assert code == 0, out
    assert list(out["scores"].values()) == list(score_deal(r, d).scores)


@settings(max_examples=200, deadline=None)
@given(deals())
def test_the_taker_never_loses_by_making_more_points(case: tuple[str, Deal]) -> None:
    name, d = case
    r = RULESETS[name]
    if d.chelem is not None:
        return  # a chelem fixes the points
    previous = None
    for halves in valid_halves(r, d.players, d.bouts):
        taker = score_deal(r, replace(d, halves=halves)).scores[d.taker]
        assert previous is None or taker >= previous
        previous = taker
