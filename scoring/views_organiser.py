"""Organiser pages of score entry: the round dashboard, a table's sheet, paper-sheet entry.

Club members only: every object comes from ``tournaments.access`` (404 for anyone else) and
``scoring.access.sheet_for_organiser``. Scorers may enter and confirm results; changing a
forfeit, reopening a sheet or giving a table a new secret link needs an organiser or admin.
Writes go through ``scoring.services``; the answers follow the table pages' rules (400 for
refused input with a French message, 409 for a stale form or a state that forbids it).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring import access, services
from scoring import views as shared
from scoring.forms import (
    ChangeForm,
    DealForm,
    ForfeitForm,
    PenaltyForm,
    SheetForm,
    TotalsForm,
    new_client_id,
)
from scoring.models import DealRecord, ScoreSheet
from scoring.views_deal import Corrector, correction_page, posted_client_id, preview_response
from tournaments import access as tournaments_access
from tournaments.models import Round

ORGANISING = tournaments_access.ORGANISING
ANY_MEMBER = tournaments_access.ANY_MEMBER
# A result the organiser can confirm (services.confirm_sheet: any but open or confirmed).
RESULT_TO_CONFIRM = (
    ScoreSheet.Status.FINISHED,
    ScoreSheet.Status.DISPUTED,
    ScoreSheet.Status.TO_VERIFY,
)


def _round_url(round_: Round, name: str = "round_sheets") -> str:
    contest = round_.contest
    return reverse(
        f"scoring:{name}",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": round_.number,
        },
    )


def _sheet_url(sheet: ScoreSheet, name: str = "sheet", **extra: Any) -> str:
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


# --- Round dashboard --------------------------------------------------------------------------


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
                "url": _sheet_url(sheet),
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
        "state_url": _round_url(round_, "round_sheets_state"),
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
        "state_url": _round_url(round_, "round_sheets_state"),
    }
    return shared.render(request, "scoring/_round_tables.html", context)


# --- One table's sheet ------------------------------------------------------------------------


def _sheet(
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


def _fresh(sheet: ScoreSheet) -> ScoreSheet:
    fresh = ScoreSheet.objects.get(pk=sheet.pk)
    fresh.table = sheet.table
    return fresh


def _detail(
    request: HttpRequest,
    sheet: ScoreSheet,
    *,
    status: int = 200,
    error: str = "",
    deal_form: DealForm | None = None,
    penalty_form: PenaltyForm | None = None,
    totals_form: TotalsForm | None = None,
    totals_warning: str = "",
    preview: shared.Preview | None = None,
) -> HttpResponse:
    rules = None
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        error = error or exc.message
    fresh_ids = {"version": sheet.version, "client_id": new_client_id()}
    deals_ok = sheet.kind == ScoreSheet.Kind.DEALS and sheet.status == ScoreSheet.Status.OPEN
    if rules is not None and deals_ok:
        deal_form = deal_form or DealForm(
            sheet=sheet, rules=rules, state=services.game_state(rules, sheet), initial=fresh_ids
        )
        penalty_form = penalty_form or PenaltyForm(sheet=sheet, rules=rules, initial=fresh_ids)
    else:
        deal_form = penalty_form = None
    totals_allowed = (
        not sheet.table.is_bye
        and sheet.kind in (ScoreSheet.Kind.DEALS, ScoreSheet.Kind.TOTALS)
        and sheet.deal_count == 0
    )
    if totals_allowed and totals_form is None:
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
        totals_form = TotalsForm(sheet=sheet, initial=initial)
    records = list(sheet.deals.order_by("number"))
    role = tournaments_access.role_in(request.user, sheet.table.round.contest.club)
    organising = role in ORGANISING
    link = request.build_absolute_uri(shared.table_link(sheet))
    context = {
        "sheet": sheet,
        "table": sheet.table,
        "round": sheet.table.round,
        "contest": sheet.table.round.contest,
        "names": shared.team_names(sheet),
        "rows": shared.deal_rows(sheet, records),
        "records": records,
        "history": shared.history_rows(sheet),
        "state": state_of(sheet),
        "winner": shared.winner_name(sheet),
        "format": shared.game_format(rules),
        "error": error,
        "deal_form": deal_form,
        "penalty_form": penalty_form,
        "totals_form": totals_form if totals_allowed else None,
        "totals_warning": totals_warning,
        "preview": preview,
        "forfeit_form": ForfeitForm(sheet=sheet, initial={"version": sheet.version})
        if organising and not sheet.table.is_bye
        else None,
        "plain_form": SheetForm(initial={"version": sheet.version}),
        "change_form": ChangeForm(initial=fresh_ids),
        "organising": organising,
        "can_confirm": sheet.status in RESULT_TO_CONFIRM,
        "can_reopen": organising
        and sheet.kind not in (ScoreSheet.Kind.BYE, ScoreSheet.Kind.FORFEIT)
        and sheet.status in services.REOPENABLE,
        "link": link,
        "qr": shared.qr_svg(link, scale=4),
        "round_url": _round_url(sheet.table.round),
        "urls": {
            name: _sheet_url(sheet, name)
            for name in (
                "sheet",
                "sheet_deal",
                "sheet_preview",
                "sheet_delete",
                "sheet_penalty",
                "sheet_totals",
                "sheet_forfeit",
                "sheet_confirm",
                "sheet_reopen",
                "sheet_token",
            )
        },
    }
    return shared.render(request, "scoring/organiser_sheet.html", context, status=status)


@tournaments_access.organiser_view("GET", roles=ANY_MEMBER)
def sheet(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    return _detail(request, _sheet(request, club_slug, contest_id, round_number, table_number))


def _after(request: HttpRequest, sheet: ScoreSheet, text: str, anchor: str = "") -> HttpResponse:
    messages.success(request, text)
    return redirect(_sheet_url(sheet) + anchor)


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_deal(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """Fast entry of one deal from a paper sheet (same checks as at the table)."""
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number)
    existing = services.find_deal(sheet, posted_client_id(request))
    if existing is not None:
        return _after(
            request, sheet, _("La donne %(n)d était déjà enregistrée.") % {"n": existing.number}
        )
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        return _detail(request, sheet, error=exc.message, status=409)
    if not sheet.accepts_deals:
        return _detail(
            request, sheet, error=_("Cette feuille n'accepte plus de donne."), status=409
        )
    form = DealForm(request.POST, sheet=sheet, rules=rules, state=services.game_state(rules, sheet))
    if not form.is_valid():
        return _detail(request, sheet, deal_form=form, status=400)
    assert form.score is not None and form.after is not None
    if request.POST.get("action") == "preview":
        preview = shared.preview_of(form.score, form.after, shared.team_names(sheet))
        return _detail(request, sheet, deal_form=form, preview=preview)
    try:
        written = services.record_deal(
            sheet.pk,
            form.facts(),
            version=form.cleaned_data["version"],
            client_id=form.cleaned_data["client_id"],
            user=request.user,
            source=DealRecord.Source.ORGANISER,
        )
    except services.StaleSheet as exc:
        return _detail(request, _fresh(sheet), error=exc.message, status=409)
    except services.DealRefused as exc:
        form.add_error(None, exc.message)
        return _detail(request, sheet, deal_form=form, status=400)
    except services.ServiceError as exc:
        return _detail(request, _fresh(sheet), error=exc.message, status=409)
    assert written.deal is not None
    return _after(request, sheet, _("Donne %(n)d enregistrée.") % {"n": written.deal.number})


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_preview(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number)
    raw = request.POST.get("number", "")
    number = int(raw) if raw.isdigit() else None
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
    """Correct any deal of the sheet, even on a confirmed sheet; the history keeps both."""
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number)
    record = sheet.deals.filter(number=number).first()
    if record is None:
        messages.error(request, _("Cette donne n'existe pas sur la feuille."))
        return redirect(_sheet_url(sheet))
    if record.kind == DealRecord.Kind.PENALTY:
        messages.error(
            request,
            _("Une pénalité ne se corrige pas : supprimez-la si c'est la dernière donne."),
        )
        return redirect(_sheet_url(sheet))
    by = Corrector(
        sheet_url=_sheet_url(sheet),
        action_url=_sheet_url(sheet, "sheet_correct", number=number),
        preview_url=_sheet_url(sheet, "sheet_preview"),
        sheet_page=lambda error: _detail(request, _fresh(sheet), error=error, status=409),
        author={"user": request.user},
        organiser=True,
    )
    return correction_page(request, sheet, record, by)


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_delete(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number)
    form = ChangeForm(request.POST)
    if not form.is_valid():
        return _detail(
            request, sheet, error=_("Formulaire illisible : rechargez la page."), status=400
        )
    try:
        services.delete_last_deal(
            sheet.pk,
            version=form.cleaned_data["version"],
            client_id=form.cleaned_data["client_id"],
            user=request.user,
            reason=form.cleaned_data["reason"],
            organiser=True,
        )
    except services.ServiceError as exc:
        return _detail(request, _fresh(sheet), error=exc.message, status=409)
    return _after(request, sheet, _("Dernière donne supprimée (elle reste dans l'historique)."))


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_penalty(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """A renonce or a misdeal: the penalty points go to the opponents, as one deal."""
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number)
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        return _detail(request, sheet, error=exc.message, status=409)
    form = PenaltyForm(request.POST, sheet=sheet, rules=rules)
    if not form.is_valid():
        return _detail(request, sheet, penalty_form=form, status=400)
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
        )
    except services.DealRefused as exc:
        form.add_error(None, exc.message)
        return _detail(request, sheet, penalty_form=form, status=400)
    except services.ServiceError as exc:
        return _detail(request, _fresh(sheet), error=exc.message, status=409)
    assert written.deal is not None
    return _after(
        request, sheet, _("Pénalité enregistrée (donne %(n)d).") % {"n": written.deal.number}
    )


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_totals(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """A paper sheet as two totals; the table check flags an inconsistent pair."""
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number)
    form = TotalsForm(request.POST, sheet=sheet)
    if not form.is_valid():
        return _detail(request, sheet, totals_form=form, status=400)
    data = form.cleaned_data
    try:
        services.record_totals(
            sheet.pk,
            total_a=data["total_a"],
            total_b=data["total_b"],
            deals_played=data["deals_played"],
            belotes=data["belotes"] or 0,
            capots=data["capots"] or 0,
            force=data["force"],
            version=data["version"],
            user=request.user,
        )
    except services.TotalsInconsistent as exc:
        return _detail(request, sheet, totals_form=form, totals_warning=exc.message, status=400)
    except services.StaleSheet as exc:
        return _detail(request, _fresh(sheet), error=exc.message, status=409)
    except services.ServiceError as exc:
        return _detail(request, _fresh(sheet), error=exc.message, status=409)
    fresh = _fresh(sheet)
    if fresh.status == ScoreSheet.Status.TO_VERIFY:
        messages.warning(request, _("Totaux enregistrés « à vérifier »."))
        return redirect(_sheet_url(sheet))
    return _after(request, sheet, _("Totaux enregistrés et confirmés."))


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_forfeit(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number, ORGANISING)
    form = ForfeitForm(request.POST, sheet=sheet)
    if not form.is_valid():
        return _detail(
            request, sheet, error=_("Formulaire illisible : rechargez la page."), status=400
        )
    try:
        services.score_bye_or_forfeit(
            sheet.pk,
            forfeit_loser=form.cleaned_data["forfeit_loser"],
            version=form.cleaned_data["version"],
            user=request.user,
            reason=form.cleaned_data["reason"],
        )
    except services.ServiceError as exc:
        return _detail(request, _fresh(sheet), error=exc.message, status=409)
    return _after(
        request,
        sheet,
        _("Forfait enregistré.") if form.cleaned_data["forfeit_loser"] else _("Forfait annulé."),
    )


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_confirm(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number)
    form = SheetForm(request.POST)
    if not form.is_valid():
        return _detail(
            request, sheet, error=_("Formulaire illisible : rechargez la page."), status=400
        )
    try:
        services.confirm_sheet(
            sheet.pk, version=form.cleaned_data["version"], user=request.user, organiser=True
        )
    except services.ServiceError as exc:
        return _detail(request, _fresh(sheet), error=exc.message, status=409)
    return _after(request, sheet, _("Feuille confirmée."))


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_reopen(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number, ORGANISING)
    form = SheetForm(request.POST)
    if not form.is_valid():
        return _detail(
            request, sheet, error=_("Formulaire illisible : rechargez la page."), status=400
        )
    try:
        services.reopen_sheet(
            sheet.pk,
            version=form.cleaned_data["version"],
            user=request.user,
            reason=str(request.POST.get("reason", ""))[:300],
        )
    except services.ServiceError as exc:
        return _detail(request, _fresh(sheet), error=exc.message, status=409)
    return _after(request, sheet, _("Feuille rouverte : elle peut à nouveau être confirmée."))


@tournaments_access.organiser_view("POST", roles=ANY_MEMBER)
def sheet_token(
    request: HttpRequest, club_slug: str, contest_id: int, round_number: int, table_number: int
) -> HttpResponse:
    """A new secret link for the table: the old one (and its QR code) stops working."""
    sheet = _sheet(request, club_slug, contest_id, round_number, table_number, ORGANISING)
    services.regenerate_token(sheet.pk, user=request.user)
    return _after(
        request, sheet, _("Nouveau lien créé : l'ancien lien et son QR code ne marchent plus.")
    )
