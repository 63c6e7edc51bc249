"""The rebuild beside plain hand-written floors (issue 28, point 7), in one process, alternated.

Imported by ``rebuild_profile.py`` and ``standings_bench.py`` (run from the repository root,
Django set up, the contest filled by ``standings_bench.populate``). Three floors, each the least
code that gives the ranking from the rows the rebuild reads:

* :func:`plain_team_floor` (games only): one raw ``SELECT`` of the contest's finished games
  (the two teams and their totals), points and wins summed per team, sorted (wins, then
  points, then id). No names, no tie-break, nothing written.
* :func:`plain_team_floor_named`: the same, plus the raw ``SELECT`` of the contest's teams
  (number, name, the players' names) that a ranking shown to anyone names them with.
* :func:`plain_player_floor`: one raw ``SELECT`` of the finished games with the players who
  sat on each side (each team's two players), points summed per player, sorted.

:func:`alternate` runs, in turn, ``standings.services.rebuild(contest, force=True)`` (the whole
rebuild: teams and players, one snapshot row per round), the three floors, ``repeat`` times.
Inside each rebuild the players' step (``standings.individual.ranking.rank_players``, the players'
ranking of the games and teams' rows the rebuild read) is timed on its own, so that the team part of that same
rebuild is its time less its players' step. :func:`report` prints p50 of each, the ratios of
the p50s and the spread of the run-by-run ratios (min, p50, max).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

_GAMES = """
SELECT t.entry_a_id, t.entry_b_id, s.total_a, s.total_b
FROM scoring_scoresheet s
JOIN tournaments_table t ON t.id = s.table_id
JOIN tournaments_round r ON r.id = t.round_id
WHERE r.contest_id = %s AND s.status IN ('finished', 'confirmed')
"""
_TEAMS = """
SELECT e.id, e.number, e.name, p1.first_name, p1.last_name, p2.first_name, p2.last_name
FROM tournaments_entry e
JOIN tournaments_player p1 ON p1.id = e.player1_id
JOIN tournaments_player p2 ON p2.id = e.player2_id
WHERE e.contest_id = %s AND e.formed_for_round IS NULL
"""
_PLAYER_GAMES = """
SELECT ea.player1_id, ea.player2_id, eb.player1_id, eb.player2_id, s.total_a, s.total_b
FROM scoring_scoresheet s
JOIN tournaments_table t ON t.id = s.table_id
JOIN tournaments_round r ON r.id = t.round_id
JOIN tournaments_entry ea ON ea.id = t.entry_a_id
LEFT JOIN tournaments_entry eb ON eb.id = t.entry_b_id
WHERE r.contest_id = %s AND s.status IN ('finished', 'confirmed')
"""


def plain_team_floor(contest_id: int) -> list[tuple[int, int, int]]:
    """(team, wins, points), best first, from the finished games alone."""
    from django.db import connection

    points: dict[int, int] = {}
    wins: dict[int, int] = {}
    with connection.cursor() as cursor:
        cursor.execute(_GAMES, [contest_id])
        for a, b, sa, sb in cursor.fetchall():
            points[a] = points.get(a, 0) + sa
            wins[a] = wins.get(a, 0) + (b is None or sa > sb)
            if b is not None:
                points[b] = points.get(b, 0) + sb
                wins[b] = wins.get(b, 0) + (sb > sa)
    order = sorted(points, key=lambda t: (-wins[t], -points[t], t))
    return [(t, wins[t], points[t]) for t in order]


def plain_team_floor_named(contest_id: int) -> list[tuple[int, str, int, int]]:
    """(number, name, wins, points), best first: the games-only floor with the teams read."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(_TEAMS, [contest_id])
        names = {
            pk: (number, name or f"{l1} – {l2}")
            for pk, number, name, _f1, l1, _f2, l2 in cursor.fetchall()
        }
    return [(*names[t], w, p) for t, w, p in plain_team_floor(contest_id)]


def plain_player_floor(contest_id: int) -> list[tuple[int, int]]:
    """(player, points), best first, from the finished games and the players who sat."""
    from django.db import connection

    points: dict[int, int] = {}
    with connection.cursor() as cursor:
        cursor.execute(_PLAYER_GAMES, [contest_id])
        for a1, a2, b1, b2, sa, sb in cursor.fetchall():
            points[a1] = points.get(a1, 0) + sa
            points[a2] = points.get(a2, 0) + sa
            if b1 is not None:
                points[b1] = points.get(b1, 0) + sb
                points[b2] = points.get(b2, 0) + sb
    order = sorted(points, key=lambda p: (-points[p], p))
    return [(p, points[p]) for p in order]


