"""The players' ranking as django-tables2 tables, and the French words around it.

What it owns: :class:`PlayerStandingsTable` (public page, projector, organiser page and the
printed palmarès), fed the ``individual_rows`` of a stored snapshot; the sentence naming the
ranking and its individual tie-breaks (:func:`individual_sentence`); the "why" of each place
won on a tie-break (:func:`why_lines`: "à égalité de points avec Jean Martin : meilleure
première partie, 1 120 contre 980"). Rendering a table never runs a query.

It must not read the database nor decide what is public.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from publishing.tables.standings import NUM, NUM_SECONDARY, LeanTable, table_rows
from tournaments.messages.codes import INDIVIDUAL_TIEBREAK_LABELS
from tournaments.models import Contest

# Sort keys accepted in ?sort= on the public players' page.
PLAYER_SORTABLE = (
    "rank",
    "name",
    "team",
    "played",
    "wins",
    "points_for",
    "points_against",
    "match_points",
    "first_partie",
)
# A tie-break shown by a column already: no second column with the same numbers.
SAME_AS_COLUMN = {"wins", "points_for", "points_against", "match_points", "first_partie"}


def clean_player_sort(value: str | None, tiebreak_count: int = 0) -> str:
    if not value or len(value) > 40:
        return ""
    name = value[1:] if value.startswith("-") else value
    allowed = set(PLAYER_SORTABLE) | {f"tb{i}" for i in range(tiebreak_count)}
    return value if name in allowed else ""


def tiebreak_label(name: str) -> str:
    return str(INDIVIDUAL_TIEBREAK_LABELS.get(name, name))


def _method_label(method: str) -> str:
    try:
        return str(Contest.RankingMethod(method).label)
    except ValueError:
        return str(method)


def individual_sentence(config: dict[str, Any]) -> str:
    """ "Classement individuel : somme des points. Départage : meilleure première partie, puis
    parties gagnées." (from a snapshot's ``individual_config``)."""
    method = (config.get("scoring") or {}).get("method", "")
    names = [tiebreak_label(n) for n in config.get("tiebreaks", [])]
    tiebreaks = gettext(", puis ").join(names) if names else gettext("aucun (ex æquo possibles)")
    return gettext("Classement individuel : %(method)s. Départage : %(tiebreaks)s.") % {
        "method": _method_label(method),
        "tiebreaks": tiebreaks,
    }


def _primary(row: dict[str, Any], method: str) -> tuple[int, ...]:
    if method == "wins_then_points":
        return (row["wins"], row["points_for"], -row["points_against"])
    if method == "match_points":
        return (row["match_points"],)
    return (row["points_for"],)


def _number(value: Any) -> str:
    return f"{value:,}".replace(",", "\u202f") if isinstance(value, int) else str(value)


def why_lines(rows: Sequence[dict[str, Any]], config: dict[str, Any]) -> dict[int, str]:
    """player -> why he is ahead of the next player when the ranking's own key ties them: the
    first tie-break that differs, with both values; "ex æquo" when none does."""
    method = (config.get("scoring") or {}).get("method", "points")
    names = list(config.get("tiebreaks", []))
    out: dict[int, str] = {}
    for row, nxt in itertools.pairwise(rows):
        if _primary(row, method) != _primary(nxt, method):
            continue
        if row.get("shared") and nxt.get("rank") == row.get("rank"):
            out[row["player"]] = gettext(
                "ex æquo avec %(other)s : égalité sur tous les critères"
            ) % {"other": nxt["name"]}
            continue
        mine, theirs = row.get("tiebreaks", []), nxt.get("tiebreaks", [])
        for name, a, b in zip(names, mine, theirs, strict=False):
            if a != b:
                out[row["player"]] = gettext(
                    "devant %(other)s à égalité : %(criterion)s, %(mine)s contre %(theirs)s"
                ) % {
                    "other": nxt["name"],
                    "criterion": tiebreak_label(name),
                    "mine": _number(a),
                    "theirs": _number(b),
                }
                break
    return out


