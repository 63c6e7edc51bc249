"""The django-tables2 table of a season's standings, fed the rows of a stored ``SeasonSnapshot``.

What it owns: the columns (rank, player or pair, club, season points, contests played, parties
won, total score), their French headers, the value shown as the engine's ``value`` divided by
``value_divisor``, and the marks of a row below the attendance minimum ("hors classement") or
without a prize. It must not read the database nor decide what is public.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
NUM_SECONDARY = {"th": {"class": "num col-secondary"}, "td": {"class": "num col-secondary"}}


def shown_value(value: int, divisor: int) -> str:
    """The season points as a page prints them (12.9 for a combined barème of 12 900 / 1000)."""
    if divisor <= 1:
        return str(value)
    whole, rest = divmod(value, divisor)
    digits = len(str(divisor)) - 1
    return f"{whole},{rest:0{digits}d}"


class SeasonTable(tables.Table):
    # empty_values=(): a rank of None (below the attendance minimum) is rendered, not "—".
    rank = tables.Column(verbose_name=_("Rang"), attrs=NUM, orderable=False, empty_values=())
    names = tables.Column(verbose_name=_("Joueur"), orderable=False)
    clubs = tables.Column(
        verbose_name=_("Club"),
        orderable=False,
        attrs={"td": {"class": "col-secondary"}, "th": {"class": "col-secondary"}},
    )
    value = tables.Column(verbose_name=_("Points"), attrs=NUM, orderable=False)
    attended = tables.Column(verbose_name=_("Concours"), attrs=NUM_SECONDARY, orderable=False)
    wins = tables.Column(verbose_name=_("Gagnées"), attrs=NUM_SECONDARY, orderable=False)
    score = tables.Column(verbose_name=_("Score"), attrs=NUM_SECONDARY, orderable=False)

    class Meta:
        attrs = {"class": "data standings season-standings"}
        row_attrs = {"class": lambda record: "" if record.get("eligible", True) else "not-ranked"}
        empty_text = _("Aucun résultat publié pour le moment.")

    def __init__(
        self, rows: list[dict[str, Any]], *, divisor: int = 1, pair: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(rows, **kwargs)
        self.divisor = divisor
        if pair:
            self.columns["names"].column.verbose_name = gettext("Équipe")

    def render_rank(self, record: dict[str, Any]) -> str:
        if record.get("rank") is None:
            return gettext("hors classement")
        return f"{record['rank']}{'=' if record.get('shared') else ''}"

    def render_names(self, record: dict[str, Any]) -> str:
        text = " – ".join(record.get("names") or ())
        if record.get("eligible", True) and not record.get("prize_eligible", True):
            text += " " + gettext("(sans lot)")
        return text

    def render_clubs(self, record: dict[str, Any]) -> str:
        return " / ".join(dict.fromkeys(c for c in record.get("clubs") or () if c))

    def render_value(self, record: dict[str, Any]) -> str:
        return shown_value(int(record.get("value") or 0), self.divisor)


__all__ = ["SeasonTable", "shown_value"]
