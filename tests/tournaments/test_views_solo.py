"""Pages of players who come alone: registration, check-in, withdrawal, the mixed teams, and a
mêlée partie's page (its tables of four names, its French why-report, its exempt players)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import add_teams, make_contest
from tests.tournaments.test_services_melee import add_solos
from tournaments import services
from tournaments.models import Entry, Player, SoloEntry


def _url(contest: Any, name: str = "tournaments:solos", **kwargs: Any) -> str:
    return reverse(
        name, kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk, **kwargs}
    )


@pytest.fixture
def melee(club: Any) -> Any:
    return make_contest(club, entry_mode="melee", slug="melee")


@pytest.mark.django_db
def test_register_a_new_player_alone_and_check_him_in(melee: Any, organiser_client: Any) -> None:
    response = organiser_client.post(_url(melee), {"player1": "Jean Martin", "paid": "on"})
    assert response.status_code == 302
    solo = SoloEntry.objects.get(contest=melee)
    assert solo.player.full_name == "Jean Martin" and solo.paid and not solo.checked_in
    assert solo.number == 1
    page = organiser_client.get(_url(melee)).content.decode()
    assert "Jean Martin" in page and "non pointé" in page
    response = organiser_client.post(
        _url(melee, "tournaments:solo_action", solo_id=solo.pk, action="pointer")
    )
    assert response.status_code == 302
    assert SoloEntry.objects.get(pk=solo.pk).checked_in
    organiser_client.post(_url(melee, "tournaments:solo_action", solo_id=solo.pk, action="retirer"))
    assert SoloEntry.objects.get(pk=solo.pk).withdrawn_after_round == 0
    log = organiser_client.get(_url(melee, "tournaments:contest_log")).content.decode()
    assert "Jean Martin inscrit(e) seul(e) par" in log
    assert "Jean Martin pointé(e) présent(e) par" in log
    assert "Jean Martin retiré(e) des parties suivantes par" in log


@pytest.mark.django_db
def test_an_existing_player_from_the_register(club: Any, melee: Any, organiser_client: Any) -> None:
    player = Player.objects.create(club=club, first_name="Anne", last_name="Durand", licence="L1")
    response = organiser_client.post(
        _url(melee), {"player1": f"Anne Durand (L1) #{player.pk}", "checked_in": "on"}
    )
    assert response.status_code == 302
    assert SoloEntry.objects.get(contest=melee).player == player
    again = organiser_client.post(_url(melee), {"player1": f"Anne Durand (L1) #{player.pk}"})
    assert again.status_code == 409
    assert "Anne Durand est déjà inscrit(e) seul(e), n° 1." in again.content.decode()
    assert SoloEntry.objects.filter(contest=melee).count() == 1


@pytest.mark.django_db
def test_bad_input_is_refused_in_french(club: Any, melee: Any, organiser_client: Any) -> None:
    response = organiser_client.post(_url(melee), {"player1": "Jean"})
    assert response.status_code == 400
    assert "Écrivez le prénom puis le nom" in response.content.decode()
    foreign = organiser_client.post(_url(melee), {"player1": "X #99999999999999999999"})
    assert foreign.status_code == 400
    assert "pas dans la liste du club" in foreign.content.decode()
    missing = organiser_client.post(
        _url(melee, "tournaments:solo_action", solo_id=12345, action="pointer")
    )
    assert missing.status_code == 404
    assert "pas inscrit dans ce concours" in missing.content.decode()
    solo = add_solos(melee, 1)[0]
    unknown = organiser_client.post(
        _url(melee, "tournaments:solo_action", solo_id=solo.pk, action="danser")
    )
    assert unknown.status_code == 404 and "Action inconnue" in unknown.content.decode()
    assert not SoloEntry.objects.filter(contest=melee).exclude(pk=solo.pk).exists()


@pytest.mark.django_db
def test_a_pairs_contest_refuses_solo_players(club: Any, organiser_client: Any) -> None:
    contest = make_contest(club)
    page = organiser_client.get(_url(contest)).content.decode()
    assert "se joue en équipes formées" in page
    response = organiser_client.post(_url(contest), {"player1": "Jean Martin"})
    assert response.status_code == 409
    assert "choisissez la mêlée ou le mode mixte" in response.content.decode()
    assert not SoloEntry.objects.exists()


@pytest.mark.django_db
def test_other_clubs_see_nothing(melee: Any, outsider: Any) -> None:
    from tests.tournaments.conftest import login

    client = login(outsider)
    assert client.get(_url(melee)).status_code == 404
    assert client.post(_url(melee), {"player1": "Jean Martin"}).status_code == 404
    assert not SoloEntry.objects.exists()


@pytest.mark.django_db
def test_a_melee_partie_page_names_four_players_and_says_why(
    melee: Any, organiser_client: Any
) -> None:
    add_solos(melee, 10)
    cockpit = organiser_client.get(melee.get_absolute_url()).content.decode()
    assert "10 joueurs inscrits, 10 pointés présents" in cockpit
    assert "Tirer la partie 1" in cockpit
    response = organiser_client.post(_url(melee, "tournaments:round_generate"), {"seed": "4"})
    assert response.status_code == 302
    page = organiser_client.get(_url(melee, "tournaments:round", round_number=1)).content.decode()
    first = Entry.objects.filter(formed_for_round=1).select_related("player1", "player2").first()
    assert first is not None
    assert f"{first.player1.full_name} – {first.player2.full_name}" in page
    assert "Mêlée : partenaires et adversaires tirés ; graine du tirage : 4." in page
    assert "Jamais deux fois le même partenaire : respecté." in page
    assert "Exempt : " in page and "Exempts de cette partie" in page
    teams = organiser_client.get(_url(melee, "tournaments:entries")).content.decode()
    assert first.player1.full_name not in teams  # the drawn pairs are no teams of the contest
    print_page = organiser_client.get(_url(melee, "tournaments:round_print", round_number=1))
    assert first.player2.full_name in print_page.content.decode()
    # The players sitting out are named beside the tables, on paper and for the public too.
    from tournaments.models import Round

    round1 = Round.objects.get(contest=melee, number=1)
    byes = sorted(b.solo.player.full_name for b in round1.solo_byes.select_related("solo__player"))
    assert len(byes) == 2
    services.publish_round(round1)
    public = {"club_slug": melee.club.slug, "contest_slug": melee.slug, "round_number": 1}
    for html in (
        print_page.content.decode(),
        Client().get(reverse("public:round", kwargs=public)).content.decode(),
    ):
        line = html.split("Ne jouent pas cette partie :", 1)[1].split("</p>", 1)[0]
        assert sorted(name.strip() for name in line.split(",")) == byes


@pytest.mark.django_db
def test_mixed_pairing_pages(club: Any, organiser_client: Any) -> None:
    contest = make_contest(club, entry_mode="mixed", leftover_policy="volunteer", slug="mixte")
    a, b, c = add_solos(contest, 3)
    cockpit = organiser_client.get(contest.get_absolute_url()).content.decode()
    assert "3 joueurs seuls attendent encore un partenaire." in cockpit
    assert "équipes et joueurs seuls" in cockpit  # the rules panel says the entry mode
    assert "Joueurs seuls et leurs équipes" in cockpit
    page = organiser_client.get(_url(contest)).content.decode()
    assert "Tirer les équipes au sort" in page and "Prêter un partenaire bénévole" in page
    same = organiser_client.post(
        _url(contest, "tournaments:solo_pair"), {"first": a.pk, "second": a.pk}
    )
    assert same.status_code == 400 and "deux joueurs différents" in same.content.decode()
    ok = organiser_client.post(
        _url(contest, "tournaments:solo_pair"), {"first": a.pk, "second": b.pk}
    )
    assert ok.status_code == 302
    entry = Entry.objects.get(contest=contest)
    assert {entry.player1_id, entry.player2_id} == {a.player_id, b.player_id}
    taken = organiser_client.post(
        _url(contest, "tournaments:solo_pair"), {"first": a.pk, "second": c.pk}
    )
    assert taken.status_code == 400 and "plus seul" in taken.content.decode()
    lent = organiser_client.post(
        _url(contest, "tournaments:solo_volunteer"), {"solo": c.pk, "volunteer": "Paul Bénévole"}
    )
    assert lent.status_code == 302
    volunteer_team = Entry.objects.get(contest=contest, player1=c.player)
    assert volunteer_team.player2_is_volunteer and volunteer_team.player2.last_name == "Bénévole"
    undo = organiser_client.post(_url(contest, "tournaments:solo_unpair", entry_id=entry.pk))
    assert undo.status_code == 302 and not Entry.objects.filter(pk=entry.pk).exists()
    add_teams(contest, 1)  # a fixed team of two, registered as a pair
    services.generate_round(contest, seed=1)
    refused = organiser_client.post(
        _url(contest, "tournaments:solo_unpair", entry_id=volunteer_team.pk)
    )
    assert refused.status_code == 409 and "figure déjà dans un tirage" in refused.content.decode()


@pytest.mark.django_db
def test_contest_form_sets_the_entry_mode_then_refuses_a_change(
    club: Any, organiser_client: Any
) -> None:
    from tournaments.contests.forms import ContestForm

    contest = make_contest(club, slug="forme")
    data = {
        k: v
        for k, v in ContestForm.initial_from(contest).items()
        if v is not None and v is not False
    }
    data |= {"date": "2026-04-11", "entry_mode": "melee", "leftover_policy": "volunteer"}
    data = {k: ("on" if v is True else v) for k, v in data.items()}
    from tournaments.rules.contest import RulesForm

    rules = {
        n: f.initial
        for n, f in RulesForm(preset="club_contest").fields.items()
        if f.initial is not None and f.initial is not False
    }
    data |= {k: ("on" if v is True else v) for k, v in rules.items()}
    response = organiser_client.post(_url(contest, "tournaments:contest_edit"), data)
    body = response.content.decode()
    assert response.status_code == 302, body[
        body.find("errorlist") - 300 : body.find("errorlist") + 300
    ]
    contest.refresh_from_db()
    assert contest.entry_mode == "melee" and contest.leftover_policy == "volunteer"
    add_solos(contest, 4)
    services.generate_round(contest, seed=1)
    response = organiser_client.post(
        _url(contest, "tournaments:contest_edit"), data | {"entry_mode": "pairs"}
    )
    assert response.status_code in (400, 409)
    assert "ne change plus : la partie 1 est déjà tirée" in response.content.decode()
    contest.refresh_from_db()
    assert contest.entry_mode == "melee"


@pytest.mark.django_db
def test_a_player_checked_in_after_the_draw_is_pointed_out(
    club: Any, melee: Any, organiser_client: Any
) -> None:
    add_solos(melee, 8)
    services.generate_round(melee, seed=1)
    late = Player.objects.create(club=club, first_name="Tard", last_name="Venu")
    services.add_solo(melee, services.SoloValues(player=late, checked_in=True))
    page = organiser_client.get(_url(melee, "tournaments:round", round_number=1)).content.decode()
    assert "Joueurs présents absents de ce tirage" in page and "Tard Venu" in page
    organiser_client.post(_url(melee, "tournaments:round_redraw", round_number=1), {"seed": "2"})
    page = organiser_client.get(_url(melee, "tournaments:round", round_number=1)).content.decode()
    assert "Joueurs présents absents de ce tirage" not in page
    assert "Tard Venu" in page  # seated now, or sitting out by the fair rotation


@pytest.mark.django_db
def test_a_melee_takes_no_fixed_team(melee: Any, organiser_client: Any) -> None:
    response = organiser_client.post(
        _url(melee, "tournaments:entries"), {"player1": "Jean Martin", "player2": "Paul Durand"}
    )
    assert response.status_code == 400
    assert "équipes formées : inscrivez les joueurs seuls" in response.content.decode()
    assert not Entry.objects.filter(contest=melee).exists()


@pytest.mark.django_db
def test_the_cockpit_says_a_melee_draws_players_by_their_ranking(
    club: Any, organiser_client: Any
) -> None:
    """A mêlée drawn by ranking from partie 2 seats players of close scores together: the
    cockpit says so, not the team draw's "sans revanche" (a mêlée has no fixed teams)."""
    melee = make_contest(club, entry_mode="melee", slug="melee-classement")
    melee.pairing_method = melee.PairingMethod.DRAW_THEN_RANKING
    melee.save(update_fields=["pairing_method"])
    add_solos(melee, 8)
    assert organiser_client.post(_url(melee, "tournaments:round_generate")).status_code == 302
    publish = _url(melee, "tournaments:round_publish", round_number=1)
    assert organiser_client.post(publish).status_code == 302
    cockpit = organiser_client.get(melee.get_absolute_url()).content.decode()
    assert "Tirage selon le classement des joueurs : des scores proches à la même table." in (
        cockpit
    )
    assert "sans revanche" not in cockpit


