"""The one door through which an organiser view gets a club, contest, round, entry or table.

Every organiser view (tournaments and the apps above it) must fetch its objects through these
functions, never with ``Model.objects.get`` on an id taken from the URL (a season: through
``seasons.access``, built on :func:`club_for`). Each function checks, in one
query, that the user is a member of the object's club with one of the accepted roles and that
the object really belongs to that club (and to that contest, and to that round).

Anyone who is not allowed gets ``Http404``, never 403: a user of another club must not even
learn that a contest or a round exists. Anonymous users get 404 too; views that need a login
wrap themselves in ``login_required`` so that anonymous visitors are sent to the login page
first (which tells them nothing about the object either).

Roles (``Membership.Role``):

* ``ORGANISING`` = admin and organiser: create and change contests, entries, rounds.
* ``ANY_MEMBER`` = admin, organiser and scorer: read the contest and enter results.

This module only reads. It must not write anything nor import ``scoring``.

Usage::

    club = access.club_for(request.user, club_slug)
    contest = access.contest_for(request.user, club_slug, contest_id)
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    entry = access.entry_for(request.user, club_slug, contest_id, entry_id)
    table = access.table_for(request.user, club_slug, contest_id, round_number, table_number)

Views are decorated with :func:`organiser_view` (login, membership, then allowed methods)::

    @access.organiser_view("GET", "POST")
    def entries(request, club_slug, contest_id): ...

``for_update=True`` adds ``select_for_update()`` for callers that are about to write inside a
transaction (services prefer to lock themselves, so this is rarely needed).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection
from typing import Any, TypeVar

from django.contrib.auth.views import redirect_to_login
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.utils.translation import gettext as _

from tournaments.models import Club, Contest, Entry, Membership, Player, Round, Table

Role = Membership.Role

ORGANISING: frozenset[str] = frozenset({Role.ADMIN, Role.ORGANISER})
ANY_MEMBER: frozenset[str] = frozenset({Role.ADMIN, Role.ORGANISER, Role.SCORER})
ADMIN_ONLY: frozenset[str] = frozenset({Role.ADMIN})

ViewFunc = TypeVar("ViewFunc", bound=Callable[..., HttpResponse])


def _not_found() -> Http404:
    return Http404(_("Page introuvable."))


# A URL's ``<int:…>`` takes any number of digits; the database keys are 64-bit (SQLite raises
# OverflowError beyond): an id out of that range names no object.
MAX_ID = 2**63 - 1


def fits(*ids: int) -> bool:
    """Whether every id can be a database key (so a query on it cannot overflow)."""
    return all(-MAX_ID <= int(i) <= MAX_ID for i in ids)


def _check_ids(*ids: int) -> None:
    if not fits(*ids):
        raise _not_found()


def _member_filter(user: Any, roles: Collection[str], prefix: str = "") -> dict[str, Any]:
    """Lookup kwargs restricting a queryset to objects of clubs where ``user`` has a role."""
    return {
        f"{prefix}memberships__user": user,
        f"{prefix}memberships__role__in": list(roles),
    }


def _check_user(user: Any) -> None:
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        raise _not_found()


def role_in(user: Any, club: Club) -> str | None:
    """The user's role in ``club`` (``None`` when not a member). For display, not for checks."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Membership.objects.filter(user=user, club=club).values_list("role", flat=True).first()


