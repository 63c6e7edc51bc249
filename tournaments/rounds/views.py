"""Organiser pages for rounds: draw a draft, read the why report, swap or move teams, undo,
redraw, publish, delete; and the printable table list and the projector view.

Objects come from ``tournaments.access``; writes go through ``tournaments.services``. These
pages run a fixed number of SQL queries whatever the number of teams (tested at 20 and 200).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import access, adapters, melee_adapters, services
from tournaments.contests.forms import DeleteRoundForm, MoveForm, SeedForm, SwapForm, VisibilityForm
from tournaments.entries.tables import DrawByTableTable, DrawByTeamTable
from tournaments.messages.melee import report_lines as melee_report_lines
from tournaments.messages.phases import match_places, round_report_lines
from tournaments.models import Contest, Entry, Round
from tournaments.phases.display import round_phases
from tournaments.responses import refused, service_refusal, status_of
from tournaments.rounds import draws
from tournaments.rules.format import PartieFormatForm, format_panel
from tournaments.services.phases.draw import allows_several_byes


def _round_url(round_: Round) -> str:
    contest = round_.contest
    return reverse(
        "tournaments:round",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": round_.number,
        },
    )


def _report(round_: Round, entries: dict[int, Entry]) -> list[tuple[str, str]]:
    """The draw's "why" in French: a mêlée's names players, a pairing's names teams."""
    if not melee_adapters.is_melee_round(round_):
        return round_report_lines(round_.report, entries)
    names = {
        s.player_id: s.player.full_name
        for s in round_.contest.solo_entries.select_related("player")
    }
    for e in entries.values():
        names.setdefault(e.player1_id, e.player1.full_name)
        names.setdefault(e.player2_id, e.player2.full_name)
    return melee_report_lines(round_.report, names)


def _melee_unseated(round_: Round, tables: list[Any], byes: list[str]) -> list[str]:
    """A mêlée's present players neither seated nor sitting out (checked in after the draw)."""
    if not melee_adapters.is_melee_round(round_) or round_.status != Round.Status.DRAFT:
        return []
    seated = {
        pk
        for t in tables
        for e in (t.entry_a, t.entry_b)
        if e is not None
        for pk in (e.player1_id, e.player2_id)
    }
    present = melee_adapters.present_solos(round_.contest, round_.number)
    return [
        s.player.full_name
        for s in present
        if s.player_id not in seated and s.player.full_name not in byes and not s.is_volunteer
    ]


def _detail(
    request: HttpRequest,
    round_: Round,
    *,
    status: int = 200,
    error: str = "",
    swap_form: SwapForm | None = None,
    move_form: MoveForm | None = None,
    seed_form: SeedForm | None = None,
    format_form: PartieFormatForm | None = None,
) -> HttpResponse:
    contest = round_.contest
    if status == 404:  # the round was deleted meanwhile: nothing left to show
        return refused(request, error, contest.get_absolute_url(), status)
    tables = draws.tables_of(round_)
    entries = {e.pk: e for e in contest.entries.select_related("player1", "player2")}
    edits = list(round_.edits.order_by("-sequence"))
    byes = draws.melee_byes(round_)
    is_last = not contest.rounds.filter(number__gt=round_.number).exists()
    activity = adapters.round_activity(round_)
    seated = {t.entry_a_id for t in tables} | {t.entry_b_id for t in tables if t.entry_b_id}
    unseated = [
        e
        for e in entries.values()
        if e.pk not in seated
        and e.formed_for_round is None
        and e.checked_in
        and e.is_active_in(round_.number)
    ]
    return render(
        request,
        "tournaments/round.html",
        {
            "club": contest.club,
            "contest": contest,
            "round": round_,
            "tables": tables,
            "report": _report(round_, entries),
            "melee_byes": byes,
            "left_alone": draws.left_alone(round_),
            "melee_unseated": _melee_unseated(round_, tables, byes),
            "edits": edits,
            "last_edit": edits[0] if edits else None,
            "is_draft": round_.status == Round.Status.DRAFT,
            "can_redraw": is_last and not activity,
            "is_last": is_last,
            "activity": activity,
            "unseated": sorted(unseated, key=lambda e: e.number),
            "error": error,
            "swap_form": swap_form or SwapForm(),
            "move_form": move_form or MoveForm(),
            "seed_form": seed_form or SeedForm(),
            "visibility_form": VisibilityForm(
                initial={
                    "show_draw": round_.show_draw,
                    "show_results": round_.show_results,
                    "show_standings": round_.show_standings,
                }
            ),
            "next_table": len(tables) + 1,
            "phases": round_phases(round_, entries),  # its pools or brackets, as they stand
            # A pool's or a bracket's matches are the phase's: no swap nor move by hand.
            "hand_edits": not allows_several_byes(round_),
            # The partie's own format and its clock (rounds.clock's forms).
            **format_panel(round_, format_form),
        },
        status=status,
    )


