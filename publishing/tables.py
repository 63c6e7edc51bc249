"""django-tables2 tables of the standings pages, fed the rows of a stored snapshot.

What it owns: the columns of the standings (public page, projector, organiser's final
ranking with its prizes), their French headers, which columns a ranking method shows, and the
tie-break columns named after the contest's tie-breaks. Rows are the dicts stored in
``StandingsSnapshot.rows``; rendering a table never runs a query.

It must not read the database nor decide what is public.

Speed: django-tables2 renders every cell through its template engine and inspects the render
function's signature per cell (about 8 ms per 100-row page here, seconds under load), and sorts
through its accessors. The standings keep django-tables2 for what it is good at — columns,
French headers, which column is sorted and how, pagination — but sort the rows with plain keys
(same order: stable, ties keep the ranking) and write the HTML directly, every value escaped:
:meth:`StandingsTable.tbody_html` (the rows, used by the table template) and
:meth:`StandingsTable.page_html` (the whole table with its sort links and pages, the same
markup as ``publishing/public/_table.html``, for the public standings page).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlencode

import django_tables2 as tables
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_tables2.templatetags.django_tables2 import table_page_range
from django_tables2.utils import OrderBy, OrderByTuple

from tournaments.messages import TIEBREAK_LABELS

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
# A column a phone and the projector can do without (design.md: hidden under 640 px and on the
# projector, printed): rank, team and the ranking's points stay.
NUM_SECONDARY = {"th": {"class": "num col-secondary"}, "td": {"class": "num col-secondary"}}
PLAYERS = {"class": "players"}

# Sort keys accepted in ?sort= (and their descending "-" forms); anything else is ignored.
SORTABLE = (
    "rank",
    "number",
    "name",
    "played",
    "wins",
    "draws",
    "losses",
    "points_for",
    "points_against",
    "difference",
    "match_points",
    "best_game",
)


def clean_sort(value: str | None, tiebreak_count: int = 0) -> str:
    """The ``?sort=`` value if it names a sortable column, else "" (the rank order)."""
    if not value or len(value) > 40:
        return ""
    name = value[1:] if value.startswith("-") else value
    allowed = set(SORTABLE) | {f"tb{i}" for i in range(tiebreak_count)}
    return value if name in allowed else ""


def rank_label(row: dict[str, Any]) -> str:
    """ "3" or "3 ex æquo" ("3=" in tables): shared ranks are visible."""
    return f"{row['rank']}=" if row.get("shared") else str(row["rank"])


def table_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Snapshot rows with the tie-break values spread into ``tb0``, ``tb1``... columns."""
    out = []
    for row in rows:
        flat = dict(row)
        for i, value in enumerate(row.get("tiebreaks", ())):
            flat[f"tb{i}"] = value
        out.append(flat)
    return out


def _esc(value: Any) -> str:
    """``django.utils.html.escape`` without its lazy-string and SafeString wrapping."""
    return html.escape(str(value))


def _sort_key(value: Any) -> tuple[bool, Any]:
    return (value is not None, value if value is not None else 0)