class Clock:
    """Wall time, and the CPU time of this process plus its PostgreSQL backend's (read from
    ``/proc/<backend>/schedstat``, nanoseconds: the database's share of a floor is most of it,
    and CPU time moves less than wall time on a shared machine); ``cpu`` is None when the
    backend's counters cannot be read (another host, SQLite)."""

    def __init__(self) -> None:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            self.path = f"/proc/{cursor.fetchone()[0]}/schedstat"
        self.cpu_ok = os.path.exists(self.path)

    def cpu_ns(self) -> int:
        backend = 0
        if self.cpu_ok:
            with open(self.path) as stat:
                backend = int(stat.read().split()[0])
        return time.process_time_ns() + backend

    def run(self, function: Callable[[], Any]) -> tuple[float, float]:
        """(wall ms, CPU ms) of one call."""
        c0, t0 = self.cpu_ns(), time.perf_counter()
        function()
        t1, c1 = time.perf_counter(), self.cpu_ns()
        return (t1 - t0) * 1000, (c1 - c0) / 1e6


def alternate(target: int, repeat: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """``repeat`` runs of the rebuild and each floor in turn (see the module docstring): the
    wall and CPU milliseconds of each, and of each rebuild's players' step."""
    from standings import rebuild as steps
    from standings import services as standings

    clock = Clock()
    # The players' step by its name (``build`` before it had one of its own: for a run of this
    # script on earlier code, the before-and-after figures of docs/benchmarks.md).
    name = "rank_players" if hasattr(steps.individual, "rank_players") else "build"
    build = getattr(steps.individual, name)
    inner: list[tuple[float, float]] = []

    def players_step(*args: Any, **kwargs: Any) -> Any:
        c0, t0 = clock.cpu_ns(), time.perf_counter()
        try:
            return build(*args, **kwargs)
        finally:
            t1, c1 = time.perf_counter(), clock.cpu_ns()
            inner.append(((t1 - t0) * 1000, (c1 - c0) / 1e6))

    runs: dict[str, Callable[[], Any]] = {
        "rebuild": lambda: standings.rebuild(target, force=True),
        "team floor": lambda: plain_team_floor(target),
        "team floor, teams read": lambda: plain_team_floor_named(target),
        "player floor": lambda: plain_player_floor(target),
    }
    for run in runs.values():  # warm-up: imports, plans, the connection
        run()
    wall: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    setattr(steps.individual, name, players_step)
    try:
        for _ in range(repeat):
            for name, function in runs.items():
                w, c = clock.run(function)
                wall[name].append(w)
                cpu[name].append(c)
    finally:
        setattr(steps.individual, name, build)
    for out, i in ((wall, 0), (cpu, 1)):
        out["players' step"] = [step[i] for step in inner[-repeat:]]
        out["team part"] = [
            w - p for w, p in zip(out["rebuild"], out["players' step"], strict=True)
        ]
    return wall, cpu


def _spread(values: list[float]) -> str:
    return f"{min(values):.2f}–{statistics.median(values):.2f}–{max(values):.2f}"


def _section(times: dict[str, list[float]], what: str) -> list[str]:
    p50 = {name: statistics.median(v) for name, v in times.items()}
    lines = [f"{what}:"]
    for name, values in times.items():
        lines.append(f"  {name:24} p50 {p50[name]:6.2f} ms, min {min(values):6.2f} ms")

    def ratio(top: str, floor: str | tuple[str, str]) -> str:
        floors = (floor,) if isinstance(floor, str) else floor
        under = [sum(v) for v in zip(*(times[f] for f in floors), strict=True)]
        runs = [t / u for t, u in zip(times[top], under, strict=True)]
        label = f"{top} ÷ {' + '.join(floors)}"
        value = p50[top] / statistics.median(under)
        return f"  {label:50} {value:5.2f}×  (run by run min–p50–max {_spread(runs)})"

    return [
        *lines,
        f"  {what}, ratios of the p50s:",
        ratio("rebuild", "team floor"),
        ratio("rebuild", "team floor, teams read"),
        ratio("team part", "team floor"),
        ratio("team part", "team floor, teams read"),
        ratio("players' step", "player floor"),
        ratio("rebuild", ("team floor, teams read", "player floor")),
    ]


def report(times: tuple[dict[str, list[float]], dict[str, list[float]]], command: str) -> str:
    """The figures of :func:`alternate`: each p50 (min), then the ratios, wall and CPU."""
    wall, cpu = times
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    head = f"{when}, `{command}`, load average {load}, {len(wall['rebuild'])} runs alternated"
    return "\n".join([head, *_section(wall, "wall"), *_section(cpu, "CPU (process + backend)")])
