"""The projector: the public standings or the last public results, large, for the hall's
screen; the content refreshes itself with htmx (``projector_content``) and scrolls slowly.

The standings fragment is cached under the snapshot's fingerprint (``publishing.cache.pages``);
nothing not public is shown (``publishing.lookups``). A timed partie's countdown
(``projector_clock``) sits above the content, outside its refresh, and rings at the end.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from publishing import lookups
from publishing.cache import pages as pagecache
from publishing.http import french_404
from publishing.public.phases import projector_bracket
from publishing.public.projector.individual import projector_players
from publishing.tables.standings import StandingsTable
from scoring.models import ScoreSheet
from tournaments.models import Contest, Round, Table
from tournaments.services.rounds.clock import clock_of

PROJECTOR_REFRESH_SECONDS = 10
PROJECTOR_VIEWS = ("classement", "joueurs", "resultats", "tableau")  # tableau: pools and brackets


def _projector_view(request: HttpRequest) -> str:
    view = request.GET.get("vue", "classement")
    if view not in PROJECTOR_VIEWS:
        raise Http404(
            _(
                "Affichage inconnu : choisissez « classement », « joueurs », « resultats » ou "
                "« tableau »."
            )
        )
    return view


@require_GET
@french_404
def projector(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """Large type for the hall's screen; the content refreshes itself and scrolls slowly."""
    contest = lookups.public_contest(club_slug, contest_slug)
    view = _projector_view(request)
    return render(
        request,
        "publishing/public/projector.html",
        {
            "contest": contest,
            "view": view,
            "melee": contest.entry_mode == Contest.EntryMode.MELEE,
            "phased": contest.phases.exists(),
            "fragment": mark_safe(_projector_fragment(request, contest, view)),
            "refresh": PROJECTOR_REFRESH_SECONDS,
            **_clock_context(contest),
        },
    )


def _timed_round(contest: Contest) -> Round | None:
    """The partie whose clock the hall watches: the last published one with a duration."""
    return (
        lookups.visible_rounds(contest)
        .filter(status=Round.Status.PUBLISHED, clock_minutes__isnull=False)
        .order_by("-number")
        .first()
    )


def _clock_context(contest: Contest) -> dict[str, object]:
    round_ = _timed_round(contest)
    if round_ is None:
        return {"clock": None}
    return {
        "clock": clock_of(round_),
        "clock_title": _("Partie %(n)s") % {"n": round_.number},
        "clock_sound": True,
        "clock_large": True,
    }


@require_GET
@french_404
def projector_clock(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """The projector's countdown alone (htmx polls it: a pause, an extension, a new partie)."""
    contest = lookups.public_contest(club_slug, contest_slug)
    context = {"contest": contest, **_clock_context(contest)}
    return render(request, "publishing/public/_projector_clock.html", context)


@require_GET
@french_404
def projector_content(request: HttpRequest, club_slug: str, contest_slug: str) -> HttpResponse:
    """The projector's content alone (htmx polls it)."""
    contest = lookups.public_contest(club_slug, contest_slug)
    return HttpResponse(_projector_fragment(request, contest, _projector_view(request)))


def _projector_fragment(request: HttpRequest, contest: Contest, view: str) -> str:
    if view == "resultats":
        return _projector_results(request, contest)
    if view == "tableau":
        return projector_bracket(request, contest)
    meta = lookups.snapshot_meta(contest.club.slug, contest.slug)
    if meta is None:
        if lookups.visible_rounds(contest).filter(show_standings=True).exists():
            lookups.heal(contest.pk)
        return _waiting(request, contest)
    lookups.check_fresh(meta)
    if view == "joueurs" or contest.entry_mode == Contest.EntryMode.MELEE:
        return projector_players(request, contest, meta)

    def build() -> tuple[int, str]:
        snapshot = lookups.load_snapshot(meta["pk"])
        table = StandingsTable(snapshot.rows, config=snapshot.config, orderable=False)
        html = render_to_string(
            "publishing/public/_projector_standings.html",
            {"contest": contest, "snapshot": snapshot, "table": table},
            request=lookups.clean_request(request),
        )
        return snapshot.as_of_round, html

    key = pagecache.make_key("projector", meta["pk"], meta["fingerprint"], get_language())
    return str(pagecache.render_once(key, build)[1])


def _waiting(request: HttpRequest, contest: Contest) -> str:
    """Nothing of this view public yet: say so, and offer the last public draw (the players of
    a mêlée look for their table before any standings exist)."""
    draw = lookups.visible_rounds(contest).filter(show_draw=True).order_by("-number").first()
    return render_to_string(
        "publishing/public/_projector_waiting.html",
        {"contest": contest, "draw": draw},
        request=request,
    )


def _projector_results(request: HttpRequest, contest: Contest) -> str:
    round_ = lookups.visible_rounds(contest).filter(show_results=True).order_by("-number").first()
    if round_ is None:
        return _waiting(request, contest)
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


__all__ = ["projector", "projector_clock", "projector_content"]