def clubs_of(user: Any, *, roles: Collection[str] = ANY_MEMBER) -> QuerySet[Club]:
    """Clubs where ``user`` has one of ``roles`` (empty for anonymous users)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(**_member_filter(user, roles)).distinct()


def club_for(user: Any, club_slug: str, *, roles: Collection[str] = ORGANISING) -> Club:
    """The club ``club_slug`` if ``user`` is a member with one of ``roles``; else ``Http404``."""
    _check_user(user)
    club = Club.objects.filter(slug=club_slug, **_member_filter(user, roles)).first()
    if club is None:
        raise _not_found()
    return club


def contest_for(
    user: Any,
    club_slug: str,
    contest_id: int,
    *,
    roles: Collection[str] = ORGANISING,
    for_update: bool = False,
) -> Contest:
    """The contest ``contest_id`` of club ``club_slug``, ``select_related("club")``."""
    _check_user(user)
    _check_ids(contest_id)
    qs = Contest.objects.select_related("club").filter(
        pk=contest_id, club__slug=club_slug, **_member_filter(user, roles, "club__")
    )
    if for_update:
        # The membership join makes rows non-unique on some backends; lock by pk instead.
        ids = list(qs.values_list("pk", flat=True)[:1])
        qs = Contest.objects.select_related("club").select_for_update().filter(pk__in=ids)
    contest = qs.first()
    if contest is None:
        raise _not_found()
    return contest


def round_for(
    user: Any,
    club_slug: str,
    contest_id: int,
    round_number: int,
    *,
    roles: Collection[str] = ORGANISING,
) -> Round:
    """Round ``round_number`` of that contest, ``select_related("contest__club")``."""
    _check_user(user)
    _check_ids(contest_id, round_number)
    round_ = (
        Round.objects.select_related("contest__club")
        .filter(
            number=round_number,
            contest_id=contest_id,
            contest__club__slug=club_slug,
            **_member_filter(user, roles, "contest__club__"),
        )
        .first()
    )
    if round_ is None:
        raise _not_found()
    return round_


def entry_for(
    user: Any,
    club_slug: str,
    contest_id: int,
    entry_id: int,
    *,
    roles: Collection[str] = ORGANISING,
) -> Entry:
    """Entry (team) ``entry_id`` of that contest, with its players and contest."""
    _check_user(user)
    _check_ids(contest_id, entry_id)
    entry = (
        Entry.objects.select_related("contest__club", "player1", "player2")
        .filter(
            pk=entry_id,
            contest_id=contest_id,
            contest__club__slug=club_slug,
            **_member_filter(user, roles, "contest__club__"),
        )
        .first()
    )
    if entry is None:
        raise _not_found()
    return entry


def table_for(
    user: Any,
    club_slug: str,
    contest_id: int,
    round_number: int,
    table_number: int,
    *,
    roles: Collection[str] = ANY_MEMBER,
) -> Table:
    """Table ``table_number`` of that round, with both entries, their players and the round."""
    _check_user(user)
    _check_ids(contest_id, round_number, table_number)
    table = (
        Table.objects.select_related(
            "round__contest__club",
            "entry_a__player1",
            "entry_a__player2",
            "entry_b__player1",
            "entry_b__player2",
        )
        .filter(
            number=table_number,
            round__number=round_number,
            round__contest_id=contest_id,
            round__contest__club__slug=club_slug,
            **_member_filter(user, roles, "round__contest__club__"),
        )
        .first()
    )
    if table is None:
        raise _not_found()
    return table


def player_for(
    user: Any, club_slug: str, player_id: int, *, roles: Collection[str] = ORGANISING
) -> Player:
    """Player ``player_id`` whose home club is ``club_slug`` (only the home club changes or
    merges a player; a club that added them to its register by licence does not)."""
    _check_user(user)
    _check_ids(player_id)
    player = (
        Player.objects.select_related("club")
        .filter(pk=player_id, club__slug=club_slug, **_member_filter(user, roles, "club__"))
        .first()
    )
    if player is None:
        raise _not_found()
    return player


def organiser_view(
    *methods: str, roles: Collection[str] = ORGANISING
) -> Callable[[ViewFunc], ViewFunc]:
    """Decorator of every club-scoped organiser view (URL kwarg ``club_slug``).

    In this order: anonymous users go to the login page; anyone who is not a member of the
    club with one of ``roles`` gets 404, whatever the method (so that a POST-only URL does not
    answer 405 to a stranger and reveal that it exists); then a method outside ``methods``
    gets 405. The view still fetches its objects through the functions above.
    """
    allowed = [m.upper() for m in methods] or ["GET"]

    def decorate(view: ViewFunc) -> ViewFunc:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            club_for(request.user, kwargs["club_slug"], roles=roles)
            if request.method not in allowed:
                return HttpResponseNotAllowed(allowed)
            return view(request, *args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


def posted(request: HttpRequest) -> Any:
    """The POST data to bind a form with, or None on GET.

    Not ``request.POST or None``: an empty POST is falsy, which would leave the form unbound,
    so a submitted empty form would be neither validated nor answered with its errors.
    """
    return request.POST if request.method == "POST" else None


def posted_files(request: HttpRequest) -> Any:
    """The uploaded files to bind a form with, or None on GET."""
    return request.FILES if request.method == "POST" else None
