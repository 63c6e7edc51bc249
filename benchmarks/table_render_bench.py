"""CPU of rendering one 100-row public standings page: the lean body beside django-tables2's.

Run from the repository root (no database, no server)::

    DEBUG=1 .venv/bin/python benchmarks/table_render_bench.py [--teams 512] [--repeat 5]

Builds ``--teams`` snapshot-like rows (three tie-breaks, shared ranks, a few withdrawn teams),
then renders page 1 (100 rows) of ``publishing.tables.standings.StandingsTable`` under a new
sort each time, alternating, in the same process:

* **lean**: ``publishing/public/_table.html`` as it is (its body from ``StandingsTable.body_rows``);
* **stock**: the same template without its ``table.tbody`` block, so django-tables2's own body
  (``django_tables2/table.html``: ``row.items``, per-cell signature inspection and attributes),
  which is what the page used before.

Both must give the same bytes (checked), and the CPU time (``time.process_time``) of each is
printed: its median and minimum over ``--repeat`` rounds of 8 sorts.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
SORTS = ["number", "-number", "wins", "-wins", "points_for", "-points_for", "name", "rank"]


def rows(teams: int) -> list[dict]:
    return [
        {
            "rank": i + 1,
            "shared": i % 7 == 0,
            "number": i + 1,
            "name": f"Équipe <{i}>",
            "players": f"Jean {i} & Marie {i}",
            "played": 8,
            "wins": i % 8,
            "draws": 0,
            "losses": 8 - i % 8,
            "points_for": 10000 - 3 * i,
            "points_against": 9000 + i,
            "difference": 1000 - 4 * i,
            "match_points": 0,
            "tiebreaks": [100 - i % 50, 1500 - i],
            "withdrawn": i % 50 == 0,
        }
        for i in range(teams)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=512)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    import django

    django.setup()
    from django.template import engines
    from django.template.loader import get_template
    from django.test import RequestFactory
    from django.utils import translation

    from publishing.tables.standings import StandingsTable

    translation.activate("fr")
    lean = get_template("publishing/public/_table.html")
    source = (ROOT / "templates/publishing/public/_table.html").read_text()
    stock_source = re.sub(
        r"\{% block table\.tbody %\}.*?\{% endblock table\.tbody %\}", "", source, flags=re.S
    )
    assert stock_source != source
    stock = engines["django"].from_string(stock_source)
    data = rows(args.teams)
    config = {"method": "points", "tiebreaks": ["buchholz_points", "best_game", "lot"]}

    def render(template, sort: str) -> tuple[str, float]:
        c0 = time.process_time()
        table = StandingsTable(data, config=config, team_url=lambda n: f"/equipe/{n}/")
        table.order_by = sort
        table.paginate(page=1, per_page=100)
        request = RequestFactory().get("/", {"sort": sort})
        html = template.render({"table": table}, request)
        return html, (time.process_time() - c0) * 1000

    render(lean, "rank"), render(stock, "rank")  # warm-up: template loading
    cpu: dict[str, list[float]] = {"lean": [], "stock": []}
    for _ in range(args.repeat):
        for sort in SORTS:
            html_stock, t_stock = render(stock, sort)
            html_lean, t_lean = render(lean, sort)
            assert html_stock == html_lean, f"the lean body differs (sort {sort})"
            cpu["stock"].append(t_stock)
            cpu["lean"].append(t_lean)
    print(f"load average {os.getloadavg()[0]:.1f}, {args.teams} teams, 100-row page, same bytes")
    for name, values in cpu.items():
        print(
            f"{name:5}: CPU p50 {statistics.median(values):.1f} ms, min {min(values):.1f} ms "
            f"({len(values)} renders)"
        )
    ratio = statistics.median(cpu["stock"]) / statistics.median(cpu["lean"])
    print(f"stock / lean (p50): {ratio:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
