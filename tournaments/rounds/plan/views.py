"""Organiser pages that change a running contest's plan: the number of parties, a latecomer
seated in the partie being played, a table taken out of service.

Each is two steps: the form (with its required reason), then a confirmation page listing the
consequences (``services.*_consequences``); only the confirmed post asks the service, which
decides again under its locks. Objects come from ``tournaments.access``, writes go through
``tournaments.services``, refusals are answered with the French message and a 4xx. Must not
write anything itself.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import access, services
from tournaments.models import Contest, Entry, Round, Table
from tournaments.responses import status_of
from tournaments.rounds.plan.forms import BYE, LatecomerForm, RoundsCountForm, TableMoveForm
from tournaments.services.rounds.latecomers import check_round
from tournaments.services.rounds.plan import check_running


def _contest_url(name: str, contest: Contest, round_: Round | None = None) -> str:
    kwargs: dict[str, Any] = {"club_slug": contest.club.slug, "contest_id": contest.pk}
    if round_ is not None:
        kwargs["round_number"] = round_.number
    return reverse(f"tournaments:{name}", kwargs=kwargs)


def _playing(contest: Contest) -> Round | None:
    """The partie being played: the last published one (None when none, or it is closed)."""
    last = contest.rounds.exclude(status=Round.Status.DRAFT).order_by("-number").first()
    return last if last is not None and last.status == Round.Status.PUBLISHED else None


def _base(contest: Contest, **extra: Any) -> dict[str, Any]:
    drawn = contest.rounds.count()
    return {"club": contest.club, "contest": contest, "drawn": drawn, **extra}


def _confirm(
    request: HttpRequest, contest: Contest, form: Any, lines: list[str], **extra: Any
) -> HttpResponse:
    """The confirmation step: the consequences, and the same values posted again, confirmed."""
    hidden = {name: value for name, value in form.cleaned_data.items() if name != "confirmed"}
    return render(
        request,
        "tournaments/plan/confirm.html",
        _base(contest, lines=lines, hidden=hidden, action=request.path, **extra),
    )


# --- the plan's page and the number of parties -------------------------------------------------


@access.organiser_view("GET", "POST")
def plan(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """The plan of the contest (partie N of M) and the change of the number of parties."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    form = RoundsCountForm(access.posted(request), initial={"count": contest.rounds_count})
    error, status = "", 200
    if request.method == "POST":
        if not form.is_valid():
            status = 400
        else:
            count, reason = form.cleaned_data["count"], form.cleaned_data["reason"]
            try:
                if not form.cleaned_data["confirmed"]:
                    lines = services.rounds_count_consequences(contest, count)
                    return _confirm(
                        request,
                        contest,
                        form,
                        lines,
                        title=_("Changer le nombre de parties"),
                        button=_("Jouer %(n)s parties") % {"n": count},
                    )
                services.change_rounds_count(contest, count, reason=reason)
            except services.ServiceError as exc:
                error, status = exc.message, status_of(exc)
            else:
                messages.success(
                    request,
                    _("Le concours se joue désormais en %(n)s parties.") % {"n": count},
                )
                return redirect(contest.get_absolute_url())
    problem = ""
    try:
        check_running(contest)
    except services.ServiceError as exc:
        problem = exc.message
    playing = _playing(contest)
    return render(
        request,
        "tournaments/plan/plan.html",
        _base(
            contest,
            form=form,
            error=error,
            problem=problem,
            playing=playing,
            crumb=_("Changer le plan"),
        ),
        status=status,
    )


# --- a latecomer -------------------------------------------------------------------------------


def _entry(contest: Contest, number: Any) -> Entry | None:
    return (
        Entry.objects.select_related("player1", "player2")
        .filter(contest=contest, number=number)
        .first()
    )


