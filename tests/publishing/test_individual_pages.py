"""The players' ranking as people see it: the public page (a pairs contest with a replacement,
a mêlée whose standings ARE individual), the projector, the organiser's page with the "why"
of ties, the printed palmarès, the export files and the replacement page."""

from __future__ import annotations

import io
import re
from typing import Any

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from publishing.exports import contest as exports
from publishing.models import ExportJob, Prize
from standings import services as standings
from tests.scoring.conftest import page_text
from tests.standings.factory import add_round, finish_round, make_contest
from tests.standings.test_individual import _melee_contest, _melee_round
from tests.tournaments.conftest import login
from tournaments import services
from tournaments.models import AuditEvent, Contest, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def pairs(club: Any) -> Contest:
    """Four teams, three parties whose standings are public; team 1's second player is
    replaced by Jean Dupont from partie 3."""
    contest = make_contest(club, teams=4, rounds_count=4)
    for n in (1, 2, 3):
        finish_round(
            add_round(contest, n, [(1, 2), (3, 4)], show_results=True, show_standings=True),
            {1: (1100, 844), 2: (1000, 944)},
        )
    team1 = contest.entries.get(number=1)
    incoming = Player.objects.create(club=club, first_name="Jean", last_name="Dupont")
    services.replace_player(team1, services.ReplacementValues(team1.player2, incoming, 3, "malade"))
    standings.rebuild(contest.pk, force=True)
    return contest


@pytest.fixture
def melee(club: Any) -> Contest:
    contest = _melee_contest(club, players=8)
    r1 = _melee_round(contest, 1, [(1, 2, 3, 4), (5, 6, 7, 8)])
    finish_round(r1, {1: (1200, 744), 2: (800, 1144)})
    r2 = _melee_round(contest, 2, [(1, 7, 3, 5), (2, 8, 4, 6)])
    finish_round(r2, {1: (800, 1200), 2: (1000, 944)})
    r1.show_standings = r2.show_standings = True
    r1.save()
    r2.save()
    Player.objects.filter(last_name="J1").update(first_name="Zoé", last_name="Aubert")
    standings.rebuild(contest.pk, force=True)
    return contest


