"""Pairing a round of a contest: plain entrants and history in, tables and a "why" report out.

What this module owns
---------------------
Who plays whom in one round ("partie") of a contest ("concours"), on which numbered table, who
sits out (the bye, "exempt"), and a structured report saying why: the seed of the draw,
rematches avoided or forced, who got the bye and why, teams paired away from their ranking
neighbours, club conflicts, late entries, withdrawals, and any fallback taken under the time
budget. Three methods (:class:`PairingMethod`):

* ``random``: a seeded draw (``random.Random(seed)``). When ``seed`` is ``None`` one is drawn
  with ``secrets.randbits(32)`` and returned, so that it can be stored and shown; the same seed
  and the same input always give the same draw. The draw still avoids rematches (and, when
  asked, same-club tables): it is the ranking pairing applied to the drawn order.
* ``ranking``: the leaders on table 1, each team paired as close as possible to its ranking
  neighbour, with no rematch whenever one can be avoided (see "Costs" below). Teams with equal
  rank are put in order by a seeded lot (reported as ``rank_tie_drawn``).
* ``round_robin``: the circle method over the entrants sorted by id; ``round_number`` selects
  the round. More rounds than the field allows (n - 1 for even n, n for odd n) is refused.
  The caller must pass the same field every round (the seed is not used).

What it must not do
-------------------
It never imports Django or any app, and it never computes standings, bye scores or sentences
for people. The caller ranks the teams (rank 1 = leader) from the standings, passes only the
teams active in the round (:func:`active_entrants` helps), stores the returned seed and tables,
and translates report codes (:class:`ReportCode`) and error codes
(:data:`PAIRING_ERROR_CODES`) into French. The bye's score follows the contest's bye policy in
``engine.standings``; this module only says who has the bye.

Domain words
------------
*team* / équipe (an :class:`Entrant`, known by its integer ``id``); *round* / partie (numbered
from 1); *table* (numbered from 1, leaders on table 1); *bye* / exempt; *rematch* / revanche
(two teams meeting again); *club* (two teams of the same club may be kept apart on request).

Public API
----------
* Inputs: :class:`Entrant` (``id``, ``rank``, ``club``), :class:`History` (``pairs``: one
  ``(a, b)`` per game already played, ``byes``: one team id per bye already given; build it
  with :meth:`History.of` / :meth:`History.with_round`), :class:`PairingRequest`.
* :func:`pair_round` -> :class:`PairingResult` (``tables`` of :class:`TablePairing`, ``bye``,
  ``seed``, ``strategy``, ``report`` = :class:`PairingReport` of :class:`ReportItem`).
* Late entries and withdrawals: :class:`EntryRecord`, :func:`active_entrants` -> :class:`Roster`.
* Errors: :class:`PairingError` (an ``engine.errors.EngineError``) with a ``code`` from
  :data:`PAIRING_ERROR_CODES` and ``params``.

The bye
-------
With an odd number of teams, the bye goes to the lowest-ranked team that has not had one; if
every team has had one, to the lowest-ranked among those with the fewest byes. Only teams with
the fewest byes are ever eligible, so nobody gets a second bye while an active team has none.
In a random draw the bye is drawn by lot among the eligible teams. The bye moves up to another
eligible team only when that avoids a rematch (reported with ``passed_over``).

Costs (ranking and random)
--------------------------
Teams are placed in order (ranking order, or the drawn order). A table between teams at
positions ``i`` and ``j`` costs, in lexicographic tiers (each tier outweighs any sum of the
tiers below it): ``REMATCH`` if the teams have met (fewest rematch tables first); then
previous meetings x ``REPEAT`` (among rematches, the least repeated); then, for the bye, its
place in the bye order x ``BYE``; then ``CLUB`` if both teams are of the same club and
``avoid_same_club`` is set; then ``(i - j) ** 2``, which keeps pairs close in the order (1-2, 3-4, ... costs the minimum).
The pairing is a minimum-cost perfect matching (Edmonds' blossom, networkx, in
:mod:`engine._matching`).

How it stays fast (strategies, :class:`Strategy`)
-------------------------------------------------
A complete graph over 1,000 teams is far too slow for blossom in pure Python, and useless: the
natural pairing (1-2, 3-4, ...) is already optimal wherever it has no rematch or club
conflict. So:

* ``exact``: up to ``EXACT_MAX`` teams, one minimum-cost matching over the complete graph
  (the bye being a dummy node linked to the eligible teams).
* ``zones``: for larger fields, every conflicting natural table opens a *zone* of the
  neighbouring tables (``ZONE_MARGIN`` tables each side); each zone is solved exactly, and a
  zone whose solution still holds a rematch is doubled (merging with its neighbours) until it
  is rematch-free or covers the whole field. Outside the zones the natural tables stand, which
  is optimal for them. Let ``d`` be the most previous opponents a team has inside a block of
  ``s`` teams: when ``s >= 2d + 2`` the graph of allowed tables has minimum degree ``>= s / 2``,
  hence a Hamiltonian cycle (Dirac), hence a rematch-free perfect matching; rematch edges are
  then left out of the graph. A zone larger than ``COMPLETE_MAX`` is cut into consecutive
  chunks of at least ``max(CHUNK, 2d + 2)`` teams, each solved exactly and each rematch-free
  by the same argument. A rematch therefore only survives in a zone covering a whole field of
  fewer than ``2 (2d + 2)`` teams solved in one piece, where it is proven unavoidable (with
  that bye; the next eligible byes are then tried). Club conflicts widen a zone up to
  ``CLUB_ZONE_MAX`` teams only: they are avoided on a best-effort basis.
* ``greedy`` (the fallback): every pairing runs under ``time_budget_s``. Before each blossom
  call the module estimates its cost; a zone that would overrun the budget is paired greedily
  instead (each team in order with the nearest later team it has not met and, when asked, of
  another club), then repaired by swapping partners with other tables to remove rematches.
  It is reported as ``fallback_used``; a rematch it leaves is reported with reason
  ``time_budget`` (not proven unavoidable). A single blossom call cannot be interrupted, so the
  budget can be overrun by at most one (estimated-to-fit) call.
* ``circle``: round robin.

Report items (:class:`ReportCode`, params in brackets)
-------------------------------------------------------
``seed`` (seed, method); ``late_entry`` (team); ``withdrawal`` (team); ``rank_tie_drawn``
(rank, teams: the drawn order); ``bye_assigned`` (team, rank, byes_before, reason:
:class:`ByeReason`, eligible: how many teams could have had it, passed_over: teams preferred
by the rule that were skipped to avoid a rematch); ``rematch_avoided`` (team_a, team_b,
meetings: a natural table that would have been a rematch); ``rematch_forced`` (table, team_a,
team_b, meetings, reason: :class:`ForcedReason`); ``club_conflict_avoided`` (team_a, team_b,
club); ``club_conflict`` (table, team_a, team_b, club, avoidance: whether avoidance was on);
``paired_away`` (ranking only: table, team_a, team_b, rank_a, rank_b, gap: distance in the
ranking order without the bye; 1 = neighbours); ``fallback_used`` (strategy, reason, teams:
how many were paired by it, budget_ms).
"""

