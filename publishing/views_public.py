"""Public pages of the scoring app: standings, results per round, a team's page, projector.

No login. A contest is public when ``is_public`` is set and it is not a draft. Within it:

* the standings are those of the last visible round whose ``show_standings`` is set (never a
  snapshot counting a later round); none published: 404;
* a round's results (tables, totals, deals and their breakdowns) need the round visible
  (published or closed) with ``show_results``; otherwise 404;
* a team's page shows the rounds whose draw or results are public, scores only for rounds with
  public results, and its rank over the rounds of the public standings;
* the projector shows the public standings or results, large, refreshed with htmx.

Anything not published answers 404 exactly like a URL that does not exist, with a French
message. Bad query strings (page, sort, format) give a 404 or fall back to the default, never
a 500.

Caching: the standings page is rendered once per (snapshot fingerprint, publication
generation, page, sort, language) through ``publishing.pagecache.render_once``. Which snapshot is
public comes from ``publishing.public_state`` (the shared cache, invalidated by every publication
change and snapshot write; the database when the cache cannot be trusted). For anonymous
visitors without cookies the whole page is cached and served with no SQL, no CSRF token and no
``Vary: Cookie``: its language switch is a plain link (``?language=en``) answered by a redirect
that sets the language cookie. Signed-in visitors get the table from the cache and the rest of
the page rendered for them (with their CSRF token for the logout and language forms).
"""

from __future__ import annotations

import copy
import datetime
import logging
import math
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Max, Q, Sum
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.dateparse import parse_datetime
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import check_for_language, get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from publishing import exports, pagecache, public_state
from publishing.http import french_404
from publishing.tables import StandingsTable, clean_sort
from scoring.compiled import CompiledSQL
from scoring.models import DealRecord, ScoreSheet
from standings import events
from standings import services as standings_service
from standings.models import StandingsSnapshot
from tournaments.models import Contest, Entry, Round, Table

logger = logging.getLogger(__name__)

PER_PAGE = 100
MAX_PAGE_DIGITS = 6
MAX_ROUND = 1000
PROJECTOR_REFRESH_SECONDS = 10
CSRF_SENTINEL = "__atout_csrf_token__"
CSRF_SENTINEL_BYTES = CSRF_SENTINEL.encode()
LANGUAGE_PARAM = "language"  # ?language=en on a public page switches the language
# Throttle for the public pages' self-repair (a rebuild queued when the snapshots were built
# for another public round than the current one, e.g. flags changed from another page).
HEAL_SECONDS = 10


# --- Lookups ----------------------------------------------------------------------------------


def _contest_q(club_slug: str, contest_slug: str, prefix: str = "") -> Q:
    return Q(
        **{
            f"{prefix}club__slug": club_slug,
            f"{prefix}slug": contest_slug,
            f"{prefix}is_public": True,
        }
    ) & ~Q(**{f"{prefix}status": Contest.Status.DRAFT})


def public_contest(club_slug: str, contest_slug: str) -> Contest:
    contest = (
        Contest.objects.select_related("club").filter(_contest_q(club_slug, contest_slug)).first()
    )
    if contest is None:
        raise Http404(_("Concours introuvable."))
    return contest


def visible_rounds(contest: Contest) -> Any:
    return contest.rounds.filter(status__in=standings_service.VISIBLE_ROUND_STATUSES)


# The hot path of every public standings request: its SQL is compiled once per process and
# database vendor (building and compiling this queryset costs more than running it).
_META_FIELDS = (
    "pk",
    "fingerprint",
    "as_of_round",
    "teams_count",
    "results_count",
    "computed_at",
    "contest_id",
    "public_round",
    "source_version",
    "contest__standings_state__results_version",
    "current_public_round",
)
_META_SQL = CompiledSQL(
    lambda p: standings_service.public_snapshot_query(
        _contest_q(p["club"], p["contest"], "contest__")
    ).values(*_META_FIELDS)[:1],
    strs=("club", "contest"),
)