@access.organiser_view("GET", "POST")
def latecomer(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Seat a team arriving after the draw: against the bye, or a team that waits."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    contest = round_.contest
    options = services.latecomer_options(round_)
    form = LatecomerForm(access.posted(request), options=options)
    error, status = "", 200
    try:
        check_round(contest, round_)
    except services.ServiceError as exc:
        error, status = exc.message, (status_of(exc) if request.method == "POST" else 200)
        problem = True
    else:
        problem = False
    if request.method == "POST" and not problem:
        if not form.is_valid():
            status = 400
        else:
            response = _seat(request, round_, form)
            if isinstance(response, HttpResponse):
                return response
            error, status = response
    return render(
        request,
        "tournaments/plan/latecomer.html",
        _base(
            contest,
            round=round_,
            form=form,
            options=options,
            error=error,
            problem=problem,
            crumb=_("Équipe en retard"),
        ),
        status=status,
    )


def _seat(
    request: HttpRequest, round_: Round, form: LatecomerForm
) -> HttpResponse | tuple[str, int]:
    contest = round_.contest
    entry = _entry(contest, form.cleaned_data["entry"])
    choice = form.cleaned_data["opponent"]
    opponent = None if choice == BYE else _entry(contest, choice)
    if entry is None or (choice != BYE and opponent is None):
        return _("Cette équipe n'existe plus : elle vient d'être supprimée."), 404
    try:
        if not form.cleaned_data["confirmed"]:
            lines = services.latecomer_consequences(round_, entry, opponent)
            return _confirm(
                request,
                contest,
                form,
                lines,
                round=round_,
                title=_("Placer %(team)s") % {"team": entry.display_name},
                button=_("Placer l'équipe"),
            )
        table = services.seat_latecomer(
            round_, entry, opponent=opponent, reason=form.cleaned_data["reason"]
        )
    except services.ServiceError as exc:
        return exc.message, status_of(exc)
    messages.success(
        request,
        _("%(team)s joue la partie %(n)s à la table %(table)s.")
        % {"team": entry.display_name, "n": round_.number, "table": table.number},
    )
    return redirect(_contest_url("round", contest, round_))


# --- a table out of service --------------------------------------------------------------------


@access.organiser_view("GET", "POST")
def tables(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Move a table's match to a free table number, or swap two tables' numbers."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    contest = round_.contest
    numbers = list(
        Table.objects.filter(round=round_).order_by("number").values_list("number", flat=True)
    )
    form = TableMoveForm(
        access.posted(request), numbers=numbers, free=services.free_numbers(round_)
    )
    error, status = "", 200
    problem = round_.status != Round.Status.PUBLISHED
    if problem:
        error = (
            _("La partie %(n)s est en brouillon : ses tables se renumérotent au tirage.")
            if round_.status == Round.Status.DRAFT
            else _("La partie %(n)s est close : rouvrez-la d'abord (avec un motif).")
        ) % {"n": round_.number}
        status = 409 if request.method == "POST" else 200
    elif request.method == "POST":
        if not form.is_valid():
            status = 400
        else:
            response = _move(request, round_, form)
            if isinstance(response, HttpResponse):
                return response
            error, status = response
    return render(
        request,
        "tournaments/plan/tables.html",
        _base(
            contest,
            round=round_,
            form=form,
            error=error,
            problem=problem,
            crumb=_("Table hors service"),
            round_tables=Table.objects.filter(round=round_)
            .select_related("entry_a__player1", "entry_a__player2")
            .select_related("entry_b__player1", "entry_b__player2")
            .order_by("number"),
        ),
        status=status,
    )


def _move(
    request: HttpRequest, round_: Round, form: TableMoveForm
) -> HttpResponse | tuple[str, int]:
    data = form.cleaned_data
    swap = data["mode"] == TableMoveForm.SWAP
    number, target, reason = data["table"], data["target"], data["reason"]
    try:
        if not data["confirmed"]:
            lines = services.move_consequences(round_, number, target, swap=swap)
            return _confirm(
                request,
                round_.contest,
                form,
                lines,
                round=round_,
                title=_("Table %(n)s hors service") % {"n": number},
                button=_("Échanger les tables") if swap else _("Déplacer le match"),
            )
        if swap:
            services.swap_tables(round_, number, target, reason=reason)
            text = _("Les tables %(a)s et %(b)s ont échangé leurs numéros.")
        else:
            services.move_table(round_, number, target, reason=reason)
            text = _("Le match de la table %(a)s se joue maintenant à la table %(b)s.")
    except services.ServiceError as exc:
        return exc.message, status_of(exc)
    messages.success(request, text % {"a": number, "b": target})
    return redirect(_contest_url("round", round_.contest, round_))
