"""Organiser pages: per-round publication (synchronous rebuild), prizes, prints; projector."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from publishing import services as publishing
from publishing.models import Prize
from scoring.models import ScoreSheet
from standings import services as standings
from tests.standings.factory import add_round, finish_round, make_contest, played_contest
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def contest(club: Any) -> Any:
    contest = make_contest(club, teams=6)
    finish_round(add_round(contest, 1, show_draw=True), {1: (1234, 710)})
    add_round(contest, 2, status="draft")
    return contest


def _orga(contest: Any) -> str:
    """The contest's address among the publishing app's organiser pages."""
    return f"/orga/publication/{contest.club.slug}/concours/{contest.pk}/"


def test_publishing_standings_rebuilds_synchronously(
    client: Client, organiser: Any, contest: Any, broker_down: None
) -> None:
    """Even with the broker down, the standings are public as soon as the flag is."""
    client.force_login(organiser)
    response = client.post(
        _orga(contest) + "parties/1/",
        {"r1-show_draw": "on", "r1-show_results": "on", "r1-show_standings": "on"},
    )
    assert response.status_code == 302
    round_ = contest.rounds.get(number=1)
    assert (round_.show_draw, round_.show_results, round_.show_standings) == (True, True, True)
    public = standings.public_snapshot(contest)
    assert public is not None and public.as_of_round == 1
    page = Client().get(f"/concours/{contest.club.slug}/{contest.slug}/classement/")
    assert page.status_code == 200 and "1234" in page.content.decode()
    assert standings.live_snapshot(contest.pk).public_round == 1
    assert not standings.stale_states().exists()


def test_unpublishing_hides_at_once(client: Client, organiser: Any, contest: Any) -> None:
    client.force_login(organiser)
    client.post(_orga(contest) + "parties/1/", {"r1-show_standings": "on"})
    client.post(_orga(contest) + "parties/1/", {})
    assert standings.public_snapshot(contest) is None
    url = f"/concours/{contest.club.slug}/{contest.slug}/classement/"
    assert Client().get(url).status_code == 404


def test_draft_round_cannot_be_published(client: Client, organiser: Any, contest: Any) -> None:
    client.force_login(organiser)
    response = client.post(_orga(contest) + "parties/2/", {"r2-show_standings": "on"})
    assert response.status_code == 409
    assert "Publiez la partie" in response.content.decode()
    assert not contest.rounds.get(number=2).show_standings


def test_publication_page_and_rebuild_button(client: Client, organiser: Any, contest: Any) -> None:
    client.force_login(organiser)
    page = client.get(_orga(contest)).content.decode()
    assert "Partie 1" in page and "publiez d’abord le tirage" in page.replace(
        "&#x27;", "’"
    ).replace("'", "’")
    assert client.post(_orga(contest) + "classement/recalculer/").status_code == 302
    assert standings.live_snapshot(contest.pk) is not None


def test_scorer_and_outsider_cannot_publish(
    client: Client, scorer: Any, outsider: Any, contest: Any
) -> None:
    for user in (scorer, outsider):
        client.force_login(user)
        url = _orga(contest) + "parties/1/"
        assert client.post(url, {"r1-show_standings": "on"}).status_code == 404
        assert client.get(_orga(contest)).status_code == 404
    assert not contest.rounds.get(number=1).show_standings


def test_prizes_and_the_printed_ranking(client: Client, organiser: Any, contest: Any) -> None:
    client.force_login(organiser)
    url = _orga(contest) + "lots/"
    assert client.post(url, {"rank_from": "1", "label": "Un jambon"}).status_code == 302
    assert (
        client.post(url, {"rank_from": "2", "rank_to": "3", "label": "Une bouteille"}).status_code
        == 302
    )
    overlap = client.post(url, {"rank_from": "3", "rank_to": "4", "label": "Un canard"})
    assert overlap.status_code == 400 and "déjà un lot" in overlap.content.decode()
    reversed_range = client.post(url, {"rank_from": "5", "rank_to": "4", "label": "x"})
    assert reversed_range.status_code == 400
    assert client.post(url, {"rank_from": "abc", "label": ""}).status_code == 400
    assert list(Prize.objects.values_list("rank_from", "rank_to")) == [(1, 1), (2, 3)]
    ranking = client.get(_orga(contest) + "palmares/").content.decode()
    assert "Un jambon" in ranking and "Une bouteille" in ranking
    assert ranking.count("<tr") == 4  # header + the 3 prize-winners
    everyone = client.get(_orga(contest) + "palmares/?tous=1").content.decode()
    assert everyone.count("<tr") == 7
    top2 = client.get(_orga(contest) + "palmares/?n=2").content.decode()
    assert top2.count("<tr") == 3
    assert client.get(_orga(contest) + "palmares/?n=-3").status_code == 400
    prize = Prize.objects.get(rank_from=1)
    assert client.post(url + f"{prize.pk}/supprimer/").status_code == 302
    assert client.post(url + f"{prize.pk}/supprimer/").status_code == 404


def test_prize_service_rules(contest: Any) -> None:
    with pytest.raises(publishing.PublishingError, match="Indiquez le lot"):
        publishing.add_prize(contest, rank_from=1, rank_to=None, label="   ")
    with pytest.raises(publishing.PublishingError):
        publishing.add_prize(contest, rank_from=0, rank_to=None, label="x")
    prize = publishing.add_prize(contest, rank_from=4, rank_to=6, label="  Un   panier ")
    assert prize.label == "Un panier"
    assert publishing.prize_for_rank([prize], 5) == "Un panier"
    assert publishing.prize_for_rank([prize], 7) == ""


def test_score_sheets_print_with_qr_codes(client: Client, organiser: Any, club: Any) -> None:
    contest = make_contest(club, teams=5)
    add_round(contest, 1, [(1, 2), (3, 4), (5, None)])
    client.force_login(organiser)
    page = client.get(_orga(contest) + "parties/1/feuilles-de-marque/").content.decode()
    assert page.count('class="print-page score-sheet"') == 2  # no sheet for the bye
    assert page.count("<svg") == 2
    sheets = list(ScoreSheet.objects.filter(table__entry_b__isnull=False))
    # The QR codes encode the table links; under each, the table's short link to type by hand
    # (``testserver/t/K7QF-M2XA``), never the token.
    assert len(sheets) == 2
    for sheet in sheets:
        grouped = f"{sheet.short_code[:4]}-{sheet.short_code[4:]}"
        assert page.count(f"testserver/t/{grouped}<") == 1
        assert sheet.token not in page
    assert "http://testserver" not in page
    assert "Table 1" in page and "Équipe n° 1" in page and page.count("<tr><td>12</td>") == 2
    # Each team's number once in the heading (its name without the number again), belote and
    # capot columns, and the hint for Android phones on a hall network without Internet.
    assert "Équipe n° 1</strong> 1." not in page
    assert "<th>Belote</th><th>Capot</th>" in page
    assert "choisissez « Rester connecté »" in page


def test_score_sheets_encode_the_public_address_not_the_organisers_host(
    client: Client, organiser: Any, club: Any, settings: Any, monkeypatch: Any
) -> None:
    """In a hall the organiser browses 127.0.0.1; the phones need the laptop's LAN address."""
    from publishing.organiser import views as views_organiser

    encoded: list[str] = []
    real = views_organiser.qr_svg
    monkeypatch.setattr(views_organiser, "qr_svg", lambda url: encoded.append(url) or real(url))
    settings.PUBLIC_BASE_URL = "http://192.168.1.20:8000"
    contest = make_contest(club, teams=4)
    add_round(contest, 1, [(1, 2), (3, 4)])
    client.force_login(organiser)
    page = client.get(_orga(contest) + "parties/1/feuilles-de-marque/", HTTP_HOST="127.0.0.1")
    assert page.status_code == 200
    assert len(encoded) == 2
    assert all(url.startswith("http://192.168.1.20:8000/table/r1/t") for url in encoded)
    # The short links under them: the hall's address without "http://" (a browser adds it).
    body = page.content.decode()
    for sheet in ScoreSheet.objects.all():
        assert f"192.168.1.20:8000/t/{sheet.short_code[:4]}-{sheet.short_code[4:]}<" in body
    assert "127.0.0.1" not in body