def _snapshot_meta(club_slug: str, contest_slug: str) -> dict[str, Any] | None:
    """The public snapshot's identity, in one query (no rows): what the cache keys need."""
    with connection.cursor() as cursor:
        cursor.execute(*_META_SQL.statement(club=club_slug, contest=contest_slug))
        row = cursor.fetchone()
    if row is None:
        return None
    meta = dict(zip(_META_SQL.columns, row, strict=True))
    meta["pk"] = meta.get("pk", meta.get("id"))
    computed_at = meta["computed_at"]
    if isinstance(computed_at, str):  # SQLite gives text, or a naive datetime (in UTC)
        computed_at = parse_datetime(computed_at)
    if computed_at is not None and timezone.is_naive(computed_at):
        computed_at = timezone.make_aware(computed_at, datetime.UTC)
    meta["computed_at"] = computed_at
    return meta


def _heal(contest_id: int) -> None:
    """Queue a rebuild (throttled) when the public pages notice stale snapshots."""
    try:
        if not cache.add(f"atout:standings:heal:{contest_id}", 1, HEAL_SECONDS):
            return
    except Exception:
        return
    events.queue_rebuild(contest_id)


def _check_fresh(meta: dict[str, Any]) -> None:
    results_version = meta["contest__standings_state__results_version"] or 0
    if meta["public_round"] != meta["current_public_round"] or (
        results_version > meta["source_version"]
    ):
        _heal(meta["contest_id"])


def _published_snapshot_meta(club_slug: str, contest_slug: str) -> dict[str, Any]:
    meta = public_state.lookup(
        club_slug, contest_slug, lambda: _snapshot_meta(club_slug, contest_slug)
    )
    if meta is not None:
        _check_fresh(meta)
        return meta
    contest = public_contest(club_slug, contest_slug)  # 404 when the contest is not public
    if visible_rounds(contest).filter(show_standings=True).exists():
        _heal(contest.pk)  # published but not built yet: build it for the next visitor
    raise Http404(_("Le classement de ce concours n'est pas encore publié."))


def _page_number(request: HttpRequest, teams: int) -> int:
    raw = request.GET.get("page", "1")
    if not raw.isdigit() or len(raw) > MAX_PAGE_DIGITS:
        raise Http404(_("Cette page du classement n'existe pas."))
    page = int(raw)
    pages = max(1, math.ceil(teams / PER_PAGE))
    if not 1 <= page <= pages:
        raise Http404(_("Cette page du classement n'existe pas."))
    return page


def _team_url_maker(club_slug: str, contest_slug: str) -> Any:
    base = reverse(
        "scores:team", kwargs={"club_slug": club_slug, "contest_slug": contest_slug, "number": 1}
    )
    prefix = base[: -len("1/")]
    return lambda number: f"{prefix}{number}/"


def _clean_request(request: HttpRequest, **params: Any) -> HttpRequest:
    """A copy of the request whose query string holds only ``params`` (links in cached
    fragments must not carry another visitor's parameters)."""
    clean = copy.copy(request)
    query = QueryDict(mutable=True)
    for key, value in params.items():
        if value:
            query[key] = str(value)
    clean.GET = query
    return clean


