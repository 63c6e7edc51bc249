"""Table pages: the score sheet on a phone, opened by the table's secret link (no account).

A short link (``/t/<code>/``) only redirects to its table link (:func:`short_link`).
Every view gets its sheet from ``scoring.access.sheet_for_link`` (token + round + table number
must all match, the round published or closed), acts in the role of the table link, and writes
only through ``scoring.services``. What the page offers is the sheet's rule for that role
(``ScoreSheet.permissions``); refusals are answered by ``views.refused``: the engine's reason
on the form (400), "this sheet changed, here is its state" (409), a state that forbids the
action (409). A closed round's link shows its sheet read-only with a notice, and every POST
to it is refused with 409 before anything is read from the form (:func:`_read_only`). The
deal POST's lookup also locks the sheet's row, for the write that follows (:func:`deal`).
Nothing here ever answers 500 on bad input.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.errors import EngineError
from scoring import access, adapters, follow, services
from scoring.forms import (
    ChangeForm,
    ConfirmForm,
    DealForm,
    DisputeForm,
    new_client_id,
    reason_error,
)
from scoring.models import DealRecord, ScoreSheet
from scoring.sheet import views as shared
from scoring.sheet.deal import Corrector, correction_page, posted_client_id, preview_response
from scoring.sheet_states import Action, Role
from tournaments.rules.format import format_changes
from tournaments.services.rounds.clock import clock_of


def _url(sheet: ScoreSheet, name: str = "sheet", **extra: Any) -> str:
    table = sheet.table
    return reverse(
        f"table:{name}",
        kwargs={
            "round_number": table.round.number,
            "table_number": table.number,
            "token": sheet.token,
            **extra,
        },
    )


def _deal_form(sheet: ScoreSheet, rules: Any, data: Any = None) -> DealForm:
    state = services.game_state(rules, sheet)
    initial = {"version": sheet.version, "client_id": new_client_id()}
    return DealForm(data, sheet=sheet, rules=rules, state=state, initial=initial)


def _page(
    request: HttpRequest,
    sheet: ScoreSheet,
    *,
    form: DealForm | None = None,
    preview: shared.Preview | None = None,
    error: str = "",
    status: int = 200,
    confirm_form: ConfirmForm | None = None,
    dispute_form: DisputeForm | None = None,
) -> HttpResponse:
    rules = None
    rules_error = ""
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        rules_error = exc.message
    can = sheet.permissions(Role.TABLE)
    closed = sheet.round_refusal()
    notice = closed.message if closed is not None else ""
    if form is None and rules is not None and can[Action.ENTER_DEAL]:
        form = _deal_form(sheet, rules)
    if can[Action.CONFIRM]:
        confirm_form = confirm_form or ConfirmForm(sheet=sheet, initial={"version": sheet.version})
        dispute_form = dispute_form or DisputeForm(sheet=sheet, initial={"version": sheet.version})
    records = list(sheet.deals.order_by("number"))
    last = records[-1] if records else None
    # After a later draw by ranking, removing the last deal at the table needs a reason too.
    later_draw = (
        follow.later_draw_warning(sheet.table.round) if last and can[Action.DELETE_LAST] else ""
    )
    context = {
        "sheet": sheet,
        "table": sheet.table,
        "names": shared.team_names(sheet),
        "match": (match := shared.match_view(sheet, rules)),
        "rows": shared.deal_rows(sheet, records, match),
        "last": last,
        "can": can,
        "form": form,
        "preview": preview,
        # A refusal because the round is closed is the notice already shown.
        "error": "" if (error or rules_error) == notice else error or rules_error,
        "read_only": notice,
        "confirm_form": confirm_form,
        "dispute_form": dispute_form,
        "format": shared.game_format(rules),
        "winner": shared.winner_name(sheet),
        "change_form": ChangeForm(initial={"version": sheet.version, "client_id": new_client_id()}),
        "deal_url": _url(sheet, "deal"),
        "preview_url": _url(sheet, "preview"),
        "state_url": _url(sheet, "state"),
        "sheet_url": _url(sheet),
        "delete_url": _url(sheet, "delete"),
        "confirm_url": _url(sheet, "confirm"),
        "dispute_url": _url(sheet, "dispute"),
        "correct_url": _url(sheet, "correct", number=last.number) if last else "",
        "later_draw": later_draw,
    }
    context.update(_clock_context(sheet, rules))
    response = shared.render(request, "scoring/table_sheet.html", context, status=status)
    shared.remember_device(request, response)
    return response


def _clock_context(sheet: ScoreSheet, rules: Any) -> dict[str, Any]:
    """A timed partie's countdown on the phone, and what time's up left to play."""
    round_ = sheet.table.round
    context = _countdown(sheet)
    base = None
    with contextlib.suppress(EngineError):
        base = adapters.ruleset_of_contest(round_.contest)
    context["format_differs"] = bool(rules and base and format_changes(base, rules))
    context["time_note"] = _time_note(sheet, rules)
    return context


def _countdown(sheet: ScoreSheet) -> dict[str, Any]:
    """The countdown's facts (``_countdown_source.html``), with whether time was called at
    this table: a change of either makes countdown.js ask for the scoreboard again."""
    called = sheet.time_called_after
    return {
        "clock": clock_of(sheet.table.round),
        "clock_url": _url(sheet, "clock"),
        "clock_time_called": "" if called is None else str(called),
    }


def _time_note(sheet: ScoreSheet, rules: Any) -> str:
    """The phone's words for what time's up left to play ('' unless deals may still come)."""
    called = services.time_called_of(sheet, rules)
    if called is None or called.finished or not sheet.accepts_deals:
        return ""
    return ngettext(
        "Temps écoulé : encore %(n)d donne à jouer.",
        "Temps écoulé : encore %(n)d donnes à jouer.",
        called.deals_left,
    ) % {"n": called.deals_left}


def _time_checked(sheet: ScoreSheet) -> ScoreSheet:
    """The sheet, its time called first if its partie's clock ran out while it was in play."""
    if (
        sheet.time_called_after is None
        and clock_of(sheet.table.round).over
        and services.call_time_on_sheet(sheet.pk, sheet.table)
    ):
        return _fresh(sheet)
    return sheet


