"""Organiser pages of score entry: a table's sheet, paper-sheet entry and its corrections.

Club members only: every sheet comes from ``scoring.access.sheet_for_organiser`` (404 for
anyone else), and the member acts in their club role (``access.member_role``). What the page
offers and what each write accepts is the sheet's rule for that role (``ScoreSheet.allows``):
scorers enter and confirm results while they are not confirmed; correcting a confirmed
result, scoring a forfeit, reopening a sheet or giving a table a new link is the organiser's.
Once a later partie was drawn on this partie's ranking, every change of a result (a correction,
totals, a removed deal, a forfeit, a reopening) needs a reason (``follow.missing_reason``).
Writes go through ``scoring.services``; refusals are answered by ``sheet.views.refused``. The round
dashboard is ``organiser.round``; the changes of a sheet's status (forfeit, confirmation,
reopening, new link) are ``organiser.status``, built on this module's sheet page.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import access, follow, services
from scoring.forms import (
    ChangeForm,
    DealForm,
    ForfeitForm,
    PenaltyForm,
    SheetForm,
    TotalsForm,
    new_client_id,
    reason_error,
)
from scoring.models import DealRecord, ScoreSheet
from scoring.organiser.match_form import MatchTotalsForm, match_totals_initial
from scoring.organiser.round import ANY_MEMBER, round_url, sheet_url, state_of
from scoring.organiser.tie_form import TieWinnerForm
from scoring.sheet import views as shared
from scoring.sheet.deal import Corrector, correction_page, posted_client_id, preview_response
from scoring.sheet_states import Action
from scoring.table.links import short_link
from tournaments import access as tournaments_access
from tournaments.contests.links import public_url

UNREADABLE = gettext_lazy("Formulaire illisible : rechargez la page.")


def sheet_of(
    request: HttpRequest,
    club_slug: str,
    contest_id: int,
    round_number: int,
    table_number: int,
    roles: Collection[str] = ANY_MEMBER,
) -> ScoreSheet:
    return access.sheet_for_organiser(
        request.user, club_slug, contest_id, round_number, table_number, roles=roles
    )


def form_error(form: Any) -> str:
    """A refused form's message: the reason's own error if it has one, else "unreadable"."""
    return reason_error(form) or str(UNREADABLE)


def _fresh(sheet: ScoreSheet) -> ScoreSheet:
    fresh = ScoreSheet.objects.get(pk=sheet.pk)
    fresh.table = sheet.table
    return fresh


def show_afresh(request: HttpRequest, sheet: ScoreSheet) -> Callable[[str, int], HttpResponse]:
    """``views.refused``'s page: the sheet read afresh, with the message and status."""

    def show(error: str, status: int) -> HttpResponse:
        return sheet_page(request, _fresh(sheet), error=error, status=status)

    return show


def _totals_form(sheet: ScoreSheet, rules: Any) -> TotalsForm | MatchTotalsForm:
    if rules is not None and rules.match_games > 1:
        return MatchTotalsForm(sheet=sheet, rules=rules, initial=match_totals_initial(sheet, rules))
    initial: dict[str, Any] = {"version": sheet.version}
    totals = getattr(sheet, "totals", None) if sheet.kind == ScoreSheet.Kind.TOTALS else None
    if totals is not None:
        initial.update(
            total_a=totals.total_a,
            total_b=totals.total_b,
            deals_played=totals.deals_played,
            belotes=totals.belotes,
            capots=totals.capots,
        )
    elif rules is not None:
        initial["deals_played"] = rules.deals_per_game
    return TotalsForm(sheet=sheet, initial=initial)


_URL_NAMES = (
    "sheet",
    "sheet_deal",
    "sheet_preview",
    "sheet_delete",
    "sheet_penalty",
    "sheet_totals",
    "sheet_forfeit",
    "sheet_tie_winner",
    "sheet_confirm",
    "sheet_reopen",
    "sheet_call_time",
    "sheet_token",
)


