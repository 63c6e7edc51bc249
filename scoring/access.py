"""The one door through which a view gets a score sheet.

* Table links (players, no account): :func:`sheet_for_link` finds the sheet from the secret
  token *and* checks that the round and table numbers in the URL are that sheet's. A token
  used with another table's or another round's numbers, an unknown token, or the sheet of a
  round that is not published gets ``Http404`` and says nothing about what exists.
* Organiser pages: :func:`sheet_for_organiser` goes through ``tournaments.access`` (club
  membership and role), then gets or creates the table's sheet.

This module only reads (apart from creating a missing sheet, which ``services`` does).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _

from scoring.compiled import CompiledQuery
from scoring.models import ScoreSheet
from tournaments import access as tournaments_access
from tournaments.models import Round

# select_related for every page showing a sheet: its table, both teams and their players.
SHEET_RELATED = (
    "table__round__contest__club",
    "table__entry_a__player1",
    "table__entry_a__player2",
    "table__entry_b__player1",
    "table__entry_b__player2",
)

# What a write needs (rules, round state): fewer joins, a cheaper query on the hot path.
WRITE_RELATED = ("table__round__contest",)

# Rounds whose tables may be scored from a table link.
PLAYABLE_ROUNDS = (Round.Status.PUBLISHED,)


def _not_found() -> Http404:
    return Http404(_("Cette feuille de marque n'existe pas ou ce lien n'est plus valable."))


def sheet_for_link(
    token: str,
    round_number: int,
    table_number: int,
    *,
    related: tuple[str, ...] = SHEET_RELATED,
) -> ScoreSheet:
    """The sheet of a table link, or ``Http404``.

    The token alone identifies the sheet; the round and table numbers must match it too, so a
    link edited to point at another table or another round is refused.
    """
    if not token or len(token) > 64 or not _in_range(round_number, table_number):
        raise _not_found()
    query = _LINK_QUERIES.get(related)
    if query is None:
        query = _LINK_QUERIES.setdefault(related, _link_query(related))
    sheet = query.first(token=token, table_number=table_number, round_number=round_number)
    if sheet is None:
        raise _not_found()
    return sheet


def _link_query(related: tuple[str, ...]) -> CompiledQuery:
    """The table-link lookup, compiled once per connection (it runs on every table request)."""
    return CompiledQuery(
        lambda p: (
            ScoreSheet.objects.select_related(*related)
            # The round's pairing report (a JSON document that grows with the number of tables)
            # is for the organiser's draw page: not read, nor decoded, on every table request.
            .defer("table__round__report")
            .filter(
                token=p["token"],
                table__number=p["table_number"],
                table__round__number=p["round_number"],
                table__round__status__in=PLAYABLE_ROUNDS,
            )
            .order_by()[:1]
        ),
        strs=("token",),
        ints=("table_number", "round_number"),
    )


_LINK_QUERIES: dict[tuple[str, ...], CompiledQuery] = {}


def _in_range(*numbers: int) -> bool:
    # Round and table numbers are positive integer columns: anything else matches no table.
    return all(0 <= n <= 2_147_483_647 for n in numbers)


def sheet_for_organiser(
    user: Any,
    club_slug: str,
    contest_id: int,
    round_number: int,
    table_number: int,
    *,
    roles: Collection[str] = tournaments_access.ANY_MEMBER,
) -> ScoreSheet:
    """The sheet of a table, for a member of its club with one of ``roles`` (else 404)."""
    from scoring import services

    table = tournaments_access.table_for(
        user, club_slug, contest_id, round_number, table_number, roles=roles
    )
    if table.round.status == Round.Status.DRAFT:
        raise _not_found()
    sheet = services.sheet_of_table(table)
    # Reuse the table fetched by tournaments.access (it carries its teams and round).
    sheet.table = table
    return sheet
