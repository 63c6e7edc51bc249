"""django-tables2 tables of the standings pages, fed the rows of a stored snapshot.

What it owns: the columns of the standings (public page, projector, organiser's final
ranking with its prizes), their French headers, which columns a ranking method shows, and the
tie-break columns named after the contest's tie-breaks — never a second column for a value the
table already shows (:data:`SAME_AS_COLUMN`) — and the footer naming the tie-breaks
("Départage : …", :meth:`StandingsTable.footer_html`). Rows are the dicts stored in
``StandingsSnapshot.rows``; rendering a table never runs a query.

Rendered by django-tables2 (its columns, headers, ordering, pagination and row attributes,
``django_tables2/table.html`` through ``publishing/public/_table.html``, which adds the wrapper
and French pagination), with a lean body: :meth:`StandingsTable.body_rows` gives each cell with
its column's ``td`` attributes worked out once per table, and calls the ``render_*`` methods
below with the ``record`` and ``value`` they take, where django-tables2's row would inspect
every cell's render signature and rebuild every cell's attributes (about 90 ms of CPU for a
100-row page, against a few ms this way: ``benchmarks/rebuild_profile.py``).

It must not read the database nor decide what is public.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.messages.codes import TIEBREAK_LABELS
from tournaments.models import Contest

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


# A tie-break whose value is a column of the table: when that column is shown, the tie-break
# gets no column of its own (the same numbers twice would read as two different things).
SAME_AS_COLUMN = {
    "wins": "wins",
    "points_for": "points_for",
    "points_against": "points_against",
    "difference": "difference",
    "match_points": "match_points",
}


def tiebreak_sentence(config: dict[str, Any]) -> str:
    """ "Classement : somme des points. Départage : différence de points, puis tirage au sort."
    (French, from a snapshot's config)."""
    method = config.get("method", "")
    try:
        method_label = str(Contest.RankingMethod(method).label)
    except ValueError:
        method_label = str(method)
    names = [str(TIEBREAK_LABELS.get(n, n)) for n in config.get("tiebreaks", [])]
    tiebreaks = gettext(", puis ").join(names) if names else gettext("aucun (ex æquo possibles)")
    return gettext("Classement : %(method)s. Départage : %(tiebreaks)s.") % {
        "method": method_label,
        "tiebreaks": tiebreaks,
    }


def table_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Snapshot rows with the tie-break values spread into ``tb0``, ``tb1``... columns."""
    out = []
    for row in rows:
        flat = dict(row)
        for i, value in enumerate(row.get("tiebreaks", ())):
            flat[f"tb{i}"] = value
        out.append(flat)
    return out


class LeanTable(tables.Table):
    """What the standings tables share: the lean body of ``_table.html``'s ``table.tbody``
    block, for dict rows whose rank column shows shared ranks with "=" (no column of its own)."""

    def body_rows(self) -> Iterator[tuple[SafeString, list[tuple[SafeString, Any]]]]:
        """The page's rows (django-tables2's ordering and pagination) for the lean body:
        ``(tr attributes, [(td attributes, cell), ...])``. A cell is what django-tables2 renders
        for it (the column's ``render_<name>`` method of this table, the value, or the column's
        default for an empty or missing value), escaped by the template."""
        plan = []
        for column in self.columns:
            render = getattr(self, f"render_{column.name}", None)
            plan.append(
                (
                    column.attrs["td"].as_html(),
                    tables.A(column.accessor),
                    column.column.empty_values,
                    column.default,
                    render,
                )
            )
        for row in self.paginated_rows:
            record = row.record
            cells = []
            for td, accessor, empty, default, render in plan:
                try:
                    value = accessor.resolve(record)
                except (KeyError, AttributeError, IndexError, TypeError, ValueError):
                    value = None
                if value in empty:
                    cells.append((td, default))
                else:
                    cells.append((td, value if render is None else render(record, value)))
            yield row.attrs.as_html(), cells

    # The render methods take (record, value): body_rows passes both, django-tables2's own
    # row rendering (not used by the template) would pass them by name too.
    def render_rank(self, record: dict[str, Any], value: Any) -> str:
        return rank_label(record)


class StandingsTable(LeanTable):
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
        exclude = list(kwargs.pop("exclude", ()))
        if config.get("method") != "match_points":
            exclude.append("match_points")
        if not any(r.get("draws") for r in rows):
            exclude.append("draws")
        extra = [
            (
                f"tb{i}",
                tables.Column(verbose_name=TIEBREAK_LABELS.get(name, name), attrs=NUM_SECONDARY),
            )
            for i, name in enumerate(tiebreaks)
            if SAME_AS_COLUMN.get(name) in (None, *exclude)
            or SAME_AS_COLUMN[name] not in self.base_columns
        ]
        if config.get("method") == "points":
            # Ranked on points alone: the games won do not decide the rank.
            extra.append(("wins", tables.Column(verbose_name=_("Gagnées"), attrs=NUM_SECONDARY)))
        self.config = config
        self.team_url = team_url
        self.highlight = highlight
        super().__init__(
            table_rows(rows),
            extra_columns=extra,
            exclude=exclude,
            row_attrs={"id": lambda record: f"equipe-{record['number']}", "class": self._row_class},
            **kwargs,
        )

    def _row_class(self, record: dict[str, Any]) -> str:
        return (
            "highlight" if self.highlight is not None and record["number"] == self.highlight else ""
        )

    def render_name(self, record: dict[str, Any], value: str) -> str:
        withdrawn = (
            format_html(' <span class="badge status-withdrawn">{}</span>', gettext("retirée"))
            if record.get("withdrawn")
            else ""
        )
        if self.team_url is None:
            return format_html("{}{}", value, withdrawn)
        return format_html(
            '<a href="{}">{}</a>{}', self.team_url(record["number"]), value, withdrawn
        )

    def footer_html(self) -> SafeString:
        """ "Classement : … Départage : …" under the table (escaped)."""
        return format_html('<p class="standings-foot">{}</p>', tiebreak_sentence(self.config))


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
    "SAME_AS_COLUMN",
    "SORTABLE",
    "LeanTable",
    "PrizeRankingTable",
    "StandingsTable",
    "clean_sort",
    "rank_label",
    "table_rows",
    "tiebreak_sentence",
]
