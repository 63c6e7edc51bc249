"""The one door through which a view gets a score sheet.

* Table links (players, no account): :func:`sheet_for_link` finds the sheet from the secret
  token *and* checks that the round and table numbers in the URL are that sheet's. A token
  used with another table's or another round's numbers, an unknown or malformed token, or the
  sheet of a round still in draft gets ``Http404`` and says nothing about what exists. A closed
  round's link still opens its sheet, read-only (the sheet's rule refuses every write).
* Short links (``/t/<code>/``, typed by a player whose camera fails): :func:`sheet_for_short_code`
  finds the sheet of a code typed in any case, with or without its dash, on the same terms
  (a published or closed round); the view only redirects to the table link.
* Organiser pages: :func:`sheet_for_organiser` goes through ``tournaments.access`` (club
  membership and role), then gets or creates the table's sheet.

It also says which role a club member acts in (:func:`member_role`). This module only reads
(apart from creating a missing sheet, which ``services`` does); a write may ask
:func:`sheet_for_link` to lock the sheet's row with the same query.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from scoring import services
from scoring.models import ScoreSheet, normalise_short_code
from scoring.sheet_states import Role
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

# What a write needs (rules, round state): fewer joins.
WRITE_RELATED = ("table__round__contest",)

# Rounds whose sheets a table link opens (a closed round's only to be read).
PLAYABLE_ROUNDS = (Round.Status.PUBLISHED, Round.Status.CLOSED)
# What ``models.new_token`` draws (URL-safe base64): anything else matches no sheet, and never
# reaches the database (a NUL byte in a query is an error on PostgreSQL).
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _not_found() -> Http404:
    return Http404(_("Cette feuille de marque n'existe pas ou ce lien n'est plus valable."))


def sheet_for_link(
    token: str,
    round_number: int,
    table_number: int,
    *,
    related: tuple[str, ...] = SHEET_RELATED,
    lock: bool = False,
) -> ScoreSheet:
    """The sheet of a table link, or ``Http404``.

    The token alone identifies the sheet; the round and table numbers must match it too, so a
    link edited to point at another table or another round is refused. A number the table had
    before the organiser moved it still matches (the QR code printed before the move).

    ``lock``: the sheet's row is also locked until the transaction ends (``FOR UPDATE OF`` the
    sheet only; inside ``transaction.atomic``): the deal POST's one lookup, which checks the
    link and takes the lock the write needs in one query. A link renewed or a round closed by
    a write that held the row is seen as it is once the lock is granted.
    """
    if not _TOKEN_RE.fullmatch(token or "") or not _in_range(round_number, table_number):
        raise _not_found()
    query = _link_query(related, lock)
    try:
        return query.get(
            token=token,
            table__number=table_number,
            table__round__number=round_number,
            table__round__status__in=PLAYABLE_ROUNDS,
        )
    except ScoreSheet.DoesNotExist:
        return _moved_sheet(query, token, round_number, table_number)


def _link_query(related: tuple[str, ...], lock: bool) -> QuerySet[ScoreSheet]:
    query = ScoreSheet.objects.select_related(*related)
    if lock:
        # The sheet's row only: the table, round and contest stay free for the other tables.
        query = query.select_for_update(of=("self",))
    # The round's pairing report (a JSON document that grows with the number of tables) is for
    # the organiser's draw page: not read, nor decoded, on every table request.
    return query.defer("table__round__report")


def _moved_sheet(
    query: QuerySet[ScoreSheet], token: str, round_number: int, table_number: int
) -> ScoreSheet:
    """The sheet of a table moved to another number (``Table.former_numbers``): a link printed
    with its old number still opens it. Any other number is refused like a wrong link."""
    sheet = query.filter(
        token=token,
        table__round__number=round_number,
        table__round__status__in=PLAYABLE_ROUNDS,
    ).first()
    if sheet is None or table_number not in (sheet.table.former_numbers or ()):
        raise _not_found()
    return sheet


def sheet_for_short_code(typed: str) -> ScoreSheet:
    """The sheet of a short code as typed (``k7qf-m2xa``, ``K7QFM2XA``...), or ``Http404``.

    A code that is no code (wrong length, a letter outside the alphabet) never reaches the
    database; an unknown or renewed code, or one of a round in draft, is 404 like a wrong link.
    """
    code = normalise_short_code(typed)
    if not code:
        raise _not_found()
    try:
        return ScoreSheet.objects.select_related("table__round").get(
            short_code=code, table__round__status__in=PLAYABLE_ROUNDS
        )
    except ScoreSheet.DoesNotExist:
        raise _not_found() from None


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
    table = tournaments_access.table_for(
        user, club_slug, contest_id, round_number, table_number, roles=roles
    )
    if table.round.status == Round.Status.DRAFT:
        raise _not_found()
    sheet = services.sheet_of_table(table)
    # Reuse the table fetched by tournaments.access (it carries its teams and round).
    sheet.table = table
    return sheet


def member_role(user: Any, sheet: ScoreSheet) -> Role:
    """The role ``user`` acts in on ``sheet`` (their role in its club; access checked it)."""
    role = tournaments_access.role_in(user, sheet.table.round.contest.club)
    return Role(role) if role in Role.values else Role.SCORER
