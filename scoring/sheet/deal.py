"""What the table pages and the organiser pages do alike with one deal: preview it, correct it.

A deal is corrected from a phone at the table (the last deal only) or by a club member (any
deal, with the history keeping both), in the states the sheet's rule allows for that role. The
two views find the deal, then hand over here: ``correction_page`` shows the deal's form,
previews it, writes the correction through ``services.correct_deal`` and answers every refusal
through ``views.refused``: the engine's reason on the form (400), a state that forbids it on the
form too (409), a stale form the sheet's current state (409).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from scoring import follow, services
from scoring.forms import DealForm, ReasonForm, deal_initial, new_client_id, reason_error
from scoring.models import DealRecord, ScoreSheet
from scoring.sheet import views as shared
from scoring.sheet_states import Role


def posted_client_id(request: HttpRequest) -> uuid.UUID | None:
    """The form's client id, to find a deal that a re-sent form already recorded."""
    try:
        return uuid.UUID(str(request.POST.get("client_id", "")))
    except ValueError:
        return None


def preview_response(
    request: HttpRequest, sheet: ScoreSheet, number: int | None = None, *, read_only: bool = False
) -> HttpResponse:
    """htmx: the computed score of the posted deal (deal ``number`` if a correction), unsaved.

    ``read_only``: a closed round's sheet answers 409 with the reason (the table link's)."""
    closed = sheet.round_refusal() if read_only else None
    if closed is not None:
        return shared.render(
            request, "scoring/_preview.html", {"error": closed.message}, status=409
        )
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        return shared.render(request, "scoring/_preview.html", {"error": exc.message}, status=409)
    state = services.state_before(rules, sheet, number)
    form = DealForm(request.POST, sheet=sheet, rules=rules, state=state)
    if not form.is_valid():
        errors = [str(e) for errs in form.errors.values() for e in errs]
        return shared.render(request, "scoring/_preview.html", {"errors": errors})
    assert form.score is not None and form.after is not None
    names = shared.team_names(sheet)
    context = {"preview": shared.preview_of(form.score, form.after, names), "names": names}
    return shared.render(request, "scoring/_preview.html", context)


@dataclass(frozen=True)
class Corrector:
    """Who corrects, and where their pages are."""

    sheet_url: str
    action_url: str
    preview_url: str
    # The sheet's page, read afresh, with an error and a status.
    sheet_page: Callable[[str, int], HttpResponse]
    role: Role
    # services.correct_deal's author arguments: ``device=`` at the table, ``user=`` otherwise.
    author: dict[str, Any] = field(default_factory=dict)


def correction_page(
    request: HttpRequest, sheet: ScoreSheet, record: DealRecord, by: Corrector
) -> HttpResponse:
    """GET: the deal's form filled in with what was entered; POST: preview or correct it."""
    try:
        rules = services.rules_of(sheet)
    except services.ServiceError as exc:
        return by.sheet_page(exc.message, 409)
    number = record.number
    state = services.state_before(rules, sheet, number)
    status = 200
    preview = None
    reason_form = ReasonForm(request.POST if request.method == "POST" else None)
    reason = reason_form.cleaned_data["reason"] if reason_form.is_valid() else ""
    if request.method == "GET":
        initial = deal_initial(record)
        initial.update(version=sheet.version, client_id=new_client_id())
        form = DealForm(initial=initial, sheet=sheet, rules=rules, state=state)
    else:
        form = DealForm(request.POST, sheet=sheet, rules=rules, state=state)
        if not form.is_valid() or reason_form.errors:
            if reason_form.errors:
                form.add_error(None, reason_error(reason_form))
            status = 400
        elif request.POST.get("action") != "preview" and follow.missing_reason(
            sheet.table.round, reason
        ):
            form.add_error(None, follow.missing_reason(sheet.table.round, reason))
            status = 400
        elif request.POST.get("action") == "preview":
            assert form.score is not None and form.after is not None
            preview = shared.preview_of(form.score, form.after, shared.team_names(sheet))
        else:
            try:
                services.correct_deal(
                    sheet.pk,
                    number,
                    form.facts(),
                    version=form.cleaned_data["version"],
                    client_id=form.cleaned_data["client_id"],
                    reason=reason,
                    role=by.role,
                    **by.author,
                )
            except services.StaleSheet as exc:
                return shared.refused(exc, by.sheet_page)
            except services.ServiceError as exc:
                # The engine's reason (400), or the sheet's state forbids it (409): either way
                # on the form, so that what was typed is not lost.
                form.add_error(None, exc.message)
                status = shared.status_of(exc)
            else:
                messages.success(request, _("Donne %(n)d corrigée.") % {"n": number})
                return redirect(f"{by.sheet_url}#donne-{number}")
    context = {
        "sheet": sheet,
        "names": shared.team_names(sheet),
        "form": form,
        "number": number,
        "preview": preview,
        "reason": reason,
        "later_draw": follow.later_draw_warning(sheet.table.round),
        "action_url": by.action_url,
        "preview_url": by.preview_url,
        "back_url": by.sheet_url,
        # A club member's page has the contest's breadcrumbs; a table link's has none.
        "crumbs": by.role != Role.TABLE,
        "contest": sheet.table.round.contest,
    }
    return shared.render(request, "scoring/table_correct.html", context, status=status)
