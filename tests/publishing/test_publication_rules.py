"""Publication rules: every public URL and export hides what the organiser has not published."""

from __future__ import annotations

import io
from typing import Any

import pytest
import tablib
from django.test import Client

from scoring.models import DealRecord
from standings import services as standings
from tests.standings.factory import add_round, finish_round, make_contest

pytestmark = pytest.mark.django_db

# Scores no other table can produce, to look for in the pages.
R1_SCORE, R2_SCORE = 1357, 1579


@pytest.fixture
def contest(club: Any) -> Any:
    """Round 1: draw, results and standings public. Round 2: played, nothing public.
    Round 3: a draft draw."""
    contest = make_contest(club, teams=4)
    r1 = add_round(contest, 1, [(1, 2), (3, 4)], show_draw=True, show_results=True)
    r1.show_standings = True
    r1.save()
    sheets = finish_round(r1, {1: (R1_SCORE, 587), 2: (1000, 944)})
    DealRecord.objects.create(
        sheet=sheets[0],
        number=1,
        taker="a",
        trump="hearts",
        taker_points=100,
        score_a=100,
        score_b=62,
        running_a=100,
        running_b=62,
        outcome="made",
        breakdown=[{"team": "a", "code": "cards", "points": 100}],
    )
    finish_round(add_round(contest, 2, [(1, 3), (2, 4)]), {1: (R2_SCORE, 365), 2: (999, 945)})
    add_round(contest, 3, [(1, 4), (2, 3)], status="draft", show_draw=True, show_results=True)
    standings.rebuild(contest.pk)
    return contest


def _base(contest: Any) -> str:
    return f"/concours/{contest.club.slug}/{contest.slug}/"


PUBLIC_URLS = [
    "classement/",
    "classement/export.csv",
    "classement/export.xlsx",
    "classement/export.ods",
    "resultats/1/",
    "equipe/1/",
    "projecteur/",
    "projecteur/contenu/",
    "projecteur/contenu/?vue=resultats",
]


def _csv_rows(content: bytes) -> list[list[str]]:
    data = tablib.Dataset().load(content.decode("utf-8-sig"), format="csv", delimiter=";")
    return [list(row) for row in data]


def test_published_round_is_visible_everywhere(client: Client, contest: Any) -> None:
    base = _base(contest)
    for url in PUBLIC_URLS:
        assert client.get(base + url).status_code == 200, url
    page = client.get(base + "classement/").content.decode()
    assert str(R1_SCORE) in page and "Après la partie 1" in page
    results = client.get(base + "resultats/1/").content.decode()
    assert str(R1_SCORE) in results and "points des plis" in results  # deal breakdown
    rows = _csv_rows(client.get(base + "classement/export.csv").content)
    assert rows[0][:3] == ["1", "1", "Équipe 1"] and rows[0][9] == str(R1_SCORE)


def test_unpublished_round_never_leaks(client: Client, contest: Any) -> None:
    base = _base(contest)
    for url in PUBLIC_URLS:
        response = client.get(base + url)
        body = response.content
        if url.endswith(".xlsx"):
            import openpyxl

            sheet = openpyxl.load_workbook(io.BytesIO(body)).active
            body = repr(list(sheet.values)).encode()
        elif url.endswith(".ods"):
            body = repr(tablib.Dataset().load(io.BytesIO(body), format="ods").dict).encode()
        assert str(R2_SCORE).encode() not in body, url
        assert str(R1_SCORE + R2_SCORE).encode() not in body, url
    assert client.get(base + "resultats/2/").status_code == 404
    assert client.get(base + "resultats/3/").status_code == 404  # draft, flags set or not
    team = client.get(base + "equipe/1/").content.decode()
    assert "Partie 2" not in team and "Manche 2" not in team and "partie/3" not in team