def detail(
    request: HttpRequest,
    round_: Round,
    *,
    status: int = 200,
    format_form: PartieFormatForm | None = None,
) -> HttpResponse:
    """The round page, with a refused format form as it was typed (``rounds.clock``)."""
    return _detail(request, round_, status=status, format_form=format_form)


@access.organiser_view("POST")
def round_generate(request: HttpRequest, club_slug: str, contest_id: int) -> HttpResponse:
    """Draw the next round as a draft."""
    contest = access.contest_for(request.user, club_slug, contest_id)
    form = SeedForm(request.POST)
    if not form.is_valid():
        return refused(
            request,
            _("La graine doit être un nombre entier positif."),
            contest.get_absolute_url(),
            status=400,
        )
    reason = str(request.POST.get("force_reason", ""))[:300]
    seed = form.cleaned_data.get("seed")
    try:
        round_ = services.generate_round(contest, seed=seed, force_reason=reason)
    except services.DrawTooEarly as exc:
        # The tables still playing, and a form to draw anyway with a reason for the journal.
        return render(
            request,
            "tournaments/draw_refused.html",
            {
                "club": contest.club,
                "contest": contest,
                "message": exc.message,
                "tables": exc.tables,
                "seed": seed,
                "asked_force": "force_reason" in request.POST,
            },
            status=exc.status,
        )
    except services.ServiceError as exc:
        return service_refusal(request, exc, contest.get_absolute_url())
    messages.success(
        request,
        _("Partie %(number)s tirée (brouillon) : vérifiez-la puis publiez-la.")
        % {"number": round_.number},
    )
    return redirect(_round_url(round_))