from __future__ import annotations

import math
import random
import secrets
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from engine._matching import Edge, min_cost_max_matching
from engine.errors import EngineError, codes_with_prefix

__all__ = [
    "PAIRING_ERROR_CODES",
    "ByeReason",
    "Entrant",
    "EntryRecord",
    "ForcedReason",
    "History",
    "PairingError",
    "PairingMethod",
    "PairingReport",
    "PairingRequest",
    "PairingResult",
    "ReportCode",
    "ReportItem",
    "Roster",
    "Strategy",
    "TablePairing",
    "active_entrants",
    "max_round_robin_rounds",
    "pair_round",
]

# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------

# The codes live in engine.errors (the one list of every engine code, with their descriptions
# and params); this is the view of the pairing ones.
PAIRING_ERROR_CODES: Final[tuple[str, ...]] = codes_with_prefix("pairing.")


class PairingError(EngineError):
    """A pairing request the engine refuses; ``code`` is one of :data:`PAIRING_ERROR_CODES`.

    Same fields as :class:`engine.errors.EngineError` (``code``, ``message``, ``params``).
    """

    def __init__(self, code: str, **params: Any) -> None:
        if code not in PAIRING_ERROR_CODES:  # a programming error, not a user error
            raise ValueError(f"unregistered pairing error code: {code}")
        super().__init__(code, params=params)


# --------------------------------------------------------------------------------------------
# Enumerations
# --------------------------------------------------------------------------------------------


class PairingMethod(StrEnum):
    RANDOM = "random"
    RANKING = "ranking"
    ROUND_ROBIN = "round_robin"


class Strategy(StrEnum):
    """How the tables were computed (see the module docstring)."""

    EXACT = "exact"
    ZONES = "zones"
    GREEDY = "greedy"
    CIRCLE = "circle"


class ReportCode(StrEnum):
    SEED = "seed"
    LATE_ENTRY = "late_entry"
    WITHDRAWAL = "withdrawal"
    RANK_TIE_DRAWN = "rank_tie_drawn"
    BYE_ASSIGNED = "bye_assigned"
    REMATCH_AVOIDED = "rematch_avoided"
    REMATCH_FORCED = "rematch_forced"
    CLUB_CONFLICT_AVOIDED = "club_conflict_avoided"
    CLUB_CONFLICT = "club_conflict"
    PAIRED_AWAY = "paired_away"
    FALLBACK_USED = "fallback_used"


class ByeReason(StrEnum):
    LOWEST_RANKED_WITHOUT_BYE = "lowest_ranked_without_bye"
    LOWEST_RANKED_FEWEST_BYES = "lowest_ranked_fewest_byes"
    DRAWN_BY_LOT = "drawn_by_lot"
    ROUND_ROBIN_SCHEDULE = "round_robin_schedule"


class ForcedReason(StrEnum):
    NO_REMATCH_FREE_PAIRING = "no_rematch_free_pairing"
    ROUND_ROBIN_SCHEDULE = "round_robin_schedule"
    TIME_BUDGET = "time_budget"


# --------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entrant:
    """A team active in the round. ``rank`` 1 is the leader; equal ranks are allowed."""

    id: int
    rank: int
    club: str | None = None


