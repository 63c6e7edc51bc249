"""Changing the plan of a running contest, with real sheets: the number of parties, a
latecomer against the bye or a waiting team, a table taken out of service.

Each change needs a reason (kept in the journal as a French sentence) and leaves every figure
consistent: the ruleset's ``games_per_contest``, the cockpit, the bye's points in the results
and the standings, the table links printed before a table moved.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from engine.standings import ResultKind
from scoring import adapters as scoring_adapters
from scoring.models import ScoreSheet
from tests.scoring.conftest import table_url
from tests.scoring.helpers import finish_game, play_deals
from tests.tournaments.conftest import add_teams, login, make_contest
from tournaments import adapters, services
from tournaments.contests.cockpit import cockpit_of
from tournaments.journal import sentences as journal
from tournaments.models import AuditEvent, Contest, Entry, Round, Table

REASON = "la salle a voté"


def _contest(club: Any, teams: int, rounds: int = 6, **values: Any) -> Contest:
    contest = make_contest(
        club,
        rounds_count=rounds,
        pairing_method="draw_every_round",
        bye_policy="fixed",
        bye_points=900,
        **values,
    )
    add_teams(contest, teams)
    return contest


def _publish(contest: Contest, seed: int = 3) -> Round:
    return services.publish_round(services.generate_round(contest, seed=seed))


def _sheets(round_: Round) -> dict[int, ScoreSheet]:
    return {
        s.table.number: s
        for s in ScoreSheet.objects.filter(table__round=round_).select_related("table__round")
    }


def _last_sentence(contest: Contest, action: str) -> str:
    event = AuditEvent.objects.filter(contest=contest, action=action).latest("id")
    return journal.sentence(event)


def _new_entry(contest: Contest, number: int) -> Entry:
    from tournaments.models import Player

    p1 = Player.objects.create(club=contest.club, first_name="Léa", last_name=f"Tard{number}")
    p2 = Player.objects.create(club=contest.club, first_name="Noé", last_name=f"Retard{number}")
    return services.add_entry(contest, services.EntryValues(player1=p1, player2=p2))


# --- the number of parties ------------------------------------------------------------------


@pytest.mark.django_db
def test_the_room_plays_five_parties_instead_of_six(club: Any) -> None:
    contest = _contest(club, 8)
    _publish(contest)
    before = dict(contest.ruleset)
    services.change_rounds_count(contest, 5, reason=REASON)
    contest.refresh_from_db()
    assert contest.rounds_count == 5
    # Only games_per_contest changed in the frozen rules, and it follows rounds_count.
    assert contest.ruleset == before | {"games_per_contest": 5}
    assert adapters.ruleset_of(contest).games_per_contest == 5
    assert contest.rules_frozen
    sentence = _last_sentence(contest, "plan.rounds_count")
    assert "5 parties au lieu de 6" in sentence and f"(motif : {REASON})" in sentence
    cockpit = cockpit_of(contest)
    draw = next(s for s in cockpit.steps if s.key == "draw")
    assert "1 partie tirée sur 5." in draw.lines


@pytest.mark.django_db
def test_reason_and_limits_are_required_and_nothing_changes_when_refused(club: Any) -> None:
    contest = _contest(club, 8, rounds=4)
    with pytest.raises(services.ServiceError) as not_started:
        services.change_rounds_count(contest, 5, reason=REASON)
    assert not_started.value.code == "plan.not_started"
    _publish(contest)
    _publish(contest, seed=4)
    cases = [
        (5, "  ", "plan.reason_required", 400),
        (1, REASON, "plan.rounds_below_drawn", 409),
        (31, REASON, "plan.rounds_range", 400),
        (4, REASON, "plan.rounds_unchanged", 400),
    ]
    for count, reason, code, status in cases:
        with pytest.raises(services.ServiceError) as refused:
            services.change_rounds_count(contest, count, reason=reason)
        assert (refused.value.code, refused.value.status) == (code, status)
        assert refused.value.message  # French, shown as is
    contest.refresh_from_db()
    assert contest.rounds_count == 4 and contest.ruleset["games_per_contest"] == 4
    assert not AuditEvent.objects.filter(action="plan.rounds_count").exists()


@pytest.mark.django_db
def test_more_parties_can_be_drawn_after_adding_them(club: Any) -> None:
    contest = _contest(club, 6, rounds=1)
    first = _publish(contest)
    with pytest.raises(services.ServiceError):
        services.generate_round(contest)
    services.change_rounds_count(contest, 30, reason="on a le temps")
    for sheet in _sheets(first).values():
        if sheet.kind == ScoreSheet.Kind.DEALS:
            finish_game(sheet)
    second = services.generate_round(contest, seed=5)
    assert second.number == 2
    contest.refresh_from_db()
    assert contest.ruleset["games_per_contest"] == 30


@pytest.mark.django_db
def test_reducing_to_the_partie_just_played_makes_it_the_last_and_the_contest_closable(
    club: Any, organiser: Any
) -> None:
    contest = _contest(club, 4, rounds=6)
    first = _publish(contest)
    for sheet in _sheets(first).values():
        finish_game(sheet)
    second = _publish(contest, seed=9)
    for sheet in _sheets(second).values():
        finish_game(sheet)
    lines = services.rounds_count_consequences(contest, 2)
    assert any("classement final" in line and "clos" in line for line in lines)
    services.change_rounds_count(contest, 2, reason="il est tard")
    contest.refresh_from_db()
    cockpit = cockpit_of(contest)
    assert cockpit.next_number is None and cockpit.current == second
    assert cockpit.next_action is not None
    publication = reverse(  # then prizes, then closing
        "publishing:publication", kwargs={"club_slug": club.slug, "contest_id": contest.pk}
    )
    assert cockpit.next_action.url == publication
    draw = next(s for s in cockpit.steps if s.key == "draw")
    assert "2 parties tirées sur 2." in draw.lines and "Toutes les parties sont tirées." in (
        draw.lines
    )
    services.finish_contest(contest)
    assert Contest.objects.get(pk=contest.pk).status == Contest.Status.FINISHED
    # The palmarès is the final one, after partie 2 of 2.
    from standings import services as standings_services

    standings_services.rebuild(contest.pk, force=True)
    palmares = login(organiser).get(
        reverse(
            "publishing:print_ranking", kwargs={"club_slug": club.slug, "contest_id": contest.pk}
        )
    )
    assert "classement final, après la partie 2 sur 2" in palmares.content.decode()


@pytest.mark.django_db
def test_a_team_registered_for_a_partie_no_longer_played_blocks_the_reduction(
    club: Any,
) -> None:
    contest = _contest(club, 4, rounds=3)
    _publish(contest)
    _publish(contest, seed=2)
    late = _new_entry(contest, 1)
    assert late.joined_at_round == 3
    with pytest.raises(services.ServiceError) as refused:
        services.change_rounds_count(contest, 2, reason=REASON)
    assert refused.value.code == "plan.late_entries"
    assert late.display_name in refused.value.message


@pytest.mark.django_db
def test_public_standings_say_partie_n_of_the_new_total(club: Any, client: Client) -> None:
    contest = _contest(club, 4, rounds=6)
    first = _publish(contest)
    for sheet in _sheets(first).values():
        finish_game(sheet)
    services.set_round_visibility(first, show_draw=True, show_results=True, show_standings=True)
    url = reverse("scores:standings", kwargs={"club_slug": club.slug, "contest_slug": contest.slug})
    assert "Après la partie 1 sur 6" in client.get(url).content.decode()
    services.change_rounds_count(contest, 5, reason=REASON)
    page = client.get(url).content.decode()
    assert "Après la partie 1 sur 5" in page and "sur 6" not in page


# --- a latecomer ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_latecomer_takes_the_bye_and_the_bye_loses_its_points(club: Any) -> None:
    contest = _contest(club, 9)
    first = _publish(contest)
    bye_table = Table.objects.get(round=first, entry_b__isnull=True)
    bye_sheet = ScoreSheet.objects.get(table=bye_table)
    token, code = bye_sheet.token, bye_sheet.short_code
    assert (bye_sheet.kind, bye_sheet.total_a) == (ScoreSheet.Kind.BYE, 900)
    others = {t.pk: (t.number, t.entry_a_id, t.entry_b_id) for t in first.tables.all()}
    late = _new_entry(contest, 1)
    assert late.joined_at_round == 2  # registered after the draw of partie 1
    lines = services.latecomer_consequences(first, late, None)
    assert any("900 points" in line for line in lines)
    table = services.seat_latecomer(first, late, reason="bouchons")
    assert table.pk == bye_table.pk and table.entry_b_id == late.pk
    late.refresh_from_db()
    assert (late.joined_at_round, late.checked_in) == (1, True)
    bye_sheet.refresh_from_db()
    assert (bye_sheet.kind, bye_sheet.status) == (ScoreSheet.Kind.DEALS, ScoreSheet.Status.OPEN)
    assert (bye_sheet.total_a, bye_sheet.winner) == (0, "")
    assert (bye_sheet.token, bye_sheet.short_code) == (token, code)  # the printed QR still works
    # No other table moved, and no bye is credited any more.
    for t in first.tables.exclude(pk=bye_table.pk):
        assert others[t.pk] == (t.number, t.entry_a_id, t.entry_b_id)
    results = scoring_adapters.finished_results(contest)
    assert not [r for r in results if r.kind is ResultKind.BYE]
    # The new game is played and counted like any other.
    finish_game(bye_sheet)
    [game] = [r for r in scoring_adapters.finished_results(contest) if r.team_b == late.pk]
    assert game.team_a == bye_table.entry_a_id and game.kind is ResultKind.PLAYED
    sentence = _last_sentence(contest, "plan.latecomer")
    assert "à la place de l'exempt" in sentence and "(motif : bouchons)" in sentence
    assert f"table {table.number}" in sentence
    assert "Exempt annulé" in _last_sentence(contest, "sheet.bye_cancelled")


@pytest.mark.django_db
def test_a_latecomer_plays_a_waiting_team_at_a_new_table_with_its_own_link(
    club: Any, client: Client
) -> None:
    contest = _contest(club, 8)
    absent = Entry.objects.get(contest=contest, number=8)
    absent.checked_in = False
    absent.save()
    first = _publish(contest)  # 7 present: three tables and a bye
    services.seat_latecomer(first, _new_entry(contest, 1), reason="arrivée")  # takes the bye
    services.set_entry_flag(absent, "checked_in", True)  # arrives: now waits at no table
    options = services.latecomer_options(first)
    assert options.bye is None and [e.pk for e in options.waiting] == [absent.pk]
    late = _new_entry(contest, 2)
    table = services.seat_latecomer(first, late, opponent=absent, reason="arrivée")
    assert (table.number, table.entry_a_id, table.entry_b_id) == (5, absent.pk, late.pk)
    sheet = ScoreSheet.objects.get(table=table)
    assert sheet.kind == ScoreSheet.Kind.DEALS and sheet.token
    assert client.get(table_url(sheet)).status_code == 200
    absent.refresh_from_db()
    assert absent.joined_at_round == 1  # it was registered for partie 1 all along
    assert "qui attendait" in _last_sentence(contest, "plan.latecomer")


@pytest.mark.django_db
def test_latecomer_refusals_are_clear(club: Any) -> None:
    contest = _contest(club, 8)
    first = _publish(contest)  # four tables, no bye, nobody waiting
    late = _new_entry(contest, 1)
    seated = Entry.objects.get(contest=contest, number=1)
    cases = [
        (late, None, "", "plan.reason_required"),
        (late, None, REASON, "plan.no_opponent"),
        (seated, None, REASON, "plan.entry_seated"),
    ]
    for entry, opponent, reason, code in cases:
        with pytest.raises(services.ServiceError) as refused:
            services.seat_latecomer(first, entry, opponent=opponent, reason=reason)
        assert refused.value.code == code and refused.value.message
    services.close_round(first)
    with pytest.raises(services.ServiceError) as closed:
        services.seat_latecomer(first, late, reason=REASON)
    assert closed.value.code == "plan.round_closed" and "close" in closed.value.message
    assert Table.objects.filter(round=first).count() == 4
    assert not AuditEvent.objects.filter(action="plan.latecomer").exists()


@pytest.mark.django_db
def test_the_standings_follow_a_cancelled_bye(club: Any) -> None:
    from standings import services as standings_services

    contest = _contest(club, 3, rounds=2)
    first = _publish(contest)
    bye_team = Table.objects.get(round=first, entry_b__isnull=True).entry_a_id
    standings_services.rebuild(contest.pk, force=True)
    row = _row(contest, bye_team)
    assert row["points_for"] == 900
    services.seat_latecomer(first, _new_entry(contest, 1), reason="arrivée")
    standings_services.rebuild(contest.pk, force=True)
    assert _row(contest, bye_team)["points_for"] == 0


def _row(contest: Contest, team: int) -> dict[str, Any]:
    from standings.readers import live_snapshot

    snapshot = live_snapshot(contest.pk)
    assert snapshot is not None
    return next(r for r in snapshot.rows if r["entry"] == team)


# --- a table out of service -----------------------------------------------------------------


@pytest.mark.django_db
def test_a_table_moves_and_its_printed_links_still_lead_to_the_sheet(
    club: Any, organiser: Any, client: Client
) -> None:
    contest = _contest(club, 8)
    first = _publish(contest)
    sheet = _sheets(first)[2]
    play_deals(sheet, 3)
    old_link = table_url(sheet)
    services.move_table(first, 2, 12, reason="boisson renversée")
    sheet.refresh_from_db()
    assert sheet.table.number == 12 and sheet.deal_count == 3
    assert sheet.table.former_numbers == [2]
    response = client.get(old_link)
    assert response.status_code == 302 and response["Location"] == table_url(sheet)
    assert client.get(table_url(sheet)).status_code == 200
    short = client.get(reverse("table:short", kwargs={"code": sheet.short_code}))
    assert short["Location"] == table_url(sheet)
    # A number the table never had stays refused, like any edited link.
    edited = old_link.replace("/t2/", "/t3/")
    assert client.get(edited).status_code == 404
    # A deal posted from a phone that still shows the old page is recorded.
    play_deals(sheet, 1)
    assert sheet.deal_count == 4
    orga = login(organiser)
    kwargs = {"club_slug": club.slug, "contest_id": contest.pk, "round_number": 1}
    follow_page = orga.get(reverse("scoring:round_sheets", kwargs=kwargs)).content.decode()
    assert 'data-table="12"' in follow_page and 'data-table="2"' not in follow_page
    posters = orga.get(reverse("publishing:print_posters", kwargs=kwargs)).content.decode()
    printed = orga.get(reverse("publishing:print_sheets", kwargs=kwargs)).content.decode()
    assert "Table 12" in printed and "Table 2<" not in printed
    assert sheet.short_code[:4] in printed
    assert "<strong>12</strong>" in posters and "<strong>2</strong>" not in posters
    sentence = _last_sentence(contest, "plan.table_move")
    assert "table 2" in sentence and "table 12" in sentence and "boisson renversée" in sentence


@pytest.mark.django_db
def test_a_taken_number_is_refused_and_two_tables_swap(club: Any, client: Client) -> None:
    contest = _contest(club, 8)
    first = _publish(contest)
    sheets = _sheets(first)
    links = {n: table_url(s) for n, s in sheets.items()}
    with pytest.raises(services.ServiceError) as taken:
        services.move_table(first, 1, 3, reason="table bancale")
    assert taken.value.code == "plan.table_taken" and "échangez" in taken.value.message
    with pytest.raises(services.ServiceError) as no_reason:
        services.move_table(first, 1, 9, reason="")
    assert no_reason.value.status == 400
    services.swap_tables(first, 1, 3, reason="table bancale")
    for sheet in (sheets[1], sheets[3]):
        sheet.refresh_from_db()
    assert (sheets[1].table.number, sheets[3].table.number) == (3, 1)
    assert sheets[1].table.former_numbers == [1] and sheets[3].table.former_numbers == [3]
    # Both printed links still open their own sheet (each one redirected to its new number).
    assert client.get(links[1])["Location"] == table_url(sheets[1])
    assert client.get(links[3])["Location"] == table_url(sheets[3])
    assert "tables 1 et 3 échangent" in _last_sentence(contest, "plan.table_swap")


@pytest.mark.django_db
def test_round_robin_phases_and_finished_contests_keep_their_number_of_parties(
    club: Any,
) -> None:
    from tournaments.models import Phase

    robin = make_contest(club, slug="toutes-rondes", rounds_count=3, pairing_method="round_robin")
    add_teams(robin, 4)
    _publish(robin)
    with pytest.raises(services.ServiceError) as limit:
        services.change_rounds_count(robin, 4, reason=REASON)  # 4 teams: 3 rounds at most
    assert limit.value.code == "plan.round_robin_limit" and "au plus 3 parties" in (
        limit.value.message
    )
    phased = _contest(club, 4, slug="phases")
    _publish(phased)
    Phase.objects.create(contest=phased, number=1, kind=Phase.Kind.SWISS, rounds_count=6)
    with pytest.raises(services.ServiceError) as phases:
        services.change_rounds_count(phased, 5, reason=REASON)
    assert phases.value.code == "plan.phases"
    done = _contest(club, 4, slug="clos")
    _publish(done)
    services.finish_contest(done)
    with pytest.raises(services.ServiceError) as finished:
        services.change_rounds_count(done, 5, reason=REASON)
    assert finished.value.code == "contest.finished"
    for contest, count in ((robin, 3), (phased, 6), (done, 6)):
        contest.refresh_from_db()
        assert contest.rounds_count == count == contest.ruleset["games_per_contest"]