def sheet_page(
    request: HttpRequest,
    sheet: ScoreSheet,
    *,
    status: int = 200,
    error: str = "",
    deal_form: DealForm | None = None,
    penalty_form: PenaltyForm | None = None,
    totals_form: TotalsForm | MatchTotalsForm | None = None,
    totals_warning: str = "",
    preview: shared.Preview | None = None,
    forfeit_form: ForfeitForm | None = None,
    reason: tuple[str, str] = ("", ""),  # a refused form ("delete"…) and the reason typed
    tie_form: TieWinnerForm | None = None,
) -> HttpResponse:
    rules = None
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        error = error or exc.message
    role = access.member_role(request.user, sheet)
    can = sheet.permissions(role)
    tie = services.tie_of(sheet, role)  # a knockout's level game: who goes through
    fresh_ids = {"version": sheet.version, "client_id": new_client_id()}
    if rules is not None and can[Action.ENTER_DEAL]:
        deal_form = deal_form or DealForm(
            sheet=sheet, rules=rules, state=services.game_state(rules, sheet), initial=fresh_ids
        )
    if rules is not None and can[Action.PENALTY]:
        penalty_form = penalty_form or PenaltyForm(sheet=sheet, rules=rules, initial=fresh_ids)
    if can[Action.TOTALS]:
        totals_form = totals_form or _totals_form(sheet, rules)
    records = list(sheet.deals.order_by("number"))
    link = public_url(request, shared.table_link(sheet))
    context = {
        "sheet": sheet,
        "table": sheet.table,
        "round": sheet.table.round,
        "contest": sheet.table.round.contest,
        "names": shared.team_names(sheet),
        "match": (match := shared.match_view(sheet, rules)),
        "rows": shared.deal_rows(sheet, records, match),
        "records": records,
        "history": shared.history_rows(sheet),
        "state": state_of(sheet),
        "winner": shared.winner_name(sheet),
        "time_called": shared.time_called(sheet, rules),
        "format": shared.game_format(rules),
        "error": error,
        "can": can,
        "deal_form": deal_form if can[Action.ENTER_DEAL] else None,
        "penalty_form": penalty_form if can[Action.PENALTY] else None,
        "totals_form": totals_form if can[Action.TOTALS] else None,
        "totals_warning": totals_warning,
        "later_draw": follow.later_draw_warning(sheet.table.round),
        "preview": preview,
        "forfeit_form": forfeit_form or ForfeitForm(sheet=sheet, initial={"version": sheet.version})
        if can[Action.FORFEIT]
        else None,
        "tie": tie,
        "tie_form": tie_form
        or TieWinnerForm(sheet=sheet, initial={"version": sheet.version, "team": tie.named})
        if tie is not None and tie.later is None
        else None,
        "refused_form": reason[0],
        "typed_reasons": {reason[0]: reason[1]} if reason[0] else {},
        "plain_form": SheetForm(initial={"version": sheet.version}),
        "change_form": ChangeForm(initial=fresh_ids),
        "link": link,
        "qr": shared.qr_svg(link, scale=4),
        "short_link": short_link(request, sheet),
        "round_url": round_url(sheet.table.round),
        "urls": {name: sheet_url(sheet, name) for name in _URL_NAMES},
    }
    return shared.render(request, "scoring/organiser_sheet.html", context, status=status)