def _full_page_cacheable(request: HttpRequest, allowed: set[str]) -> bool:
    """Anonymous visitor, no cookies that could carry messages, no unexpected parameters."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return False
    if any(name in request.COOKIES for name in ("sessionid", "messages")):
        return False
    return set(request.GET) <= allowed


def _previous_ok(as_of_round: int) -> Any:
    # An earlier version may be served while a new one renders, never one counting more rounds.
    return lambda value: isinstance(value, tuple) and value[0] <= as_of_round


# --- Standings --------------------------------------------------------------------------------


def _load_snapshot(pk: int) -> StandingsSnapshot:
    return StandingsSnapshot.objects.select_related("contest__club").get(pk=pk)


def _standings_table_html(
    request: HttpRequest, meta: dict[str, Any], page: int, sort: str, club_slug: str, slug: str
) -> str:
    def build() -> tuple[int, str]:
        snapshot = _load_snapshot(meta["pk"])
        logger.info("standings page rendered: contest %s page %s", meta["contest_id"], page)
        table = StandingsTable(
            snapshot.rows, config=snapshot.config, team_url=_team_url_maker(club_slug, slug)
        )
        if sort:
            table.order_by = sort
        table.paginate(page=page, per_page=PER_PAGE)
        return meta["as_of_round"], str(table.page_html({"page": page, "sort": sort}))

    key = pagecache.make_key(
        "standings-table",
        meta["pk"],
        meta["fingerprint"],
        meta.get("generation"),  # slugs in the team links
        page,
        sort,
        get_language(),
    )
    previous = pagecache.make_key(
        "standings-table-prev", meta["contest_id"], page, sort, get_language()
    )
    value = pagecache.render_once(
        key, build, previous_key=previous, previous_ok=_previous_ok(meta["as_of_round"])
    )
    return str(value[1])


def _public_rounds_with_results(contest_id: int) -> list[int]:
    return list(
        Round.objects.filter(
            contest_id=contest_id,
            status__in=standings_service.VISIBLE_ROUND_STATUSES,
            show_results=True,
        )
        .order_by("number")
        .values_list("number", flat=True)
    )


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
    params = {"page": request.GET.get("page", ""), "sort": clean_sort(request.GET.get("sort"), 10)}
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


def _cached_page_response(value: Any, request: HttpRequest) -> HttpResponse:
    """The bytes of a cached page; a CSRF token is put in only if the page shows a form that
    needs one (never on the anonymous standings page, which then varies on nothing per visitor)."""
    body = value[1]
    if isinstance(body, str):  # a value cached by an earlier version of this code
        body = body.encode()
    if CSRF_SENTINEL_BYTES in body:
        from django.middleware.csrf import get_token

        body = body.replace(CSRF_SENTINEL_BYTES, get_token(request).encode())
    return HttpResponse(body)


@require_GET
@french_404
def standings(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """The public standings (sortable, 100 teams a page, each team linked to its page)."""
    meta = _published_snapshot_meta(club_slug, contest_slug)
    language = request.GET.get(LANGUAGE_PARAM)
    if language is not None:
        return _switch_language(request, language)
    page = _page_number(request, meta["teams_count"])
    sort = clean_sort(request.GET.get("sort"), tiebreak_count=10)

    def page_context(table_html: str) -> dict[str, Any]:
        contest = Contest.objects.select_related("club").get(pk=meta["contest_id"])
        return {
            "contest": contest,
            "meta": meta,
            "table_html": mark_safe(table_html),  # rendered by our own templates
            "result_rounds": _public_rounds_with_results(contest.pk),
            "formats": exports.FORMATS,
        }

    if not _full_page_cacheable(request, {"page", "sort"}):
        html = _standings_table_html(request, meta, page, sort, club_slug, contest_slug)
        return render(request, "publishing/public/standings.html", page_context(html))

    def build_page() -> tuple[int, bytes]:
        logger.info("standings page assembled: contest %s page %s", meta["contest_id"], page)
        html = _standings_table_html(request, meta, page, sort, club_slug, contest_slug)
        context = page_context(html)
        context["language_links"] = _language_links(page, sort)
        context["csrf_token"] = CSRF_SENTINEL  # none expected; put in per request if any
        page_html = render_to_string("publishing/public/standings.html", context, request=request)
        return meta["as_of_round"], page_html.encode()

    generation = meta.get("generation")
    key = pagecache.make_key(
        "standings-page", meta["pk"], meta["fingerprint"], generation, page, sort, get_language()
    )
    previous = pagecache.make_key(
        "standings-page-prev", meta["contest_id"], page, sort, get_language()
    )
    value = pagecache.render_once(
        key, build_page, previous_key=previous, previous_ok=_previous_ok(meta["as_of_round"])
    )
    _forget_empty_session_access(request)
    return _cached_page_response(value, request)


def _forget_empty_session_access(request: HttpRequest) -> None:
    """Without a session cookie the visitor is anonymous and the session empty: looking at it
    (the middlewares ask who the user is) must not make a page shared by every visitor vary on
    ``Cookie``, which would keep any shared cache from storing it."""
    session = getattr(request, "session", None)
    if (
        session is not None
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and session.session_key is None
        and not session.modified
    ):
        session.accessed = False


@require_GET
@french_404
def standings_export(
    request: HttpRequest, club_slug: str, contest_slug: str, fmt: str
) -> HttpResponse:
    """The public standings as a CSV, XLSX or ODS file (only what the page shows)."""
    if fmt not in exports.FORMATS:
        raise Http404(_("Format d'export inconnu : choisissez CSV, XLSX ou ODS."))
    meta = _published_snapshot_meta(club_slug, contest_slug)
    snapshot = _load_snapshot(meta["pk"])
    content, content_type = exports.render(exports.standings_dataset(snapshot), fmt)
    response = HttpResponse(content, content_type=content_type)
    name = f"{contest_slug}-classement-manche-{snapshot.as_of_round}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# --- Results of a round -----------------------------------------------------------------------


def _public_results_round(club_slug: str, contest_slug: str, round_number: int) -> Round:
    if round_number < 1 or round_number > MAX_ROUND:
        raise Http404(_("Résultats introuvables."))
    round_ = (
        Round.objects.select_related("contest__club")
        .filter(
            _contest_q(club_slug, contest_slug, "contest__"),
            number=round_number,
            status__in=standings_service.VISIBLE_ROUND_STATUSES,
            show_results=True,
        )
        .first()
    )
    if round_ is None:
        public_contest(club_slug, contest_slug)
        raise Http404(_("Les résultats de cette manche ne sont pas publiés."))
    return round_


def _round_tables(round_: Round) -> list[dict[str, Any]]:
    """Each table of the round with its sheet and deals (three queries)."""
    tables = list(
        Table.objects.filter(round=round_)
        .select_related(
            "entry_a__player1",
            "entry_a__player2",
            "entry_b__player1",
            "entry_b__player2",
        )
        .order_by("number")
    )
    sheets = {s.table_id: s for s in ScoreSheet.objects.filter(table__round=round_)}
    deals: dict[int, list[DealRecord]] = {}
    for deal in DealRecord.objects.filter(sheet__table__round=round_).order_by(
        "sheet_id", "number"
    ):
        deals.setdefault(deal.sheet_id, []).append(deal)
    out = []
    for table in tables:
        sheet = sheets.get(table.pk)
        out.append(
            {
                "table": table,
                "sheet": sheet,
                "deals": [_deal_view(d, table) for d in deals.get(sheet.pk, [])] if sheet else [],
            }
        )
    return out


def _deal_view(deal: DealRecord, table: Table) -> dict[str, Any]:
    from scoring.messages import breakdown_label, outcome_label

    numbers = {"a": table.entry_a.number, "b": table.entry_b.number if table.entry_b else ""}
    return {
        "record": deal,
        "taker": numbers.get(deal.taker, ""),
        "trump": exports.trump_label(deal.trump),
        "belote": numbers.get(deal.belote_team, "") if deal.belote_team else "",
        "capot": numbers.get(deal.capot_team, "") if deal.capot_team else "",
        "outcome": outcome_label(deal.outcome) if deal.outcome else "",
        "breakdown": [
            {
                "team": numbers.get(str(line.get("team", "")), ""),
                "label": breakdown_label(str(line.get("code", ""))),
                "points": line.get("points", 0),
            }
            for line in (deal.breakdown if isinstance(deal.breakdown, list) else [])
            if isinstance(line, dict)
        ],
    }


@require_GET
@french_404
def results(
    request: HttpRequest, club_slug: str, contest_slug: str, round_number: int
) -> HttpResponse:
    """A round's tables: teams, totals, state, and every deal with its breakdown."""
    round_ = _public_results_round(club_slug, contest_slug, round_number)
    version = ScoreSheet.objects.filter(table__round=round_).aggregate(
        v=Sum("version"), n=Count("id"), u=Max("updated_at")
    )
    key = pagecache.make_key(
        "results", round_.pk, version["v"], version["n"], version["u"], get_language()
    )

    def build() -> tuple[int, str]:
        html = render_to_string(
            "publishing/public/_results_tables.html",
            {"round": round_, "tables": _round_tables(round_)},
            request=request,
        )
        return round_.number, html

    tables_html = pagecache.render_once(key, build)[1]
    rounds = _public_rounds_with_results(round_.contest_id)
    return render(
        request,
        "publishing/public/results.html",
        {
            "contest": round_.contest,
            "round": round_,
            "tables_html": mark_safe(tables_html),  # rendered by our own template
            "result_rounds": rounds,
        },
    )


