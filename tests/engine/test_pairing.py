"""engine.pairing: seeded random contests, exactness on small fields, worst-case histories and
the fallback (specific behaviours, round robin and coded errors: ``test_pairing_rules.py``).

No Django here: the engine suite runs with ``-p no:django``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx  # type: ignore[import-untyped]
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.pairing import (
    ByeReason,
    Entrant,
    EntryRecord,
    ForcedReason,
    History,
    PairingMethod,
    PairingRequest,
    PairingResult,
    ReportCode,
    Strategy,
    active_entrants,
    pair_round,
)

# --------------------------------------------------------------------------------------------
# Helpers: an independent judge of "avoidable"
# --------------------------------------------------------------------------------------------


def fewest_rematches(teams: list[int], history: History) -> int:
    """The fewest rematches any perfect pairing of ``teams`` (even count) must contain."""
    graph = nx.Graph()
    big = len(teams) + 1
    graph.add_weighted_edges_from(
        (a, b, big - min(history.meetings(a, b), 1) * big)
        for i, a in enumerate(teams)
        for b in teams[i + 1 :]
    )
    # maximise the number of non-rematch tables among perfect matchings
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sum(1 for a, b in matching if history.meetings(a, b))


def check_round(request: PairingRequest, result: PairingResult) -> None:
    """Every invariant a pairing must satisfy, checked against the request and the report."""
    ids = [e.id for e in request.entrants]
    rank = {e.id: e.rank for e in request.entrants}
    club = {e.id: e.club for e in request.entrants}
    history = request.history
    report = result.report

    # every active team plays exactly once (or has the bye), nobody else appears
    seated = [t for table in result.tables for t in (table.a, table.b)]
    if result.bye is not None:
        seated.append(result.bye)
    assert sorted(seated) == sorted(ids)
    assert (result.bye is not None) == (len(ids) % 2 == 1)
    assert [t.table_number for t in result.tables] == list(range(1, len(result.tables) + 1))

    # the seed is reported and returned
    (seed_item,) = report.of(ReportCode.SEED)
    assert seed_item.params["seed"] == result.seed
    assert request.seed is None or result.seed == request.seed

    # roster changes are reported
    assert [i.params["team"] for i in report.of(ReportCode.LATE_ENTRY)] == list(
        request.late_entries
    )
    assert [i.params["team"] for i in report.of(ReportCode.WITHDRAWAL)] == list(request.withdrawals)

    # the bye: fair, and reported
    bye_items = report.of(ReportCode.BYE_ASSIGNED)
    if result.bye is None:
        assert not bye_items
    else:
        (item,) = bye_items
        assert item.params["team"] == result.bye
        fewest = min(history.bye_count(t) for t in ids)
        if result.method is not PairingMethod.ROUND_ROBIN:
            assert history.bye_count(result.bye) == fewest  # nobody gets a 2nd bye too early
            assert item.params["byes_before"] == fewest
            eligible = [t for t in ids if history.bye_count(t) == fewest]
            assert item.params["eligible"] == len(eligible)
        if result.method is PairingMethod.RANKING:
            eligible.sort(key=lambda t: (-rank[t], t))
            passed = item.params["passed_over"]
            assert isinstance(passed, tuple)
            # the lowest-ranked eligible team, unless skipping it avoided a rematch
            if passed:
                assert result.bye != eligible[0]
                assert all(rank[t] >= rank[result.bye] for t in passed)
            else:
                assert rank[result.bye] == rank[eligible[0]]
            expected = (
                ByeReason.LOWEST_RANKED_WITHOUT_BYE
                if fewest == 0
                else ByeReason.LOWEST_RANKED_FEWEST_BYES
            )
            assert item.params["reason"] == expected

    # rematches: reported exactly, and only when unavoidable
    rematch_tables = {
        (t.table_number, t.a, t.b) for t in result.tables if history.meetings(t.a, t.b)
    }
    forced = {
        (i.params["table"], i.params["team_a"], i.params["team_b"])
        for i in report.of(ReportCode.REMATCH_FORCED)
    }
    assert forced == rematch_tables
    if rematch_tables and result.method is not PairingMethod.ROUND_ROBIN:
        reasons = {i.params["reason"] for i in report.of(ReportCode.REMATCH_FORCED)}
        assert result.strategy is Strategy.GREEDY or reasons == {
            ForcedReason.NO_REMATCH_FREE_PAIRING
        }
        if result.strategy is not Strategy.GREEDY:
            assert_no_better_bye_or_pairing(ids, history, result, len(rematch_tables))
    tables = {frozenset((t.a, t.b)) for t in result.tables}
    for item in report.of(ReportCode.REMATCH_AVOIDED):
        a, b = item.params["team_a"], item.params["team_b"]
        assert isinstance(a, int) and isinstance(b, int)
        assert history.meetings(a, b) == item.params["meetings"] > 0
        assert frozenset((a, b)) not in tables

    # club conflicts: reported exactly
    same_club = {
        (t.table_number, t.a, t.b)
        for t in result.tables
        if club[t.a] is not None and club[t.a] == club[t.b]
    }
    reported = {
        (i.params["table"], i.params["team_a"], i.params["team_b"])
        for i in report.of(ReportCode.CLUB_CONFLICT)
    }
    assert reported == same_club

    # tables: by ranking, leaders first and "paired away" exactly the non-neighbour tables
    if result.method is PairingMethod.RANKING and len({rank[t] for t in ids}) == len(ids):
        order = sorted((t for t in ids if t != result.bye), key=lambda t: rank[t])
        pos = {t: i for i, t in enumerate(order)}
        assert all(pos[t.a] < pos[t.b] for t in result.tables)
        firsts = [pos[t.a] for t in result.tables]
        assert firsts == sorted(firsts)
        assert firsts[0] == 0  # the leader is on table 1
        away = {
            t.table_number
            for t in result.tables
            if not (pos[t.a] % 2 == 0 and pos[t.b] == pos[t.a] + 1)
        }
        assert {i.params["table"] for i in report.of(ReportCode.PAIRED_AWAY)} == away

    # fallback reported iff used
    assert bool(report.of(ReportCode.FALLBACK_USED)) == (result.strategy is Strategy.GREEDY)
    assert report.describe()  # the developer text renders every item


def assert_no_better_bye_or_pairing(
    ids: list[int], history: History, result: PairingResult, rematches: int
) -> None:
    """No eligible bye and no pairing would have had fewer rematches."""
    if len(ids) % 2 == 0:
        assert fewest_rematches(ids, history) == rematches
        return
    fewest = min(history.bye_count(t) for t in ids)
    for candidate in ids:
        if history.bye_count(candidate) == fewest:
            rest = [t for t in ids if t != candidate]
            assert fewest_rematches(rest, history) >= rematches, candidate


# --------------------------------------------------------------------------------------------
# Seeded random contests
# --------------------------------------------------------------------------------------------


@dataclass
class Contest:
    """A simulated contest: entries, points, history; ranks distinct (ties by id)."""

    entries: list[EntryRecord]
    clubs: dict[int, str | None]
    points: Counter[int]
    history: History
    rng: random.Random

    def entrants(self, active: tuple[int, ...]) -> tuple[Entrant, ...]:
        order = sorted(active, key=lambda t: (-self.points[t], t))
        return tuple(Entrant(t, i, self.clubs[t]) for i, t in enumerate(order, start=1))

    def play(self, result: PairingResult) -> None:
        for table in result.tables:
            share = self.rng.randint(500, 1444)
            self.points[table.a] += share
            self.points[table.b] += 1944 - share
        if result.bye is not None:
            self.points[result.bye] += 972
        self.history = self.history.with_round(result)


def make_contest(seed: int, teams: int, rounds: int, clubs: int) -> Contest:
    rng = random.Random(seed)
    entries = []
    for team in range(1, teams + 1):
        joined = 1 if rounds < 2 or rng.random() < 0.85 else rng.randint(2, rounds)
        left = None if rng.random() < 0.9 else rng.randint(joined - 1, rounds)
        entries.append(EntryRecord(team, joined, left))
    club_of = {t: (f"c{rng.randrange(clubs)}" if clubs else None) for t in range(1, teams + 1)}
    return Contest(entries, club_of, Counter(), History(), rng)


def run_contest(seed: int, teams: int, rounds: int, clubs: int = 0) -> int:
    """Play a whole contest, checking every round; returns how many rounds were paired."""
    contest = make_contest(seed, teams, rounds, clubs)
    paired = 0
    for number in range(1, rounds + 1):
        roster = active_entrants(contest.entries, number)
        if len(roster.active) < 2:
            continue
        request = PairingRequest(
            method="random" if number == 1 else "ranking",
            entrants=contest.entrants(roster.active),
            round_number=number,
            history=contest.history,
            seed=seed * 100 + number,
            avoid_same_club=bool(clubs) and number % 2 == 0,
            time_budget_s=30.0,  # correctness here, not speed: never let a slow CI box fall back
            late_entries=roster.late_entries,
            withdrawals=roster.withdrawals,
        )
        result = pair_round(request)
        check_round(request, result)
        assert pair_round(request) == result  # same seed, same input: same draw and report
        contest.play(result)
        paired += 1
    return paired


SIZES = [2, 3, 4, 5, 7, 8, 11, 16, 21, 33, 34, 35, 60, 97, 150, 211, 400]


@pytest.mark.parametrize("teams", SIZES)
def test_seeded_random_contest(teams: int) -> None:
    for seed in range(2 if teams <= 60 else 1):
        rounds = 6 if teams > 8 else teams + 2  # small fields: more rounds than opponents
        assert run_contest(seed + teams, teams, rounds, clubs=seed % 3 * 3) >= 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    teams=st.integers(2, 40),
    rounds=st.integers(1, 9),
    clubs=st.integers(0, 4),
)
def test_contest_property(seed: int, teams: int, rounds: int, clubs: int) -> None:
    run_contest(seed, teams, rounds, clubs)


def test_byes_rotate_through_everyone_before_a_second() -> None:
    entrants = tuple(Entrant(t, t) for t in range(1, 8))  # 7 teams, fixed ranking
    history = History()
    byes = []
    for number in range(1, 15):
        result = pair_round(
            PairingRequest("ranking", entrants, number, history, seed=number, time_budget_s=30)
        )
        assert result.bye is not None
        byes.append(result.bye)
        history = history.with_round(result)
    assert sorted(byes[:7]) == list(range(1, 8))
    assert sorted(byes[7:]) == list(range(1, 8))


# --------------------------------------------------------------------------------------------
# Exactness on small fields
# --------------------------------------------------------------------------------------------


def brute_force_cost(
    order: list[int], history: History, clubs: dict[int, str | None], avoid: bool
) -> tuple[int, int, int, int]:
    """The cost tiers of an optimal pairing of ``order`` over the complete graph."""
    n = len(order)
    graph = nx.Graph()
    tier_club = n**3
    tier_repeat = n**6
    tier_rematch = tier_repeat * (n * max(history.most_meetings(), 1) + 1)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = order[i], order[j]
            same = avoid and clubs[a] is not None and clubs[a] == clubs[b]
            met = history.meetings(a, b)
            cost = (tier_rematch + met * tier_repeat if met else 0) + same * tier_club
            graph.add_edge(i, j, weight=tier_rematch * n - cost - (j - i) ** 2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return score(((order[i], order[j]) for i, j in matching), order, history, clubs, avoid)


def score(
    pairs: Iterable[tuple[int, int]],
    order: list[int],
    history: History,
    clubs: dict[int, str | None],
    avoid: bool,
) -> tuple[int, int, int, int]:
    """(rematch tables, meetings repeated, club conflicts, sum of squared gaps)."""
    pos = {t: i for i, t in enumerate(order)}
    rematches = repeats = club = gaps = 0
    for a, b in pairs:
        rematches += history.meetings(a, b) > 0
        repeats += history.meetings(a, b)
        club += avoid and clubs[a] is not None and clubs[a] == clubs[b]
        gaps += (pos[a] - pos[b]) ** 2
    return rematches, repeats, club, gaps


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    half=st.integers(1, 16),
    games=st.integers(0, 60),
    clubs=st.integers(0, 3),
)
def test_exact_strategy_is_a_minimum_cost_matching(
    seed: int, half: int, games: int, clubs: int
) -> None:
    rng = random.Random(seed)
    n = 2 * half
    ids = rng.sample(range(1, 1000), n)
    pairs = [tuple(rng.sample(ids, 2)) for _ in range(games)]
    history = History.of(pairs)
    club = {t: (f"c{rng.randrange(clubs)}" if clubs else None) for t in ids}
    entrants = tuple(Entrant(t, r, club[t]) for r, t in enumerate(ids, start=1))
    request = PairingRequest("ranking", entrants, 2, history, seed=1, avoid_same_club=True)
    result = pair_round(request)
    assert result.strategy is Strategy.EXACT
    check_round(request, result)
    got = score(((t.a, t.b) for t in result.tables), ids, history, club, True)
    assert got == brute_force_cost(ids, history, club, True)


def test_zone_strategy_matches_the_optimum_on_a_realistic_field() -> None:
    contest = make_contest(7, 120, 5, 0)
    contest.entries = [EntryRecord(t) for t in range(1, 121)]
    for number in range(1, 5):
        active = tuple(range(1, 121))
        result = pair_round(
            PairingRequest(
                "random" if number == 1 else "ranking",
                contest.entrants(active),
                number,
                contest.history,
                seed=number,
            )
        )
        contest.play(result)
    entrants = contest.entrants(tuple(range(1, 121)))
    request = PairingRequest("ranking", entrants, 5, contest.history, seed=5)
    result = pair_round(request)
    check_round(request, result)
    assert result.strategy is Strategy.ZONES
    order = [e.id for e in entrants]
    clubs: dict[int, str | None] = dict.fromkeys(order)
    got = score(((t.a, t.b) for t in result.tables), order, contest.history, clubs, False)
    best = brute_force_cost(order, contest.history, clubs, False)
    assert got[0] == best[0] == 0
    assert got[3] <= best[3] * 1.2  # zones are exact inside, near-optimal overall


# --------------------------------------------------------------------------------------------
# Worst-case history, chunks and the fallback
# --------------------------------------------------------------------------------------------


def worst_case(teams: int) -> tuple[tuple[Entrant, ...], History]:
    """Each team has met its 4 nearest ranking neighbours: every natural table is a rematch."""
    rounds = [
        [(i, i + 1) for i in range(0, teams, 2)],
        [(i, (i + 1) % teams) for i in range(1, teams, 2)],
        [(i + k, i + k + 2) for i in range(0, teams, 4) for k in (0, 1)],
        [(i + k, (i + k + 2) % teams) for i in range(2, teams + 2, 4) for k in (0, 1)],
    ]
    pairs = [(a + 1, b + 1) for games in rounds for a, b in games]
    return tuple(Entrant(t, t) for t in range(1, teams + 1)), History.of(pairs)


def test_worst_case_history_is_paired_without_rematch_in_chunks() -> None:
    entrants, history = worst_case(400)
    request = PairingRequest("ranking", entrants, 5, history, seed=3, time_budget_s=30)
    result = pair_round(request)
    check_round(request, result)
    assert result.strategy is Strategy.ZONES
    assert len(result.report.of(ReportCode.REMATCH_AVOIDED)) == 200


def test_time_budget_falls_back_to_greedy_and_says_so() -> None:
    entrants, history = worst_case(2000)
    request = PairingRequest("ranking", entrants, 5, history, seed=3, time_budget_s=0.001)
    result = pair_round(request)
    check_round(request, result)
    assert result.strategy is Strategy.GREEDY
    (item,) = result.report.of(ReportCode.FALLBACK_USED)
    assert item.params["strategy"] == "greedy"
    assert item.params["reason"] == "time_budget"
    assert item.params["budget_ms"] == 1
    assert not result.report.of(ReportCode.REMATCH_FORCED)  # the repair still avoids them


def test_greedy_repair_swaps_away_a_rematch() -> None:
    # 4 teams in order 1, 2, 3, 4 where 3-4 met: greedy takes 1-2 then must repair 3-4
    entrants = tuple(Entrant(t, t) for t in range(1, 5))
    history = History.of([(3, 4), (1, 3)])
    clock_budget = 1e-9  # no blossom fits
    result = pair_round(PairingRequest("ranking", entrants, 2, history, time_budget_s=clock_budget))
    assert result.strategy is Strategy.GREEDY
    assert all(history.meetings(t.a, t.b) == 0 for t in result.tables)
