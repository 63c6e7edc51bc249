"""Micro-benchmark of the players' ranking of one rebuild (``standings.individual.ranking.build``).

Run from the repository root on a database kept by ``rebuild_profile.py --keep``::

    .venv/bin/python benchmarks/individual_profile.py --database atout_rp_x [--repeat 30]
        [--profile] [--dump FILE | --check FILE]

It reads the contest's teams and games as ``standings.rebuild`` does (outside the timing), then
calls ``individual.build`` ``--repeat`` times for the rebuild's as-of rounds and prints the
median and minimum of the wall and process CPU time with the load average. ``--dump`` writes
what the build returned (rows, config, fingerprint) as JSON; ``--check`` compares a build with
such a file and fails on any difference (the same rows before and after a change of the code).
``--profile`` adds a cProfile of ``--repeat`` more builds. Nothing is written to the database.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HOST = "127.0.0.1"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", required=True)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--check", type=Path)
    args = parser.parse_args()
    os.environ.update(
        {
            "DATABASE_URL": f"postgres://postgres@{HOST}:5432/{args.database}",
            "SECRET_KEY": "bench-" + "k" * 60,
            "DEBUG": "0",
            "LOG_LEVEL": "WARNING",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )
    import django

    django.setup()
    from scoring import adapters as scoring_adapters
    from standings.individual import ranking as individual
    from standings.readers import contest_with_versions
    from standings.rebuild import entry_infos
    from tournaments.models import Contest

    target = Contest.objects.order_by("pk").values_list("pk", flat=True).first()
    assert target is not None
    contest = contest_with_versions(target).first()
    games = scoring_adapters.finished_results(target)
    teams = [e.team for e in entry_infos(target, with_drawn_pairs=True) if e.team is not None]
    last = max((g.round for g in games), default=0)
    public_round = int(contest.public_round or 0)
    as_of_rounds = {last} | ({public_round} if 0 < public_round < last else set())

    def once() -> individual.IndividualBuild:
        return individual.build(contest, games, as_of_rounds, teams=teams)

    built = once()  # warm-up
    got = json.dumps(
        {"rows": built.rows, "config": built.config, "fingerprint": built.fingerprint},
        sort_keys=True,
    )
    if args.dump:
        args.dump.write_text(got)
    if args.check:
        same = args.check.read_text() == got
        print(f"check against {args.check}: {'identical' if same else 'DIFFERENT'}")
        if not same:
            return 1
    wall, cpu = [], []
    for _ in range(args.repeat):
        c0, t0 = time.process_time(), time.perf_counter()
        once()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    players = sum(len(r) for r in built.rows.values())
    print(
        f"individual.build x{args.repeat} ({len(teams)} teams, {len(games)} games, "
        f"{players} rows, as of {sorted(as_of_rounds)}): wall p50 {statistics.median(wall):.1f} "
        f"ms, min {min(wall):.1f} ms; CPU p50 {statistics.median(cpu):.1f} ms, "
        f"min {min(cpu):.1f} ms (load {os.getloadavg()[0]:.1f})"
    )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.repeat):
            once()
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