@dataclass(frozen=True)
class History:
    """What happened before this round: one ``(a, b)`` per game played, one id per bye given.

    Teams that are no longer active may appear. Use :meth:`of` to build it from any iterable of
    pairs (tuples or frozensets) and :meth:`with_round` to add a round's result.
    """

    pairs: tuple[tuple[int, int], ...] = ()
    byes: tuple[int, ...] = ()
    _met: dict[int, Counter[int]] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )
    _bye_counts: Counter[int] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=Counter
    )

    def __post_init__(self) -> None:
        met: dict[int, Counter[int]] = {}
        for a, b in self.pairs:
            if a == b:
                raise PairingError("pairing.invalid_history", team_a=a, team_b=b)
            met.setdefault(a, Counter())[b] += 1
            met.setdefault(b, Counter())[a] += 1
        object.__setattr__(self, "_met", met)
        object.__setattr__(self, "_bye_counts", Counter(self.byes))

    @classmethod
    def of(cls, pairs: Iterable[Iterable[int]] = (), byes: Iterable[int] = ()) -> History:
        """Build a history from pairs given as tuples, lists or frozensets."""
        normalised: list[tuple[int, int]] = []
        for pair in pairs:
            members = tuple(pair)
            if len(members) != 2:
                a = members[0] if members else 0
                raise PairingError("pairing.invalid_history", team_a=a, team_b=a)
            a, b = members
            normalised.append((a, b) if a < b else (b, a))
        return cls(pairs=tuple(normalised), byes=tuple(byes))

    def meetings(self, a: int, b: int) -> int:
        """How many times ``a`` and ``b`` have already met."""
        opponents = self._met.get(a)
        return opponents[b] if opponents is not None else 0

    def most_meetings(self) -> int:
        """The most times any two teams have met (0 for an empty history)."""
        return max((c for opp in self._met.values() for c in opp.values()), default=0)

    def bye_count(self, team: int) -> int:
        return self._bye_counts.get(team, 0)

    def opponents(self, team: int) -> frozenset[int]:
        return frozenset(self._met.get(team, ()))

    def with_round(self, result: PairingResult) -> History:
        """This history plus the tables and the bye of ``result``."""
        added = tuple((t.a, t.b) if t.a < t.b else (t.b, t.a) for t in result.tables)
        byes = (*self.byes, result.bye) if result.bye is not None else self.byes
        return History(pairs=self.pairs + added, byes=byes)


@dataclass(frozen=True)
class PairingRequest:
    """Everything :func:`pair_round` needs.

    ``entrants`` are the teams active in the round (late entries included, withdrawn teams
    left out); ``late_entries`` and ``withdrawals`` only feed the report (see
    :func:`active_entrants`). ``total_rounds`` (round robin) is the number of rounds the
    contest will have, checked against what the field allows. ``time_budget_s`` bounds the
    computation (see the module docstring).
    """

    method: PairingMethod | str
    entrants: tuple[Entrant, ...]
    round_number: int = 1
    history: History = field(default_factory=History)
    seed: int | None = None
    avoid_same_club: bool = False
    time_budget_s: float = 2.0
    total_rounds: int | None = None
    late_entries: tuple[int, ...] = ()
    withdrawals: tuple[int, ...] = ()


# --------------------------------------------------------------------------------------------
# Outputs
# --------------------------------------------------------------------------------------------

ParamValue = int | str | bool | None | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TablePairing:
    """One table: ``a`` is the better placed team (ranking order, or drawn order)."""

    table_number: int
    a: int
    b: int


@dataclass(frozen=True)
class ReportItem:
    """One fact of the "why" report: a stable ``code`` and its ``params`` (no sentences)."""

    code: ReportCode
    params: dict[str, ParamValue] = field(default_factory=dict, hash=False)

    def describe(self) -> str:
        """An English line for developers (users get the French translation of ``code``)."""
        p = self.params
        match self.code:
            case ReportCode.SEED:
                return f"seed {p['seed']} ({p['method']})"
            case ReportCode.BYE_ASSIGNED:
                text = f"bye: team {p['team']} (rank {p['rank']}, {p['reason']}"
                text += f", {p['byes_before']} bye(s) before, {p['eligible']} eligible)"
                if p["passed_over"]:
                    text += f"; passed over {p['passed_over']} to avoid a rematch"
                return text
            case ReportCode.REMATCH_AVOIDED:
                return f"rematch avoided: {p['team_a']} v {p['team_b']} (met {p['meetings']}x)"
            case ReportCode.REMATCH_FORCED:
                return (
                    f"rematch forced on table {p['table']}: {p['team_a']} v {p['team_b']}"
                    f" (met {p['meetings']}x; {p['reason']})"
                )
            case ReportCode.PAIRED_AWAY:
                return (
                    f"table {p['table']}: {p['team_a']} (rank {p['rank_a']}) v {p['team_b']}"
                    f" (rank {p['rank_b']}), {p['gap']} places apart"
                )
            case _:
                args = ", ".join(f"{k}={v}" for k, v in p.items())
                return f"{self.code.value}: {args}"


@dataclass(frozen=True)
class PairingReport:
    items: tuple[ReportItem, ...] = ()

    def of(self, code: ReportCode | str) -> tuple[ReportItem, ...]:
        """The items with this code, in report order."""
        return tuple(item for item in self.items if item.code == code)

    def codes(self) -> tuple[ReportCode, ...]:
        return tuple(item.code for item in self.items)

    def describe(self) -> str:
        return "\n".join(item.describe() for item in self.items)