# --- A team -----------------------------------------------------------------------------------


@require_GET
@french_404
def team(request: HttpRequest, club_slug: str, contest_slug: str, number: int) -> HttpResponse:
    """A team's games (opponents, scores where public) and its rank over the rounds."""
    contest = public_contest(club_slug, contest_slug)
    entry = (
        Entry.objects.select_related("player1", "player2")
        .filter(contest=contest, number=number)
        .first()
        if 0 < number < 10**6
        else None
    )
    if entry is None:
        raise Http404(_("Cette équipe n'existe pas dans ce concours."))
    rounds = {
        r.number: r
        for r in visible_rounds(contest).filter(Q(show_draw=True) | Q(show_results=True))
    }
    tables = list(
        Table.objects.filter(round__contest=contest, round__number__in=list(rounds))
        .filter(Q(entry_a=entry) | Q(entry_b=entry))
        .select_related("round", "entry_a", "entry_b", "entry_a__player1", "entry_a__player2")
        .select_related("entry_b__player1", "entry_b__player2")
        .order_by("round__number")
    )
    sheets = {s.table_id: s for s in ScoreSheet.objects.filter(table__in=tables)}
    snapshot = standings_service.public_snapshot(contest)
    row = None
    if snapshot is not None:
        row = next((r for r in snapshot.rows if r["entry"] == entry.pk), None)
    if not tables and row is None:
        raise Http404(_("Cette équipe n'existe pas dans ce concours."))
    games = []
    for table in tables:
        round_ = rounds[table.round.number]
        is_a = table.entry_a_id == entry.pk
        opponent = table.entry_b if is_a else table.entry_a
        sheet = sheets.get(table.pk) if round_.show_results else None
        game: dict[str, Any] = {
            "round": round_,
            "table": table.number,
            "opponent": opponent,
            "sheet": sheet,
            "results_public": round_.show_results,
        }
        if sheet is not None:
            own, other = (sheet.total_a, sheet.total_b) if is_a else (sheet.total_b, sheet.total_a)
            game.update(own=own, other=other, outcome=_outcome(sheet, is_a))
        games.append(game)
    ranks = []
    if row is not None and snapshot is not None:
        key = pagecache.make_key("rank-history", snapshot.pk, snapshot.fingerprint)
        history = dict(pagecache.render_once(key, lambda: standings_service.rank_history(snapshot)))
        ranks = list(enumerate(history.get(entry.pk, []), start=1))
    return render(
        request,
        "publishing/public/team.html",
        {
            "contest": contest,
            "entry": entry,
            "games": games,
            "row": row,
            "snapshot": snapshot,
            "ranks": ranks,
        },
    )