@pytest.mark.django_db
def test_the_mixed_draw_says_one_team_and_who_sits_out_in_plain_french(
    club: Any, organiser_client: Any
) -> None:
    contest = make_contest(club, entry_mode="mixed", leftover_policy="bye", slug="mixte-un")
    add_solos(contest, 3)
    response = organiser_client.post(_url(contest, "tournaments:solo_draw"), {"seed": "7"})
    assert response.status_code == 302
    page = organiser_client.get(response["Location"]).content.decode()
    assert "1 équipe tirée au sort (graine 7)." in page
    alone = SoloEntry.objects.get(contest=contest, entry__isnull=True).player.full_name
    assert f"{alone} reste sans partenaire et passe ses parties (exemption)" in page
    assert "seul(e)" not in page and "il est exempt" not in page


@pytest.mark.django_db
def test_the_cockpit_counts_registrations_with_their_plurals(
    club: Any, organiser_client: Any
) -> None:
    contest = make_contest(club, slug="une-equipe")
    add_teams(contest, 1)
    cockpit = organiser_client.get(contest.get_absolute_url()).content.decode()
    assert "1 équipe inscrite, 1 pointée présente, 0 ont payé." in cockpit
    melee = make_contest(club, entry_mode="melee", slug="un-joueur")
    add_solos(melee, 2)
    page = organiser_client.get(melee.get_absolute_url()).content.decode()
    assert "2 joueurs inscrits, 2 pointés présents, 0 ont payé." in page


