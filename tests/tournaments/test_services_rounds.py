"""Rounds: draw, why report, hand edits with warnings and undo, redraw, publish, delete."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.standings import GameResult
from tests.tournaments.conftest import add_teams, make_contest
from tournaments import ports, services
from tournaments.models import Entry, Round, RoundEdit, Table


def _pairs(round_: Round) -> set[frozenset[int]]:
    return {
        frozenset((t.entry_a_id, t.entry_b_id)) for t in round_.tables.filter(entry_b__isnull=False)
    }


def _layout(round_: Round) -> list[tuple[int, int, int | None]]:
    return list(round_.tables.order_by("number").values_list("number", "entry_a", "entry_b"))


@pytest.fixture
def results_source() -> Iterator[dict[str, Any]]:
    """A fake scoring app: results given through the ports; the real ones (registered by the
    scoring app when Django starts) are put back afterwards for the tests that follow."""
    state: dict[str, Any] = {"results": [], "activity": {}}
    with (
        ports.results_source.override(lambda contest, /: state["results"]),
        ports.round_activity.override(lambda round_, /: state["activity"].get(round_.number, [])),
    ):
        yield state


@pytest.mark.django_db
def test_odd_field_has_one_bye_numbered_after_the_tables(contest: Any) -> None:
    add_teams(contest, 9)
    round_ = services.generate_round(contest, seed=11)
    tables = list(round_.tables.order_by("number"))
    assert [t.number for t in tables] == [1, 2, 3, 4, 5]
    assert [t.is_bye for t in tables] == [False, False, False, False, True]
    assert round_.status == Round.Status.DRAFT and round_.seed == 11
    assert round_.method == "random"
    codes = [item["code"] for item in round_.report]
    assert codes[0] == "seed" and "bye_assigned" in codes


@pytest.mark.django_db
def test_same_seed_same_draw(club: Any) -> None:
    first = make_contest(club, slug="a")
    add_teams(first, 12)
    a = services.generate_round(first, seed=42)
    layout = [(n, x, y) for n, x, y in _layout(a)]
    services.redraw_round(a, seed=42)
    assert _layout(a) == layout
    services.redraw_round(a, seed=43)
    assert _layout(a) != layout


@pytest.mark.django_db
def test_no_rematch_over_rounds_and_no_second_bye(contest: Any) -> None:
    add_teams(contest, 9)
    seen: set[frozenset[int]] = set()
    byes: list[int] = []
    for number in range(1, 5):
        round_ = services.generate_round(contest, seed=number)
        assert round_.method == ("random" if number == 1 else "ranking")
        pairs = _pairs(round_)
        assert not pairs & seen, f"rematch in round {number}"
        seen |= pairs
        byes.append(round_.tables.get(entry_b__isnull=True).entry_a_id)
        services.publish_round(round_)
    assert len(set(byes)) == 4
    with pytest.raises(services.ServiceError) as caught:
        services.generate_round(contest)
    assert caught.value.code == "round.all_drawn"


@pytest.mark.django_db
def test_pairing_method_mapping(club: Any) -> None:
    every = make_contest(club, slug="every", pairing_method="draw_every_round")
    add_teams(every, 6)
    services.publish_round(services.generate_round(every, seed=1))
    assert services.generate_round(every, seed=2).method == "random"
    robin = make_contest(club, slug="robin", pairing_method="round_robin", rounds_count=3)
    add_teams(robin, 4, start=500)
    seen: set[frozenset[int]] = set()
    for _ in range(3):
        round_ = services.generate_round(robin)
        assert round_.method == "round_robin"
        assert not _pairs(round_) & seen
        seen |= _pairs(round_)
        services.publish_round(round_)
    assert len(seen) == 6  # everyone met everyone


@pytest.mark.django_db
def test_ranking_uses_the_registered_results(contest: Any, results_source: dict[str, Any]) -> None:
    teams = add_teams(contest, 4)
    round1 = services.generate_round(contest, seed=1)
    services.publish_round(round1)
    # Give the two teams of table 2 the best scores: they lead, but they have met already.
    t1, t2 = round1.tables.order_by("number")
    results_source["results"] = [
        GameResult(1, t1.entry_a_id, t1.entry_b_id, 1000, 900),
        GameResult(1, t2.entry_a_id, t2.entry_b_id, 2000, 1900),
    ]
    round2 = services.generate_round(contest, seed=2)
    top = round2.tables.get(number=1)
    assert t2.entry_a_id in (top.entry_a_id, top.entry_b_id)  # the leader is on table 1
    assert _pairs(round2).isdisjoint(_pairs(round1))
    assert len(teams) == 4


@pytest.mark.django_db
def test_swap_warns_of_rematch_and_undo_restores(contest: Any) -> None:
    add_teams(contest, 8)
    round1 = services.generate_round(contest, seed=1)
    services.publish_round(round1)
    round2 = services.generate_round(contest, seed=2)
    before = _layout(round2)
    old = round1.tables.get(number=1)
    a, b = Entry.objects.get(pk=old.entry_a_id), Entry.objects.get(pk=old.entry_b_id)
    # Put b opposite a in round 2: swap b with a's current opponent.
    table_of_a = (
        round2.tables.get(entry_a=a)
        if round2.tables.filter(entry_a=a).exists()
        else round2.tables.get(entry_b=a)
    )
    opponent_id = table_of_a.entry_b_id if table_of_a.entry_a_id == a.pk else table_of_a.entry_a_id
    edit = services.swap_entries(round2, b, Entry.objects.get(pk=opponent_id))
    assert any("revanche" in w for w in edit.warnings)
    assert frozenset((a.pk, b.pk)) in _pairs(round2)
    assert RoundEdit.objects.filter(round=round2).count() == 1
    undone = services.undo_last_edit(round2)
    assert undone.description == edit.description
    assert _layout(round2) == before
    with pytest.raises(services.ServiceError) as caught:
        services.undo_last_edit(round2)
    assert caught.value.code == "round.nothing_to_undo"


@pytest.mark.django_db
def test_swap_warns_of_club_conflict(contest: Any) -> None:
    teams = add_teams(contest, 4)
    Entry.objects.filter(pk__in=[teams[0].pk, teams[1].pk]).update(home_club="Lorient")
    round_ = services.generate_round(contest, seed=3)
    t = (
        round_.tables.get(entry_a=teams[0])
        if round_.tables.filter(entry_a=teams[0]).exists()
        else round_.tables.get(entry_b=teams[0])
    )
    opponent = t.entry_b_id if t.entry_a_id == teams[0].pk else t.entry_a_id
    if opponent == teams[1].pk:
        pytest.skip("the draw already paired them")  # pragma: no cover
    edit = services.swap_entries(round_, teams[1], Entry.objects.get(pk=opponent))
    assert any("même club" in w for w in edit.warnings)


@pytest.mark.django_db
def test_moves_undo_in_reverse_order(contest: Any) -> None:
    teams = add_teams(contest, 5)
    round_ = services.generate_round(contest, seed=4)
    original = _layout(round_)
    bye_table = round_.tables.get(entry_b__isnull=True)
    mover = Entry.objects.get(pk=round_.tables.get(number=1).entry_a_id)
    edit1 = services.move_entry(round_, mover, bye_table.number)
    after_move = _layout(round_)
    # Table 1 lost a team: its partner is now alone, numbered after the playing tables.
    assert sum(1 for _n, _a, b in after_move if b is None) == 1
    assert edit1.kind == RoundEdit.Kind.MOVE
    with pytest.raises(services.ServiceError) as caught:
        services.move_entry(round_, mover, 1)
    assert caught.value.code in ("round.table_full", "round.same_table")
    with pytest.raises(services.ServiceError) as caught:
        services.move_entry(round_, mover, 99)
    assert caught.value.code == "round.no_such_table"
    services.swap_entries(round_, teams[0], teams[1])
    services.undo_last_edit(round_)
    assert _layout(round_) == after_move
    services.undo_last_edit(round_)
    assert _layout(round_) == original


@pytest.mark.django_db
def test_move_to_a_new_table_creates_two_byes_and_publish_refuses(contest: Any) -> None:
    add_teams(contest, 4)
    round_ = services.generate_round(contest, seed=5)
    mover = Entry.objects.get(pk=round_.tables.get(number=1).entry_a_id)
    edit = services.move_entry(round_, mover, 3)
    assert any("plusieurs exempts" in w for w in edit.warnings)
    with pytest.raises(services.ServiceError) as caught:
        services.publish_round(round_)
    assert caught.value.code == "round.several_byes"
    services.undo_last_edit(round_)
    services.publish_round(round_)


@pytest.mark.django_db
def test_published_round_is_not_edited(contest: Any) -> None:
    teams = add_teams(contest, 4)
    round_ = services.generate_round(contest, seed=6)
    services.publish_round(round_)
    for call in (
        lambda: services.swap_entries(round_, teams[0], teams[1]),
        lambda: services.move_entry(round_, teams[0], 3),
        lambda: services.undo_last_edit(round_),
        lambda: services.publish_round(round_),
    ):
        with pytest.raises(services.ServiceError) as caught:
            call()
        assert caught.value.code == "round.not_draft"


@pytest.mark.django_db
def test_one_draft_at_a_time(contest: Any) -> None:
    add_teams(contest, 4)
    services.generate_round(contest, seed=1)
    with pytest.raises(services.ServiceError) as caught:
        services.generate_round(contest)
    assert caught.value.code == "round.draft_exists"


@pytest.mark.django_db
def test_not_enough_teams_is_a_french_refusal(contest: Any) -> None:
    add_teams(contest, 1)
    with pytest.raises(services.ServiceError) as caught:
        services.generate_round(contest)
    assert caught.value.code == "pairing.not_enough_teams"
    assert "au moins" in caught.value.message
    assert not Round.objects.exists()


@pytest.mark.django_db
def test_redraw_refused_when_results_exist(contest: Any, results_source: dict[str, Any]) -> None:
    add_teams(contest, 4)
    round_ = services.generate_round(contest, seed=1)
    services.publish_round(round_)
    services.redraw_round(round_, seed=8)  # published but no result yet: allowed
    results_source["activity"][1] = ["2 feuilles de marque"]
    with pytest.raises(services.ServiceError) as caught:
        services.redraw_round(round_, seed=9)
    assert caught.value.code == "round.has_results"
    assert "2 feuilles de marque" in caught.value.message
    assert Round.objects.get(pk=round_.pk).seed == 8


@pytest.mark.django_db
def test_delete_published_round_needs_confirmation_naming_losses(
    contest: Any, results_source: dict[str, Any]
) -> None:
    add_teams(contest, 6)
    round1 = services.generate_round(contest, seed=1)
    services.publish_round(round1)
    results_source["activity"][1] = ["3 feuilles de marque", "24 donnes saisies"]
    with pytest.raises(services.ServiceError) as caught:
        services.delete_round(round1)
    assert caught.value.code == "round.confirmation_needed"
    assert "3 tables" in caught.value.message and "24 donnes saisies" in caught.value.message
    assert Table.objects.filter(round=round1).count() == 3
    lost = services.delete_round(round1, confirmed=True)
    assert "24 donnes saisies" in lost
    assert not Round.objects.exists()


@pytest.mark.django_db
def test_only_the_last_round_is_deleted_and_drafts_need_no_confirmation(contest: Any) -> None:
    add_teams(contest, 4)
    round1 = services.generate_round(contest, seed=1)
    services.publish_round(round1)
    round2 = services.generate_round(contest, seed=2)
    with pytest.raises(services.ServiceError) as caught:
        services.delete_round(round1, confirmed=True)
    assert caught.value.code == "round.not_last"
    services.delete_round(round2)
    assert list(contest.rounds.values_list("number", flat=True)) == [1]
