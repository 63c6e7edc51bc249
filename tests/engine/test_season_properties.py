"""engine.seasons: hypothesis properties over random seasons.

Best N of M never counts more than N contests, and counts the best ones; dropping a contest
never raises an entrant's total, nor does lowering N; the ranked rows come in key order with
ranks 1, 2, 2, 4...
"""

from __future__ import annotations

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.seasons import (
    ContestKind,
    PlacementFormula,
    PlacementTable,
    Placing,
    SeasonContest,
    SeasonRules,
    compute_season_standings,
)

BAREMES = st.sampled_from(
    [PlacementTable((100, 90, 80, 70), beyond=10), PlacementFormula(), PlacementFormula(20, 3)]
)


@st.composite
def seasons(draw: st.DrawFn) -> list[SeasonContest]:
    count = draw(st.integers(min_value=1, max_value=7))
    contests = []
    for cid in range(1, count + 1):
        players = draw(st.lists(st.integers(1, 10), min_size=1, max_size=8, unique=True))
        results = tuple(
            Placing(
                (p,),
                draw(st.integers(1, len(players))),
                played=4,
                won=draw(st.integers(0, 4)),
                points=draw(st.sampled_from([0, 1500, 2000, 2500])),
            )
            for p in players
        )
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * cid)
        contests.append(SeasonContest(cid, 1, day, ContestKind.CONTEST, results))
    return contests


@settings(max_examples=150, deadline=None)
@given(seasons(), BAREMES, st.integers(min_value=1, max_value=8))
def test_best_n_counts_at_most_n_and_the_best(
    contests: list[SeasonContest], bareme: PlacementTable, n: int
) -> None:
    season = compute_season_standings(contests, SeasonRules(bareme, best_of=n))
    for row in season.rows:
        counted = [c for c in row.contests if c.counted]
        dropped = [c for c in row.contests if not c.counted]
        assert len(counted) == min(n, row.attended)
        assert len(counted) + len(dropped) == row.attended == len(row.contests)
        assert row.value == sum(c.value for c in counted)
        if dropped:
            assert min(c.value for c in counted) >= max(c.value for c in dropped)


@settings(max_examples=150, deadline=None)
@given(seasons(), BAREMES, st.integers(min_value=1, max_value=8), st.data())
def test_dropping_a_contest_never_raises_a_total(
    contests: list[SeasonContest], bareme: PlacementTable, n: int, data: st.DataObject
) -> None:
    rules = SeasonRules(bareme, best_of=n)
    full = {r.entrant: r.value for r in compute_season_standings(contests, rules).rows}
    gone = data.draw(st.integers(0, len(contests) - 1))
    fewer = compute_season_standings(contests[:gone] + contests[gone + 1 :], rules)
    for row in fewer.rows:
        assert row.value <= full[row.entrant]
    if n > 1:  # lowering N never raises a total either
        lower = compute_season_standings(contests, SeasonRules(bareme, best_of=n - 1))
        for row in lower.rows:
            assert row.value <= full[row.entrant]


@settings(max_examples=150, deadline=None)
@given(seasons(), BAREMES, st.integers(min_value=0, max_value=4))
def test_rows_are_ranked_in_key_order(
    contests: list[SeasonContest], bareme: PlacementTable, minimum: int
) -> None:
    season = compute_season_standings(contests, SeasonRules(bareme, min_contests=minimum))
    ranked = [r for r in season.rows if r.rank is not None]
    assert all(r.rank is None for r in season.rows[len(ranked) :])
    assert all(r.attended >= minimum for r in ranked)
    keys = [(-r.value, -r.wins, -r.score) for r in ranked]
    assert keys == sorted(keys)
    for i, row in enumerate(ranked):
        first = next(j for j, k in enumerate(keys) if k == keys[i])
        assert row.rank == first + 1
        assert row.shared == (keys.count(keys[i]) > 1)
    # The input order of the contests does not matter.
    again = compute_season_standings(
        list(reversed(contests)), SeasonRules(bareme, min_contests=minimum)
    )
    assert again.rows == season.rows