@dataclass(frozen=True)
class PairingResult:
    method: PairingMethod
    round_number: int
    tables: tuple[TablePairing, ...]
    bye: int | None
    seed: int
    strategy: Strategy
    report: PairingReport

    def opponent(self, team: int) -> int | None:
        """The opponent of ``team`` this round (``None`` for the bye or an absent team)."""
        for t in self.tables:
            if t.a == team:
                return t.b
            if t.b == team:
                return t.a
        return None


# --------------------------------------------------------------------------------------------
# Late entries and withdrawals
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntryRecord:
    """A team's presence: it plays from ``joined_round`` up to ``withdrawn_after_round``."""

    team: int
    joined_round: int = 1
    withdrawn_after_round: int | None = None


@dataclass(frozen=True, slots=True)
class Roster:
    round_number: int
    active: tuple[int, ...]
    late_entries: tuple[int, ...]
    withdrawals: tuple[int, ...]


def active_entrants(entries: Iterable[EntryRecord], round_number: int) -> Roster:
    """Who plays ``round_number``: late entries join the next round, withdrawn teams leave.

    ``late_entries`` are the teams joining in this round (after round 1); ``withdrawals`` the
    teams that played before and withdrew after the previous round. Ids come out sorted.
    """
    if not _is_int(round_number) or round_number < 1:
        raise PairingError("pairing.invalid_round", round_number=round_number)
    seen: set[int] = set()
    active: list[int] = []
    late: list[int] = []
    gone: list[int] = []
    for entry in entries:
        if entry.team in seen:
            raise PairingError("pairing.duplicate_entrant", team=entry.team)
        seen.add(entry.team)
        joined, left = entry.joined_round, entry.withdrawn_after_round
        if not _is_int(joined) or joined < 1:
            raise PairingError(
                "pairing.inconsistent_roster", team=entry.team, reason="joined_round"
            )
        if left is not None and (not _is_int(left) or left < joined - 1):
            raise PairingError(
                "pairing.inconsistent_roster", team=entry.team, reason="withdrawn_before_joining"
            )
        if joined <= round_number and (left is None or round_number <= left):
            active.append(entry.team)
            if joined == round_number and round_number > 1:
                late.append(entry.team)
        elif left is not None and left == round_number - 1 and left >= joined:
            gone.append(entry.team)
    return Roster(round_number, tuple(sorted(active)), tuple(sorted(late)), tuple(sorted(gone)))


def max_round_robin_rounds(teams: int) -> int:
    """How many rounds a round robin over ``teams`` teams has (odd fields add a bye)."""
    return teams - 1 if teams % 2 == 0 else teams


# --------------------------------------------------------------------------------------------
# Tuning (see the module docstring)
# --------------------------------------------------------------------------------------------

EXACT_MAX: Final = 32
"""Up to this many teams, one exact matching over the complete graph."""
COMPLETE_MAX: Final = 48
"""Zones up to this many teams are solved in one piece, larger ones in chunks."""
CHUNK: Final = 24
"""Large zones are cut into chunks of at least this many teams (and 2d + 2)."""
CLUB_ZONE_MAX: Final = 40
"""Club conflicts widen a zone up to this many teams, no further."""
ZONE_MARGIN: Final = 2
"""Natural tables added on each side of a conflicting one to form its zone."""
BYE_RETRIES: Final = 8
"""In zone mode, how many further eligible byes are tried when a rematch remains."""
SECONDS_PER_NODE_EDGE: Final = 2e-6
"""Blossom cost model used against the time budget: about nodes x edges x this."""
GREEDY_LOOKAHEAD: Final = 64


# --------------------------------------------------------------------------------------------
# The pairing
# --------------------------------------------------------------------------------------------


def pair_round(request: PairingRequest) -> PairingResult:
    """Pair one round; raise :class:`PairingError` when the request cannot be honoured."""
    clock = _Clock(request.time_budget_s)  # started first: validation is inside the budget
    method = _validate(request)
    seed = request.seed if request.seed is not None else secrets.randbits(32)
    entrants = {e.id: e for e in request.entrants}
    items: list[ReportItem] = [ReportItem(ReportCode.SEED, {"seed": seed, "method": method.value})]
    items += [ReportItem(ReportCode.LATE_ENTRY, {"team": t}) for t in request.late_entries]
    items += [ReportItem(ReportCode.WITHDRAWAL, {"team": t}) for t in request.withdrawals]

    if method is PairingMethod.ROUND_ROBIN:
        return _round_robin(request, seed, items)

    rng = random.Random(seed)
    ids = sorted(entrants)
    if method is PairingMethod.RANDOM:
        order = list(ids)
        rng.shuffle(order)
    else:
        lots = {team: rng.random() for team in ids}
        order = sorted(ids, key=lambda t: (entrants[t].rank, lots[t]))
        items += _rank_ties(order, entrants)

    history = request.history
    fewest = min(history.bye_count(t) for t in ids)
    # bye preference: the eligible teams, last in the order first
    bye_pref = [t for t in reversed(order) if history.bye_count(t) == fewest]
    ctx = _Context(
        history=history,
        clubs={t: entrants[t].club for t in ids},
        avoid_club=request.avoid_same_club,
        size=len(ids),
        clock=clock,
    )
    outcome = _pair_ordered(ctx, order, bye_pref if len(order) % 2 else [])
    pos = {t: i for i, t in enumerate(order)}
    tables = _number_tables(outcome.pairs, pos)
    if outcome.bye is not None:
        reason = (
            ByeReason.DRAWN_BY_LOT
            if method is PairingMethod.RANDOM
            else ByeReason.LOWEST_RANKED_WITHOUT_BYE
            if fewest == 0
            else ByeReason.LOWEST_RANKED_FEWEST_BYES
        )
        items.append(
            ReportItem(
                ReportCode.BYE_ASSIGNED,
                {
                    "team": outcome.bye,
                    "rank": entrants[outcome.bye].rank,
                    "byes_before": fewest,
                    "reason": reason.value,
                    "eligible": len(bye_pref),
                    "passed_over": tuple(bye_pref[: bye_pref.index(outcome.bye)]),
                },
            )
        )
    items += _explain(ctx, method, outcome, tables, entrants)
    return PairingResult(
        method=method,
        round_number=request.round_number,
        tables=tables,
        bye=outcome.bye,
        seed=seed,
        strategy=outcome.strategy,
        report=PairingReport(tuple(items)),
    )


