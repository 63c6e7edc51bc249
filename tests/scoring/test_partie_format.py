"""A partie's own format: the sheet, the table check and the standings use it.

The contest is ``club_contest`` (12 deals of classic belote); partie 2 is played in 15 deals,
or with its scores capped (winner at most 1280, loser at most 664). The sheet's totals stay
as played; the standings take the capped score, computed by the engine's ``final_score``.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from engine.belote.game import table_check
from engine.belote.rules import make_ruleset
from scoring import adapters, services
from scoring.adapters import DealFacts
from scoring.models import ScoreSheet
from standings import services as standings
from standings.readers import contest_with_versions
from tests.conftest import PASSWORD
from tests.scoring.conftest import _entries, make_contest, make_round, page_text, table_url
from tournaments.journal import sentences as journal
from tournaments.models import AuditEvent, Contest, Phase, Round
from tournaments.rules.format import FormatForm, PartieFormatForm, format_changes, format_line
from tournaments.services import ServiceError
from tournaments.services.rounds.format import set_partie_format


@pytest.fixture
def two_rounds(club: Any) -> tuple[Any, Round, Round]:
    contest = make_contest(club, "club_contest", "format")
    a, b, c, d = _entries(contest, club, 4)
    first = make_round(contest, 1, [(a, b), (c, d)])
    second = make_round(contest, 2, [(a, c), (b, d)])
    return contest, first, second


def _sheet(round_: Round, number: int = 1) -> ScoreSheet:
    round_ = Round.objects.select_related("contest").get(pk=round_.pk)
    return services.sheet_of_table(round_.tables.get(number=number))


def _play(sheet: ScoreSheet, count: int, taker_points: int = 100) -> ScoreSheet:
    for _ in range(count):
        sheet.refresh_from_db()
        services.record_deal(
            sheet.pk,
            DealFacts(taker="a", trump="hearts", taker_points=taker_points),
            version=sheet.version,
            client_id=uuid.uuid4(),
            device="phone-a",
        )
    sheet.refresh_from_db()
    return sheet


# --- The form: checked by the engine over the contest's rules --------------------------------


def _post(**values: Any) -> dict[str, Any]:
    data = {
        "game_end": "deals",
        "deals_per_game": 12,
        "target": 1000,
        "end_condition": "reach",
        "score_cap_winner": 0,
        "score_cap_loser": 0,
    }
    data.update(values)
    return data


BASE = make_ruleset("club_contest")

FORM_CASES = [
    (_post(), {}),  # as the contest: nothing stored
    (_post(deals_per_game=15), {"deals_per_game": 15}),
    (_post(game_end="target", target=3001), {"game_end": "target", "target": 3001}),
    (
        _post(score_cap_winner=1280, score_cap_loser=664),
        {"score_cap_winner": 1280, "score_cap_loser": 664},
    ),
]


@pytest.mark.parametrize(("data", "overrides"), FORM_CASES)
def test_the_form_keeps_only_what_differs(data: dict[str, Any], overrides: dict[str, Any]) -> None:
    form = FormatForm(data, base=BASE)
    assert form.is_valid(), form.errors
    assert form.overrides() == overrides
    assert form.rules == BASE.replace(**overrides)


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        (_post(score_cap_winner=600, score_cap_loser=700), "score_cap_loser", "perdant"),
        (_post(deals_per_game=0), "deals_per_game", "supérieure ou égale à 1"),
        (_post(deals_per_game=500), "deals_per_game", "inférieure ou égale à 200"),
        (_post(game_end="whenever"), "game_end", "Sélectionnez un choix valide"),
        (_post(target="beaucoup"), "target", "nombre entier"),
    ],
)
def test_refused_formats_say_why_in_french(data: dict[str, Any], field: str, words: str) -> None:
    form = FormatForm(data, base=BASE)
    assert not form.is_valid()
    assert words in " ".join(form.errors[field])


def test_the_partie_form_has_a_duration_locked_once_started() -> None:
    form = PartieFormatForm(_post(clock_minutes=40), base=BASE)
    assert form.is_valid() and form.cleaned_data["clock_minutes"] == 40
    started = PartieFormatForm(_post(clock_minutes=10), base=BASE, minutes=40, clock_started=True)
    assert started.is_valid() and started.cleaned_data["clock_minutes"] == 40


def test_format_words() -> None:
    capped = BASE.replace(score_cap_winner=1280, score_cap_loser=664)
    assert format_line(BASE) == "Partie en 12 donnes"
    assert format_line(capped) == (
        "Partie en 12 donnes, score plafonné à 1280 pour le gagnant et 664 pour le perdant"
    )
    assert format_line(BASE.replace(game_end="target", target=3001)) == "Partie en 3001 points"
    assert format_changes(BASE, BASE) == ""
    assert format_changes(BASE, BASE.replace(deals_per_game=15)) == "Partie en 15 donnes"


# --- The service ---------------------------------------------------------------------------------


def test_the_format_is_stored_and_journaled(two_rounds: Any) -> None:
    _contest, _first, second = two_rounds
    set_partie_format(second, {"deals_per_game": 15}, minutes=40, timed=True)
    second.refresh_from_db()
    assert second.rules_overrides == {"deals_per_game": 15} and second.clock_minutes == 40
    texts = [t for _e, t in journal.sentences(AuditEvent.objects.order_by("pk"))]
    assert any(t.startswith("Format de la partie 2 : 15 donnes") for t in texts)
    assert any(t.startswith("Durée de la partie 2 fixée à 40 minutes") for t in texts)


def test_the_duration_is_kept_unless_asked(two_rounds: Any) -> None:
    _contest, _first, second = two_rounds
    set_partie_format(second, {}, minutes=40, timed=True)
    set_partie_format(second, {"deals_per_game": 15})
    second.refresh_from_db()
    assert second.clock_minutes == 40
    set_partie_format(second, {"deals_per_game": 15}, minutes=None, timed=True)
    second.refresh_from_db()
    assert second.clock_minutes is None


def test_the_format_does_not_change_once_results_exist(two_rounds: Any) -> None:
    _contest, _first, second = two_rounds
    _play(_sheet(second), 1)
    with pytest.raises(ServiceError) as exc:
        set_partie_format(second, {"deals_per_game": 15})
    assert exc.value.code == "round.has_results" and "1 donne saisie" in exc.value.message
    second.refresh_from_db()
    assert second.rules_overrides == {}


def test_the_service_refuses_other_options_and_bad_values(two_rounds: Any) -> None:
    _contest, _first, second = two_rounds
    with pytest.raises(ServiceError) as exc:
        set_partie_format(second, {"variant": "contree"})
    assert exc.value.status == 400
    with pytest.raises(ServiceError) as exc:
        set_partie_format(second, {"score_cap_winner": 500, "score_cap_loser": 900})
    assert exc.value.status == 400 and "contredisent" in exc.value.message
    second.refresh_from_db()
    assert second.rules_overrides == {}


# --- The sheet and the table check use the partie's format --------------------------------------


def test_a_partie_of_15_deals_ends_after_15(two_rounds: Any) -> None:
    _contest, first, second = two_rounds
    set_partie_format(second, {"deals_per_game": 15})
    twelve = _play(_sheet(first), 12)
    fifteen = _play(_sheet(second), 12)
    assert twelve.status == ScoreSheet.Status.FINISHED
    assert fifteen.status == ScoreSheet.Status.OPEN  # 3 deals still to play
    fifteen = _play(fifteen, 3)
    assert fifteen.status == ScoreSheet.Status.FINISHED and fifteen.deal_count == 15
    assert services.rules_of(fifteen).deals_per_game == 15
    assert services.rules_of(twelve).deals_per_game == 12


def test_the_table_check_adds_up_the_partie_deals(two_rounds: Any) -> None:
    """15 × 162 = 2430 ("ends in 0"), not 12 × 162 = 1944 ("ends in 4")."""
    _contest, _first, second = two_rounds
    set_partie_format(second, {"deals_per_game": 15})
    sheet = _sheet(second)
    rules = services.rules_of(sheet)
    assert table_check(rules, rules.deals_per_game, 1300, 1130).consistent
    with pytest.raises(services.TotalsInconsistent):
        services.record_totals(
            sheet.pk, total_a=1000, total_b=944, deals_played=15, version=sheet.version
        )
    written = services.record_totals(
        sheet.pk, total_a=1300, total_b=1130, deals_played=15, version=sheet.version
    )
    assert written.sheet.status == ScoreSheet.Status.CONFIRMED


def test_the_totals_form_proposes_the_partie_deals(
    two_rounds: Any, organiser: Any, client: Client
) -> None:
    contest, _first, second = two_rounds
    set_partie_format(second, {"deals_per_game": 15})
    sheet = _sheet(second)
    client.login(username=organiser.username, password=PASSWORD)
    url = reverse(
        "scoring:sheet",
        kwargs={
            "club_slug": contest.club.slug,
            "contest_id": contest.pk,
            "round_number": 2,
            "table_number": sheet.table.number,
        },
    )
    text = page_text(client.get(url))
    assert 'name="deals_played" value="15"' in text
    assert "Partie en 15 donnes" in text


def test_the_phone_shows_the_partie_format(two_rounds: Any, phone: Client) -> None:
    _contest, first, second = two_rounds
    set_partie_format(second, {"deals_per_game": 15, "score_cap_winner": 1280})
    text = page_text(phone.get(table_url(_sheet(second))))
    assert "Partie en 15 donnes, score plafonné à 1280 (format de cette partie)" in text
    plain = page_text(phone.get(table_url(_sheet(first))))
    assert "Partie en 12 donnes" in plain and "format de cette partie" not in plain


# --- The standings use the capped score; the sheet keeps its totals --------------------------


def test_standings_use_the_capped_scores(two_rounds: Any) -> None:
    contest, _first, second = two_rounds
    set_partie_format(second, {"score_cap_winner": 1280, "score_cap_loser": 664})
    # Taker A with 120 of 162 each deal: 12 × 120 = 1440 against 12 × 42 = 504.
    big = _play(_sheet(second, 1), 12, taker_points=120)
    # Taker A with 90 of 162: 1080 against 864: the loser is capped, the winner is not.
    close = _play(_sheet(second, 2), 12, taker_points=90)
    assert (big.total_a, big.total_b) == (1440, 504)
    assert (close.total_a, close.total_b) == (1080, 864)
    results = {
        (r.team_a, r.team_b): (r.score_a, r.score_b)
        for r in adapters.finished_results(contest)
        if r.round == 2
    }
    assert results[(big.table.entry_a_id, big.table.entry_b_id)] == (1280, 504)
    assert results[(close.table.entry_a_id, close.table.entry_b_id)] == (1080, 664)
    # The sheet's totals are not changed.
    big.refresh_from_db()
    assert (big.total_a, big.total_b) == (1440, 504)
    standings.rebuild(contest.pk, force=True)
    rows = {row["entry"]: row for row in standings.live_snapshot(contest.pk).rows}
    assert rows[big.table.entry_a_id]["points_for"] == 1280
    assert rows[close.table.entry_b_id]["points_for"] == 664


def test_a_contest_wide_cap_applies_to_every_partie(club: Any) -> None:
    contest = make_contest(club, "club_contest", "plafond", score_cap_winner=1200)
    a, b = _entries(contest, club, 2)
    round_ = make_round(contest, 1, [(a, b)])
    _play(_sheet(round_), 12, taker_points=120)
    [result] = adapters.finished_results(contest)
    assert (result.score_a, result.score_b) == (1200, 504)


def test_capped_results_stay_one_query(two_rounds: Any, django_assert_num_queries: Any) -> None:
    contest, _first, second = two_rounds
    set_partie_format(second, {"score_cap_winner": 1280})
    _play(_sheet(second, 1), 12, taker_points=120)
    with django_assert_num_queries(1):
        results = adapters.finished_results(contest)
    assert [(r.score_a, r.score_b) for r in results] == [(1280, 504)]


def _caps_flag(contest: Contest) -> bool:
    return bool(contest_with_versions(contest.pk).get().has_score_caps)


def test_the_rebuild_reads_the_caps_only_where_a_cap_is_named(two_rounds: Any) -> None:
    """The contest query says whether any cap is named (contest, phase or partie): the rebuild
    reads the games without the six cap columns otherwise, with the same scores."""
    contest, first, second = two_rounds
    _play(_sheet(second, 1), 12, taker_points=120)
    assert not _caps_flag(contest)
    uncapped = adapters.finished_results(contest)
    assert adapters.finished_results(contest, read_caps=False) == uncapped
    phase = Phase.objects.create(contest=contest, number=1, kind=Phase.Kind.SWISS)
    Round.objects.filter(pk=first.pk).update(phase=phase)
    Phase.objects.filter(pk=phase.pk).update(rules_overrides={"score_cap_loser": 600})
    assert _caps_flag(contest)
    Phase.objects.filter(pk=phase.pk).update(rules_overrides={})
    assert not _caps_flag(contest)
    own = contest.ruleset
    Contest.objects.filter(pk=contest.pk).update(ruleset={**own, "score_cap_winner": 1200})
    assert _caps_flag(contest)
    standings.rebuild(contest.pk, force=True)
    [row] = [r for r in standings.live_snapshot(contest.pk).rows if r["points_for"] == 1200]
    assert row["points_against"] == 504
    Contest.objects.filter(pk=contest.pk).update(ruleset=own)
    assert not _caps_flag(contest)
    # A partie's cap (written as set_partie_format would, before its results).
    Round.objects.filter(pk=second.pk).update(rules_overrides={"score_cap_winner": 1280})
    assert _caps_flag(contest)
    standings.rebuild(contest.pk, force=True)
    assert 1280 in [r["points_for"] for r in standings.live_snapshot(contest.pk).rows]
