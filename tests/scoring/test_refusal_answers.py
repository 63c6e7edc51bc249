"""Every view answers a refused write through one helper: the French message, the right 4xx."""

from __future__ import annotations

import pytest
from django.http import HttpResponse

from engine.errors import EngineError
from scoring import services
from scoring.forms import SheetForm
from scoring.models import ScoreSheet
from scoring.sheet import views as shared
from scoring.sheet_states import Refusal


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (services.DealRefused(EngineError("deal.points_out_of_range", {})), 400),
        (services.ServiceError("team_required", "Indiquez votre équipe.", field="team"), 400),
        (services.NotAllowed(Refusal("forbidden", "Votre rôle…")), 403),
        (services.ServiceError("not_found", "Cette feuille de marque n'existe pas."), 404),
        (services.StaleSheet(ScoreSheet()), 409),
        (services.NotAllowed(Refusal("sheet_confirmed", "Cette feuille est confirmée…")), 409),
    ],
)
def test_each_refusal_has_its_status_and_message(error: services.ServiceError, status: int) -> None:
    shown: list[tuple[str, int]] = []

    def show(message: str, code: int) -> HttpResponse:
        shown.append((message, code))
        return HttpResponse(message, status=code)

    response = shared.refused(error, show)
    assert response.status_code == status == shared.status_of(error)
    assert shown == [(error.message, status)] and error.message


def test_a_refusal_of_what_was_typed_goes_on_the_form() -> None:
    form = SheetForm({"version": "0"})
    assert form.is_valid()
    error = services.ServiceError("team_required", "Indiquez votre équipe.", field="team")
    response = shared.refused(error, lambda message, code: HttpResponse(message, status=code), form)
    assert response.status_code == 400 and response.content == b""
    assert form.non_field_errors() == ["Indiquez votre équipe."]  # no such field: on the form
