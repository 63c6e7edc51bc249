"""Organiser pages of publishing, prizes and prints (login and club role required).

* Publication: per round, what the public sees (draw, results, standings); the standings
  state (up to date or being recalculated) and a "recalculer maintenant" button.
* Prizes ("lots"): a list of rank ranges with their prize.
* Prints (A4, print CSS): the score sheets of a round (a 12-deal grid, or a running-total grid
  for games to a target; team numbers, table number, the QR code of the table link), the draw
  posters (by table and by team), the final ranking with the prize list (top N or every team).
* Exports: the pages are ``publishing.organiser.exports``.

Every object comes through ``tournaments.access`` (404 for anyone outside the club). Bad input
gets a French message and a 4xx.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from publishing import services as publishing
from publishing.forms import PrizeForm, RankingPrintForm, VisibilityForm
from publishing.http import french_404
from publishing.models import Prize
from publishing.public.phases import phased_palmares
from publishing.tables.standings import PrizeRankingTable
from scoring import services as scoring_services
from scoring.adapters import ruleset_of_contest, ruleset_of_round
from scoring.messages import game_label, match_title
from scoring.models import ScoreSheet
from scoring.table.links import short_link
from standings import services as standings_service
from tournaments import access
from tournaments.adapters import round_ruleset
from tournaments.contests.links import public_url
from tournaments.models import Contest, Entry, Round, name_key
from tournaments.rounds import draws
from tournaments.rules.format import format_changes

logger = logging.getLogger(__name__)

SHEET_TARGET_LINES = 24  # lines of a running-total grid (games to a target)


def _contest(request: HttpRequest, club_slug: str, contest_id: int) -> Contest:
    return access.contest_for(request.user, club_slug, contest_id)


def _base(contest: Contest, **extra: Any) -> dict[str, Any]:
    return {"club": contest.club, "contest": contest, **extra}


# --- Publication ------------------------------------------------------------------------------


def _publication_context(contest: Contest, **extra: Any) -> dict[str, Any]:
    rounds = list(contest.rounds.order_by("number"))
    return _base(
        contest,
        rounds=[(r, VisibilityForm(initial=_flags(r), prefix=f"r{r.number}")) for r in rounds],
        stale=standings_service.is_stale(contest.pk),
        snapshot=standings_service.live_snapshot(contest.pk),
        public_snapshot=standings_service.public_snapshot(contest),
        **extra,
    )


def _flags(round_: Round) -> dict[str, bool]:
    return {
        "show_draw": round_.show_draw,
        "show_results": round_.show_results,
        "show_standings": round_.show_standings,
    }


@access.organiser_view("GET")
@french_404
def publication(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    contest = _contest(request, club_slug, contest_id)
    return render(request, "publishing/organiser/publication.html", _publication_context(contest))


@access.organiser_view("POST")
@french_404
def publication_round(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    form = VisibilityForm(request.POST, prefix=f"r{round_.number}")
    form.is_valid()  # three optional booleans: always valid
    try:
        publishing.set_visibility(round_, **form.cleaned_data)
    except publishing.PublishingError as exc:
        context = _publication_context(round_.contest, error=exc.message)
        return render(request, "publishing/organiser/publication.html", context, status=409)
    messages.success(
        request,
        _("Partie %(number)s : publication enregistrée, classement recalculé.")
        % {"number": round_.number},
    )
    return redirect("publishing:publication", club_slug=club_slug, contest_id=contest_id)


@access.organiser_view("POST")
@french_404
def standings_rebuild(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    contest = _contest(request, club_slug, contest_id)
    try:
        publishing.rebuild_now(contest)
    except publishing.PublishingError as exc:
        context = _publication_context(contest, error=exc.message)
        return render(request, "publishing/organiser/publication.html", context, status=409)
    messages.success(request, _("Classement recalculé."))
    return redirect("publishing:publication", club_slug=club_slug, contest_id=contest_id)


# --- Prizes -----------------------------------------------------------------------------------


@access.organiser_view("GET", "POST")
@french_404
def prizes(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    contest = _contest(request, club_slug, contest_id)
    form = PrizeForm(access.posted(request))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                publishing.add_prize(
                    contest,
                    rank_from=form.cleaned_data["rank_from"],
                    rank_to=form.cleaned_data["rank_to"],
                    label=form.cleaned_data["label"],
                )
            except publishing.PublishingError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Lot ajouté."))
                return redirect("publishing:prizes", club_slug=club_slug, contest_id=contest_id)
        status = 400
    items = list(Prize.objects.filter(contest=contest).order_by("rank_from"))
    return render(
        request,
        "publishing/organiser/prizes.html",
        _base(contest, form=form, prizes=items),
        status=status,
    )


@access.organiser_view("POST")
@french_404
def prize_delete(
    request: HttpRequest, club_slug: str, contest_id: int, prize_id: int
) -> HttpResponse:
    contest = _contest(request, club_slug, contest_id)
    try:
        publishing.delete_prize(contest, prize_id)
    except publishing.PublishingError as exc:
        raise Http404(exc.message) from None
    messages.success(request, _("Lot supprimé."))
    return redirect("publishing:prizes", club_slug=club_slug, contest_id=contest_id)


# --- Prints -----------------------------------------------------------------------------------


def qr_svg(url: str) -> SafeString:
    """An inline SVG QR code (no image file, no script; the CSP allows inline styles)."""
    import segno

    code = segno.make(url, error="m")
    return mark_safe(code.svg_inline(scale=3, border=2, omitsize=False))  # segno's own SVG


def table_link(sheet: ScoreSheet, round_number: int, table_number: int) -> str:
    return reverse(
        "table:sheet",
        kwargs={"round_number": round_number, "table_number": table_number, "token": sheet.token},
    )


def _sheet_layout(round_: Round) -> dict[str, Any]:
    """How the paper sheet looks: N numbered deals, or running totals towards a target, under
    the partie's own format (``format``: its words when it differs from the contest's)."""
    contest = round_.contest
    try:
        rules = ruleset_of_round(round_)
        note = format_changes(ruleset_of_contest(contest), rules)
    except Exception:  # a broken ruleset must not stop printing: the usual 12 deals
        logger.warning("print: unreadable ruleset for contest %s", contest.pk)
        return {"by_deals": True, "lines": list(range(1, 13)), "target": None, "format": ""}
    if round_.clock_minutes:
        timed = _("en %(m)s minutes") % {"m": round_.clock_minutes}
        note = f"{note or _('Partie')} {timed}"
    if str(rules.game_end) == "deals":
        lines = list(range(1, rules.deals_per_game + 1))
        return {"by_deals": True, "lines": lines, "target": None, "format": note}
    return {
        "by_deals": False,
        "lines": list(range(1, SHEET_TARGET_LINES + 1)),
        "target": rules.target,
        "format": note,
    }


def _match_blocks(round_: Round) -> dict[str, Any]:
    """A match of several games prints one column block per game: the match's format and the
    games' titles (none for a one-game match)."""
    try:
        rules = round_ruleset(round_)
    except Exception:  # a broken ruleset must not stop printing: one game
        return {}
    if rules.match_games <= 1:
        return {}
    return {
        "title": match_title(rules),
        "best_of": str(rules.match_format) == "best_of",
        "games": [game_label(rules, n) for n in range(1, rules.match_games + 1)],
    }


