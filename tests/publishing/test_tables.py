"""The standings table, rendered by django-tables2's own template: sorted as asked with ties in
ranking order, sort links and pages on every page, every value escaped."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import RequestFactory

from publishing.tables.standings import StandingsTable, table_rows
from standings import services as standings
from tests.standings.factory import played_contest

pytestmark = pytest.mark.django_db


def _expected(rows: list[dict[str, Any]], sort: str) -> list[int]:
    ordered = sorted(table_rows(rows), key=lambda r: (r["rank"], r["number"]))
    name = sort.lstrip("-")
    if name and name != "rank":
        ordered.sort(key=lambda r: r[name], reverse=sort.startswith("-"))
    elif sort == "-rank":
        ordered.sort(key=lambda r: (r["rank"], r["number"]), reverse=True)
    return [r["number"] for r in ordered]


@pytest.mark.parametrize(
    "sort", ["", "rank", "-rank", "number", "-name", "name", "-points_for", "wins", "-tb0"]
)
def test_pages_follow_the_sort_with_ties_in_ranking_order(club: Any, sort: str) -> None:
    contest = played_contest(club, teams=45, rounds=3, tiebreaks=["buchholz_points", "lot"])
    standings.rebuild(contest.pk)
    snapshot = standings.live_snapshot(contest.pk)
    rows = [dict(r) for r in snapshot.rows]
    rows[0]["name"] = '<script>alert("x")</script> & Cie'
    expected = _expected(rows, sort)
    seen: list[int] = []
    for page in (1, 2, 3):
        request = RequestFactory().get("/", {"page": page, **({"sort": sort} if sort else {})})
        table = StandingsTable(rows, config=snapshot.config, team_url=lambda n: f"/equipe/{n}/")
        table.order_by = sort or None
        table.paginate(page=page, per_page=20)
        html = str(table.as_html(request))
        assert "<script>" not in html
        seen += [int(n) for n in re.findall(r'<tr[^>]*id="equipe-(\d+)"', html)]
        assert 'href="?page=' in html or "page=" in html  # the pages are linked
        assert "sort=" in html  # and the columns sortable
        # Under the table and its pages, the sentence naming the tie-breaks.
        assert "Départage : Buchholz : points des adversaires, puis tirage au sort." in html
    assert seen == expected
    assert "&lt;script&gt;" in "".join(
        str(StandingsTable(rows, config=snapshot.config).as_html(RequestFactory().get("/")))
    )
