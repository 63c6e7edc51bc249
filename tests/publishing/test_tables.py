"""The public standings table written directly (``StandingsTable.page_html``) shows exactly what
django-tables2's template shows: same order, same sort links, same pages, values escaped."""

from __future__ import annotations

import re
from typing import Any

import django_tables2 as dt
import pytest
from django.test import RequestFactory

from publishing.tables import StandingsTable
from standings import services as standings
from tests.standings.factory import played_contest

pytestmark = pytest.mark.django_db


class TemplateTable(StandingsTable):
    """Ordered and rendered by django-tables2 itself."""

    order_by = dt.Table.order_by

    class Meta(StandingsTable.Meta):
        pass


def _normal(html: str) -> str:
    html = re.sub(r"\s+", " ", html)
    html = re.sub(r"\s*(<|>)\s*", r"\1", html)
    return re.sub(r"<(\w+) >", r"<\1>", html)


@pytest.mark.parametrize(
    "sort", ["", "rank", "-rank", "number", "-name", "name", "-points_for", "wins", "-tb0"]
)
def test_page_html_matches_the_template(club: Any, sort: str) -> None:
    contest = played_contest(club, teams=45, rounds=3, tiebreaks=["buchholz_points", "lot"])
    standings.rebuild(contest.pk)
    snapshot = standings.live_snapshot(contest.pk)
    rows = [dict(r) for r in snapshot.rows]
    rows[0]["name"] = '<script>alert("x")</script> & Cie'
    for page in (1, 2, 3):
        request = RequestFactory().get("/", {"page": page, **({"sort": sort} if sort else {})})
        tables = []
        for cls in (TemplateTable, StandingsTable):
            table = cls(rows, config=snapshot.config, team_url=lambda n: f"/equipe/{n}/")
            if sort:
                table.order_by = sort
            table.paginate(page=page, per_page=20)
            tables.append(table)
        expected = _normal(tables[0].as_html(request))
        got = _normal(str(tables[1].page_html({"page": page, "sort": sort})))
        # The template's table, then the footer naming the tie-breaks.
        footer = _normal(str(tables[1].footer_html()))
        assert "Départage : Buchholz : points des adversaires, puis tirage au sort." in footer
        assert got == expected + footer, (sort, page)
        assert "<script>" not in got
