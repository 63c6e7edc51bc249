"""The public players' ranking (a mêlée's standings, or the players of a pairs contest) and
its export files.

Same rules as the team standings (``publishing.public.standings``): the ranking shown is the
one of the last visible partie whose standings are public, from the stored snapshot
(``individual_rows``); none published: 404 in French; bad ``page``/``sort``: 404 or the rank
order, never a 500. The table is a fragment cached under the snapshot's fingerprint, the whole
page is cached for anonymous visitors under the contest's version (``publishing.cache.pages``).
"""

from __future__ import annotations

import math
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from publishing import lookups
from publishing.cache import pages as pagecache
from publishing.exports import contest as exports
from publishing.exports.individual import players_dataset
from publishing.http import french_404
from publishing.public.standings import (
    LANGUAGE_PARAM,
    _export_refused,
    _language_links,
    _switch_language,
    _too_many_exports,
)
from publishing.tables.individual import PlayerStandingsTable, clean_player_sort
from tournaments.models import Contest

PER_PAGE = 100
MAX_TIEBREAKS = 10
PAGE_PARAMS = frozenset({"page", "sort"})


def _page_number(request: HttpRequest, players: int) -> int:
    raw = request.GET.get("page", "1")
    if not raw.isdigit() or len(raw) > 6:
        raise Http404(_("Cette page du classement n'existe pas."))
    page = int(raw)
    if not 1 <= page <= max(1, math.ceil(players / PER_PAGE)):
        raise Http404(_("Cette page du classement n'existe pas."))
    return page


def _canonical(request: HttpRequest) -> bool:
    page, sort = request.GET.get("page"), request.GET.get("sort")
    page_ok = page is None or (page.isdigit() and not page.startswith("0") and len(page) <= 6)
    return page_ok and (
        sort is None or (sort != "" and clean_player_sort(sort, MAX_TIEBREAKS) == sort)
    )


def _table_html(
    request: HttpRequest, meta: dict[str, Any], contest: Contest, page: int, sort: str
) -> str:
    def build() -> str:
        snapshot = lookups.load_snapshot(meta["pk"])
        table = PlayerStandingsTable(
            snapshot.individual_rows,
            config=snapshot.individual_config,
            melee=contest.entry_mode == Contest.EntryMode.MELEE,
        )
        table.order_by = sort or None
        table.paginate(page=page, per_page=PER_PAGE)
        return str(table.as_html(lookups.clean_request(request, page=page, sort=sort)))

    key = pagecache.make_key(
        "players-table", meta["pk"], meta["fingerprint"], page, sort, get_language()
    )
    return str(pagecache.render_once(key, build))


@require_GET
@french_404
@pagecache.cache_public_page(PAGE_PARAMS, _canonical)
def players(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """The public players' ranking (sortable, 100 players a page)."""
    meta = lookups.published_snapshot_meta(club_slug, contest_slug)
    language = request.GET.get(LANGUAGE_PARAM)
    if language is not None:
        return _switch_language(request, language)
    contest = Contest.objects.select_related("club").get(pk=meta["contest_id"])
    page = _page_number(request, meta["players_count"])
    sort = clean_player_sort(request.GET.get("sort"), MAX_TIEBREAKS)
    context: dict[str, Any] = {
        "contest": contest,
        "meta": meta,
        "table_html": mark_safe(_table_html(request, meta, contest, page, sort)),  # django-tables2
        "result_rounds": lookups.public_rounds_with_results(meta["contest_id"]),
        "formats": exports.FORMATS,
    }
    shared = pagecache.shared_page_request(request, PAGE_PARAMS)
    if shared:  # the same page for every anonymous visitor: no form, so no CSRF token
        context["language_links"] = _language_links(page, sort)
    response = render(request, "publishing/public/players.html", context)
    if shared:
        pagecache.forget_empty_session_access(request)
    return response


@require_GET
@french_404
def players_export(
    request: HttpRequest, club_slug: str, contest_slug: str, fmt: str
) -> HttpResponse:
    """The public players' ranking as a CSV, XLSX or ODS file (only what the page shows)."""
    if fmt not in exports.FORMATS:
        raise Http404(_("Format d'export inconnu : choisissez CSV, XLSX ou ODS."))
    if _too_many_exports(request):
        return _export_refused(request)
    meta = lookups.published_snapshot_meta(club_slug, contest_slug)

    def build() -> bytes:
        return exports.render(players_dataset(lookups.load_snapshot(meta["pk"])), fmt)[0]

    key = pagecache.make_key("players-export", meta["pk"], meta["fingerprint"], fmt, get_language())
    response = HttpResponse(
        bytes(pagecache.render_once(key, build)), content_type=exports.CONTENT_TYPES[fmt]
    )
    name = f"{contest_slug}-classement-joueurs-partie-{meta['as_of_round']}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


__all__ = ["players", "players_export"]