@access.organiser_view("GET")
def round_detail(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    return _detail(request, round_)


def _entry_by_number(contest: Contest, number: int) -> Entry | None:
    return (
        Entry.objects.select_related("player1", "player2")
        .filter(contest=contest, number=number)
        .first()
    )


def _after_edit(request: HttpRequest, round_: Round, edit: Any) -> HttpResponse:
    messages.success(request, edit.description)
    for warning in edit.warnings:
        messages.warning(request, warning)
    return redirect(_round_url(round_))


@access.organiser_view("POST")
def round_swap(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Swap two teams (given by their numbers) of a draft round."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    form = SwapForm(request.POST)
    if not form.is_valid():
        return _detail(request, round_, status=400, swap_form=form)
    first = _entry_by_number(round_.contest, form.cleaned_data["first"])
    second = _entry_by_number(round_.contest, form.cleaned_data["second"])
    if first is None or second is None:
        return _detail(
            request, round_, status=400, swap_form=form, error=_("Numéro d'équipe inconnu.")
        )
    try:
        edit = services.swap_entries(round_, first, second, user=request.user)
    except services.ServiceError as exc:
        return _detail(request, round_, status=status_of(exc), swap_form=form, error=exc.message)
    return _after_edit(request, round_, edit)


@access.organiser_view("POST")
def round_move(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Move a team (by number) to another table of a draft round."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    form = MoveForm(request.POST)
    if not form.is_valid():
        return _detail(request, round_, status=400, move_form=form)
    entry = _entry_by_number(round_.contest, form.cleaned_data["entry"])
    if entry is None:
        return _detail(
            request, round_, status=400, move_form=form, error=_("Numéro d'équipe inconnu.")
        )
    try:
        edit = services.move_entry(round_, entry, form.cleaned_data["table"], user=request.user)
    except services.ServiceError as exc:
        return _detail(request, round_, status=status_of(exc), move_form=form, error=exc.message)
    return _after_edit(request, round_, edit)


@access.organiser_view("POST")
def round_undo(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    try:
        edit = services.undo_last_edit(round_)
    except services.ServiceError as exc:
        return _detail(request, round_, status=status_of(exc), error=exc.message)
    messages.success(request, _("Annulé : %(what)s.") % {"what": edit.description})
    return redirect(_round_url(round_))


@access.organiser_view("POST")
def round_redraw(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    form = SeedForm(request.POST)
    if not form.is_valid():
        return _detail(request, round_, status=400, seed_form=form)
    try:
        round_ = services.redraw_round(round_, seed=form.cleaned_data.get("seed"))
    except services.ServiceError as exc:
        return _detail(request, round_, status=status_of(exc), seed_form=form, error=exc.message)
    messages.success(request, _("Nouveau tirage (graine %(seed)s).") % {"seed": round_.seed})
    return redirect(_round_url(round_))


@access.organiser_view("POST")
def round_publish(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    try:
        services.publish_round(round_)
    except services.ServiceError as exc:
        return _detail(request, round_, status=status_of(exc), error=exc.message)
    text = _("Partie %(number)s publiée.") % {"number": round_.number}
    if round_.number == 1:
        text += " " + _("Les règles du concours sont désormais figées.")
    messages.success(request, text)
    return redirect(_round_url(round_))


@access.organiser_view("POST")
def round_visibility(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    form = VisibilityForm(request.POST)
    form.is_valid()  # three optional booleans: always valid
    try:
        services.set_round_visibility(round_, **form.cleaned_data)
    except services.ServiceError as exc:
        return _detail(request, round_, status=status_of(exc), error=exc.message)
    messages.success(request, _("Visibilité publique enregistrée."))
    return redirect(_round_url(round_))


@access.organiser_view("GET", "POST")
def round_delete(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Delete the last round; a published one needs the box ticked under the list of losses."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    contest = round_.contest
    needs_confirmation = round_.status != Round.Status.DRAFT
    form = DeleteRoundForm(access.posted(request))
    status = 200
    error = ""
    if request.method == "POST":
        confirmed = form.is_valid()
        if needs_confirmation and not confirmed:
            status = 400
        else:
            try:
                services.delete_round(round_, confirmed=confirmed or not needs_confirmation)
            except services.ServiceError as exc:
                if exc.code != "round.gone":
                    error, status = exc.message, status_of(exc)
                # else: a double click, the first click deleted it: the same success.
            if not error:
                messages.success(
                    request, _("Partie %(number)s supprimée.") % {"number": round_.number}
                )
                return redirect(contest.get_absolute_url())
    return render(
        request,
        "tournaments/round_delete.html",
        {
            "club": contest.club,
            "contest": contest,
            "round": round_,
            "lost": services.lost_with(round_),
            "needs_confirmation": needs_confirmation,
            "form": form,
            "error": error,
        },
        status=status,
    )


def _draw_context(round_: Round) -> dict[str, Any]:
    tables = draws.tables_of(round_)
    return {
        "club": round_.contest.club,
        "contest": round_.contest,
        "round": round_,
        "by_table": DrawByTableTable(draws.by_table(tables)),
        "by_team": DrawByTeamTable(draws.by_team(tables)),
        "table_rows": draws.by_table(tables),
        "match_places": match_places(round_.report),  # a phase's partie: pool or bracket
        "sitting_out": draws.sitting_out(round_),
    }


@access.organiser_view("GET")
def round_print(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """Printable table list: by table, then by team in alphabetical order (print CSS)."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    return render(request, "tournaments/round_print.html", _draw_context(round_))


@access.organiser_view("GET")
def round_projector(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int
) -> HttpResponse:
    """The draw for the hall's projector: large type, slow auto-scroll."""
    round_ = access.round_for(request.user, club_slug, contest_id, round_number)
    return render(request, "tournaments/round_projector.html", _draw_context(round_))
