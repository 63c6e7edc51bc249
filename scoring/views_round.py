"""Organiser pages of score entry: a round's dashboard (every table's state, live).

Club members only: the round comes from ``tournaments.access`` (404 for anyone else). Opening
a published round's dashboard creates its missing sheets and credits its byes. It never writes
otherwise; a table's own page is ``views_organiser``.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring import services
from scoring import views as shared
from scoring.models import ScoreSheet
from tournaments import access as tournaments_access
from tournaments.models import Round

ORGANISING = tournaments_access.ORGANISING
ANY_MEMBER = tournaments_access.ANY_MEMBER


def round_url(round_: Round, name: str = "round_sheets") -> str:
    contest = round_.contest
    return reverse(
        f"scoring:{name}",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": round_.number,
        },
    )


def sheet_url(sheet: ScoreSheet, name: str = "sheet", **extra: Any) -> str:
    table = sheet.table
    contest = table.round.contest
    return reverse(
        f"scoring:{name}",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": table.round.number,
            "table_number": table.number,
            **extra,
        },
    )


def state_of(sheet: ScoreSheet) -> tuple[str, str]:
    """(css key, French label) of a sheet's state on the dashboard."""
    if sheet.kind == ScoreSheet.Kind.BYE:
        return "bye", _("exempt")
    if sheet.kind == ScoreSheet.Kind.FORFEIT:
        return "forfeit", _("forfait")
    if sheet.status == ScoreSheet.Status.OPEN:
        if sheet.deal_count == 0:
            return "not_started", _("pas commencée")
        return "running", _("en jeu, %(n)d donne(s)") % {"n": sheet.deal_count}
    return str(sheet.status), str(sheet.get_status_display())


def _round_rows(round_: Round) -> list[dict[str, Any]]:
    sheets = list(
        ScoreSheet.objects.filter(table__round=round_)
        .select_related(
            "table__round__contest__club",
            "table__entry_a__player1",
            "table__entry_a__player2",
            "table__entry_b__player1",
            "table__entry_b__player2",
        )
        .order_by("table__number")
    )
    rows = []
    for sheet in sheets:
        key, label = state_of(sheet)
        rows.append(
            {
                "sheet": sheet,
                "names": shared.team_names(sheet),
                "state": key,
                "label": label,
                "url": sheet_url(sheet),
                "winner": shared.winner_name(sheet),
            }
        )
    return rows


def _counts(rows: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["state"]] = counts.get(row["state"], 0) + 1
    return counts


def _round_for(request: HttpRequest, club_slug: str, contest_id: int, round_number: int) -> Round:
    round_ = tournaments_access.round_for(
        request.user, club_slug, contest_id, round_number, roles=ANY_MEMBER
    )
    return round_


@tournaments_access.organiser_view("GET", roles=ANY_MEMBER)
def round_sheets(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Each table's state, live: not started, in play, finished, confirmed, disputed..."""
    round_ = _round_for(request, club_slug, contest_id, round_number)
    if round_.status == Round.Status.PUBLISHED:
        services.ensure_round_sheets(round_, user=request.user)
    rows = _round_rows(round_)
    context = {
        "round": round_,
        "contest": round_.contest,
        "rows": rows,
        "counts": _counts(rows),
        "state_url": round_url(round_, "round_sheets_state"),
        # Printing is an organiser's task (the publishing pages); scorers don't see the link.
        "print_url": reverse(
            "publishing:print_sheets",
            kwargs={
                "club_slug": round_.contest.club.slug,
                "contest_id": round_.contest_id,
                "round_number": round_.number,
            },
        )
        if tournaments_access.role_in(request.user, round_.contest.club) in ORGANISING
        else "",
        "draft": round_.status == Round.Status.DRAFT,
    }
    return shared.render(request, "scoring/round_sheets.html", context)


@tournaments_access.organiser_view("GET", roles=ANY_MEMBER)
def round_sheets_state(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    round_ = _round_for(request, club_slug, contest_id, round_number)
    rows = _round_rows(round_)
    context = {
        "round": round_,
        "rows": rows,
        "counts": _counts(rows),
        "state_url": round_url(round_, "round_sheets_state"),
    }
    return shared.render(request, "scoring/_round_tables.html", context)