@access.organiser_view("GET")
@french_404
def print_sheets(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """One A4 score sheet per table of a published round, with the QR code of its link."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    contest = round_.contest
    if round_.status == Round.Status.DRAFT:
        return render(
            request,
            "publishing/organiser/refused.html",
            _base(
                contest,
                round=round_,
                message=_(
                    "La partie %(number)s est en brouillon : publiez son tirage avant "
                    "d'imprimer les feuilles de marque (leurs liens n'existent pas encore)."
                )
                % {"number": round_.number},
            ),
            status=409,
        )
    scoring_services.ensure_round_sheets(round_, user=request.user)
    tables = draws.tables_of(round_)
    sheets = {s.table_id: s for s in ScoreSheet.objects.filter(table__round=round_)}
    pages = []
    for table in tables:
        sheet = sheets.get(table.pk)
        if table.entry_b is None:
            continue  # a bye has no game to write down
        url = public_url(request, table_link(sheet, round_.number, table.number)) if sheet else ""
        pages.append(
            {
                "table": table,
                "url": url,
                "qr": qr_svg(url) if url else "",
                # What a player types when the camera fails (the token is never printed).
                "short_link": short_link(request, sheet) if sheet else "",
            }
        )
    return render(
        request,
        "publishing/print/sheets.html",
        _base(
            contest,
            round=round_,
            pages=pages,
            layout=_sheet_layout(round_),
            match=_match_blocks(round_),
        ),
    )


@access.organiser_view("GET")
@french_404
def print_posters(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """The draw in large type, by table then by team (to pin on the hall's walls)."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    tables = draws.tables_of(round_)
    by_player = _by_player(tables)
    melee = round_.method == "melee"
    if melee:  # partners change at every partie: players look for their name, not a team
        by_player = sorted(by_player + _exempt_players(round_), key=lambda r: r["key"])
    return render(
        request,
        "publishing/print/posters.html",
        _base(
            round_.contest,
            round=round_,
            by_table=draws.by_table(tables),
            by_team=[] if melee else draws.by_team(tables),
            by_player=by_player,
        ),
    )


def _exempt_players(round_: Any) -> list[dict[str, Any]]:
    """A mêlée partie's players who sit out, so that they find their name too."""
    return [
        {
            "key": bye.solo.player.name_key,
            "last_name": bye.solo.player.last_name,
            "first_name": bye.solo.player.first_name,
            "table": "—",
            "team": _("exempt"),
        }
        for bye in round_.solo_byes.select_related("solo__player")
    ]


def _by_player(tables: list[Any]) -> list[dict[str, Any]]:
    """Every player of the round, by surname then first name, with their table and team."""
    rows = [
        {
            "key": name_key(player.last_name, player.first_name),
            "last_name": player.last_name,
            "first_name": player.first_name,
            "table": table.number,
            "team": draws.team_label(entry),
        }
        for table in tables
        for entry in (table.entry_a, table.entry_b)
        if entry is not None
        for player in (entry.player1, entry.player2)
        if player is not None
    ]
    rows.sort(key=lambda r: (r["key"], r["table"]))
    return rows


@access.organiser_view("GET")
@french_404
def print_ranking(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The final ranking with the prize list: the prize-winners (``?n=``) or every team."""
    contest = _contest(request, club_slug, contest_id)
    if contest.entry_mode == Contest.EntryMode.MELEE:  # no fixed pair: the players' palmarès
        return redirect(
            reverse("publishing:print_players", args=[club_slug, contest_id])
            + ("?" + request.GET.urlencode() if request.GET else "")
        )
    form = RankingPrintForm(request.GET)
    if not form.is_valid():
        return render(
            request,
            "publishing/organiser/refused.html",
            _base(contest, message=" ".join(str(e) for errs in form.errors.values() for e in errs)),
            status=400,
        )
    # A contest in phases, once over, is ranked by its final placement (publishing.public.phases).
    phased = phased_palmares(request, contest, _base(contest))
    if phased is not None:
        return phased
    try:
        standings_service.rebuild(contest.pk)  # a no-op when up to date
    except Exception:
        logger.exception("print: rebuild of contest %s failed", contest.pk)
    snapshot = standings_service.live_snapshot(contest.pk)
    items = list(Prize.objects.filter(contest=contest).order_by("rank_from"))
    rows = list(snapshot.rows) if snapshot is not None else []
    limit = form.cleaned_data.get("n")
    if form.cleaned_data.get("tous"):
        limit = None
    elif limit is None and items:
        limit = max(p.rank_to for p in items)
    # A withdrawn team never receives a prize: the next team takes it (award_prizes).
    withdrawn = set(
        Entry.objects.filter(contest=contest, withdrawn_after_round__isnull=False).values_list(
            "pk", flat=True
        )
    )
    awarded = publishing.award_prizes(rows, items, withdrawn)
    for row, (prize_rank, label) in zip(rows, awarded, strict=True):
        row["prize"] = label if prize_rank is not None else _("retirée : pas de lot")
        row["prize_rank"] = prize_rank
    if limit is not None:
        rows = [r for r in rows if r["prize_rank"] is not None and r["prize_rank"] <= limit]
    table = PrizeRankingTable(rows, config=snapshot.config if snapshot else {}, orderable=False)
    return render(
        request,
        "publishing/print/ranking.html",
        _base(contest, table=table, snapshot=snapshot, prizes=items, limit=limit),
    )


__all__ = [
    "print_posters",
    "print_ranking",
    "print_sheets",
    "prize_delete",
    "prizes",
    "publication",
    "publication_round",
    "standings_rebuild",
]
