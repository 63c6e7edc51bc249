"""The public standings page and its export files (CSV, XLSX, ODS).

The standings shown are those of the last visible round whose ``show_standings`` is set, never
a snapshot counting a later round; none published: 404 in French. Bad ``page``/``sort`` give a
404 or fall back to the ranking, never a 500.

Caching (``publishing.cache.pages``): the table is a fragment keyed on the snapshot's fingerprint;
anonymous visitors without cookies get the whole page (and the export files) from Django's cache
under the contest's version, a page that carries no CSRF token: its language switch is a plain
link (``?language=en``) answered by a redirect that sets the language cookie. Signed-in visitors
get the page rendered for them, with their forms. Export files are throttled per address.
"""

from __future__ import annotations

import hashlib
import logging
import math
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import check_for_language, get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from publishing import lookups
from publishing.cache import pages as pagecache
from publishing.exports import contest as exports
from publishing.http import french_404
from publishing.tables.standings import StandingsTable, clean_sort
from tournaments.models import Contest

logger = logging.getLogger(__name__)

PER_PAGE = 100
MAX_PAGE_DIGITS = 6
MAX_TIEBREAKS = 10
LANGUAGE_PARAM = "language"  # ?language=en on a public page switches the language
PAGE_PARAMS = frozenset({"page", "sort"})
# Export files an address may download per window (a cached file costs little; this stops a
# scraper, not a hall: a club's public rarely downloads the standings at all).
EXPORTS_PER_ADDRESS = 30
EXPORT_WINDOW_SECONDS = 60


def _page_number(request: HttpRequest, teams: int) -> int:
    raw = request.GET.get("page", "1")
    if not raw.isdigit() or len(raw) > MAX_PAGE_DIGITS:
        raise Http404(_("Cette page du classement n'existe pas."))
    page = int(raw)
    pages = max(1, math.ceil(teams / PER_PAGE))
    if not 1 <= page <= pages:
        raise Http404(_("Cette page du classement n'existe pas."))
    return page


def _canonical(request: HttpRequest) -> bool:
    """``page`` and ``sort`` as the page's own links write them (junk is served uncached)."""
    page = request.GET.get("page")
    sort = request.GET.get("sort")
    page_ok = page is None or (page.isdigit() and not page.startswith("0") and len(page) <= 6)
    return page_ok and (sort is None or (sort != "" and clean_sort(sort, MAX_TIEBREAKS) == sort))


def standings_table_html(
    request: HttpRequest, meta: dict[str, Any], page: int, sort: str, slugs: tuple[str, str]
) -> str:
    """The table of one page in one order: rendered by django-tables2 once per snapshot."""

    def build() -> str:
        snapshot = lookups.load_snapshot(meta["pk"])
        logger.info("standings page rendered: contest %s page %s", meta["contest_id"], page)
        table = StandingsTable(
            snapshot.rows, config=snapshot.config, team_url=lookups.team_url_maker(*slugs)
        )
        table.order_by = sort or None
        table.paginate(page=page, per_page=PER_PAGE)
        return str(table.as_html(lookups.clean_request(request, page=page, sort=sort)))

    key = pagecache.make_key(
        "standings-table", meta["pk"], meta["fingerprint"], *slugs, page, sort, get_language()
    )
    return str(pagecache.render_once(key, build))


def _language_links(page: int, sort: str) -> list[tuple[str, str]]:
    """The other languages as links to this page (``?language=``), without a CSRF token."""
    current = get_language()
    links = []
    for code, _label in settings.LANGUAGES:
        if code != current:
            params = {"page": page if page > 1 else "", "sort": sort, LANGUAGE_PARAM: code}
            links.append((code, "?" + urlencode({k: v for k, v in params.items() if v})))
    return links


def _switch_language(request: HttpRequest, code: str) -> HttpResponse:
    """``GET ?language=en``: set the language cookie (as ``set_language`` does) and come back to
    the same page without the parameter. Nothing else is kept from the query string."""
    params = {
        "page": request.GET.get("page", ""),
        "sort": clean_sort(request.GET.get("sort"), MAX_TIEBREAKS),
    }
    params = {k: v for k, v in params.items() if v and len(v) <= 40}
    response = HttpResponseRedirect(request.path + ("?" + urlencode(params) if params else ""))
    if code in dict(settings.LANGUAGES) and check_for_language(code):
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    patch_cache_control(response, private=True, no_store=True)
    return response