@require_GET
def clock(request: HttpRequest, round_number: int, table_number: int, token: str) -> HttpResponse:
    """The countdown's facts alone (htmx polls them: a pause, an extension, time called at the
    table or by the clock shows, and countdown.js then refreshes the scoreboard)."""
    sheet = _time_checked(access.sheet_for_link(token, round_number, table_number))
    return shared.render(request, "_countdown_source.html", _countdown(sheet))


def _read_only(request: HttpRequest, sheet: ScoreSheet) -> HttpResponse | None:
    """A closed round's sheet changes no more: any POST gets its page, read-only, and 409."""
    closed = sheet.round_refusal()
    if closed is None:
        return None
    return _page(request, sheet, error=closed.message, status=409)


def _show(
    request: HttpRequest, sheet: ScoreSheet, form: DealForm | None = None
) -> Callable[[str, int], HttpResponse]:
    """``views.refused``'s page: with ``form``, the sheet as read and the form as typed;
    else the sheet read afresh, with the message."""

    def show(error: str, status: int) -> HttpResponse:
        if form is not None:
            return _page(request, sheet, form=form, error=error, status=status)
        return _page(request, _fresh(sheet), error=error, status=status)

    return show


@require_GET
def short_link(request: HttpRequest, code: str) -> HttpResponse:
    """``/t/K7QF-M2XA``: the table link of a typed short code (302), or the French dead-link
    page (404, counted by the table-link throttle like a wrong link)."""
    try:
        sheet = access.sheet_for_short_code(code)
    except Http404:
        return shared.render(request, "scoring/short_link_dead.html", {}, status=404)
    response = redirect(_url(sheet))
    response["Cache-Control"] = "no-store"  # the code may be renewed: never remember where
    return response