def _outcome(sheet: ScoreSheet, is_a: bool) -> str:
    if sheet.status not in (ScoreSheet.Status.FINISHED, ScoreSheet.Status.CONFIRMED):
        return str(sheet.get_status_display())
    if sheet.kind == ScoreSheet.Kind.BYE:
        return _("exempt")
    mine = "a" if is_a else "b"
    if sheet.kind == ScoreSheet.Kind.FORFEIT:
        return _("forfait perdu") if sheet.forfeit_loser == mine else _("gagnée par forfait")
    if sheet.winner == "draw":
        return _("nulle")
    return _("gagnée") if sheet.winner == mine else _("perdue")


# --- Projector --------------------------------------------------------------------------------

PROJECTOR_VIEWS = ("classement", "resultats")


def _projector_view(request: HttpRequest) -> str:
    view = request.GET.get("vue", "classement")
    if view not in PROJECTOR_VIEWS:
        raise Http404(_("Affichage inconnu : choisissez « classement » ou « resultats »."))
    return view


@require_GET
@french_404
def projector(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """Large type for the hall's screen; the content refreshes itself and scrolls slowly."""
    contest = public_contest(club_slug, contest_slug)
    view = _projector_view(request)
    return render(
        request,
        "publishing/public/projector.html",
        {
            "contest": contest,
            "view": view,
            "fragment": mark_safe(_projector_fragment(request, contest, view)),
            "refresh": PROJECTOR_REFRESH_SECONDS,
        },
    )


@require_GET
@french_404
def projector_content(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """The projector's content alone (htmx polls it)."""
    contest = public_contest(club_slug, contest_slug)
    return HttpResponse(_projector_fragment(request, contest, _projector_view(request)))


def _projector_fragment(request: HttpRequest, contest: Contest, view: str) -> str:
    if view == "resultats":
        return _projector_results(request, contest)
    meta = _snapshot_meta(contest.club.slug, contest.slug)
    if meta is None:
        if visible_rounds(contest).filter(show_standings=True).exists():
            _heal(contest.pk)
        return render_to_string(
            "publishing/public/_projector_waiting.html", {"contest": contest}, request=request
        )
    _check_fresh(meta)

    def build() -> tuple[int, str]:
        snapshot = _load_snapshot(meta["pk"])
        table = StandingsTable(snapshot.rows, config=snapshot.config, orderable=False)
        html = render_to_string(
            "publishing/public/_projector_standings.html",
            {"contest": contest, "snapshot": snapshot, "table": table},
            request=_clean_request(request),
        )
        return snapshot.as_of_round, html

    key = pagecache.make_key("projector", meta["pk"], meta["fingerprint"], get_language())
    previous = pagecache.make_key("projector-prev", contest.pk, get_language())
    return str(
        pagecache.render_once(
            key, build, previous_key=previous, previous_ok=_previous_ok(meta["as_of_round"])
        )[1]
    )


def _projector_results(request: HttpRequest, contest: Contest) -> str:
    round_ = visible_rounds(contest).filter(show_results=True).order_by("-number").first()
    if round_ is None:
        return render_to_string(
            "publishing/public/_projector_waiting.html", {"contest": contest}, request=request
        )
    tables = list(
        Table.objects.filter(round=round_)
        .select_related("entry_a__player1", "entry_a__player2")
        .select_related("entry_b__player1", "entry_b__player2")
        .order_by("number")
    )
    sheets = {s.table_id: s for s in ScoreSheet.objects.filter(table__round=round_)}
    return render_to_string(
        "publishing/public/_projector_results.html",
        {
            "contest": contest,
            "round": round_,
            "rows": [(t, sheets.get(t.pk)) for t in tables],
        },
        request=request,
    )


__all__ = [
    "projector",
    "projector_content",
    "public_contest",
    "results",
    "standings",
    "standings_export",
    "team",
]