def _validate(request: PairingRequest) -> PairingMethod:
    try:
        method = PairingMethod(request.method)
    except ValueError:
        raise PairingError("pairing.unknown_method", method=str(request.method)) from None
    if not _is_int(request.round_number) or request.round_number < 1:
        raise PairingError("pairing.invalid_round", round_number=request.round_number)
    budget = request.time_budget_s
    if not isinstance(budget, int | float) or not math.isfinite(budget) or budget <= 0:
        raise PairingError("pairing.invalid_time_budget", time_budget_s=budget)
    seen: set[int] = set()
    for e in request.entrants:
        if e.id in seen:
            raise PairingError("pairing.duplicate_entrant", team=e.id)
        seen.add(e.id)
        if not _is_int(e.rank) or e.rank < 1:
            raise PairingError("pairing.invalid_rank", team=e.id, rank=e.rank)
    if len(seen) < 2:
        raise PairingError("pairing.not_enough_teams", count=len(seen), minimum=2)
    for team in request.late_entries:
        if team not in seen:
            raise PairingError("pairing.inconsistent_roster", team=team, reason="late_not_active")
    for team in request.withdrawals:
        if team in seen:
            raise PairingError("pairing.inconsistent_roster", team=team, reason="withdrawn_active")
    if method is PairingMethod.ROUND_ROBIN:
        most = max_round_robin_rounds(len(seen))
        total = request.total_rounds
        if total is not None and (not _is_int(total) or total < 1):
            raise PairingError("pairing.invalid_round", round_number=total)
        limit = most if total is None else total
        if (total is not None and total > most) or request.round_number > limit:
            raise PairingError(
                "pairing.too_many_rounds",
                round_number=max(request.round_number, total or 0),
                max_rounds=most,
                teams=len(seen),
            )
    return method


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rank_ties(order: Sequence[int], entrants: dict[int, Entrant]) -> list[ReportItem]:
    items: list[ReportItem] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and entrants[order[j + 1]].rank == entrants[order[i]].rank:
            j += 1
        if j > i:
            items.append(
                ReportItem(
                    ReportCode.RANK_TIE_DRAWN,
                    {"rank": entrants[order[i]].rank, "teams": tuple(order[i : j + 1])},
                )
            )
        i = j + 1
    return items


def _number_tables(
    pairs: Iterable[tuple[int, int]], pos: dict[int, int]
) -> tuple[TablePairing, ...]:
    ordered = sorted(
        ((a, b) if pos[a] < pos[b] else (b, a) for a, b in pairs), key=lambda p: pos[p[0]]
    )
    return tuple(TablePairing(n, a, b) for n, (a, b) in enumerate(ordered, start=1))


# --------------------------------------------------------------------------------------------
# Internals: costs, zones, fallback
# --------------------------------------------------------------------------------------------


class _Clock:
    def __init__(self, budget_s: float) -> None:
        self.budget_s = budget_s if isinstance(budget_s, int | float) else 0.0
        self.start = time.perf_counter()
        self.deadline = self.start + (self.budget_s if self.budget_s > 0 else 0.0)

    def allows(self, estimate_s: float) -> bool:
        return time.perf_counter() + estimate_s <= self.deadline


@dataclass
class _Context:
    history: History
    clubs: dict[int, str | None]
    avoid_club: bool
    size: int
    clock: _Clock
    greedy_teams: int = 0
    club_tier: int = 0
    bye_tier: int = 0
    repeat_tier: int = 0
    rematch_tier: int = 0

    def __post_init__(self) -> None:
        n = max(self.size, 2)
        most = max(self.history.most_meetings(), 1)
        # each tier outweighs the largest possible sum of the tiers below it
        self.club_tier = n**3  # > (n / 2) tables x (n - 1) ** 2
        self.bye_tier = n**4  # > (n / 2) x (club + distance)
        self.repeat_tier = n**6  # > n x bye + (n / 2) x (club + distance)
        self.rematch_tier = self.repeat_tier * (n * most + 1)  # > every repeat of every table

    def same_club(self, a: int, b: int) -> bool:
        club = self.clubs[a]
        return club is not None and club == self.clubs[b]

    def conflict(self, a: int, b: int) -> bool:
        return self.history.meetings(a, b) > 0 or (self.avoid_club and self.same_club(a, b))

    def cost(self, a: int, b: int, gap: int) -> int:
        meetings = self.history.meetings(a, b)
        cost = gap * gap
        if meetings:
            cost += self.rematch_tier + meetings * self.repeat_tier
        if self.avoid_club and self.same_club(a, b):
            cost += self.club_tier
        return cost