def test_nothing_published_answers_404(client: Client, contest: Any) -> None:
    contest.rounds.update(show_draw=False, show_results=False, show_standings=False)
    standings.rebuild(contest.pk)
    base = _base(contest)
    for url in [u for u in PUBLIC_URLS if not u.startswith("projecteur")]:
        response = client.get(base + url)
        assert response.status_code == 404, url
    # The projector waits without saying anything.
    content = client.get(base + "projecteur/contenu/").content.decode()
    assert "dès qu'il sera publié" in content and "Équipe 1" not in content


def test_standings_unpublished_but_results_public(client: Client, contest: Any) -> None:
    contest.rounds.filter(number=1).update(show_standings=False)
    standings.rebuild(contest.pk)
    base = _base(contest)
    response = client.get(base + "classement/")
    assert response.status_code == 404
    assert "pas encore publié" in response.content.decode()
    assert client.get(base + "classement/export.csv").status_code == 404
    assert client.get(base + "resultats/1/").status_code == 200
    team = client.get(base + "equipe/1/").content.decode()
    assert "Rang après" not in team and str(R1_SCORE) in team


def test_results_hidden_draw_public(client: Client, contest: Any) -> None:
    contest.rounds.filter(number=2).update(show_draw=True)
    base = _base(contest)
    team = client.get(base + "equipe/1/").content.decode()
    assert "Équipe 3" in team  # round 2's opponent: the draw is public
    assert str(R2_SCORE) not in team and "non publié" in team
    assert client.get(base + "resultats/2/").status_code == 404


def test_private_contest_hides_everything(client: Client, contest: Any) -> None:
    contest.is_public = False
    contest.save()
    for url in PUBLIC_URLS:
        assert client.get(_base(contest) + url).status_code == 404, url


def test_standings_published_later_do_not_show_later_rounds_before(
    client: Client, contest: Any
) -> None:
    """Publishing round 2's standings through the flags alone (another page) is picked up."""
    contest.rounds.filter(number=2).update(show_standings=True, show_results=True)
    page = client.get(_base(contest) + "classement/").content.decode()
    assert "Après la partie 2" in page and str(R1_SCORE + R2_SCORE) in page
    # and the state notices it was built for another public round: the page queued a rebuild.
    assert not standings.stale_states().exists()


def test_unknown_contest_or_club(client: Client, contest: Any) -> None:
    for url in [
        "/concours/lorient/inconnu/classement/",
        "/concours/inconnu/concours-de-printemps/resultats/1/",
        "/concours/lorient/inconnu/equipe/1/",
        "/concours/lorient/inconnu/projecteur/",
    ]:
        response = client.get(url)
        assert response.status_code == 404, url
        assert "Concours introuvable" in response.content.decode()


@pytest.mark.parametrize(
    "url",
    [
        "classement/?page=abc",
        "classement/?page=0",
        "classement/?page=2",
        "classement/?page=99999999999999999999",
        "classement/export.pdf",
        "resultats/0/",
        "resultats/99999/",
        "equipe/0/",
        "equipe/99/",
        "equipe/123456789012/",
        "projecteur/?vue=tirage-secret",
    ],
)
def test_bad_input_is_a_clear_404(client: Client, contest: Any, url: str) -> None:
    response = client.get(_base(contest) + url)
    assert response.status_code == 404
    assert response.content  # a page with a message, not an empty error


def test_unknown_sort_falls_back_to_the_ranking(client: Client, contest: Any) -> None:
    base = _base(contest)
    default = client.get(base + "classement/").content.decode()
    odd = client.get(base + "classement/?sort=__import__").content.decode()
    assert odd.index("Équipe 1") < odd.index("Équipe 3")
    assert default.index("Équipe 1") < default.index("Équipe 3")


def test_post_is_refused(client: Client, contest: Any) -> None:
    assert client.post(_base(contest) + "classement/").status_code == 405


def test_late_entry_not_in_public_draw_has_no_page(client: Client, contest: Any) -> None:
    contest.entries.filter(number=4).update(checked_in=False)
    contest.rounds.update(show_draw=False, show_results=False)
    standings.rebuild(contest.pk, force=True)
    base = _base(contest)
    # Team 4 played round 1 (its result is in the public standings): it keeps its page.
    assert client.get(base + "equipe/4/").status_code == 200