class PlayerStandingsTable(LeanTable):
    """The players: rank (shared ranks marked "="), name, team (pairs contests), counters."""

    rank = tables.Column(verbose_name=_("Rang"), attrs=NUM, order_by=("rank", "name"))
    name = tables.Column(verbose_name=_("Joueur"), attrs={"td": {"class": "team"}})
    team = tables.Column(verbose_name=_("Équipe"), attrs=NUM_SECONDARY, default="")
    played = tables.Column(verbose_name=_("Jouées"), attrs=NUM_SECONDARY)
    wins = tables.Column(verbose_name=_("Gagnées"), attrs=NUM)
    points_for = tables.Column(verbose_name=_("Points"), attrs=NUM)
    points_against = tables.Column(verbose_name=_("Encaissés"), attrs=NUM_SECONDARY)
    match_points = tables.Column(verbose_name=_("Points de match"), attrs=NUM)
    first_partie = tables.Column(verbose_name=_("1re partie"), attrs=NUM_SECONDARY)

    class Meta:
        attrs = {"class": "data standings players-ranking"}
        template_name = "publishing/public/_table.html"
        empty_text = _("Aucun joueur classé pour le moment.")
        order_by = ("rank",)

    def __init__(
        self,
        rows: Sequence[dict[str, Any]],
        *,
        config: dict[str, Any],
        melee: bool = False,
        why: dict[int, str] | None = None,
        **kwargs: Any,
    ) -> None:
        tiebreaks = list(config.get("tiebreaks", []))
        method = (config.get("scoring") or {}).get("method", "points")
        exclude = list(kwargs.pop("exclude", ()))
        if method != "match_points":
            exclude.append("match_points")
        if melee:
            exclude.append("team")
        if "first_partie" not in tiebreaks:
            exclude.append("first_partie")
        extra: list[tuple[str, tables.Column]] = [
            (f"tb{i}", tables.Column(verbose_name=tiebreak_label(name), attrs=NUM_SECONDARY))
            for i, name in enumerate(tiebreaks)
            if name not in SAME_AS_COLUMN
        ]
        if why is not None:
            extra.append(
                (
                    "why",
                    tables.Column(
                        verbose_name=_("Pourquoi ce rang"),
                        orderable=False,
                        default="",
                        attrs={"td": {"class": "why"}},
                    ),
                )
            )
        self.config = config
        flat = table_rows(rows)
        for row in flat:
            row["why"] = (why or {}).get(row["player"], "")
        super().__init__(
            flat,
            extra_columns=extra,
            exclude=exclude,
            row_attrs={"id": lambda record: f"joueur-{record['player']}"},
            **kwargs,
        )

    def render_name(self, record: dict[str, Any], value: str) -> str:
        note = ""
        if record.get("until"):
            note = gettext("remplacé après la partie %(n)s") % {"n": record["until"]}
        elif record.get("since"):
            note = gettext("depuis la partie %(n)s") % {"n": record["since"]}
        if not note:
            return str(value)
        return format_html('{} <span class="badge">{}</span>', value, note)

    def render_team(self, record: dict[str, Any], value: Any) -> str:
        if record.get("team_name"):
            return f"{value}. {record['team_name']}"
        return str(value)

    def footer_html(self) -> str:
        return format_html('<p class="standings-foot">{}</p>', individual_sentence(self.config))


class PlayerPrizeTable(PlayerStandingsTable):
    """The players' palmarès as printed at the prize-giving (a mêlée's prizes by rank)."""

    prize = tables.Column(
        verbose_name=_("Lot"),
        orderable=False,
        default="",
        attrs={"th": {"class": "prize"}, "td": {"class": "prize"}},
    )

    class Meta(PlayerStandingsTable.Meta):
        attrs = {"class": "data ranking-print players-ranking"}
        orderable = False
        sequence = ("rank", "name", "...", "prize")


__all__ = [
    "PLAYER_SORTABLE",
    "PlayerPrizeTable",
    "PlayerStandingsTable",
    "clean_player_sort",
    "individual_sentence",
    "tiebreak_label",
    "why_lines",
]
