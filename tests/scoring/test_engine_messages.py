"""Every engine error code reaches the user as a French message, and nothing is saved."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from engine.belote.errors import BELOTE_ERROR_CODES
from engine.errors import error_codes
from scoring import services
from scoring.adapters import AnnouncementFacts, DealFacts
from scoring.messages import (
    BREAKDOWN_LABELS,
    ERROR_MESSAGES,
    OUTCOME_LABELS,
    UNKNOWN_ERROR,
    error_message,
)
from scoring.models import DealRecord
from tests.scoring.conftest import (
    _entries,
    deal_data,
    make_contest,
    make_round,
    page_text,
    table_url,
)

# The shared codes and belote's: the codes of the other games are worded by their own apps.
BELOTE_AND_SHARED = (*error_codes("engine"), *BELOTE_ERROR_CODES)


def test_every_engine_error_code_has_a_french_message() -> None:
    missing = [code for code in BELOTE_AND_SHARED if code not in ERROR_MESSAGES]
    assert missing == []
    for code in BELOTE_AND_SHARED:
        text = error_message(code)
        assert text and text != str(UNKNOWN_ERROR)
        # French, not the engine's developer English.
        assert not text.lower().startswith(("the ", "a ", "an ")), (code, text)


def test_unknown_code_gets_a_generic_french_message() -> None:
    assert error_message("deal.brand_new_code") == str(UNKNOWN_ERROR)


def test_every_breakdown_code_and_outcome_has_a_label() -> None:
    from engine.belote.deal import _LABELS, Outcome

    assert set(_LABELS) <= set(BREAKDOWN_LABELS)
    assert {o.value for o in Outcome} <= set(OUTCOME_LABELS)


def _sheet_for(club: Any, preset: str, slug: str, **overrides: Any) -> Any:
    contest = make_contest(club, preset, slug, **overrides)
    a, b = _entries(contest, club, 2)
    round_ = make_round(contest, 1, [(a, b)])
    return services.sheet_of_table(round_.tables.get())


# (preset, overrides, POST fields, engine code): each deal is refused by the engine, through
# the real table view.
VIEW_CASES = [
    (
        "ffb_classic_2016",
        {},
        {"trump": "sans_atout", "belote_team": "a"},
        "deal.belote_at_sans_atout",
    ),
    (
        "ffb_classic_2016",
        {},
        {"trump": "hearts", "taker_points": "200"},
        "deal.points_out_of_range",
    ),
    ("ffb_contree_2016", {}, {"bid": ""}, "deal.missing_bid"),
    (
        "ffb_coinche_2015",
        {},
        {
            "bid": "80",
            "ann1_team": "a",
            "ann1_kind": "carre",
            "ann1_rank": "jack",
            "ann2_team": "b",
            "ann2_kind": "carre",
            "ann2_rank": "jack",
        },
        "deal.announcement_duplicate_carre",
    ),
    (
        "ffb_coinche_2015",
        {},
        {
            "bid": "80",
            "ann1_team": "a",
            "ann1_kind": "tierce",
            "ann1_rank": "eight",
            "ann1_suit": "clubs",
        },
        "deal.announcement_impossible_sequence",
    ),
    (
        "ffb_coinche_2015",
        {},
        {"bid": "80", "ann1_team": "a", "ann1_kind": "carre", "ann1_rank": "seven"},
        "deal.announcement_invalid",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("preset", "overrides", "fields", "code"), VIEW_CASES)
def test_refused_deal_shows_the_engine_reason_in_french_and_saves_nothing(
    client: Any,
    club: Any,
    preset: str,
    overrides: dict[str, Any],
    fields: dict[str, str],
    code: str,
) -> None:
    sheet = _sheet_for(club, preset, preset.replace("_", "-")[:40], **overrides)
    response = client.post(table_url(sheet, "deal"), deal_data(sheet, **fields))
    assert response.status_code == 400
    assert str(ERROR_MESSAGES[code]) in page_text(response)
    assert DealRecord.objects.count() == 0
    sheet.refresh_from_db()
    assert (sheet.version, sheet.deal_count, sheet.total_a, sheet.total_b) == (0, 0, 0, 0)
    # The htmx preview says the same, without saving either.
    preview = client.post(table_url(sheet, "preview"), deal_data(sheet, **fields))
    assert preview.status_code == 200
    assert str(ERROR_MESSAGES[code]) in page_text(preview)
    assert DealRecord.objects.count() == 0


# Codes the form cannot produce (its choices prevent them) still come back in French from the
# service, which re-scores every deal itself.
SERVICE_CASES = [
    (
        "club_contest",
        DealFacts(taker="a", capot_team="a", taker_points=100),
        "deal.capot_without_all_points",
    ),
    (
        "club_contest",
        DealFacts(taker="a", taker_points=100, bid=80, bid_kind="points"),
        "deal.bid_in_classic",
    ),
    ("club_contest", DealFacts(taker="a", taker_points=100, contre=1), "deal.contre_in_classic"),
    (
        "club_contest",
        DealFacts(taker="a", taker_points=100, bid_kind="generale"),
        "deal.generale_without_contree",
    ),
    (
        "club_contest",
        DealFacts(taker="a", trump="sans_atout", taker_points=100),
        "deal.trump_not_allowed",
    ),
    (
        "ffb_contree_2016",
        DealFacts(taker="a", taker_points=100, bid=85, bid_kind="points"),
        "deal.bid_out_of_range",
    ),
    (
        "ffb_contree_2016",
        DealFacts(taker="a", taker_points=100, bid_kind="generale"),
        "deal.generale_disabled",
    ),
    (
        "club_contest",
        DealFacts(
            taker="a",
            taker_points=100,
            announcements=(AnnouncementFacts("a", "tierce", "king", "hearts"),),
        ),
        "deal.announcements_disabled",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("preset", "facts", "code"), SERVICE_CASES)
def test_service_refuses_with_the_french_message(
    club: Any, preset: str, facts: DealFacts, code: str
) -> None:
    sheet = _sheet_for(club, preset, "s-" + preset.replace("_", "-")[:40])
    with pytest.raises(services.DealRefused) as info:
        services.record_deal(sheet.pk, facts, version=0, client_id=uuid.uuid4())
    assert info.value.code == code
    assert info.value.message == str(ERROR_MESSAGES[code])
    assert DealRecord.objects.count() == 0
    sheet.refresh_from_db()
    assert sheet.version == 0


@pytest.mark.django_db
def test_broken_contest_rules_give_a_french_message_not_a_500(client: Any, club: Any) -> None:
    sheet = _sheet_for(club, "club_contest", "cassé")
    contest = sheet.table.round.contest
    contest.ruleset = {"variant": "classic", "no_such_option": 1}
    contest.save()
    page = client.get(table_url(sheet))
    assert page.status_code == 200
    assert str(ERROR_MESSAGES["rules.unknown_option"]) in page_text(page)
    response = client.post(table_url(sheet, "deal"), deal_data(sheet))
    assert response.status_code == 409
    assert str(ERROR_MESSAGES["rules.unknown_option"]) in page_text(response)
    assert DealRecord.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "needle"),
    [
        ({"taker_points": "abc"}, "Saisissez un nombre entier de points."),
        ({"taker_points": "-5"}, "Les points ne peuvent pas être négatifs."),
        ({"taker_points": "163"}, "Une équipe fait au plus 162 points."),
        ({"taker_points": ""}, "Indiquez les points faits par le preneur."),
        ({"taker": ""}, "Indiquez l'équipe qui a pris."),
        ({"version": "x"}, "Formulaire illisible : rechargez la page."),
        ({"client_id": "pas-un-uuid"}, "Formulaire illisible : rechargez la page."),
    ],
)
def test_malformed_form_gets_a_french_400(
    client: Any, sheet: Any, fields: dict[str, str], needle: str
) -> None:
    response = client.post(table_url(sheet, "deal"), deal_data(sheet, **fields))
    assert response.status_code == 400
    assert needle in page_text(response)
    assert DealRecord.objects.count() == 0


@pytest.mark.django_db
def test_a_stale_form_names_no_hidden_field(client: Any, sheet: Any) -> None:
    """A hidden field's error (a stale or tampered form) is its message alone: no "Client id"
    label, no link to a field the volunteer cannot see."""
    response = client.post(table_url(sheet, "deal"), deal_data(sheet, client_id="pas-un-uuid"))
    html = response.content.decode()
    summary = html[html.index('id="sheet-error"') :].split("</div>", 1)[0]
    assert "Formulaire illisible : rechargez la page." in summary
    assert "Client id" not in summary and 'href="#field-client_id"' not in summary