@require_GET
def sheet_page(
    request: HttpRequest, round_number: int, table_number: int, token: str
) -> HttpResponse:
    sheet = _time_checked(access.sheet_for_link(token, round_number, table_number))
    if sheet.table.number != table_number:  # a table moved since its QR code was printed
        return redirect(_url(sheet))
    return _page(request, sheet)


@require_GET
def state(request: HttpRequest, round_number: int, table_number: int, token: str) -> HttpResponse:
    """The totals, the deals and what time's up left (htmx polls them, and asks again when
    the countdown changes: the other phone's deals and time called show without a reload)."""
    sheet = _time_checked(access.sheet_for_link(token, round_number, table_number))
    rules = shared.sheet_rules(sheet)
    match = shared.match_view(sheet, rules)
    context = {
        "time_note": _time_note(sheet, rules),
        "sheet": sheet,
        "names": shared.team_names(sheet),
        "match": match,
        "rows": shared.deal_rows(sheet, match=match),
        "winner": shared.winner_name(sheet),
        "state_url": _url(sheet, "state"),
    }
    return shared.render(request, "scoring/_table_state.html", context)


def _already_recorded(request: HttpRequest, sheet: ScoreSheet, deal: DealRecord) -> HttpResponse:
    messages.info(
        request,
        _("La donne %(number)d était déjà enregistrée : elle n'a pas été ajoutée une seconde fois.")
        % {"number": deal.number},
    )
    return redirect(_url(sheet) + f"#donne-{deal.number}", permanent=False)


# A response to render once the transaction that locked the sheet has ended.
Answer = Callable[[], HttpResponse]


@require_POST
def deal(request: HttpRequest, round_number: int, table_number: int, token: str) -> HttpResponse:
    """Record one deal ("Enregistrer"), or only show its score ("Vérifier", without JS).

    Recording reads the sheet once: the link's lookup locks its row, in the transaction the
    deal is written in (``access.sheet_for_link(lock=True)``, ``services.record_deal_locked``);
    the page that answers is rendered after the transaction, the row lock released.
    """
    related = access.WRITE_RELATED
    if request.POST.get("action") == "preview":
        sheet = access.sheet_for_link(token, round_number, table_number, related=related)
        return _enter(request, sheet, record=False)()
    locked: ScoreSheet | None = None
    try:
        with transaction.atomic():
            locked = access.sheet_for_link(
                token, round_number, table_number, related=related, lock=True
            )
            answer = _enter(request, locked, record=True)
    except IntegrityError:
        # The unique (sheet, client_id) backstop: the same form won a race against itself.
        if locked is None:
            raise
        written = services.deal_of_resent_form(locked.pk, posted_client_id(request))
        if written is None or written.deal is None:
            raise
        return _already_recorded(request, written.sheet, written.deal)
    return answer()


