"""Pages of the CSV import of solo players: upload and preview, then confirm; bad files answer
4xx with a French message and save nothing; only the club's organisers reach them.

Every client sends the French language cookie: no test relies on the language that another
test (or xdist worker) left active.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.tournaments.conftest import login, make_contest
from tournaments import services
from tournaments.models import Player, SoloEntry

HEADER = "prenom;nom;licence;club\n"


def _french(client: Client) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    return client


@pytest.fixture
def melee(club: Any) -> Any:
    return make_contest(club, entry_mode="melee", slug="melee-import-pages")


@pytest.fixture
def desk(organiser: Any) -> Client:
    return _french(login(organiser))


def _url(contest: Any, name: str = "tournaments:solos_import") -> str:
    return reverse(name, kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk})


def _upload(client: Client, contest: Any, content: bytes, name: str = "joueurs.csv") -> Any:
    return client.post(_url(contest), {"file": SimpleUploadedFile(name, content, "text/csv")})


def _confirm(client: Client, contest: Any) -> Any:
    return client.post(_url(contest, "tournaments:solos_import_confirm"))


@pytest.mark.django_db
def test_preview_then_confirm_registers_the_players(melee: Any, desk: Client) -> None:
    page = desk.get(_url(melee, "tournaments:solos")).content.decode()
    assert _url(melee) in page  # the solos page links to the import
    response = _upload(desk, melee, (HEADER + "Jean;Martin;L1;Lorient\nAnne;Durand;;\n").encode())
    assert response.status_code == 200
    body = response.content.decode()
    assert "2 joueurs prêts à être importés" in body and "Jean Martin : nouveau joueur" in body
    assert "n'est pas enregistrée" in body  # the club column is shown, said not kept
    assert SoloEntry.objects.count() == 0
    response = _confirm(desk, melee)
    assert response.status_code == 302 and response["Location"] == _url(melee, "tournaments:solos")
    assert "2 joueurs importés." in desk.get(response["Location"]).content.decode()
    assert [s.player.full_name for s in SoloEntry.objects.order_by("number")] == [
        "Jean Martin",
        "Anne Durand",
    ]
    # The preview is spent: a second click imports nothing more.
    again = _confirm(desk, melee)
    assert again.status_code == 400 and "envoyez d&#x27;abord le fichier" in again.content.decode()
    assert SoloEntry.objects.count() == 2


@pytest.mark.django_db
def test_refused_lines_are_all_listed_and_nothing_can_be_confirmed(
    melee: Any, desk: Client
) -> None:
    anne = services.save_player(melee.club, first_name="Anne", last_name="Durand")
    services.add_solo(melee, services.SoloValues(anne))
    text = HEADER + "Jean;Martin;;\nAnne;Durand;;\n;Roux;;\n"
    response = _upload(desk, melee, text.encode())
    assert response.status_code == 400
    body = response.content.decode()
    assert "2 lignes refusées" in body
    assert "Ligne 3 : Anne Durand est déjà inscrit(e) seul(e), n° 1." in body
    assert "Ligne 4 : le prénom du joueur manque." in body
    assert "Confirmer l&#x27;import" not in body
    assert _confirm(desk, melee).status_code == 400  # nothing kept to confirm
    assert SoloEntry.objects.count() == 1 and not Player.objects.filter(last_name="Martin")


@pytest.mark.django_db
def test_the_desk_registers_a_player_between_preview_and_confirmation(
    melee: Any, desk: Client
) -> None:
    assert (
        _upload(desk, melee, (HEADER + "Jean;Martin;;\nAnne;Roux;;\n").encode()).status_code == 200
    )
    anne = services.save_player(melee.club, first_name="Anne", last_name="Roux")
    services.add_solo(melee, services.SoloValues(anne))
    response = _confirm(desk, melee)
    assert response.status_code == 409
    body = response.content.decode()
    assert "Ligne 3 : Anne Roux est déjà inscrit(e) seul(e), n° 1." in body
    assert SoloEntry.objects.count() == 1  # the desk's one, nothing from the file
    assert not Player.objects.filter(last_name="Martin").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "name", "message"),
    [
        (b"", "vide.csv", "Le fichier soumis est vide."),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "photo.png", "n&#x27;est pas un CSV en texte"),
        (b"prenom;nom\n\x81\x8d;x\n", "latin.csv", "L&#x27;encodage du fichier n&#x27;est pas"),
        (b"licence;club\nL1;Lorient\n", "sans-nom.csv", "colonnes prenom et nom"),
        (b"prenom;nom\n" + b"x" * 1_000_001, "gros.csv", "trop gros"),
        (b"\n\n  \n", "blanc.csv", "Le fichier est vide."),
    ],
)
def test_bad_files_answer_400_in_french_and_save_nothing(
    melee: Any, desk: Client, content: bytes, name: str, message: str
) -> None:
    response = _upload(desk, melee, content, name)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert SoloEntry.objects.count() == 0 and Player.objects.count() == 0


@pytest.mark.django_db
def test_no_file_at_all_is_400(melee: Any, desk: Client) -> None:
    response = desk.post(_url(melee), {})
    assert response.status_code == 400
    assert "Ce champ est obligatoire." in response.content.decode()


@pytest.mark.django_db
def test_a_contest_of_fixed_teams_refuses_the_file(club: Any, desk: Client) -> None:
    pairs = make_contest(club, slug="paires-import-pages")
    response = _upload(desk, pairs, (HEADER + "Jean;Martin;;\n").encode())
    assert response.status_code == 409
    assert "Ce concours se joue en équipes formées" in response.content.decode()
    assert SoloEntry.objects.count() == 0 and not Player.objects.filter(last_name="Martin")


@pytest.mark.django_db
@pytest.mark.parametrize("persona", ["outsider", "scorer"])
def test_only_the_clubs_organisers_reach_the_import(
    melee: Any, persona: str, request: pytest.FixtureRequest
) -> None:
    client = _french(login(request.getfixturevalue(persona)))
    content = (HEADER + "Jean;Martin;;\n").encode()
    assert client.get(_url(melee)).status_code == 404
    assert _upload(client, melee, content).status_code == 404
    assert _confirm(client, melee).status_code == 404
    assert SoloEntry.objects.count() == 0 and not Player.objects.filter(last_name="Martin")
    anonymous = Client().get(_url(melee))
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))


@pytest.mark.django_db
def test_the_page_speaks_english_when_asked(melee: Any, organiser: Any) -> None:
    client = login(organiser)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    # The locale middleware activates English in this thread: the override gives the language
    # back as it was, so that no later test of this worker inherits it.
    with translation.override("fr"):
        body = client.get(_url(melee)).content.decode()
    assert "Import solo players (CSV)" in body
    assert "Importer des joueurs seuls" not in body
    assert translation.get_language() == "fr"


@pytest.mark.django_db
def test_a_finished_contest_offers_neither_the_import_nor_the_registration(
    melee: Any, desk: Client
) -> None:
    from tournaments.models import Contest

    solos = _url(melee, "tournaments:solos")
    assert f'href="{_url(melee)}"' in desk.get(solos).content.decode()
    Contest.objects.filter(pk=melee.pk).update(status=Contest.Status.FINISHED)
    page = desk.get(solos).content.decode()
    assert "Le concours est terminé : les inscriptions sont closes." in page
    assert f'href="{_url(melee)}"' not in page and "Inscrire le joueur" not in page
    form_page = desk.get(_url(melee)).content.decode()
    assert "Le concours est terminé" in form_page and 'type="file"' not in form_page
    response = _upload(desk, melee, (HEADER + "Jean;Martin;L1;Lorient\n").encode())
    assert response.status_code == 409 and "prêt" not in response.content.decode()
    # Even an unreadable file hears that the contest is closed, not what is wrong with the file.
    unreadable = _upload(desk, melee, b"\x00\xff" * 40)
    assert unreadable.status_code == 409
    assert "Le concours est terminé" in unreadable.content.decode()
    assert not SoloEntry.objects.exists()


@pytest.mark.django_db
def test_a_confirmation_without_a_usable_preview_is_refused_in_french(
    melee: Any, desk: Client
) -> None:
    from tournaments.solo.imports.views import SESSION_KEY

    response = _confirm(desk, melee)
    assert response.status_code == 400
    assert "Aucun fichier vérifié à importer" in response.content.decode()
    session = desk.session
    session[SESSION_KEY % melee.pk] = [{"line": "not a number"}]
    session.save()
    response = _confirm(desk, melee)
    assert response.status_code == 400
    assert "aperçu a expiré : envoyez à nouveau le fichier" in response.content.decode()
    assert not SoloEntry.objects.exists()
