"""engine.individual: hypothesis properties over random mêlées.

Each player's totals are his sides' results, recomputed naively; the partner-less opponents'
Buchholz equals the naive sum over his tables; ranks follow the keys; the order of the results
does not matter.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.individual import IndividualConfig, PartieResult, compute_individual_standings
from engine.standings import ByePolicy, ResultKind, StandingsConfig


@st.composite
def melees(draw: st.DrawFn) -> tuple[list[PartieResult], list[int]]:
    n = draw(st.integers(min_value=4, max_value=14))
    parties = draw(st.integers(min_value=1, max_value=4))
    rng = random.Random(draw(st.integers(0, 2**16)))
    players = list(range(1, n + 1))
    results: list[PartieResult] = []
    for partie in range(1, parties + 1):
        order = players[:]
        rng.shuffle(order)
        seated = len(order) - len(order) % 4
        for i in range(0, seated, 4):
            a, b, c, d = order[i : i + 4]
            sa, sb = rng.choice([0, 500, 800, 800, 1200]), rng.choice([0, 500, 800, 1200])
            results.append(PartieResult(partie, (a, b), (c, d), sa, sb))
        for p in order[seated:]:
            results.append(PartieResult(partie, (p,), kind=ResultKind.BYE))
    return results, players


CONFIG = IndividualConfig(
    StandingsConfig(bye=ByePolicy(value=400), unplayed_rounds="zero"),  # type: ignore[arg-type]
    ("first_partie", "opponents_buchholz_points"),
)


@settings(max_examples=150, deadline=None)
@given(melees())
def test_totals_and_buchholz_match_a_naive_recount(
    melee: tuple[list[PartieResult], list[int]],
) -> None:
    results, players = melee
    rows = {r.player: r for r in compute_individual_standings(results, players, CONFIG)}
    total = dict.fromkeys(players, 0)
    tables: dict[int, list[tuple[int, ...]]] = {p: [] for p in players}
    for r in results:
        if r.kind == ResultKind.BYE:
            total[r.side_a[0]] += 400
            continue
        for mine, theirs, score in (
            (r.side_a, r.side_b, r.score_a),
            (r.side_b, r.side_a, r.score_b),
        ):
            for p in mine:
                total[p] += score
                tables[p].append(theirs)
    assert {p: row.points_for for p, row in rows.items()} == total
    for p, row in rows.items():
        assert row.tiebreak_values[1] == sum(total[o] for opp in tables[p] for o in opp)
        assert len(row.parties) == len({r.partie for r in results})


@settings(max_examples=100, deadline=None)
@given(melees(), st.randoms(use_true_random=False))
def test_ranks_follow_the_keys_and_input_order_does_not_matter(
    melee: tuple[list[PartieResult], list[int]], rnd: random.Random
) -> None:
    results, players = melee
    rows = compute_individual_standings(results, players, CONFIG)
    keys = [(-r.points_for, *(-v for v in r.tiebreak_values)) for r in rows]
    assert keys == sorted(keys)
    for i, row in enumerate(rows):
        assert row.rank == keys.index(keys[i]) + 1
        assert row.shared == (keys.count(keys[i]) > 1)
    shuffled = results[:]
    rnd.shuffle(shuffled)
    assert compute_individual_standings(shuffled, players[::-1], CONFIG) == rows
