"""What the public pages may show of a contest, read from the database.

What it owns: the lookups every public view starts with — the public contest (public and not a
draft), its visible rounds, the identity of the snapshot whose standings are published
(``meta``: what the caches key on), the rounds whose results are public — and the self-repair
that queues a rebuild when a page notices snapshots built for another public round.

Anything not published raises ``Http404`` with a French message (``publishing.http`` renders
it). What it must not do: render, or cache a decision about what is public.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, QueryDict
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from standings import events
from standings import services as standings_service
from standings.models import StandingsSnapshot
from tournaments.models import Contest, Round

# Throttle for the public pages' self-repair (a rebuild queued when the snapshots were built
# for another public round than the current one, e.g. flags changed from another page).
HEAL_SECONDS = 10

_META_FIELDS = (
    "pk",
    "fingerprint",
    "as_of_round",
    "teams_count",
    "players_count",
    "results_count",
    "computed_at",
    "contest_id",
    "public_round",
    "source_version",
    "contest__standings_state__results_version",
    "current_public_round",
)


def contest_q(club_slug: str, contest_slug: str, prefix: str = "") -> Q:
    """The public contest of these slugs, as a filter on ``prefix`` fields."""
    return Q(
        **{
            f"{prefix}club__slug": club_slug,
            f"{prefix}slug": contest_slug,
            f"{prefix}is_public": True,
        }
    ) & ~Q(**{f"{prefix}status": Contest.Status.DRAFT})


def public_contest(club_slug: str, contest_slug: str) -> Contest:
    contest = (
        Contest.objects.select_related("club").filter(contest_q(club_slug, contest_slug)).first()
    )
    if contest is None:
        raise Http404(_("Concours introuvable."))
    return contest


def visible_rounds(contest: Contest) -> QuerySet[Round]:
    return contest.rounds.filter(status__in=standings_service.VISIBLE_ROUND_STATUSES)


def public_rounds_with_results(contest_id: int) -> list[int]:
    return list(
        Round.objects.filter(
            contest_id=contest_id,
            status__in=standings_service.VISIBLE_ROUND_STATUSES,
            show_results=True,
        )
        .order_by("number")
        .values_list("number", flat=True)
    )


def snapshot_meta(club_slug: str, contest_slug: str) -> dict[str, Any] | None:
    """The public snapshot's identity, in one query (no rows)."""
    return (
        standings_service.public_snapshot_query(contest_q(club_slug, contest_slug, "contest__"))
        .values(*_META_FIELDS)
        .first()
    )


def heal(contest_id: int) -> None:
    """Queue a rebuild (throttled) when the public pages notice stale snapshots."""
    try:
        if not cache.add(f"atout:standings:heal:{contest_id}", 1, HEAL_SECONDS):
            return
    except Exception:
        return
    events.queue_rebuild(contest_id)


def check_fresh(meta: dict[str, Any]) -> None:
    results_version = meta["contest__standings_state__results_version"] or 0
    if meta["public_round"] != meta["current_public_round"] or (
        results_version > meta["source_version"]
    ):
        heal(meta["contest_id"])


def published_snapshot_meta(club_slug: str, contest_slug: str) -> dict[str, Any]:
    """The published snapshot's ``meta``; 404 when the contest or its standings are not public."""
    meta = snapshot_meta(club_slug, contest_slug)
    if meta is not None:
        check_fresh(meta)
        return meta
    contest = public_contest(club_slug, contest_slug)  # 404 when the contest is not public
    if visible_rounds(contest).filter(show_standings=True).exists():
        heal(contest.pk)  # published but not built yet: build it for the next visitor
    raise Http404(_("Le classement de ce concours n'est pas encore publié."))


def load_snapshot(pk: int) -> StandingsSnapshot:
    return StandingsSnapshot.objects.select_related("contest__club").get(pk=pk)


def team_url_maker(club_slug: str, contest_slug: str) -> Callable[[int], str]:
    base = reverse(
        "scores:team", kwargs={"club_slug": club_slug, "contest_slug": contest_slug, "number": 1}
    )
    prefix = base[: -len("1/")]
    return lambda number: f"{prefix}{number}/"


def clean_request(request: HttpRequest, **params: Any) -> HttpRequest:
    """A copy of the request whose query string holds only ``params`` (links in cached
    fragments must not carry another visitor's parameters)."""
    clean = copy.copy(request)
    clean.GET = QueryDict(urlencode({k: str(v) for k, v in params.items() if v}))
    return clean


__all__ = [
    "check_fresh",
    "clean_request",
    "contest_q",
    "heal",
    "load_snapshot",
    "public_contest",
    "public_rounds_with_results",
    "published_snapshot_meta",
    "snapshot_meta",
    "team_url_maker",
    "visible_rounds",
]