class StandingsTable(tables.Table):
    """The standings: rank (shared ranks marked "="), team linked to its page, counters."""

    # Ties keep the engine's order (rank, then team number).
    rank = tables.Column(verbose_name=_("Rang"), attrs=NUM, order_by=("rank", "number"))
    number = tables.Column(verbose_name=_("N°"), attrs=NUM)
    name = tables.Column(verbose_name=_("Équipe"), attrs={"td": {"class": "team"}})
    # Left out on a phone (standings.css): the team's name already says who plays.
    players = tables.Column(
        verbose_name=_("Joueurs"), orderable=False, attrs={"th": PLAYERS, "td": PLAYERS}
    )
    played = tables.Column(verbose_name=_("Jouées"), attrs=NUM_SECONDARY)
    wins = tables.Column(verbose_name=_("Gagnées"), attrs=NUM)
    draws = tables.Column(verbose_name=_("Nulles"), attrs=NUM_SECONDARY)
    losses = tables.Column(verbose_name=_("Perdues"), attrs=NUM_SECONDARY)
    points_for = tables.Column(verbose_name=_("Points"), attrs=NUM)
    points_against = tables.Column(verbose_name=_("Encaissés"), attrs=NUM_SECONDARY)
    difference = tables.Column(verbose_name=_("Différence"), attrs=NUM_SECONDARY)
    match_points = tables.Column(verbose_name=_("Points de match"), attrs=NUM)

    class Meta:
        attrs = {"class": "data standings"}
        template_name = "publishing/public/_table.html"
        empty_text = _("Aucune équipe classée pour le moment.")
        order_by = ("rank",)

    def __init__(
        self,
        rows: Sequence[dict[str, Any]],
        *,
        config: dict[str, Any],
        team_url: Callable[[int], str] | None = None,
        highlight: int | None = None,
        **kwargs: Any,
    ) -> None:
        tiebreaks = list(config.get("tiebreaks", []))
        extra = [
            (
                f"tb{i}",
                tables.Column(verbose_name=TIEBREAK_LABELS.get(name, name), attrs=NUM_SECONDARY),
            )
            for i, name in enumerate(tiebreaks)
        ]
        if config.get("method") == "points":
            # Ranked on points alone: the games won do not decide the rank.
            extra.append(("wins", tables.Column(verbose_name=_("Gagnées"), attrs=NUM_SECONDARY)))
        exclude = list(kwargs.pop("exclude", ()))
        if config.get("method") != "match_points":
            exclude.append("match_points")
        if not any(r.get("draws") for r in rows):
            exclude.append("draws")
        self.team_url = team_url
        self.highlight = highlight
        super().__init__(
            table_rows(rows),
            extra_columns=extra,
            exclude=exclude,
            row_attrs={"class": self._row_class, "id": lambda record: f"equipe-{record['number']}"},
            **kwargs,
        )

    @property
    def order_by(self) -> OrderByTuple:
        return self._order_by

    @order_by.setter
    def order_by(self, value: Any) -> None:
        """As django-tables2 orders a table, with plain keys (stable sorts, last key first)."""
        aliases = value or ()
        aliases = aliases.split(",") if isinstance(aliases, str) else aliases
        valid = [
            alias
            for alias in aliases
            if OrderBy(alias).bare in self.columns and self.columns[OrderBy(alias).bare].orderable
        ]
        self._order_by = OrderByTuple(valid)
        keys: list[OrderBy] = []
        for alias in self._order_by:
            keys.extend(OrderBy(k) for k in self.columns[OrderBy(alias).bare].order_by)
        rows = self.data.data
        for key in reversed(keys):
            name = key.bare
            rows.sort(key=lambda r: _sort_key(r.get(name)), reverse=key.is_descending)

    def _cell(self, name: str, record: dict[str, Any]) -> str:
        if name == "rank":
            return _esc(rank_label(record))
        if name == "name":
            if self.team_url is None:
                return _esc(record.get("name", ""))
            url = _esc(self.team_url(record["number"]))
            return f'<a href="{url}">{_esc(record.get("name", ""))}</a>'
        value = record.get(name, "")
        return _esc("" if value is None else value)

    def tbody_html(self) -> SafeString:
        """The rows of the current page (or all rows) as HTML, every value escaped."""
        columns = [(column.name, column.attrs.get("td", {}).as_html()) for column in self.columns]
        rows = self.page.object_list if hasattr(self, "page") else self.rows
        out = []
        cell = self._cell
        for row in rows:
            record = row.record
            css = self._row_class(record)
            cells = "".join(f"<td {attrs}>{cell(name, record)}</td>" for name, attrs in columns)
            out.append(
                f'<tr id="equipe-{_esc(record["number"])}"'
                f"{f' class={chr(34)}{css}{chr(34)}' if css else ''}>{cells}</tr>"
            )
        return mark_safe("".join(out))  # every value above went through escape()

    def page_html(self, query: dict[str, Any]) -> SafeString:
        """The table with its sort links and pages: the markup of ``publishing/public/_table.html``
        written directly. ``query`` is the page's clean query string (``page``, ``sort``), which
        the links change one key of."""

        def link(**change: Any) -> str:
            params = {k: v for k, v in query.items() if v not in ("", None)}
            params.update(change)
            return _esc("?" + urlencode(params))

        head = []
        for column in self.columns:
            header = _esc(column.header)
            if column.orderable:
                header = f'<a href="{link(sort=column.order_by_alias.next)}">{header}</a>'
            head.append(f"<th {column.attrs['th'].as_html()}>{header}</th>")
        body = self.tbody_html()
        if not body and self.empty_text:
            body = mark_safe(
                f'<tr><td colspan="{len(self.columns)}">{_esc(self.empty_text)}</td></tr>'
            )
        table = (
            f"<table {self.attrs.as_html()}><thead><tr>{''.join(head)}</tr></thead>"
            f"<tbody>{body}</tbody></table>"
        )
        out = [f'<div class="table-wrap">{table}</div>']
        page = getattr(self, "page", None)
        if page is not None and self.paginator.num_pages > 1:
            items = []
            if page.has_previous():
                href = link(page=page.previous_page_number())
                items.append(f'<li><a href="{href}">{_esc(gettext("« précédente"))}</a></li>')
            for p in table_page_range(page, self.paginator):
                if p == page.number:
                    items.append(
                        f'<li class="active" aria-current="page"><a href="{link(page=p)}">{p}</a></li>'
                    )
                elif p == "...":
                    items.append("<li><span>…</span></li>")
                else:
                    items.append(f'<li><a href="{link(page=p)}">{p}</a></li>')
            if page.has_next():
                href = link(page=page.next_page_number())
                items.append(f'<li><a href="{href}">{_esc(gettext("suivante »"))}</a></li>')
            label = _esc(gettext("Pages du classement"))
            out.append(
                f'<nav class="pagination-nav no-print" aria-label="{label}">'
                f'<ul class="pagination">{"".join(items)}</ul></nav>'
            )
        return mark_safe("".join(out))  # every value above went through _esc()

    def _row_class(self, record: dict[str, Any]) -> str:
        return (
            "highlight" if self.highlight is not None and record["number"] == self.highlight else ""
        )

    def render_rank(self, record: dict[str, Any]) -> str:
        return rank_label(record)

    def render_name(self, record: dict[str, Any], value: str) -> str:
        if self.team_url is None:
            return escape(value)
        return format_html('<a href="{}">{}</a>', self.team_url(record["number"]), value)


class PrizeRankingTable(StandingsTable):
    """The final ranking as printed at the prize-giving: rank, team, players, points, prize."""

    prize = tables.Column(
        verbose_name=_("Lot"),
        orderable=False,
        default="",
        attrs={"th": {"class": "prize"}, "td": {"class": "prize"}},
    )
    # (the "prize" value of each row is set by the view from the prize list)

    class Meta(StandingsTable.Meta):
        attrs = {"class": "data ranking-print"}
        orderable = False
        sequence = ("rank", "number", "name", "players", "...", "prize")


__all__ = [
    "SORTABLE",
    "PrizeRankingTable",
    "StandingsTable",
    "clean_sort",
    "rank_label",
    "table_rows",
]
