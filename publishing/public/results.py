"""The public results of a round and a team's page.

* A round's results (tables, totals, deals and their breakdowns) need the round visible
  (published or closed) with ``show_results``; otherwise 404 in French. The tables are a
  fragment cached under the round's sheets' versions (``publishing.cache.pages``).
* A team's page shows the rounds whose draw or results are public, scores only for rounds with
  public results, and its rank over the rounds of the public standings (computed on demand,
  cached under the snapshot's fingerprint). A knockout's level game whose winner the organiser
  named shows its score as played, a draw, and the organiser's decision.

What it must not do: show anything of a round or a snapshot the lookups did not allow.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Max, Q, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from publishing import lookups
from publishing.cache import pages as pagecache
from publishing.exports import contest as exports
from publishing.http import french_404
from scoring.messages import breakdown_label, outcome_label
from scoring.models import DealRecord, ScoreSheet
from scoring.services import tie_winner
from standings import services as standings_service
from tournaments.models import Entry, Round, Table

MAX_ROUND = 1000


def _public_results_round(club_slug: str, contest_slug: str, round_number: int) -> Round:
    if round_number < 1 or round_number > MAX_ROUND:
        raise Http404(_("Résultats introuvables."))
    round_ = (
        Round.objects.select_related("contest__club")
        .filter(
            lookups.contest_q(club_slug, contest_slug, "contest__"),
            number=round_number,
            status__in=standings_service.VISIBLE_ROUND_STATUSES,
            show_results=True,
        )
        .first()
    )
    if round_ is None:
        lookups.public_contest(club_slug, contest_slug)
        raise Http404(_("Les résultats de cette partie ne sont pas publiés."))
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
    rounds = lookups.public_rounds_with_results(round_.contest_id)
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


# --- A team ---------------------------------------------------------------------------------


@require_GET
@french_404
def team(request: HttpRequest, club_slug: str, contest_slug: str, number: int) -> HttpResponse:
    """A team's games (opponents, scores where public) and its rank over the rounds."""
    contest = lookups.public_contest(club_slug, contest_slug)
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
        for r in lookups.visible_rounds(contest).filter(Q(show_draw=True) | Q(show_results=True))
    }
    tables = list(
        Table.objects.filter(round__contest=contest, round__number__in=list(rounds))
        .filter(Q(entry_a=entry) | Q(entry_b=entry))
        .select_related("round", "entry_a", "entry_b", "entry_a__player1", "entry_a__player2")
        .select_related("entry_b__player1", "entry_b__player2")
        .order_by("round__number")
    )
    # With its table: a level game's outcome reads it (``tie_winner.is_level``).
    sheets = {
        s.table_id: s for s in ScoreSheet.objects.filter(table__in=tables).select_related("table")
    }
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
            if sheet.games:  # a match of several games: the games won, from this team's side
                won = (sheet.games_a, sheet.games_b) if is_a else (sheet.games_b, sheet.games_a)
                game["games_won"] = f"{won[0]}–{won[1]}"
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
    if tie_winner.is_level(sheet):
        # A knockout's level game whose winner the organiser named (``tie_winner``): the
        # points stay level and the standings count a draw; the decision is said beside it.
        if sheet.winner == mine:
            return _("nulle — qualifiée par décision de l'organisateur")
        return _("nulle — éliminée par décision de l'organisateur")
    return _("gagnée") if sheet.winner == mine else _("perdue")


__all__ = ["results", "team"]
