"""A knockout game that ended level: the organiser names the team that goes through.

Through the services (accepted, each refusal with nothing changed, the history and the
contest log), the bracket going on with the named team (the phases' reading, the next draw,
the cockpit, the phases page), the organiser's sheet page (the prompt only on a level
knockout sheet, a bad form refused in French), and the team's public page (the score as
played, the organiser's decision said).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring import adapters
from scoring import services as scoring
from scoring.models import DealCorrection, ScoreSheet
from scoring.sheet_states import Role
from tests.conftest import PASSWORD
from tests.tournaments.conftest import add_teams, make_contest
from tournaments import services
from tournaments.contests.cockpit import cockpit_of
from tournaments.models import AuditEvent, Contest, Round
from tournaments.services.phases import plan as phases_plan
from tournaments.services.phases.core import PhaseSpec
from tournaments.services.phases.read import read_phases

PROMPT = "Égalité : désignez l'équipe qualifiée"


def _totals(sheet: ScoreSheet, a: int, b: int) -> None:
    scoring.record_totals(
        sheet.pk, total_a=a, total_b=b, deals_played=12, version=None, role=Role.ORGANISER
    )


def _sheet(round_: Round, table: int) -> ScoreSheet:
    return ScoreSheet.objects.select_related(
        "table__round", "table__entry_a", "table__entry_b"
    ).get(table__round=round_, table__number=table)


def _knockout(club: Any, teams: int = 4) -> tuple[Contest, Round]:
    """A knockout of ``teams`` teams, its first partie published: table 1 level (972–972),
    the other tables won by team A."""
    contest = make_contest(club)
    add_teams(contest, teams)
    phases_plan.save_plan(contest, [PhaseSpec("knockout", "Tableau", 1, {"places": 2})])
    first = services.generate_round(contest, seed=7)
    services.publish_round(first)
    for sheet in ScoreSheet.objects.filter(table__round=first, table__entry_b__isnull=False):
        if sheet.table.number == 1:
            _totals(sheet, 972, 972)
        else:
            _totals(sheet, 1100, 844)
    return contest, first


def _name(sheet: ScoreSheet, team: str, **kwargs: Any) -> scoring.Written:
    return scoring.name_tie_winner(
        sheet.pk, team, version=None, role=kwargs.pop("role", Role.ORGANISER), **kwargs
    )


def _state(sheet_id: int) -> tuple[Any, ...]:
    s = ScoreSheet.objects.get(pk=sheet_id)
    return (s.winner, s.version, s.status, s.total_a, s.total_b, s.corrections.count())


# --- the service ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_naming_the_winner_of_a_level_knockout_game_is_kept_and_journaled(
    club: Any, organiser: Any
) -> None:
    contest, first = _knockout(club)
    sheet = _sheet(first, 1)
    assert sheet.status == ScoreSheet.Status.CONFIRMED and sheet.winner == "draw"
    written = _name(sheet, "b", user=organiser, reason="Donne décisive gagnée par B")
    assert written.created
    sheet.refresh_from_db()
    assert (sheet.winner, sheet.total_a, sheet.total_b) == ("b", 972, 972)  # points stay level
    correction = sheet.corrections.get()
    assert correction.action == DealCorrection.Action.WINNER
    assert correction.before == {"winner": "draw"} and correction.after["winner"] == "b"
    assert correction.reason == "Donne décisive gagnée par B" and correction.by == organiser
    event = AuditEvent.objects.get(contest=contest, action="sheet.tie_winner")
    assert event.after["reason"] == "Donne décisive gagnée par B"
    assert event.after["team_number"] == sheet.table.entry_b.number
    # The engine's results carry the named team; the scores (and so the standings) stay level.
    result = next(
        r for r in adapters.finished_results(contest) if r.team_a == sheet.table.entry_a_id
    )
    assert (result.score_a, result.score_b) == (972, 972)
    assert result.named_winner == sheet.table.entry_b_id
    assert adapters.sheet_result(sheet).named_winner == sheet.table.entry_b_id
    # Naming the same team again changes nothing.
    assert not _name(sheet, "b").created
    assert sheet.corrections.count() == 1


@pytest.mark.django_db
def test_the_journal_says_which_team_was_named(club: Any, organiser: Any) -> None:
    from tournaments.journal.sentences import sentences

    contest, first = _knockout(club)
    sheet = _sheet(first, 1)
    _name(sheet, "a", user=organiser, reason="règle annoncée")
    events = AuditEvent.objects.filter(contest=contest, action="sheet.tie_winner")
    text = " ".join(line for _event, line in sentences(events))
    assert "Égalité de la table 1 (partie 1)" in text
    assert f"Équipe {sheet.table.entry_a.number}" in text and "désignée qualifiée" in text
    assert "motif : règle annoncée" in text


@pytest.mark.django_db
def test_a_game_that_is_not_level_is_refused(club: Any) -> None:
    _contest, first = _knockout(club)
    won = _sheet(first, 2)
    before = _state(won.pk)
    with pytest.raises(scoring.ServiceError) as refused:
        _name(won, "b")
    assert refused.value.code == "not_level" and "pas à égalité" in refused.value.message
    assert _state(won.pk) == before


@pytest.mark.django_db
def test_a_team_that_is_not_one_of_the_two_is_refused(club: Any) -> None:
    _contest, first = _knockout(club)
    sheet = _sheet(first, 1)
    before = _state(sheet.pk)
    for team in ("", "c", "draw"):
        with pytest.raises(scoring.ServiceError) as refused:
            _name(sheet, team)
        assert refused.value.code == "team_required" and refused.value.field == "team"
        assert "l'une des deux équipes" in refused.value.message
    assert _state(sheet.pk) == before


@pytest.mark.django_db
def test_a_level_game_outside_a_knockout_is_refused(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 4)
    first = services.generate_round(contest, seed=7)
    services.publish_round(first)
    sheet = _sheet(first, 1)
    _totals(sheet, 972, 972)
    before = _state(sheet.pk)
    with pytest.raises(scoring.ServiceError) as refused:
        _name(sheet, "a")
    assert refused.value.code == "not_knockout" and "égalité y reste" in refused.value.message
    assert _state(sheet.pk) == before


@pytest.mark.django_db
def test_an_unfinished_sheet_a_scorer_or_a_table_link_is_refused(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 4)
    phases_plan.save_plan(contest, [PhaseSpec("knockout", "Tableau", 1, {"places": 2})])
    first = services.generate_round(contest, seed=7)
    services.publish_round(first)
    sheet = _sheet(first, 1)  # open, 0–0: level but not played
    before = _state(sheet.pk)
    with pytest.raises(scoring.NotAllowed) as refused:
        _name(sheet, "a")
    assert refused.value.code == "not_finished" and "pas terminée" in refused.value.message
    _totals(sheet, 972, 972)
    before = _state(sheet.pk)
    for role in (Role.SCORER, Role.TABLE):
        with pytest.raises(scoring.NotAllowed):
            _name(sheet, "a", role=role)
    assert _state(sheet.pk) == before


@pytest.mark.django_db
def test_a_stale_form_is_refused(club: Any) -> None:
    _contest, first = _knockout(club)
    sheet = _sheet(first, 1)
    before = _state(sheet.pk)
    with pytest.raises(scoring.StaleSheet):
        scoring.name_tie_winner(sheet.pk, "a", version=sheet.version - 1, role=Role.ORGANISER)
    assert _state(sheet.pk) == before


# --- the bracket goes on with the named team --------------------------------------------------


@pytest.mark.django_db
def test_the_bracket_waits_for_a_level_game_then_goes_on_with_the_named_team(club: Any) -> None:
    contest, first = _knockout(club)
    sheet = _sheet(first, 1)
    view = read_phases(contest)
    assert view is not None and view.phases[0].bracket is not None
    assert [(t.round, t.table) for t in view.ties] == [(1, 1)]
    with pytest.raises(services.ServiceError) as refused:
        services.generate_round(contest, seed=3)
    assert "partie 1, table 1 : égalité, désignez l'équipe qualifiée" in refused.value.message
    assert not Round.objects.filter(contest=contest, number=2).exists()

    _name(sheet, "a")
    _name(sheet, "b")  # the organiser changes their mind before the next draw
    view = read_phases(contest)
    assert view is not None and view.ties == []
    final = services.generate_round(contest, seed=3)
    teams = set(final.tables.values_list("entry_a_id", "entry_b_id").get())
    assert sheet.table.entry_b_id in teams and sheet.table.entry_a_id not in teams

    # Once the next partie is drawn, the named team can no longer change.
    before = _state(sheet.pk)
    with pytest.raises(scoring.ServiceError) as refused:
        _name(sheet, "a")
    assert (
        refused.value.code == "later_drawn" and "partie 2 est déjà tirée" in refused.value.message
    )
    assert _state(sheet.pk) == before


@pytest.mark.django_db
def test_the_final_won_after_a_tie_gives_the_placement(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 2)
    phases_plan.save_plan(contest, [PhaseSpec("knockout", "Tableau", 1, {"places": 2})])
    final = services.generate_round(contest, seed=7)
    services.publish_round(final)
    sheet = _sheet(final, 1)
    _totals(sheet, 972, 972)
    view = read_phases(contest)
    assert view is not None and view.placement is None
    _name(sheet, "b")
    view = read_phases(contest)
    assert view is not None and view.placement is not None
    assert view.placement.places[0].team == sheet.table.entry_b_id


@pytest.mark.django_db
def test_the_cockpit_and_the_phases_page_link_the_level_game_to_its_sheet(
    club: Any, organiser: Any
) -> None:
    contest, first = _knockout(club)
    url = reverse(
        "scoring:sheet",
        kwargs={
            "club_slug": club.slug,
            "contest_id": contest.pk,
            "round_number": 1,
            "table_number": 1,
        },
    )
    steps = {s.key: s for s in cockpit_of(contest).steps}
    draw = steps["draw"]
    assert draw.state == "blocked"
    assert any("Égalité à la partie 1, table 1" in line for line in draw.lines)
    assert draw.actions[0].url == url and draw.actions[0].primary
    assert steps["phases"].state == "blocked"
    client = Client()
    client.login(username=organiser.username, password=PASSWORD)
    page = client.get(reverse("tournaments:phases", args=[club.slug, contest.pk])).content.decode()
    assert 'id="phase-ties"' in page and f'href="{url}"' in page
    _name(_sheet(first, 1), "a")
    steps = {s.key: s for s in cockpit_of(contest).steps}
    assert steps["draw"].state != "blocked"
    assert not any("Égalité" in line for line in steps["draw"].lines)
    page = client.get(reverse("tournaments:phases", args=[club.slug, contest.pk])).content.decode()
    assert 'id="phase-ties"' not in page


# --- the organiser's sheet page ---------------------------------------------------------------


def _url(sheet: ScoreSheet, name: str = "sheet") -> str:
    table = sheet.table
    return reverse(
        f"scoring:{name}",
        kwargs={
            "club_slug": table.round.contest.club.slug,
            "contest_id": table.round.contest_id,
            "round_number": table.round.number,
            "table_number": table.number,
        },
    )


def _client(user: Any) -> Client:
    client = Client()
    client.login(username=user.username, password=PASSWORD)
    return client


@pytest.mark.django_db
def test_the_prompt_is_shown_only_on_a_level_knockout_sheet(club: Any, organiser: Any) -> None:
    _contest, first = _knockout(club)
    client = _client(organiser)
    level = _sheet(first, 1)
    page = client.get(_url(level)).content.decode()
    assert PROMPT in page and 'id="tie-form"' in page
    assert level.table.entry_a.display_name in page and 'name="team"' in page
    won = client.get(_url(_sheet(first, 2))).content.decode()
    assert PROMPT not in won and 'id="tie-form"' not in won
    # A level game outside a knockout: no prompt.
    other = make_contest(club, slug="ete", name="Concours d'été")
    add_teams(other, 4)
    plain = services.generate_round(other, seed=7)
    services.publish_round(plain)
    flat = _sheet(plain, 1)
    _totals(flat, 972, 972)
    assert PROMPT not in client.get(_url(flat)).content.decode()


@pytest.mark.django_db
def test_posting_the_form_names_the_team_and_a_bad_post_changes_nothing(
    club: Any, organiser: Any
) -> None:
    _contest, first = _knockout(club)
    client = _client(organiser)
    sheet = _sheet(first, 1)
    before = _state(sheet.pk)
    bad = client.post(_url(sheet, "sheet_tie_winner"), {"version": sheet.version, "team": "z"})
    assert bad.status_code == 400
    assert "l&#x27;une des deux équipes de cette table" in bad.content.decode()
    assert _state(sheet.pk) == before
    won = _sheet(first, 2)
    refused = client.post(_url(won, "sheet_tie_winner"), {"version": won.version, "team": "b"})
    assert refused.status_code == 409 and "pas à égalité" in refused.content.decode()
    assert ScoreSheet.objects.get(pk=won.pk).winner == "a"
    done = client.post(
        _url(sheet, "sheet_tie_winner"),
        {"version": sheet.version, "team": "b", "reason": "donne décisive"},
        follow=True,
    )
    assert done.status_code == 200
    page = done.content.decode()
    assert f"Équipe qualifiée : {sheet.table.entry_b.display_name}" in page
    assert ScoreSheet.objects.get(pk=sheet.pk).winner == "b"
    assert "Changer l'équipe qualifiée" in page


@pytest.mark.django_db
def test_a_scorer_sees_no_form_and_may_not_post(club: Any, scorer: Any) -> None:
    _contest, first = _knockout(club)
    client = _client(scorer)
    sheet = _sheet(first, 1)
    assert 'id="tie-form"' not in client.get(_url(sheet)).content.decode()
    before = _state(sheet.pk)
    answer = client.post(_url(sheet, "sheet_tie_winner"), {"version": sheet.version, "team": "a"})
    assert answer.status_code in (403, 404)
    assert _state(sheet.pk) == before


@pytest.mark.django_db
def test_after_the_next_draw_the_page_explains_and_offers_no_form(
    club: Any, organiser: Any
) -> None:
    contest, first = _knockout(club)
    sheet = _sheet(first, 1)
    _name(sheet, "a")
    services.generate_round(contest, seed=3)
    page = _client(organiser).get(_url(sheet)).content.decode()
    assert 'id="tie-closed"' in page and "La partie 2 est déjà tirée" in page
    assert 'id="tie-form"' not in page


def test_winner_of_reads_games_then_points_then_the_named_team() -> None:
    from engine.standings import GameResult
    from tournaments.services.phases.read import winner_of

    assert winner_of(GameResult(1, 1, 2, 900, 1000)) == 2
    assert winner_of(GameResult(1, 1, 2, 972, 972)) is None
    assert winner_of(GameResult(1, 1, 2, 972, 972, named_winner=1)) == 1
    assert winner_of(GameResult(1, 1, 2, 972, 972, named_winner=7)) is None  # not at the table
    assert winner_of(GameResult(1, 1, 2, 1000, 900, named_winner=2)) == 1  # the score decides
    # A match of several games is won on games won before points, as the standings count it.
    assert winner_of(GameResult(1, 1, 2, 1500, 2400, games_a=2, games_b=1)) == 1
    assert winner_of(GameResult(1, 1, 2, 2000, 2000, games_a=1, games_b=1, named_winner=2)) == 2


@pytest.mark.django_db
def test_the_refusals_and_the_prompt_read_in_english(club: Any) -> None:
    from django.utils import translation

    _contest, first = _knockout(club)
    with translation.override("en"):
        with pytest.raises(scoring.ServiceError) as refused:
            _name(_sheet(first, 2), "a")
        assert refused.value.message.startswith("This game is not tied")
        assert translation.gettext("Égalité : désignez l'équipe qualifiée") == (
            "Tie: name the team that goes through"
        )


# --- the team's public page -------------------------------------------------------------------

QUALIFIED = "nulle — qualifiée par décision de l'organisateur"
ELIMINATED = "nulle — éliminée par décision de l'organisateur"


def _team_page(contest: Contest, number: int) -> str:
    url = reverse("scores:team", args=[contest.club.slug, contest.slug, number])
    response = Client().get(url)
    assert response.status_code == 200
    return response.content.decode()


def _outcome_cell(page: str, round_number: int) -> str:
    """The team's row of ``round_number``, from its partie's cell to the end of the row."""
    start = page.index("#table-", page.index('<table class="data team-games">'))
    row = page[page.rfind("<tr>", 0, start) : page.index("</tr>", start)]
    assert f">{round_number}</a>" in row
    return row


@pytest.mark.django_db
def test_the_team_page_shows_the_organisers_decision_on_a_level_knockout_game(
    club: Any,
) -> None:
    contest, first = _knockout(club)
    Round.objects.filter(pk=first.pk).update(show_results=True)
    sheet = _sheet(first, 1)
    a, b = sheet.table.entry_a, sheet.table.entry_b
    assert b is not None
    # Before any naming: a plain draw on both pages.
    for team in (a, b):
        row = _outcome_cell(_team_page(contest, team.number), 1)
        assert "972 – 972" in row and "<td>nulle</td>" in row
    _name(sheet, "b", reason="Donne décisive gagnée par B")
    named = _outcome_cell(_team_page(contest, b.number), 1)
    other = _outcome_cell(_team_page(contest, a.number), 1)
    # The score as played, the decision said; neither team won nor lost at the table.
    assert "972 – 972" in named and QUALIFIED in named.replace("&#x27;", "'")
    assert "972 – 972" in other and ELIMINATED in other.replace("&#x27;", "'")
    for row in (named, other):
        assert "gagnée" not in row and "perdue" not in row
    # A game won at the score is left as it was.
    won = _sheet(first, 2)
    row = _outcome_cell(_team_page(contest, won.table.entry_a.number), 1)
    assert "<td>gagnée</td>" in row and "décision" not in row


def test_the_team_pages_decision_reads_in_english() -> None:
    from django.utils import translation

    with translation.override("en"):
        assert translation.gettext(QUALIFIED) == "drawn — through by the organiser's decision"
        assert translation.gettext(ELIMINATED) == "drawn — out by the organiser's decision"
