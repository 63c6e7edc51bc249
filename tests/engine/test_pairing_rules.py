"""engine.pairing: specific behaviours (leaders, byes, clubs, lots, draws, late entries), round
robin, coded errors, purity.

No Django here: the engine suite runs with ``-p no:django``. The invariants every pairing must
satisfy (``check_round``) live in ``test_pairing.py``.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

import engine.pairing as pairing
from engine.errors import EngineError
from engine.pairing import (
    PAIRING_ERROR_CODES,
    Entrant,
    EntryRecord,
    History,
    PairingError,
    PairingRequest,
    ReportCode,
    Strategy,
    active_entrants,
    max_round_robin_rounds,
    pair_round,
)

from .test_pairing import check_round

# --------------------------------------------------------------------------------------------
# Specific behaviours
# --------------------------------------------------------------------------------------------


def test_leaders_on_table_one_and_rematch_avoided_is_reported() -> None:
    entrants = tuple(Entrant(t, t) for t in range(1, 7))
    history = History.of([(1, 2)])
    result = pair_round(PairingRequest("ranking", entrants, 2, history, seed=1))
    assert [(t.table_number, t.a, t.b) for t in result.tables] == [(1, 1, 3), (2, 2, 4), (3, 5, 6)]
    (avoided,) = result.report.of(ReportCode.REMATCH_AVOIDED)
    assert avoided.params == {"team_a": 1, "team_b": 2, "meetings": 1}
    assert [i.params["table"] for i in result.report.of(ReportCode.PAIRED_AWAY)] == [1, 2]


def test_forced_rematch_is_reported_as_unavoidable() -> None:
    entrants = (Entrant(1, 1), Entrant(2, 2))
    history = History.of([(1, 2)])
    result = pair_round(PairingRequest("ranking", entrants, 2, history))
    (item,) = result.report.of(ReportCode.REMATCH_FORCED)
    assert item.params["reason"] == "no_rematch_free_pairing"
    assert item.params["meetings"] == 1


def test_bye_moves_up_only_to_avoid_a_rematch() -> None:
    # 3 teams: 3 (lowest) would get the bye, but 1-2 have met and 1-3, 2-3 have not
    entrants = tuple(Entrant(t, t) for t in range(1, 4))
    history = History.of([(1, 2)])
    result = pair_round(PairingRequest("ranking", entrants, 2, history, seed=0))
    assert result.bye in (1, 2)
    (item,) = result.report.of(ReportCode.BYE_ASSIGNED)
    assert 3 in item.params["passed_over"]  # type: ignore[operator]
    assert not result.report.of(ReportCode.REMATCH_FORCED)


def test_second_bye_goes_to_lowest_ranked_with_fewest() -> None:
    entrants = tuple(Entrant(t, t) for t in range(1, 6))
    history = History.of([], byes=[5, 4, 3, 2, 1, 5])
    result = pair_round(PairingRequest("ranking", entrants, 7, history))
    assert result.bye == 4
    (item,) = result.report.of(ReportCode.BYE_ASSIGNED)
    assert item.params["reason"] == "lowest_ranked_fewest_byes"
    assert item.params["byes_before"] == 1


def test_same_club_avoided_when_asked_and_reported_otherwise() -> None:
    entrants = (Entrant(1, 1, "A"), Entrant(2, 2, "A"), Entrant(3, 3, "B"), Entrant(4, 4, "B"))
    kept = pair_round(PairingRequest("ranking", entrants, 2, History(), avoid_same_club=True))
    assert {frozenset((t.a, t.b)) for t in kept.tables} == {frozenset((1, 3)), frozenset((2, 4))}
    assert len(kept.report.of(ReportCode.CLUB_CONFLICT_AVOIDED)) == 2
    assert not kept.report.of(ReportCode.CLUB_CONFLICT)
    plain = pair_round(PairingRequest("ranking", entrants, 2, History()))
    conflicts = plain.report.of(ReportCode.CLUB_CONFLICT)
    assert [(i.params["club"], i.params["avoidance"]) for i in conflicts] == [
        ("A", False),
        ("B", False),
    ]


def test_rematch_outweighs_club() -> None:
    entrants = (Entrant(1, 1, "A"), Entrant(2, 2, "B"), Entrant(3, 3, "A"), Entrant(4, 4, "B"))
    history = History.of([(1, 2), (1, 4)])  # 1 can only meet 3 without a rematch: same club
    result = pair_round(PairingRequest("ranking", entrants, 3, history, avoid_same_club=True))
    assert result.opponent(1) == 3
    assert len(result.report.of(ReportCode.CLUB_CONFLICT)) == 2


def test_equal_ranks_are_ordered_by_the_seeded_lot() -> None:
    entrants = tuple(Entrant(t, 1 if t <= 4 else 5) for t in range(1, 9))
    a = pair_round(PairingRequest("ranking", entrants, 2, History(), seed=11))
    b = pair_round(PairingRequest("ranking", entrants, 2, History(), seed=11))
    assert a == b
    ties = a.report.of(ReportCode.RANK_TIE_DRAWN)
    assert [i.params["rank"] for i in ties] == [1, 5]
    first = ties[0].params["teams"]
    assert isinstance(first, tuple)
    assert (a.tables[0].a, a.tables[0].b) == first[:2]


def test_random_draw_is_reproducible_and_seed_is_returned() -> None:
    entrants = tuple(Entrant(t, 1) for t in range(1, 30))
    first = pair_round(PairingRequest("random", entrants, 1))
    assert isinstance(first.seed, int) and 0 <= first.seed < 2**32
    again = pair_round(PairingRequest("random", entrants, 1, seed=first.seed))
    assert again.tables == first.tables and again.bye == first.bye
    assert again.report == first.report
    other = pair_round(PairingRequest("random", entrants, 1, seed=first.seed + 1))
    assert other.tables != first.tables
    (item,) = first.report.of(ReportCode.BYE_ASSIGNED)
    assert item.params["reason"] == "drawn_by_lot"


def test_random_draw_avoids_rematches() -> None:
    entrants = tuple(Entrant(t, 1) for t in range(1, 7))
    # everyone has met everyone except 1-4, 2-5, 3-6: the draw has exactly one answer
    allowed = {frozenset((1, 4)), frozenset((2, 5)), frozenset((3, 6))}
    history = History.of(
        (a, b) for a in range(1, 7) for b in range(a + 1, 7) if frozenset((a, b)) not in allowed
    )
    for seed in range(20):
        result = pair_round(PairingRequest("random", entrants, 3, history, seed=seed))
        assert {frozenset((t.a, t.b)) for t in result.tables} == allowed


def test_late_entries_and_withdrawals() -> None:
    entries = [
        EntryRecord(1),
        EntryRecord(2),
        EntryRecord(3, joined_round=2),
        EntryRecord(4, withdrawn_after_round=1),
        EntryRecord(5, joined_round=3, withdrawn_after_round=2),  # never plays
        EntryRecord(6),
    ]
    one = active_entrants(entries, 1)
    assert one.active == (1, 2, 4, 6) and one.late_entries == () and one.withdrawals == ()
    two = active_entrants(entries, 2)
    assert two.active == (1, 2, 3, 6)
    assert two.late_entries == (3,) and two.withdrawals == (4,)
    three = active_entrants(entries, 3)
    assert three.active == (1, 2, 3, 6) and three.late_entries == () and three.withdrawals == ()
    request = PairingRequest(
        "ranking",
        tuple(Entrant(t, r) for r, t in enumerate(two.active, 1)),
        2,
        late_entries=two.late_entries,
        withdrawals=two.withdrawals,
    )
    result = pair_round(request)
    check_round(request, result)


# --------------------------------------------------------------------------------------------
# Round robin
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("teams", range(2, 14))
def test_round_robin_meets_everyone_once(teams: int) -> None:
    entrants = tuple(Entrant(t * 10, t) for t in range(1, teams + 1))
    rounds = max_round_robin_rounds(teams)
    history = History()
    for number in range(1, rounds + 1):
        request = PairingRequest("round_robin", entrants, number, history, total_rounds=rounds)
        result = pair_round(request)
        assert result.strategy is Strategy.CIRCLE
        check_round(request, result)
        assert not result.report.of(ReportCode.REMATCH_FORCED)
        history = history.with_round(result)
    met = Counter(frozenset(p) for p in history.pairs)
    assert len(met) == teams * (teams - 1) // 2 and set(met.values()) == {1}
    if teams % 2:
        assert sorted(history.byes) == sorted(e.id for e in entrants)
    with pytest.raises(PairingError) as error:
        pair_round(PairingRequest("round_robin", entrants, rounds + 1, history))
    assert error.value.code == "pairing.too_many_rounds"
    assert error.value.params["max_rounds"] == rounds


def test_round_robin_total_rounds_beyond_the_field_is_refused() -> None:
    entrants = tuple(Entrant(t, t) for t in range(1, 5))
    with pytest.raises(PairingError) as error:
        pair_round(PairingRequest("round_robin", entrants, 1, total_rounds=4))
    assert error.value.code == "pairing.too_many_rounds"
    assert error.value.params == {"round_number": 4, "max_rounds": 3, "teams": 4}


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------

TWO = (Entrant(1, 1), Entrant(2, 2))


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        (PairingRequest("swiss", TWO), "pairing.unknown_method"),
        (PairingRequest("ranking", (Entrant(1, 1),)), "pairing.not_enough_teams"),
        (PairingRequest("ranking", ()), "pairing.not_enough_teams"),
        (PairingRequest("ranking", (*TWO, Entrant(1, 3))), "pairing.duplicate_entrant"),
        (PairingRequest("ranking", (Entrant(1, 0), Entrant(2, 1))), "pairing.invalid_rank"),
        (PairingRequest("ranking", TWO, round_number=0), "pairing.invalid_round"),
        (PairingRequest("ranking", TWO, time_budget_s=0), "pairing.invalid_time_budget"),
        (PairingRequest("ranking", TWO, time_budget_s=float("nan")), "pairing.invalid_time_budget"),
        (PairingRequest("ranking", TWO, late_entries=(3,)), "pairing.inconsistent_roster"),
        (PairingRequest("ranking", TWO, withdrawals=(2,)), "pairing.inconsistent_roster"),
        (PairingRequest("round_robin", TWO, round_number=2), "pairing.too_many_rounds"),
        (PairingRequest("round_robin", TWO, total_rounds=0), "pairing.invalid_round"),
    ],
)
def test_coded_errors(request_: PairingRequest, code: str) -> None:
    with pytest.raises(PairingError) as error:
        pair_round(request_)
    assert error.value.code == code
    assert code in PAIRING_ERROR_CODES
    assert isinstance(error.value, EngineError)
    assert error.value.to_json()["code"] == code


def test_coded_errors_of_history_and_roster() -> None:
    with pytest.raises(PairingError) as error:
        History.of([(3, 3)])
    assert error.value.code == "pairing.invalid_history"
    with pytest.raises(PairingError) as error:
        active_entrants([EntryRecord(1), EntryRecord(1)], 1)
    assert error.value.code == "pairing.duplicate_entrant"
    with pytest.raises(PairingError) as error:
        active_entrants([EntryRecord(1, joined_round=3, withdrawn_after_round=1)], 1)
    assert error.value.code == "pairing.inconsistent_roster"
    with pytest.raises(PairingError) as error:
        active_entrants([EntryRecord(1)], 0)
    assert error.value.code == "pairing.invalid_round"
    with pytest.raises(ValueError):
        PairingError("pairing.no_such_code")


def test_the_engine_module_imports_no_django() -> None:
    package = Path(pairing.__file__ or "").parent
    paths = sorted(package.glob("*.py"))
    assert {p.name for p in paths} >= {"__init__.py", "matching.py", "cost.py", "pair.py"}
    for path in paths:
        tree = ast.parse(path.read_text())
        imported = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {
            (node.module or "").split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
        }
        assert imported <= {
            "__future__",
            "collections",
            "dataclasses",
            "enum",
            "math",
            "random",
            "secrets",
            "time",
            "typing",
            "engine",
            "networkx",
        }, imported
