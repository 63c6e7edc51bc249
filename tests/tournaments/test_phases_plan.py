"""The plan of phases: checked in French before the day, dry-run on the contest's field, saved
through the organiser's page (a ready-made plan, or phase by phase), frozen once drawn."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tournaments.conftest import add_teams, make_contest
from tournaments import services
from tournaments.models import AuditEvent, Phase
from tournaments.services.phases import plan as phases_plan
from tournaments.services.phases.core import PhaseSpec

POOLS = PhaseSpec("pools", "Poules", 3, {"pool_size": 4, "method": "draw"})
MAIN = PhaseSpec(
    "knockout", "Tableau", 3, {"places": 2}, {"rules": [{"kind": "first_per_pool", "count": 2}]}
)


def _refusal(contest: Any, specs: list[PhaseSpec], status: int = 400) -> str:
    with pytest.raises(services.ServiceError) as refused:
        phases_plan.save_plan(contest, specs)
    assert refused.value.status == status
    return refused.value.message


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("specs", "words"),
    [
        ([], None),
        ([PhaseSpec("consolante", settings={"source": "losers"})], "consolante suit un tableau"),
        ([PhaseSpec("repechage")], "repêchage suit"),
        (
            [
                PhaseSpec("knockout"),
                PhaseSpec("pools", settings={"pool_size": 4, "method": "draw"}),
            ],
            "termine le concours",
        ),
        ([PhaseSpec("pools", settings={"pool_size": 1, "method": "draw"})], "de 2 à 16 équipes"),
        ([PhaseSpec("swiss", rounds_count=0)], "de 1 à 30"),
        (
            [
                POOLS,
                PhaseSpec(
                    "knockout", qualification={"rules": [{"kind": "first_overall", "count": 4}]}
                ),
            ],
            "ne convient pas",
        ),
        (
            [
                POOLS,
                PhaseSpec(
                    "knockout", qualification={"rules": [{"kind": "first_per_pool", "count": 5}]}
                ),
            ],
            "Avec 16 équipes, ce plan ne fonctionne pas",
        ),
        (
            [
                PhaseSpec("swiss", rounds_count=3),
                PhaseSpec("knockout"),
                PhaseSpec("consolante", settings={"source": "pools"}),
            ],
            "demande une phase de poules",
        ),
        ([POOLS, MAIN, PhaseSpec("consolante", settings={"source": "pools"})], None),
    ],
)
def test_a_plan_is_checked_in_french(club: Any, specs: list[PhaseSpec], words: str | None) -> None:
    contest = make_contest(club)
    add_teams(contest, 16)
    if words is None:
        phases_plan.save_plan(contest, specs)
        assert Phase.objects.filter(contest=contest).count() == len(specs)
    else:
        assert words in _refusal(contest, specs)
        assert not Phase.objects.filter(contest=contest).exists()


@pytest.mark.django_db
def test_saving_a_plan_counts_the_parties_and_is_journaled(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 18)
    phases_plan.save_plan(contest, [POOLS, MAIN])
    contest.refresh_from_db()
    # 18 teams: 5 pools (4, 4, 4, 3, 3) in 3 parties, then 10 qualified in a bracket of 16
    assert [p.rounds_count for p in contest.phases.order_by("number")] == [3, 4]
    assert contest.rounds_count == 7
    assert AuditEvent.objects.filter(contest=contest, action="phases.plan").count() == 1


@pytest.mark.django_db
def test_the_plan_is_frozen_once_a_partie_is_drawn(club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 8)
    phases_plan.save_plan(contest, [POOLS, MAIN])
    services.generate_round(contest, seed=1)
    assert "ne se modifie plus" in _refusal(contest, [POOLS], 409)


@pytest.mark.django_db
def test_the_page_starts_from_a_ready_plan_then_edits_it(
    organiser_client: Client, club: Any
) -> None:
    contest = make_contest(club)
    add_teams(contest, 16)
    url = reverse("tournaments:phases", args=[club.slug, contest.pk])
    page = organiser_client.get(url)
    assert page.status_code == 200
    assert "Poules de 4, puis tableau principal" in page.content.decode()
    done = organiser_client.post(url, {"action": "ready", "plan": "pools_main_consolante"})
    assert done.status_code == 302
    kinds = list(contest.phases.order_by("number").values_list("kind", flat=True))
    assert kinds == ["pools", "knockout", "consolante"]
    text = organiser_client.get(url).content.decode()
    assert "16 équipes · 4 poules · 3 parties" in text
    assert "En tout : 6 parties." in text
    bad = organiser_client.post(url, {"action": "ready", "plan": "nope"})
    assert bad.status_code == 400
    posted = {
        "action": "save",
        "phases-TOTAL_FORMS": "3",  # the third, the spare one, left empty
        "phases-INITIAL_FORMS": "0",
        "phases-0-kind": "pools",
        "phases-0-pool_size": "5",
        "phases-0-pool_method": "serpentine",
        "phases-1-kind": "knockout",
        "phases-1-places": "2",
        "phases-1-rule": "first_per_pool",
        "phases-1-rule_count": "9",
        "phases-2-kind": "",
    }
    refused = organiser_client.post(url, posted)
    assert refused.status_code == 400
    assert "ne fonctionne pas" in refused.content.decode()
    assert contest.phases.count() == 3  # unchanged
    posted["phases-1-rule_count"] = "2"
    assert organiser_client.post(url, posted).status_code == 302
    assert list(contest.phases.values_list("kind", flat=True)) == ["pools", "knockout"]
    assert contest.phases.get(number=1).settings == {"pool_size": 5, "method": "serpentine"}


@pytest.mark.django_db
def test_the_cockpit_shows_the_phases_and_links_their_page(
    organiser_client: Client, club: Any
) -> None:
    contest = make_contest(club)
    add_teams(contest, 16)
    cockpit = reverse("tournaments:contest", args=[club.slug, contest.pk])
    assert "Phases : poules, tableaux" not in organiser_client.get(cockpit).content.decode()
    phases_plan.save_plan(contest, [POOLS, MAIN])
    text = organiser_client.get(cockpit).content.decode()
    assert "Phases : poules, tableaux" in text
    assert "La partie 1 commence la phase « Poules »" in text
    assert reverse("tournaments:phases", args=[club.slug, contest.pk]) in text


@pytest.mark.django_db
def test_the_journal_says_the_plan_and_the_start_of_a_phase(club: Any) -> None:
    from tournaments.journal.sentences import sentence

    contest = make_contest(club)
    add_teams(contest, 8)
    phases_plan.save_plan(contest, [POOLS, MAIN])
    services.generate_round(contest, seed=1)
    plan = AuditEvent.objects.get(contest=contest, action="phases.plan")
    assert "Plan des phases enregistré (Poules → Tableau)" in sentence(plan)
    start = AuditEvent.objects.get(contest=contest, action="phase.start")
    assert "Poules, partie 1 : 8 équipes" in sentence(start)
    # Written from the stored facts when read: an English reader reads English (the phase
    # keeps the name the organiser gave it).
    with translation.override("en"):
        assert "Phase started (Poules, round 1: 8 teams)" in sentence(start)


@pytest.mark.django_db
def test_a_consolante_for_the_lower_places_of_the_pools(
    organiser_client: Client, club: Any
) -> None:
    contest = make_contest(club)
    add_teams(contest, 16)
    url = reverse("tournaments:phases", args=[club.slug, contest.pk])
    posted = {
        "action": "save",
        "phases-TOTAL_FORMS": "3",
        "phases-INITIAL_FORMS": "0",
        "phases-0-kind": "pools",
        "phases-0-pool_size": "4",
        "phases-0-pool_method": "draw",
        "phases-1-kind": "knockout",
        "phases-1-places": "4",
        "phases-1-third_place": "on",
        "phases-1-rule": "first_per_pool",
        "phases-1-rule_count": "1",
        "phases-2-kind": "consolante",
        "phases-2-places": "2",
        "phases-2-source": "pools",
        "phases-2-from_place": "3",
    }
    assert organiser_client.post(url, posted).status_code == 302
    consolante = contest.phases.get(number=3)
    assert consolante.settings == {
        "places": 2,
        "third_place": False,
        "source": "pools",
        "from_place": 3,
    }
    text = organiser_client.get(url).content.decode()
    # 4 pool winners in the main bracket; the 3rd and 4th of each pool in the consolante
    assert "tableau à élimination directe · 4 équipes · 3 parties" in text  # the stage: 3
    assert "consolante · 8 équipes · 3 parties" in text


@pytest.mark.django_db
def test_the_printed_table_list_says_each_match_s_pool(organiser_client: Client, club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 8)
    phases_plan.save_plan(contest, [POOLS, MAIN])
    services.generate_round(contest, seed=1)
    url = reverse("tournaments:round_print", args=[club.slug, contest.pk, 1])
    text = organiser_client.get(url).content.decode()
    assert "Poules : où se joue chaque match" in text
    assert "Table 1 : poule A." in text and "Table 3 : poule B." in text


@pytest.mark.django_db
def test_the_round_page_shows_its_phase_pools_and_why(organiser_client: Client, club: Any) -> None:
    contest = make_contest(club)
    add_teams(contest, 8)
    phases_plan.save_plan(contest, [POOLS, MAIN])
    services.generate_round(contest, seed=1)
    url = reverse("tournaments:round", args=[club.slug, contest.pk, 1])
    text = organiser_client.get(url).content.decode()
    assert 'id="round-phase"' in text and 'id="round-phases"' in text
    assert 'id="pool-A"' in text and 'id="pool-B"' in text
    assert "Table 1 : poule A." in text and "Graine du tirage de la phase : 1." in text
    assert "qualifiée" not in text  # the first phase takes every present team
    assert "Modifier à la main" not in text  # the phase fixed the matches