@require_GET
@french_404
@pagecache.cache_public_page(PAGE_PARAMS, _canonical)
def standings(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """The public standings (sortable, 100 teams a page, each team linked to its page)."""
    meta = lookups.published_snapshot_meta(club_slug, contest_slug)
    language = request.GET.get(LANGUAGE_PARAM)
    if language is not None:
        return _switch_language(request, language)
    contest = Contest.objects.select_related("club").get(pk=meta["contest_id"])
    if contest.entry_mode == Contest.EntryMode.MELEE:  # partners change: players are ranked
        return redirect("scores:players", club_slug=club_slug, contest_slug=contest_slug)
    page = _page_number(request, meta["teams_count"])
    sort = clean_sort(request.GET.get("sort"), MAX_TIEBREAKS)
    table_html = standings_table_html(request, meta, page, sort, (club_slug, contest_slug))
    context: dict[str, Any] = {
        "contest": contest,
        "meta": meta,
        "table_html": mark_safe(table_html),  # rendered by django-tables2's templates
        "result_rounds": lookups.public_rounds_with_results(meta["contest_id"]),
        "formats": exports.FORMATS,
    }
    logger.info("standings page assembled: contest %s page %s", meta["contest_id"], page)
    shared = pagecache.shared_page_request(request, PAGE_PARAMS)
    if shared:  # the same page for every anonymous visitor: no form, so no CSRF token
        context["language_links"] = _language_links(page, sort)
    response = render(request, "publishing/public/standings.html", context)
    if shared:
        pagecache.forget_empty_session_access(request)
    return response


def _too_many_exports(request: HttpRequest) -> bool:
    address = str(request.META.get("REMOTE_ADDR", ""))
    digest = hashlib.sha256(address.encode()).hexdigest()[:32]
    key = f"atout:throttle:public-export:{digest}"
    try:
        if cache.add(key, 1, EXPORT_WINDOW_SECONDS):
            return False
        return int(cache.incr(key)) > EXPORTS_PER_ADDRESS
    except Exception:  # no cache, no counter: never refuse for that
        return False


def _export_refused(request: HttpRequest) -> HttpResponse:
    response = render(
        request,
        "429.html",
        {"message": _("Trop de téléchargements. Patientez une minute, puis réessayez.")},
        status=429,
    )
    response["Retry-After"] = str(EXPORT_WINDOW_SECONDS)
    return response


def _export_file(meta: dict[str, Any], fmt: str) -> bytes:
    """The file of the published snapshot, built once per snapshot, format and language."""

    def build() -> bytes:
        snapshot = lookups.load_snapshot(meta["pk"])
        return exports.render(exports.standings_dataset(snapshot), fmt)[0]

    key = pagecache.make_key(
        "standings-export", meta["pk"], meta["fingerprint"], fmt, get_language()
    )
    return bytes(pagecache.render_once(key, build))


@require_GET
@french_404
def standings_export(
    request: HttpRequest, club_slug: str, contest_slug: str, fmt: str
) -> HttpResponse:
    """The public standings as a CSV, XLSX or ODS file (only what the page shows)."""
    if fmt not in exports.FORMATS:
        raise Http404(_("Format d'export inconnu : choisissez CSV, XLSX ou ODS."))
    if _too_many_exports(request):
        return _export_refused(request)
    return _cached_export(request, club_slug, contest_slug, fmt)


@pagecache.cache_public_page(frozenset())
def _cached_export(
    request: HttpRequest, club_slug: str, contest_slug: str, fmt: str
) -> HttpResponse:
    meta = lookups.published_snapshot_meta(club_slug, contest_slug)
    response = HttpResponse(_export_file(meta, fmt), content_type=exports.CONTENT_TYPES[fmt])
    name = f"{contest_slug}-classement-partie-{meta['as_of_round']}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


__all__ = ["standings", "standings_export", "standings_table_html"]
