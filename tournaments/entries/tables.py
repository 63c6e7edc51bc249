"""django-tables2 tables of the organiser pages: players, entries and the printed table lists.

They only present data that views already fetched with ``select_related``: rendering a table
never runs one query per row. They never write.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import Club, Entry, Player

ATTRS = {"class": "data"}


class PlayerTable(tables.Table):
    last_name = tables.Column(verbose_name=_("Nom"))
    first_name = tables.Column(verbose_name=_("Prénom"))
    licence = tables.Column(verbose_name=_("Licence"), default="")
    edit = tables.Column(empty_values=(), verbose_name="", orderable=False)

    class Meta:
        model = Player
        fields = ("last_name", "first_name", "licence")
        attrs = ATTRS
        orderable = False

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club

    def render_edit(self, record: Player) -> str:
        if record.club_id != self.club.pk:  # added by licence: only the home club changes them
            return format_html(
                "<small>{}</small>", _("club d'attache : %(club)s") % {"club": record.club.name}
            )
        url = reverse(
            "tournaments:player_edit", kwargs={"club_slug": self.club.slug, "player_id": record.pk}
        )
        return format_html('<a class="row-link" href="{}">{}</a>', url, _("Modifier"))


class EntryTable(tables.Table):
    """The registration list; actions are small POST forms (CSRF) in a template column."""

    # On a phone the rows are cards (``table.stack.entries``): number and team on one line,
    # then the labelled cells (``data-label``), then the buttons.
    number = tables.Column(verbose_name=_("N°"), attrs={"td": {"class": "num"}})
    team = tables.Column(
        empty_values=(), verbose_name=_("Équipe"), orderable=False, attrs={"td": {"class": "team"}}
    )
    home_club = tables.Column(
        verbose_name=_("Club"), default="", attrs={"td": {"class": "club", "data-label": _("Club")}}
    )
    status = tables.Column(
        empty_values=(),
        verbose_name=_("État"),
        orderable=False,
        attrs={"td": {"class": "status", "data-label": _("État")}},
    )
    actions = tables.TemplateColumn(
        template_name="tournaments/_entry_actions.html",
        verbose_name="",
        orderable=False,
        attrs={"td": {"class": "row-buttons"}},
    )

    class Meta:
        model = Entry
        fields = ("number", "home_club")
        sequence = ("number", "team", "home_club", "status", "actions")
        attrs = {"class": "data stack entries"}
        orderable = False
        row_attrs = {"id": lambda record: f"equipe-{record.number}"}

    def render_team(self, record: Entry) -> str:
        players = f"{record.player1.full_name} & {record.player2.full_name}"
        if record.name:
            return format_html("<strong>{}</strong><br><small>{}</small>", record.name, players)
        return players

    def render_status(self, record: Entry) -> str:
        badges = []
        if record.withdrawn_after_round is not None:
            # Withdrawn before the first partie is stored as "after partie 0".
            withdrawn = (
                _("retirée après la partie %(n)s") % {"n": record.withdrawn_after_round}
                if record.withdrawn_after_round
                else _("retirée avant la première partie")
            )
            badges.append(format_html('<span class="badge status-withdrawn">{}</span>', withdrawn))
        if record.joined_at_round > 1:
            badges.append(
                format_html(
                    '<span class="badge">{}</span>',
                    _("entre à la partie %(n)s") % {"n": record.joined_at_round},
                )
            )
        badges.append(
            format_html(
                '<span class="badge {}">{}</span>',
                "status-published" if record.checked_in else "",
                _("présente") if record.checked_in else _("non pointée"),
            )
        )
        badges.append(
            format_html(
                '<span class="badge {}">{}</span>',
                "status-published" if record.paid else "status-to_verify",
                _("payé") if record.paid else _("à payer"),
            )
        )
        return format_html(
            '<span class="badges">{}</span>', format_html(" ".join(["{}"] * len(badges)), *badges)
        )


class DrawByTableTable(tables.Table):
    """The draw, one row per table (print and projector)."""

    number = tables.Column(verbose_name=_("Table"), attrs={"td": {"class": "num"}})
    team_a = tables.Column(verbose_name=_("Équipe"))
    team_b = tables.Column(verbose_name=pgettext_lazy("versus: team against team", "contre"))

    class Meta:
        attrs = ATTRS
        orderable = False


class DrawByTeamTable(tables.Table):
    """The draw, one row per team in alphabetical order: where to sit, against whom."""

    team = tables.Column(verbose_name=_("Équipe"))
    table = tables.Column(verbose_name=_("Table"), attrs={"td": {"class": "num"}})
    opponent = tables.Column(verbose_name=_("Adversaire"))

    class Meta:
        attrs = ATTRS
        orderable = False
