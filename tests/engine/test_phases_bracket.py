"""engine.phases brackets: seeding, byes, placement blocks, third place, results, consolante,
repêchage; properties over random fields and random winners."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.phases import (
    BracketSpec,
    PhaseError,
    PhaseReportCode,
    PlaceTitle,
    bracket_positions,
    build_bracket,
    consolante_of_losers,
    next_power_of_two,
    repechage,
)

from .phases_helpers import play


def seeds(n: int) -> tuple[int, ...]:
    return tuple(range(1, n + 1))


def favourite(m: object) -> int:
    """The better seed wins (entrants are their own seed numbers here)."""
    return min(m.team_a, m.team_b)  # type: ignore[attr-defined]


def test_bracket_positions_are_the_standard_order() -> None:
    assert bracket_positions(2) == (1, 2)
    assert bracket_positions(4) == (1, 4, 2, 3)
    assert bracket_positions(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert [next_power_of_two(n) for n in (1, 2, 3, 5, 8, 9, 64, 65)] == [
        1,
        2,
        4,
        8,
        8,
        16,
        64,
        128,
    ]


@pytest.mark.parametrize(
    ("n", "places", "third", "matches", "byes", "podium"),
    [
        pytest.param(2, 2, False, 1, (), [(1, 1, "winner"), (2, 2, "finalist")], id="2: a final"),
        pytest.param(
            3,
            2,
            False,
            2,
            (1,),
            [(1, 1, "winner"), (2, 2, "finalist"), (3, 3, "semi_finalist")],
            id="3: top seed has the bye",
        ),
        pytest.param(
            4,
            2,
            False,
            3,
            (),
            [(3, 3, "semi_finalist"), (4, 3, "semi_finalist")],
            id="4: 3rd shared",
        ),
        pytest.param(4, 2, True, 4, (), [(3, 3, "third"), (4, 4, "fourth")], id="4: third place"),
        pytest.param(5, 2, False, 4, (1, 2, 3), [(5, 5, "quarter_finalist")], id="5: three byes"),
        pytest.param(
            6, None, False, 7, (1, 2), [(5, 5, "place"), (6, 6, "place")], id="6: every place"
        ),
        pytest.param(
            8,
            4,
            False,
            8,
            (),
            [(5, 5, "quarter_finalist"), (8, 5, "quarter_finalist")],
            id="8: third place, quarter-finalists 5th",
        ),
        pytest.param(
            8,
            8,
            False,
            12,
            (),
            [(5, 5, "place"), (7, 7, "place"), (8, 8, "place")],
            id="8: placement matches down to 8th",
        ),
        pytest.param(
            12,
            4,
            False,
            12,
            (1, 2, 3, 4),
            [(9, 9, "round_of"), (12, 9, "round_of")],
            id="12: four byes",
        ),
        pytest.param(
            16,
            6,
            False,
            19,
            (),
            [(5, 5, "place"), (6, 6, "place"), (7, 7, "place"), (8, 7, "place")],
            id="16: places to 6th, 7th shared",
        ),
    ],
)
def test_brackets(
    n: int,
    places: int | None,
    third: bool,
    matches: int,
    byes: tuple[int, ...],
    podium: list[tuple[int, int, str]],
) -> None:
    bracket, _ = play(BracketSpec(seeds(n), places=places, third_place=third), favourite)
    assert len(bracket.matches) == matches
    assert bracket.byes == byes
    assert [i.params["team"] for i in bracket.report.of(PhaseReportCode.BRACKET_BYE)] == list(byes)
    assert bracket.winner == 1 and bracket.finished
    placed = {p.team: (p.place, p.title.value) for p in bracket.placements()}
    for team, place, title in podium:
        assert placed[team] == (place, title)
    # with the favourites winning, the order of places is the order of seeds
    assert [p.team for p in bracket.placements()] == list(seeds(n))


def test_top_seeds_can_only_meet_late() -> None:
    bracket, _ = play(BracketSpec(seeds(16)), favourite)
    final = bracket.match("main.p1.r4.m1")
    assert (final.team_a, final.team_b, final.round_of) == (1, 2, 2)
    semis = [(m.team_a, m.team_b) for m in bracket.matches if m.round_of == 4]
    assert semis == [(1, 4), (2, 3)]


def test_placement_blocks_pair_losers_of_neighbouring_matches() -> None:
    bracket, _ = play(BracketSpec(seeds(8), places=8), favourite)
    block = [(m.team_a, m.team_b) for m in bracket.matches if m.places == (5, 8) and m.round == 1]
    assert block == [(8, 5), (7, 6)]  # losers of 1 v 8 and 4 v 5, of 2 v 7 and 3 v 6


def test_results_fill_the_bracket_step_by_step() -> None:
    spec = BracketSpec(seeds(4), third_place=True)
    empty = build_bracket(spec)
    assert [m.id for m in empty.to_play()] == ["main.p1.r1.m1", "main.p1.r1.m2"]
    assert empty.winner is None and not empty.finished
    half = build_bracket(spec, {"main.p1.r1.m1": 4, "main.p1.r1.m2": 2})
    final = half.match("main.p1.r2.m1")
    third = half.match("main.p3.r1.m1")
    assert (final.team_a, final.team_b) == (4, 2) and (third.team_a, third.team_b) == (1, 3)
    with pytest.raises(PhaseError) as error:
        half.placements()
    assert error.value.code == "phases.bracket_not_finished"


@pytest.mark.parametrize(
    ("results", "code"),
    [
        ({"main.p1.r9.m1": 1}, "phases.unknown_match"),
        ({"main.p1.r2.m1": 1}, "phases.match_not_ready"),
        ({"main.p1.r1.m1": 2}, "phases.invalid_winner"),
    ],
)
def test_impossible_results_are_refused(results: dict[str, int], code: str) -> None:
    with pytest.raises(PhaseError) as error:
        build_bracket(BracketSpec(seeds(4)), results)
    assert error.value.code == code


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        (BracketSpec((1,)), "phases.not_enough_teams"),
        (BracketSpec((1, 2, 2)), "phases.invalid_teams"),
        (BracketSpec(seeds(4), places=0), "phases.invalid_bracket"),
        (BracketSpec(seeds(4), third_place=1), "phases.invalid_bracket"),  # type: ignore[arg-type]
    ],
)
def test_bad_bracket_specs_are_refused(spec: BracketSpec, code: str) -> None:
    with pytest.raises(PhaseError) as error:
        build_bracket(spec)
    assert error.value.code == code


def test_a_consolante_of_the_first_round_losers() -> None:
    main, _ = play(BracketSpec(seeds(12), places=4), favourite)
    spec = consolante_of_losers(main, places=4)
    # seeds 1-4 had a bye; 5 v 12, 8 v 9, 6 v 11, 7 v 10 were played: 4 losers, best seed first
    assert spec.entrants == (9, 10, 11, 12) and spec.name == "consolante"
    consolante, _ = play(spec, favourite)
    assert consolante.winner == 9
    assert consolante.match("consolante.p1.r2.m1").id.startswith("consolante.")
    with pytest.raises(PhaseError) as error:
        consolante_of_losers(build_bracket(BracketSpec(seeds(12))))
    assert error.value.code == "phases.bracket_not_finished"
    with pytest.raises(PhaseError) as error:
        consolante_of_losers(main, round_number=7)
    assert error.value.code == "phases.invalid_bracket"


@pytest.mark.parametrize(
    ("winners", "losers", "drawn"),
    [
        pytest.param(20, 20, 12, id="40 teams: 20 winners, 12 losers drawn back"),
        pytest.param(8, 8, 0, id="already a power of two"),
        pytest.param(5, 5, 3, id="5 winners: 3 drawn"),
        pytest.param(1, 1, 0, id="one winner"),
    ],
)
def test_repechage_reaches_a_power_of_two(winners: int, losers: int, drawn: int) -> None:
    won = tuple(range(1, winners + 1))
    lost = tuple(range(100, 100 + losers))
    r = repechage(won, lost, seed=9)
    assert len(r.drawn) == drawn and set(r.drawn) <= set(lost)
    assert r.field == won + r.drawn and len(r.field) == next_power_of_two(winners)
    assert r == repechage(won, lost, seed=9)
    items = r.report.of(PhaseReportCode.REPECHAGE_DRAWN)
    assert [i.params["team"] for i in items] == list(r.drawn)


def test_repechage_errors() -> None:
    with pytest.raises(PhaseError) as error:
        repechage((1, 2, 3, 4, 5), (6,))  # 8 needs three losers
    assert error.value.code == "phases.not_enough_losers"
    with pytest.raises(PhaseError) as error:
        repechage((1, 2, 3), (4, 5, 6), target=6)
    assert error.value.code == "phases.invalid_bracket"
    with pytest.raises(PhaseError) as error:
        repechage((1, 2, 3), (3, 5, 6))
    assert error.value.code == "phases.invalid_teams"
    assert len(repechage((1, 2, 3), (4, 5, 6, 7, 8), target=8).field) == 8


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(2, 40),
    places=st.one_of(st.none(), st.integers(1, 40)),
    third=st.booleans(),
    seed=st.integers(0, 10**6),
)
def test_bracket_properties(n: int, places: int | None, third: bool, seed: int) -> None:
    entrants = tuple(random.Random(seed).sample(range(1, 1000), n))
    bracket, results = play(
        BracketSpec(entrants, places=places, third_place=third), None, random.Random(seed)
    )
    winner = bracket.winner
    assert winner is not None
    # the winner won every one of its matches, and lost none
    played = [m for m in bracket.matches if winner in (m.team_a, m.team_b)]
    assert played and all(m.winner == winner for m in played)
    # every entrant placed exactly once; places count the teams above them
    placements = bracket.placements()
    assert sorted(p.team for p in placements) == sorted(entrants)
    counts = Counter(p.place for p in placements)
    for p in placements:
        assert p.place == 1 + sum(c for place, c in counts.items() if place < p.place)
        assert p.shared == (counts[p.place] > 1)
    assert next(p.team for p in placements if p.title is PlaceTitle.WINNER) == winner
    # no team plays twice in the same round of a block, nobody meets the same team twice
    meetings = Counter(frozenset((m.team_a, m.team_b)) for m in bracket.matches)
    assert max(meetings.values()) == 1
    # every team loses at most once in the main line (a knockout)
    main_losses = Counter(m.loser for m in bracket.matches if m.places[0] == 1)
    assert max(main_losses.values()) == 1
    assert len(results) == len(bracket.matches)