@pytest.mark.django_db
def test_the_row_buttons_say_what_they_do_not_the_state(club: Any, organiser_client: Any) -> None:
    """The state is the row's badges; its buttons are actions (« Non payé » read like a state)."""
    pairs = make_contest(club, slug="boutons")
    add_teams(pairs, 1)  # checked in, not paid
    melee = make_contest(club, entry_mode="melee", slug="boutons-melee")
    add_solos(melee, 1)
    for page in (
        organiser_client.get(_url(pairs, "tournaments:entries")).content.decode(),
        organiser_client.get(_url(melee)).content.decode(),
    ):
        assert ">Dépointer</button>" in page and ">Marquer payé</button>" in page
        assert ">Absente</button>" not in page and ">Absent</button>" not in page
        assert ">Payé</button>" not in page


@pytest.mark.django_db
def test_the_player_left_alone_is_named_on_every_draw(
    club: Any, organiser_client: Any, client: Any
) -> None:
    """A mixed contest whose odd player sits out: the draw's pages say who does not play, on
    the organiser's page, the printed list, the projection and the public draw."""
    contest = make_contest(club, entry_mode="mixed", leftover_policy="bye", slug="mixte-seul")
    add_teams(contest, 2)
    add_solos(contest, 3)
    services.draw_pairs(contest, seed=5)
    alone = SoloEntry.objects.get(contest=contest, entry__isnull=True).player.full_name
    services.publish_round(services.generate_round(contest, seed=1))
    at = {"round_number": 1}
    public = {"club_slug": club.slug, "contest_slug": contest.slug, "round_number": 1}
    pages = {
        "round": organiser_client.get(_url(contest, "tournaments:round", **at)),
        "print": organiser_client.get(_url(contest, "tournaments:round_print", **at)),
        "projection": organiser_client.get(_url(contest, "tournaments:round_projector", **at)),
        "public": client.get(reverse("public:round", kwargs=public)),
        "public projector": client.get(reverse("public:round_projector", kwargs=public)),
    }
    for name, response in pages.items():
        html = response.content.decode()
        assert response.status_code == 200, name
        assert "ne jouent pas cette partie :" in html.lower() and alone in html, name
    # A contest of fixed teams names nobody.
    pairs = make_contest(club, slug="paires-seul")
    add_teams(pairs, 3)
    services.generate_round(pairs, seed=1)
    plain = organiser_client.get(_url(pairs, "tournaments:round_print", **at)).content.decode()
    assert "Ne jouent pas cette partie" not in plain