def _enter(request: HttpRequest, sheet: ScoreSheet, *, record: bool) -> Answer:
    """The deal form on ``sheet`` (locked when ``record``): the closed round's refusal, the
    form's errors, a re-sent form's deal, the preview, or the deal recorded."""
    closed = sheet.round_refusal()
    if closed is not None:  # a closed round's sheet changes no more: read-only, 409
        return partial(_page, request, sheet, error=closed.message, status=409)
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        return partial(_page, request, sheet, error=exc.message, status=409)
    form = _deal_form(sheet, rules, request.POST) if sheet.accepts_deals else None
    if form is None or not form.is_valid():
        # A re-sent form whose deal was recorded (maybe the one that ended the game) is
        # answered as a success; the service checks this again under the lock.
        existing = services.find_deal(sheet, posted_client_id(request))
        if existing is not None:
            return partial(_already_recorded, request, sheet, existing)
        if form is None:
            return partial(_page, request, sheet, error=_closed_message(sheet), status=409)
        return partial(_page, request, sheet, form=form, status=400)
    assert form.score is not None and form.after is not None
    if not record:
        preview = shared.preview_of(form.score, form.after, shared.team_names(sheet))
        return partial(_page, request, sheet, form=form, preview=preview)
    try:
        written = services.record_deal_locked(
            sheet,
            form.facts(),
            version=form.cleaned_data["version"],
            client_id=form.cleaned_data["client_id"],
            device=shared.device_of(request),
        )
    except services.StaleSheet as exc:
        return partial(_stale, request, exc, form, rules)
    except services.DealRefused as exc:
        return partial(shared.refused, exc, _show(request, sheet, form), form)
    except services.ServiceError as exc:
        return partial(shared.refused, exc, _show(request, sheet))
    return partial(_recorded, request, written)


def _stale(
    request: HttpRequest, exc: services.StaleSheet, form: DealForm, rules: Any
) -> HttpResponse:
    """The user's values back on the sheet's current version, to check and send again."""
    fresh = _resubmittable(form, exc.sheet, rules)
    return _page(request, exc.sheet, form=fresh, error=exc.message, status=409)


def _recorded(request: HttpRequest, written: services.Written) -> HttpResponse:
    """Back to the sheet, at the deal recorded (or recorded before, for a re-sent form)."""
    assert written.deal is not None
    if not written.created:
        return _already_recorded(request, written.sheet, written.deal)
    text = _("Donne %(number)d enregistrée.") % {"number": written.deal.number}
    if written.sheet.status == ScoreSheet.Status.FINISHED and written.sheet.games:
        text += " " + _("Le match est terminé : l'autre équipe doit maintenant confirmer.")
    elif written.sheet.status == ScoreSheet.Status.FINISHED:
        text += " " + _("La partie est terminée : l'autre équipe doit maintenant confirmer.")
    elif written.sheet.games and written.deal.game == len(written.sheet.games):
        # The deal ended a game of the match, which goes on: the next game starts here.
        text += " " + _("Manche %(n)d terminée : la manche %(m)d commence, à zéro.") % {
            "n": written.deal.game,
            "m": written.deal.game + 1,
        }
    messages.success(request, text)
    return redirect(_url(written.sheet) + f"#donne-{written.deal.number}", permanent=False)


def _fresh(sheet: ScoreSheet) -> ScoreSheet:
    return access.sheet_for_link(sheet.token, sheet.table.round.number, sheet.table.number)


def _closed_message(sheet: ScoreSheet) -> str:
    refusal = sheet.refusal(Action.ENTER_DEAL, Role.TABLE)
    return refusal.message if refusal else ""


def _resubmittable(form: DealForm, sheet: ScoreSheet, rules: Any) -> DealForm | None:
    """The user's values again, on the sheet's current version, to check and send again."""
    if not sheet.accepts_deals:
        return None
    data = form.data.copy()  # type: ignore[attr-defined]  # a QueryDict: the POST's data
    data["version"] = str(sheet.version)
    data["client_id"] = new_client_id()
    fresh = DealForm(data, sheet=sheet, rules=rules, state=services.game_state(rules, sheet))
    fresh.is_valid()
    return fresh


@require_POST
def preview(request: HttpRequest, round_number: int, table_number: int, token: str) -> HttpResponse:
    """htmx: the computed score and breakdown of the form's current values, nothing saved."""
    sheet = access.sheet_for_link(token, round_number, table_number)
    return preview_response(request, sheet, read_only=True)