def test_an_https_address_is_printed_whole(
    client: Client, organiser: Any, club: Any, settings: Any
) -> None:
    settings.PUBLIC_BASE_URL = "https://belote.example.org"
    contest = make_contest(club, teams=2)
    add_round(contest, 1, [(1, 2)])
    client.force_login(organiser)
    body = client.get(_orga(contest) + "parties/1/feuilles-de-marque/").content.decode()
    code = ScoreSheet.objects.get().short_code
    assert f"https://belote.example.org/t/{code[:4]}-{code[4:]}<" in body


def test_score_sheets_of_a_target_game_have_running_totals(
    client: Client, organiser: Any, club: Any
) -> None:
    from tournaments.adapters import ruleset_of

    contest = make_contest(club, teams=2)
    base = ruleset_of(contest).to_json()
    contest.ruleset = {**base, "game_end": "target", "target": 1000}
    contest.save()
    add_round(contest, 1, [(1, 2)])
    client.force_login(organiser)
    page = client.get(_orga(contest) + "parties/1/feuilles-de-marque/").content.decode()
    assert "Partie en 1000 points" in page and "Cumul n° 1" in page


def test_draft_round_sheets_are_refused(client: Client, organiser: Any, contest: Any) -> None:
    client.force_login(organiser)
    response = client.get(_orga(contest) + "parties/2/feuilles-de-marque/")
    assert response.status_code == 409 and "brouillon" in response.content.decode()
    posters = client.get(_orga(contest) + "parties/2/affiches/")
    assert posters.status_code == 200 and "peut encore changer" in posters.content.decode()