def _rows(html: str) -> list[str]:
    """The text of each body row of the first data table."""
    body = html.split("<tbody", 1)[1].split("</tbody>", 1)[0]
    return [
        " ".join(re.sub(r"<[^>]+>", " ", tr).split())
        for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_the_public_players_page_credits_each_partie_to_who_played_it(pairs: Contest) -> None:
    url = reverse("scores:players", args=[pairs.club.slug, pairs.slug])
    response = Client().get(url)
    assert response.status_code == 200
    text = page_text(response)
    rows = _rows(text)
    assert len(rows) == 9  # eight players of the teams and the replacement
    assert rows[0].startswith("1 Prénom1 Nom0001")  # team 1 won the three parties
    assert any(
        "Prénom2 Nom0002 remplacé après la partie 2" in r and " 2200 " in f" {r} " for r in rows
    )
    assert any("Jean Dupont depuis la partie 3" in r and " 1100 " in f" {r} " for r in rows)
    assert "Classement individuel : somme des points. Départage : meilleure première partie" in text
    # The team standings keep their page and link to the players'.
    team_page = page_text(
        Client().get(reverse("scores:standings", args=[pairs.club.slug, pairs.slug]))
    )
    assert reverse("scores:players", args=[pairs.club.slug, pairs.slug]) in team_page


def test_the_public_page_counts_only_the_parties_whose_standings_are_public(pairs: Contest) -> None:
    pairs.rounds.filter(number=3).update(show_standings=False)
    standings.rebuild(pairs.pk, force=True)
    text = page_text(Client().get(reverse("scores:players", args=[pairs.club.slug, pairs.slug])))
    assert "Après la partie 2" in text
    # He played partie 3 only: listed (he is in a checked-in team) with nothing credited.
    dupont = next(r for r in _rows(text) if "Jean Dupont" in r)
    assert dupont.endswith("1. Équipe 1 0 0 0 0 0")


def test_nothing_is_shown_before_the_standings_are_public(pairs: Contest) -> None:
    pairs.rounds.update(show_standings=False)
    standings.rebuild(pairs.pk, force=True)
    slugs = [pairs.club.slug, pairs.slug]
    response = Client().get(reverse("scores:players", args=slugs))
    assert response.status_code == 404
    assert "pas encore publié" in page_text(response)
    assert Client().get(reverse("scores:players_export", args=[*slugs, "csv"])).status_code == 404
    assert Client().get(reverse("scores:players", args=slugs) + "?page=abc").status_code == 404


def test_a_melee_ranks_its_players_on_every_public_page(melee: Contest) -> None:
    slugs = [melee.club.slug, melee.slug]
    client = Client()
    response = client.get(reverse("scores:standings", args=slugs))
    assert response.status_code == 302
    assert response["Location"] == reverse("scores:players", args=slugs)
    rows = _rows(page_text(client.get(reverse("scores:players", args=slugs))))
    assert rows[0] == "1 P2 J2 2 2 2200 1688 1200"  # no team column in a mêlée
    assert rows[2].startswith("3 Zoé Aubert 2 1 2000")
    assert len(rows) == 8
    projector = page_text(client.get(reverse("scores:projector", args=slugs)))
    assert "Classement individuel après la partie 2" in projector
    assert "Zoé Aubert" in projector


def test_the_projector_of_a_pairs_contest_has_a_players_view(pairs: Contest) -> None:
    slugs = [pairs.club.slug, pairs.slug]
    teams = page_text(Client().get(reverse("scores:projector", args=slugs)))
    assert "Classement individuel" not in teams and "?vue=joueurs" in teams
    players = page_text(Client().get(reverse("scores:projector", args=slugs) + "?vue=joueurs"))
    assert "Classement individuel après la partie 3" in players
    assert "Jean Dupont depuis la partie 3" in " ".join(re.sub(r"<[^>]+>", " ", players).split())
    assert (
        Client().get(reverse("scores:projector", args=slugs) + "?vue=nimporte").status_code == 404
    )


def test_the_organiser_sees_why_a_tie_was_broken(melee: Contest, organiser: Any) -> None:
    client = login(organiser)
    text = page_text(
        client.get(reverse("publishing:players_ranking", args=[melee.club.slug, melee.pk]))
    )
    # Zoé Aubert (ex J1) and P5 J5 both total 2000 points: the first partie decides.
    assert "devant P5 J5 à égalité : meilleure première partie, 1\u202f200 contre 800" in text
    assert melee.get_absolute_url() in text  # breadcrumbs back to the cockpit


def test_the_printed_palmares_of_a_melee_gives_prizes_to_players(
    melee: Contest, organiser: Any
) -> None:
    Prize.objects.create(contest=melee, rank_from=1, rank_to=1, label="Un jambon")
    Prize.objects.create(contest=melee, rank_from=2, rank_to=3, label="Une bouteille")
    client = login(organiser)
    response = client.get(reverse("publishing:print_ranking", args=[melee.club.slug, melee.pk]))
    assert response.status_code == 302
    text = page_text(client.get(response["Location"]))
    rows = _rows(text)
    assert len(rows) == 3  # the prize-winners only
    assert rows[0].startswith("1 P2 J2") and rows[0].endswith("Un jambon")
    assert rows[1].endswith("Une bouteille")
    every = _rows(
        page_text(
            client.get(
                reverse("publishing:print_players", args=[melee.club.slug, melee.pk]) + "?tous=1"
            )
        )
    )
    assert len(every) == 8
    bad = client.get(
        reverse("publishing:print_players", args=[melee.club.slug, melee.pk]) + "?n=abc"
    )
    assert bad.status_code == 400


def test_the_public_export_holds_the_players_and_never_a_formula(pairs: Contest) -> None:
    Player.objects.filter(first_name="Jean", last_name="Dupont").update(
        first_name="=cmd|", last_name="x"
    )
    standings.rebuild(pairs.pk, force=True)
    slugs = [pairs.club.slug, pairs.slug]
    csv = Client().get(reverse("scores:players_export", args=[*slugs, "csv"]))
    assert csv.status_code == 200
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Rang;Joueur;Licence;Équipe;Jouées;Gagnées")
    assert any(line.startswith("9;'=cmd| x;") or ";'=cmd| x;" in line for line in lines)
    xlsx = Client().get(reverse("scores:players_export", args=[*slugs, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    names = [row[1].value for row in sheet.iter_rows(min_row=2)]
    cell = next(row[1] for row in sheet.iter_rows(min_row=2) if row[1].value == "=cmd| x")
    assert cell.data_type == "s" and len(names) == 9
    assert Client().get(reverse("scores:players_export", args=[*slugs, "pdf"])).status_code == 404


def test_the_organisers_export_job_of_the_players(
    pairs: Contest, settings: Any, tmp_path: Any
) -> None:
    settings.MEDIA_ROOT = tmp_path
    job = ExportJob.objects.create(contest=pairs, kind=ExportJob.Kind.PLAYERS, format="csv")
    assert exports.run_job(job.pk) == ExportJob.Status.DONE
    job.refresh_from_db()
    with job.file.open("rb") as handle:
        text = handle.read().decode("utf-8-sig")
    assert "Jean Dupont" in text and "Parties jouées" in text
    assert "1, 2" in text  # the replaced player's parties


def test_the_replacement_page_refuses_then_records(pairs: Contest, organiser: Any) -> None:
    client = login(organiser)
    team2 = pairs.entries.get(number=2)
    edit = page_text(
        client.get(reverse("tournaments:entry_edit", args=[pairs.club.slug, pairs.pk, team2.pk]))
    )
    url = reverse("tournaments:entry_replace", args=[pairs.club.slug, pairs.pk, team2.pk])
    assert url in edit
    form = page_text(client.get(url))
    assert "Joueur remplacé" in form and team2.player1.full_name in form
    missing = client.post(
        url, {"outgoing": team2.player1.pk, "incoming": "Luc Petit", "from_round": 4}
    )
    assert missing.status_code == 400
    assert "Ce champ est obligatoire" in page_text(missing)
    early = client.post(
        url,
        {"outgoing": team2.player1.pk, "incoming": "Luc Petit", "from_round": 3, "reason": "parti"},
    )
    assert early.status_code == 200 or early.status_code == 302
    team2.refresh_from_db()
    assert team2.player1.full_name == "Luc Petit"
    log = page_text(
        client.get(reverse("tournaments:contest_log", args=[pairs.club.slug, pairs.pk]))
    )
    assert "Luc Petit remplace Prénom3 Nom0003 dans l'équipe 2 à partir de la partie 3" in log
    again = client.post(
        url, {"outgoing": team2.player2.pk, "incoming": "Luc Petit", "from_round": 4, "reason": "x"}
    )
    assert again.status_code == 400 and "joue déjà dans cette équipe" in page_text(again)
    assert AuditEvent.objects.filter(contest=pairs, action="entry.replace").count() == 2


def test_the_rules_form_stores_the_individual_tiebreaks(club: Any, organiser: Any) -> None:
    contest = make_contest(club, teams=2, status=Contest.Status.REGISTRATION)
    client = login(organiser)
    url = reverse("tournaments:contest_edit", args=[club.slug, contest.pk])
    page = page_text(client.get(url))
    assert "Départage du classement individuel" in page and "meilleure première partie" in page
    from tournaments.rules.contest import RulesForm

    rules = {
        name: field.initial
        for name, field in RulesForm(preset="club_contest").fields.items()
        if field.initial is not None
    }
    data = {
        **{k: ("on" if v is True else v) for k, v in rules.items() if v is not False},
        "name": contest.name,
        "slug": contest.slug,
        "date": "2026-04-12",
        "rounds_count": 4,
        "ranking_method": "points",
        "bye_policy": "round_average",
        "bye_points": 0,
        "pairing_method": "draw_then_ranking",
        "individual_tiebreak_1": "wins",
        "individual_tiebreak_2": "opponents_buchholz_points",
        "preset": "club_contest",
    }
    response = client.post(url, data)
    assert response.status_code == 302, re.findall(
        r'class="errorlist[^"]*">(.*?)</ul>', page_text(response)
    )
    contest.refresh_from_db()
    assert contest.individual_tiebreaks == ["wins", "opponents_buchholz_points"]


def test_the_shared_players_page_carries_no_csrf_token_and_switches_language(
    pairs: Contest,
) -> None:
    url = reverse("scores:players", args=[pairs.club.slug, pairs.slug])
    page = Client().get(url)
    assert "csrfmiddlewaretoken" not in page_text(page)
    switched = Client().get(url + "?language=en")
    assert switched.status_code == 302 and switched["Location"] == url
    english = Client(headers={"cookie": "django_language=en"}).get(url)
    assert "Individual standings" in page_text(english)