@require_http_methods(["GET", "POST"])
def correct(
    request: HttpRequest, round_number: int, table_number: int, token: str, number: int
) -> HttpResponse:
    """Correct the last deal (until the sheet is confirmed)."""
    sheet = access.sheet_for_link(token, round_number, table_number)
    if request.method == "POST" and (closed := _read_only(request, sheet)) is not None:
        return closed
    record = sheet.deals.filter(number=number).first()
    if record is None or number != sheet.deal_count:
        messages.error(request, _("Seule la dernière donne peut être corrigée à la table."))
        return redirect(_url(sheet))
    refusal = sheet.refusal(Action.CORRECT, Role.TABLE)
    if request.method == "GET" and refusal is not None:
        messages.error(request, refusal.message)
        return redirect(_url(sheet))
    by = Corrector(
        sheet_url=_url(sheet),
        action_url=_url(sheet, "correct", number=number),
        preview_url=_url(sheet, "correct_preview", number=number),
        sheet_page=_show(request, sheet),
        author={"device": shared.device_of(request)},
        role=Role.TABLE,
    )
    return correction_page(request, sheet, record, by)


@require_POST
def correct_preview(
    request: HttpRequest, round_number: int, table_number: int, token: str, number: int
) -> HttpResponse:
    sheet = access.sheet_for_link(token, round_number, table_number)
    return preview_response(request, sheet, number, read_only=True)


@require_POST
def delete_last(
    request: HttpRequest, round_number: int, table_number: int, token: str
) -> HttpResponse:
    sheet = access.sheet_for_link(token, round_number, table_number)
    if (closed := _read_only(request, sheet)) is not None:
        return closed
    form = ChangeForm(request.POST)
    if not form.is_valid():
        error = reason_error(form) or _("Formulaire illisible : rechargez la page.")
        return _page(request, sheet, error=error, status=400)
    refusal = follow.missing_reason(sheet.table.round, form.cleaned_data["reason"])
    if refusal:
        return _page(request, sheet, error=refusal, status=400)
    try:
        services.delete_last_deal(
            sheet.pk,
            version=form.cleaned_data["version"],
            client_id=form.cleaned_data["client_id"],
            device=shared.device_of(request),
            reason=form.cleaned_data["reason"],
        )
    except services.ServiceError as exc:
        return shared.refused(exc, _show(request, sheet))
    messages.success(
        request, _("La dernière donne a été supprimée (elle reste dans l'historique).")
    )
    return redirect(_url(sheet))


@require_POST
def confirm(request: HttpRequest, round_number: int, table_number: int, token: str) -> HttpResponse:
    sheet = access.sheet_for_link(token, round_number, table_number)
    if (closed := _read_only(request, sheet)) is not None:
        return closed
    form = ConfirmForm(request.POST, sheet=sheet)
    if not form.is_valid():
        return _page(request, sheet, confirm_form=form, status=400)
    try:
        services.confirm_sheet(
            sheet.pk,
            version=form.cleaned_data["version"],
            team=form.cleaned_data["team"],
            device=shared.device_of(request),
        )
    except services.ServiceError as exc:
        return shared.refused(exc, _show(request, sheet))
    messages.success(request, _("Feuille confirmée. Merci !"))
    return redirect(_url(sheet))


@require_POST
def dispute(request: HttpRequest, round_number: int, table_number: int, token: str) -> HttpResponse:
    sheet = access.sheet_for_link(token, round_number, table_number)
    if (closed := _read_only(request, sheet)) is not None:
        return closed
    form = DisputeForm(request.POST, sheet=sheet)
    if not form.is_valid():
        return _page(request, sheet, dispute_form=form, status=400)
    try:
        services.dispute_sheet(
            sheet.pk,
            version=form.cleaned_data["version"],
            note=form.cleaned_data["note"],
            team=form.cleaned_data["team"],
            device=shared.device_of(request),
        )
    except services.ServiceError as exc:
        return shared.refused(exc, _show(request, sheet))
    messages.warning(request, _("Feuille contestée : l'organisateur va venir la vérifier."))
    return redirect(_url(sheet))