def test_draw_posters(client: Client, organiser: Any, contest: Any) -> None:
    client.force_login(organiser)
    page = client.get(_orga(contest) + "parties/1/affiches/").content.decode()
    assert "tirage par table" in page and "trouvez votre table par équipe" in page
    # by table, by team, and by player (12 players, by surname)
    assert page.count("<tr>") == 1 + 3 + 1 + 6 + 1 + 12
    assert "trouvez votre table par votre nom" in page
    # By surname (accents and case ignored), every player once.
    import re

    from tournaments.models import name_key

    by_player = page.split("par votre nom")[1]
    surnames = re.findall(r"<tr><td><strong>([^<]+)</strong>", by_player)
    assert len(surnames) == 12
    assert surnames == sorted(surnames, key=lambda n: name_key(n))


def test_projector_pages(club: Any) -> None:
    contest = played_contest(club, teams=12, rounds=2)
    standings.rebuild(contest.pk)
    client = Client()
    base = f"/concours/{club.slug}/{contest.slug}/projecteur/"
    page = client.get(base).content.decode()
    assert 'class="projector"' in page
    assert 'hx-trigger="every 10s"' in page and "data-pager" in page and "js/projector.js" in page
    assert "projecteur/contenu/?vue=classement" in page
    # "sur 2": the hall sees how many parties are left.
    assert (
        f"Classement après la partie 2 sur {contest.rounds_count}" in page and "data-clock" in page
    )
    content = client.get(base + "contenu/").content.decode()
    assert "<html" not in content and content.count("<tr") == 13  # every team, no pages
    results = client.get(base + "contenu/?vue=resultats").content.decode()
    assert "Résultats de la partie 2" in results


def test_big_contest_standings_are_paginated_and_sortable(club: Any) -> None:
    contest = played_contest(club, teams=250, rounds=1)
    standings.rebuild(contest.pk)
    client = Client()
    url = f"/concours/{club.slug}/{contest.slug}/classement/"
    first = client.get(url).content.decode()
    assert first.count('<tr id="equipe-') == 100 and "?page=3" in first
    third = client.get(url + "?page=3").content.decode()
    assert third.count('<tr id="equipe-') == 50
    assert client.get(url + "?page=4").status_code == 404
    by_number = client.get(url + "?sort=number").content.decode()
    assert by_number.index('id="equipe-1"') < by_number.index('id="equipe-2"')
    reverse = client.get(url + "?sort=-number").content.decode()
    assert 'id="equipe-250"' in reverse[: reverse.index('id="equipe-249"')]
    assert "/equipe/250/" in reverse  # each row links to its team


def test_a_projector_with_no_standings_yet_offers_the_public_draw(club: Any) -> None:
    contest = make_contest(club, teams=8)
    client = Client()
    content_url = f"/concours/{club.slug}/{contest.slug}/projecteur/contenu/"
    draw_url = f"/concours/{club.slug}/{contest.slug}/partie/1/projection/"
    add_round(contest, 1, show_draw=False, show_standings=False)
    hidden = client.get(content_url).content.decode()
    assert "s'affichera ici" in hidden and draw_url not in hidden  # the draw is not public
    Round.objects.filter(contest=contest, number=1).update(show_draw=True)
    waiting = client.get(content_url).content.decode()
    assert f'href="{draw_url}"' in waiting and "Afficher le tirage de la partie 1" in waiting
    assert client.get(draw_url).status_code == 200