@tournaments_access.organiser_view("GET", roles=ANY_MEMBER)
def sheet(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    return sheet_page(request, sheet_of(request, club_slug, contest_id, round_number, table_number))


def reason_refused(
    request: HttpRequest,
    sheet: ScoreSheet,
    which: str,
    reason: str,
    forfeit_form: ForfeitForm | None = None,
) -> HttpResponse | None:
    """Once a later partie was drawn on this partie's ranking, a change of its result needs a
    reason (``follow.missing_reason``, as corrections and totals): refused (400), nothing
    written, the sheet's page shows why with the form open; ``None`` when it may go ahead."""
    refusal = follow.missing_reason(sheet.table.round, reason)
    if not refusal:
        return None
    return sheet_page(
        request, sheet, error=refusal, status=400, forfeit_form=forfeit_form, reason=(which, reason)
    )


def redirect_done(
    request: HttpRequest, sheet: ScoreSheet, text: str, anchor: str = ""
) -> HttpResponse:
    messages.success(request, text)
    return redirect(sheet_url(sheet) + anchor)


def write_sheet(
    request: HttpRequest, sheet: ScoreSheet, write: Callable[[], object], done: str
) -> HttpResponse:
    """Run one of the sheet's service writes: refused, the sheet's page read afresh with the
    reason; done, back to the sheet with ``done`` as the message."""
    try:
        write()
    except services.ServiceError as exc:
        return shared.refused(exc, show_afresh(request, sheet))
    return redirect_done(request, sheet, done)


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_deal(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """Fast entry of one deal from a paper sheet (same checks as at the table)."""
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number)
    existing = services.find_deal(sheet, posted_client_id(request))
    if existing is not None:
        return redirect_done(
            request, sheet, _("La donne %(n)d était déjà enregistrée.") % {"n": existing.number}
        )
    role = access.member_role(request.user, sheet)
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        return sheet_page(request, sheet, error=exc.message, status=409)
    refusal = sheet.refusal(Action.ENTER_DEAL, role)
    if refusal is not None:
        return sheet_page(request, sheet, error=refusal.message, status=409)
    form = DealForm(request.POST, sheet=sheet, rules=rules, state=services.game_state(rules, sheet))
    if not form.is_valid():
        return sheet_page(request, sheet, deal_form=form, status=400)
    assert form.score is not None and form.after is not None
    if request.POST.get("action") == "preview":
        preview = shared.preview_of(form.score, form.after, shared.team_names(sheet))
        return sheet_page(request, sheet, deal_form=form, preview=preview)
    try:
        written = services.record_deal(
            sheet.pk,
            form.facts(),
            version=form.cleaned_data["version"],
            client_id=form.cleaned_data["client_id"],
            user=request.user,
            source=DealRecord.Source.ORGANISER,
            role=role,
        )
    except services.DealRefused as exc:
        return shared.refused(
            exc, lambda _e, st: sheet_page(request, sheet, deal_form=form, status=st), form
        )
    except services.ServiceError as exc:
        return shared.refused(exc, show_afresh(request, sheet))
    assert written.deal is not None
    return redirect_done(request, sheet, _("Donne %(n)d enregistrée.") % {"n": written.deal.number})


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_preview(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number)
    raw = str(request.POST.get("number", ""))
    # Decimal digits only ("²" is a digit that int() refuses), and no more than a deal number.
    number = int(raw) if raw.isdecimal() and len(raw) <= 5 else None
    return preview_response(request, sheet, number)


@tournaments_access.organiser_view("GET", "POST", roles=ANY_MEMBER)
def sheet_correct(
    request: HttpRequest,
    club_slug: str,
    contest_id: int,
    round_number: int,
    table_number: int,
    number: int,
) -> HttpResponse:
    """Correct any deal of the sheet in the states the member's role allows; the history keeps
    both versions."""
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number)
    role = access.member_role(request.user, sheet)
    record = sheet.deals.filter(number=number).first()
    refusal = sheet.refusal(Action.CORRECT, role)
    if record is None:
        messages.error(request, _("Cette donne n'existe pas sur la feuille."))
        return redirect(sheet_url(sheet))
    if record.kind == DealRecord.Kind.PENALTY:
        messages.error(
            request,
            _("Une pénalité ne se corrige pas : supprimez-la si c'est la dernière donne."),
        )
        return redirect(sheet_url(sheet))
    if request.method == "GET" and refusal is not None:
        messages.error(request, refusal.message)
        return redirect(sheet_url(sheet))
    by = Corrector(
        sheet_url=sheet_url(sheet),
        action_url=sheet_url(sheet, "sheet_correct", number=number),
        preview_url=sheet_url(sheet, "sheet_preview"),
        sheet_page=show_afresh(request, sheet),
        author={"user": request.user},
        role=role,
    )
    return correction_page(request, sheet, record, by)


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_delete(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number)
    form = ChangeForm(request.POST)
    if not form.is_valid():
        return sheet_page(request, sheet, error=form_error(form), status=400)
    refused = reason_refused(request, sheet, "delete", form.cleaned_data["reason"])
    if refused is not None:
        return refused
    return write_sheet(
        request,
        sheet,
        lambda: services.delete_last_deal(
            sheet.pk,
            version=form.cleaned_data["version"],
            client_id=form.cleaned_data["client_id"],
            user=request.user,
            reason=form.cleaned_data["reason"],
            role=access.member_role(request.user, sheet),
        ),
        _("Dernière donne supprimée (elle reste dans l'historique)."),
    )


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_penalty(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """A renonce or a misdeal: the penalty points go to the opponents, as one deal."""
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number)
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        return sheet_page(request, sheet, error=exc.message, status=409)
    form = PenaltyForm(request.POST, sheet=sheet, rules=rules)
    if not form.is_valid():
        return sheet_page(request, sheet, penalty_form=form, status=400)
    bid, bid_kind = form.bid_values()
    try:
        written = services.record_penalty(
            sheet.pk,
            team=form.cleaned_data["team"],
            penalty=form.cleaned_data["penalty"],
            bid=bid,
            bid_kind=bid_kind,
            version=form.cleaned_data["version"],
            client_id=form.cleaned_data["client_id"],
            user=request.user,
            role=access.member_role(request.user, sheet),
        )
    except services.DealRefused as exc:
        return shared.refused(
            exc, lambda _e, st: sheet_page(request, sheet, penalty_form=form, status=st), form
        )
    except services.ServiceError as exc:
        return shared.refused(exc, show_afresh(request, sheet))
    assert written.deal is not None
    return redirect_done(
        request, sheet, _("Pénalité enregistrée (donne %(n)d).") % {"n": written.deal.number}
    )


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_totals(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """A paper sheet as two totals; the table check flags an inconsistent pair."""
    sheet = sheet_of(request, club_slug, contest_id, round_number, table_number)
    rules = shared.sheet_rules(sheet)
    form: TotalsForm | MatchTotalsForm = (
        MatchTotalsForm(request.POST, sheet=sheet, rules=rules)
        if rules is not None and rules.match_games > 1
        else TotalsForm(request.POST, sheet=sheet)
    )
    if not form.is_valid():
        return sheet_page(request, sheet, totals_form=form, status=400)
    data = form.cleaned_data
    games = data.get("games", [])
    refusal = follow.missing_reason(sheet.table.round, data["reason"])
    if refusal:
        form.add_error("reason", refusal)
        return sheet_page(request, sheet, totals_form=form, status=400)
    try:
        services.record_totals(
            sheet.pk,
            total_a=data.get("total_a") or 0,
            total_b=data.get("total_b") or 0,
            deals_played=data.get("deals_played") or 0,
            belotes=data.get("belotes") or 0,
            capots=data.get("capots") or 0,
            games=games,
            force=data["force"],
            version=data["version"],
            user=request.user,
            reason=data["reason"],
            role=access.member_role(request.user, sheet),
        )
    except services.TotalsInconsistent as exc:
        return sheet_page(request, sheet, totals_form=form, totals_warning=exc.message, status=400)
    except services.ServiceError as exc:
        if exc.field == "games":  # the games entered do not make the match: on the form
            return sheet_page(
                request, sheet, totals_form=form, totals_warning=exc.message, status=400
            )
        return shared.refused(exc, show_afresh(request, sheet))
    fresh = _fresh(sheet)
    if fresh.status == ScoreSheet.Status.TO_VERIFY:
        messages.warning(request, _("Totaux enregistrés « à vérifier »."))
        return redirect(sheet_url(sheet))
    return redirect_done(request, sheet, _("Totaux enregistrés et confirmés."))