@dataclass
class _Outcome:
    pairs: list[tuple[int, int]]
    bye: int | None
    strategy: Strategy
    reduced: list[int]  # the order without the bye: natural tables are consecutive pairs
    proven: bool  # rematches left (if any) are proven unavoidable


def _pair_ordered(ctx: _Context, order: list[int], bye_pref: list[int]) -> _Outcome:
    """Pair ``order`` (best first), choosing the bye from ``bye_pref`` when it is odd."""
    if len(order) <= EXACT_MAX + 1:
        pairs, bye, _ = _solve_block(ctx, order, bye_pref)
        reduced = [t for t in order if t != bye]
        if ctx.greedy_teams:
            return _Outcome(pairs, bye, Strategy.GREEDY, reduced, proven=False)
        return _Outcome(pairs, bye, Strategy.EXACT, reduced, proven=True)

    bye = bye_pref[0] if bye_pref else None
    reduced = [t for t in order if t != bye]
    pairs, proven = _solve_zones(ctx, reduced)
    if bye is not None and _rematches(ctx, pairs):
        # another eligible bye may leave a rematch-free field
        best = (len(_rematches(ctx, pairs)), pairs, bye, reduced, proven)
        tried_all = len(bye_pref) <= BYE_RETRIES + 1
        for candidate in bye_pref[1 : BYE_RETRIES + 1]:
            if not ctx.clock.allows(0.0):
                tried_all = False
                break
            other = [t for t in order if t != candidate]
            other_pairs, other_proven = _solve_zones(ctx, other)
            count = len(_rematches(ctx, other_pairs))
            if count < best[0]:
                best = (count, other_pairs, candidate, other, other_proven)
            if count == 0:
                break
        _, pairs, bye, reduced, proven = best
        proven = proven and tried_all
    strategy = Strategy.GREEDY if ctx.greedy_teams else Strategy.ZONES
    return _Outcome(pairs, bye, strategy, reduced, proven and not ctx.greedy_teams)


def _rematches(ctx: _Context, pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(a, b) for a, b in pairs if ctx.history.meetings(a, b) > 0]


def _solve_block(
    ctx: _Context, block: Sequence[int], bye_pref: Sequence[int] = ()
) -> tuple[list[tuple[int, int]], int | None, bool]:
    """Min-cost perfect matching of ``block`` (consecutive in the order), under the budget.

    With ``bye_pref``, a dummy node linked to those teams takes the bye. A block larger than
    ``COMPLETE_MAX`` is cut into consecutive chunks of at least ``max(CHUNK, 2d + 2)`` teams,
    each of which has a rematch-free perfect matching (Dirac). Returns the pairs, the bye and
    whether the fallback was used.
    """
    size = len(block)
    if size == 0:
        return [], None, False
    if size == 2 and not bye_pref:
        return [(block[0], block[1])], None, False
    degree = _max_opponents_within(ctx, block)
    if size > COMPLETE_MAX and not bye_pref:
        chunk = max(CHUNK, 2 * degree + 2)
        count = size // chunk
        if count >= 2:
            tables, extra = divmod(size // 2, count)
            pairs: list[tuple[int, int]] = []
            fell = False
            start = 0
            for i in range(count):
                if not ctx.clock.allows(0.0):  # budget spent: the rest in one greedy pass
                    part, _, _ = _greedy(ctx, block[start:])
                    return pairs + part, None, True
                end = start + 2 * (tables + (1 if i < extra else 0))
                part, _, part_fell = _solve_block(ctx, block[start:end])
                pairs += part
                fell = fell or part_fell
                start = end
            return pairs, None, fell
    # Dirac: with at least 2d + 2 teams a rematch-free perfect matching exists, so the rematch
    # edges cannot be part of the optimum and are left out (a sparser graph is faster).
    rematch_free = not bye_pref and size >= 2 * degree + 2
    nodes = size + (1 if bye_pref else 0)
    if not ctx.clock.allows(nodes * nodes * (nodes - 1) / 2 * SECONDS_PER_NODE_EDGE):
        return _greedy(ctx, block, bye_pref)  # checked before building any edge
    pairs, bye, fell = _matching(ctx, block, bye_pref, skip_rematches=rematch_free)
    if not fell and 2 * len(pairs) + (1 if bye is not None else 0) < size:
        pairs, bye, fell = _matching(ctx, block, bye_pref, skip_rematches=False)  # defensive
    return pairs, bye, fell


def _matching(
    ctx: _Context, block: Sequence[int], bye_pref: Sequence[int], *, skip_rematches: bool
) -> tuple[list[tuple[int, int]], int | None, bool]:
    size = len(block)
    meetings = ctx.history.meetings
    edges: list[Edge] = []
    for i in range(size):
        a = block[i]
        for j in range(i + 1, size):
            b = block[j]
            if skip_rematches and meetings(a, b):
                continue
            edges.append((i, j, ctx.cost(a, b, j - i)))
    index = {t: i for i, t in enumerate(block)}
    dummy = size
    for rank, team in enumerate(bye_pref):
        edges.append((index[team], dummy, rank * ctx.bye_tier))
    nodes = size + (1 if bye_pref else 0)
    if not ctx.clock.allows(nodes * len(edges) * SECONDS_PER_NODE_EDGE):
        return _greedy(ctx, block, bye_pref)
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for u, v in min_cost_max_matching(edges):
        if v == dummy and bye_pref:
            bye = block[u]
        else:
            pairs.append((block[u], block[v]))
    return pairs, bye, False


def _max_opponents_within(ctx: _Context, block: Sequence[int]) -> int:
    members = set(block)
    return max((len(ctx.history.opponents(t) & members) for t in block), default=0)


def _solve_zones(ctx: _Context, reduced: list[int]) -> tuple[list[tuple[int, int]], bool]:
    """Pair an even ``reduced`` order by zones around the conflicting natural tables."""
    n_tables = len(reduced) // 2
    conflicts = [k for k in range(n_tables) if ctx.conflict(reduced[2 * k], reduced[2 * k + 1])]
    zones = [(max(0, k - ZONE_MARGIN), min(n_tables - 1, k + ZONE_MARGIN)) for k in conflicts]
    solved: dict[tuple[int, int], list[tuple[int, int]]] = {}
    while True:
        zones = _merge(zones)
        widened: list[tuple[int, int]] = []
        changed = False
        for lo, hi in zones:
            if (lo, hi) not in solved:
                block = reduced[2 * lo : 2 * hi + 2]
                before = ctx.greedy_teams
                pairs, _, _ = _solve_block(ctx, block)
                if ctx.greedy_teams > before:
                    solved[(lo, hi)] = pairs
                    widened.append((lo, hi))
                    continue  # no widening after the fallback: the budget is spent
                solved[(lo, hi)] = pairs
            pairs = solved[(lo, hi)]
            teams = 2 * (hi - lo + 1)
            whole = lo == 0 and hi == n_tables - 1
            needs = (not whole and _rematches(ctx, pairs)) or (
                ctx.avoid_club
                and teams < min(CLUB_ZONE_MAX, len(reduced))
                and any(ctx.same_club(a, b) for a, b in pairs)
            )
            if needs and ctx.clock.allows(0.0):
                grow = (hi - lo + 2) // 2
                widened.append((max(0, lo - grow), min(n_tables - 1, hi + grow)))
                changed = True
            else:
                widened.append((lo, hi))
        zones = widened
        if not changed:
            break
    pairs_out: list[tuple[int, int]] = []
    covered = [False] * n_tables
    for lo, hi in zones:
        pairs_out += solved[(lo, hi)]
        for k in range(lo, hi + 1):
            covered[k] = True
    for k in range(n_tables):
        if not covered[k]:
            pairs_out.append((reduced[2 * k], reduced[2 * k + 1]))
    left = _rematches(ctx, pairs_out)
    proven = not left or (len(zones) == 1 and zones[0] == (0, n_tables - 1))
    return pairs_out, proven


def _merge(zones: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for lo, hi in sorted(zones):
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def _greedy(
    ctx: _Context, block: Sequence[int], bye_pref: Sequence[int] = ()
) -> tuple[list[tuple[int, int]], int | None, bool]:
    """The fallback: nearest acceptable partner in order, then swaps to remove rematches."""
    bye = bye_pref[0] if bye_pref else None
    waiting = [t for t in block if t != bye]
    ctx.greedy_teams += len(waiting)
    history = ctx.history
    pairs: list[tuple[int, int]] = []
    while waiting:
        a = waiting.pop(0)
        window = waiting[:GREEDY_LOOKAHEAD]
        choice = next((i for i, b in enumerate(window) if not ctx.conflict(a, b)), None)
        if choice is None:
            choice = next((i for i, b in enumerate(window) if history.meetings(a, b) == 0), 0)
        pairs.append((a, waiting.pop(choice)))
    # local repair: swap partners with the nearest table that makes both tables rematch-free
    for i, (a, b) in enumerate(pairs):
        if history.meetings(a, b) == 0:
            continue
        for distance in range(1, len(pairs)):
            done = False
            for j in (i - distance, i + distance):
                if not 0 <= j < len(pairs):
                    continue
                c, d = pairs[j]
                if history.meetings(a, c) == 0 and history.meetings(b, d) == 0:
                    pairs[i], pairs[j] = (a, c), (b, d)
                    done = True
                elif history.meetings(a, d) == 0 and history.meetings(b, c) == 0:
                    pairs[i], pairs[j] = (a, d), (b, c)
                    done = True
                if done:
                    break
            if done or (not ctx.clock.allows(0.0) and distance > GREEDY_LOOKAHEAD):
                break
    return pairs, bye, True


# --------------------------------------------------------------------------------------------
# The "why" report
# --------------------------------------------------------------------------------------------


def _explain(
    ctx: _Context,
    method: PairingMethod,
    outcome: _Outcome,
    tables: Sequence[TablePairing],
    entrants: dict[int, Entrant],
) -> list[ReportItem]:
    history = ctx.history
    items: list[ReportItem] = []
    reduced = outcome.reduced
    played = {frozenset((t.a, t.b)) for t in tables}
    for k in range(len(reduced) // 2):
        a, b = reduced[2 * k], reduced[2 * k + 1]
        if frozenset((a, b)) in played:
            continue
        if history.meetings(a, b):
            items.append(
                ReportItem(
                    ReportCode.REMATCH_AVOIDED,
                    {"team_a": a, "team_b": b, "meetings": history.meetings(a, b)},
                )
            )
        elif ctx.avoid_club and ctx.same_club(a, b):
            items.append(
                ReportItem(
                    ReportCode.CLUB_CONFLICT_AVOIDED,
                    {"team_a": a, "team_b": b, "club": ctx.clubs[a]},
                )
            )
    reason = ForcedReason.NO_REMATCH_FREE_PAIRING if outcome.proven else ForcedReason.TIME_BUDGET
    position = {t: i for i, t in enumerate(reduced)}
    for t in tables:
        meetings = history.meetings(t.a, t.b)
        if meetings:
            items.append(
                ReportItem(
                    ReportCode.REMATCH_FORCED,
                    {
                        "table": t.table_number,
                        "team_a": t.a,
                        "team_b": t.b,
                        "meetings": meetings,
                        "reason": reason.value,
                    },
                )
            )
    items += _club_conflicts(ctx, tables)
    if method is PairingMethod.RANKING:
        for t in tables:
            pa, pb = position[t.a], position[t.b]
            natural = pa % 2 == 0 and pb == pa + 1
            if not natural:
                items.append(
                    ReportItem(
                        ReportCode.PAIRED_AWAY,
                        {
                            "table": t.table_number,
                            "team_a": t.a,
                            "team_b": t.b,
                            "rank_a": entrants[t.a].rank,
                            "rank_b": entrants[t.b].rank,
                            "gap": pb - pa,
                        },
                    )
                )
    if ctx.greedy_teams:
        items.append(
            ReportItem(
                ReportCode.FALLBACK_USED,
                {
                    "strategy": Strategy.GREEDY.value,
                    "reason": "time_budget",
                    "teams": ctx.greedy_teams,
                    "budget_ms": round(ctx.clock.budget_s * 1000),
                },
            )
        )
    return items


def _club_conflicts(ctx: _Context, tables: Sequence[TablePairing]) -> list[ReportItem]:
    return [
        ReportItem(
            ReportCode.CLUB_CONFLICT,
            {
                "table": t.table_number,
                "team_a": t.a,
                "team_b": t.b,
                "club": ctx.clubs[t.a],
                "avoidance": ctx.avoid_club,
            },
        )
        for t in tables
        if ctx.same_club(t.a, t.b)
    ]


# --------------------------------------------------------------------------------------------
# Round robin
# --------------------------------------------------------------------------------------------


def _round_robin(request: PairingRequest, seed: int, items: list[ReportItem]) -> PairingResult:
    entrants = {e.id: e for e in request.entrants}
    ids: list[int | None] = [*sorted(entrants)]
    if len(ids) % 2:
        ids.append(None)  # the phantom: whoever meets it has the bye
    n = len(ids)
    shift = (request.round_number - 1) % (n - 1)
    rest = ids[1:]
    rotated = rest[len(rest) - shift :] + rest[: len(rest) - shift] if shift else rest
    circle = [ids[0], *rotated]
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if a is None or b is None:
            bye = b if a is None else a
        else:
            pairs.append((a, b))
    order = sorted(entrants, key=lambda t: (entrants[t].rank, t))
    pos = {t: i for i, t in enumerate(order)}
    tables = _number_tables(pairs, pos)
    if bye is not None:
        items.append(
            ReportItem(
                ReportCode.BYE_ASSIGNED,
                {
                    "team": bye,
                    "rank": entrants[bye].rank,
                    "byes_before": request.history.bye_count(bye),
                    "reason": ByeReason.ROUND_ROBIN_SCHEDULE.value,
                    "eligible": 1,
                    "passed_over": (),
                },
            )
        )
    for t in tables:
        meetings = request.history.meetings(t.a, t.b)
        if meetings:
            items.append(
                ReportItem(
                    ReportCode.REMATCH_FORCED,
                    {
                        "table": t.table_number,
                        "team_a": t.a,
                        "team_b": t.b,
                        "meetings": meetings,
                        "reason": ForcedReason.ROUND_ROBIN_SCHEDULE.value,
                    },
                )
            )
    ctx = _Context(
        history=request.history,
        clubs={t: e.club for t, e in entrants.items()},
        avoid_club=request.avoid_same_club,
        size=len(entrants),
        clock=_Clock(request.time_budget_s),
    )
    items += _club_conflicts(ctx, tables)
    return PairingResult(
        method=PairingMethod.ROUND_ROBIN,
        round_number=request.round_number,
        tables=tables,
        bye=bye,
        seed=seed,
        strategy=Strategy.CIRCLE,
        report=PairingReport(tuple(items)),
    )
