"""CSV import: clear French errors per bad line, and nothing imported unless all is valid."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.tournaments.conftest import add_teams
from tournaments import services
from tournaments.entries import imports as csv_import
from tournaments.models import Entry, Player

HEADER = "prenom1;nom1;licence1;prenom2;nom2;licence2;equipe;club;paye;present\n"


def _upload(client: Any, contest: Any, content: bytes, name: str = "equipes.csv") -> Any:
    url = reverse(
        "tournaments:entries_import",
        kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk},
    )
    return client.post(url, {"file": SimpleUploadedFile(name, content, "text/csv")})


def _confirm_url(contest: Any) -> str:
    return reverse(
        "tournaments:entries_import_confirm",
        kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk},
    )


def _confirm(client: Any, contest: Any) -> Any:
    return client.post(_confirm_url(contest))


def _offers_confirmation(body: str, contest: Any) -> bool:
    """The preview shows the confirm form and its button (as rendered: the apostrophe of
    ``{% translate %}`` on a template literal is not escaped)."""
    return f'action="{_confirm_url(contest)}"' in body and "Confirmer l'import</button>" in body


@pytest.mark.django_db
def test_valid_file_previews_then_imports_on_confirmation(
    contest: Any, organiser_client: Any
) -> None:
    services.save_player(contest.club, first_name="Gérard", last_name="Lefèvre")
    text = HEADER + (
        "Gérard;Lefèvre;;Josette;Roux;;Les As;Lorient;oui;oui\n"
        "Jean;Martin;L1;Marie;Durand;L2;;;non;x\n"
        "\n"
    )
    response = _upload(organiser_client, contest, text.encode("utf-8"))
    assert response.status_code == 200
    body = response.content.decode()
    assert "2 équipes prêtes" in body and "nouveau joueur" in body and "joueur du club" in body
    assert _offers_confirmation(body, contest)
    assert Entry.objects.count() == 0  # nothing before confirmation
    response = _confirm(organiser_client, contest)
    assert response.status_code == 302
    entries = list(Entry.objects.order_by("number"))
    assert [e.name for e in entries] == ["Les As", ""]
    assert entries[0].paid and entries[0].checked_in and entries[0].home_club == "Lorient"
    assert not entries[1].paid and entries[1].checked_in
    assert Player.objects.filter(club=contest.club).count() == 4  # Lefèvre reused
    # The preview is spent: confirming again imports nothing more.
    assert _confirm(organiser_client, contest).status_code == 400
    assert Entry.objects.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("encoding", "bom"), [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("cp1252", b"")]
)
def test_encodings_and_separators(contest: Any, encoding: str, bom: bytes) -> None:
    text = "Prénom1,Nom1,Prénom2,Nom2\nFrançoise,Lefèvre,Hélène,Bézier\n"
    preview = csv_import.preview(contest, bom + text.encode(encoding))
    assert preview.ok
    assert preview.rows[0].player1 == ("Françoise", "Lefèvre", "")
    assert preview.delimiter == ","
    assert preview.encoding == ("UTF-8" if encoding == "utf-8" else "Windows-1252")


@pytest.mark.django_db
def test_bad_rows_each_get_a_message_and_nothing_is_imported(
    contest: Any, organiser_client: Any
) -> None:
    add_teams(contest, 1)  # Prénom0 Nom0000 / Prénom1 Nom0001, licences T<id>-00000...
    taken = Player.objects.get(last_name="Nom0000")
    text = HEADER + (
        "Jean;Martin;;Marie;Durand;;;;oui;oui\n"  # line 2: fine
        ";Petit;;Anne;Roux;;;;;\n"  # line 3: first name missing
        "Paul;;;;;;;;;\n"  # line 4: several missing
        "Jean;Martin;;Luc;Blanc;;;;;\n"  # line 5: Jean Martin already line 2
        f"{taken.first_name};{taken.last_name};{taken.licence};Éric;Noir;;;;;\n"  # line 6
        "Zoé;Vert;;Zoé;Vert;;;;;\n"  # line 7: same person twice
        "Léa;Gris;;Tom;Bleu;;;;peut-être;\n"  # line 8: bad boolean
    )
    response = _upload(organiser_client, contest, text.encode("utf-8"))
    assert response.status_code == 400
    body = response.content.decode()
    assert "Ligne 3 : le prénom du joueur 1 manque." in body
    assert "Ligne 4 : le nom du joueur 1 manque." in body
    assert "Ligne 4 : le prénom du joueur 2 manque." in body
    assert "Ligne 5 : Jean Martin figure déjà ligne 2." in body
    assert "Ligne 6 : " in body and "déjà inscrit(e) dans l&#x27;équipe n° 1" in body
    assert "Ligne 7 : les deux joueurs sont la même personne." in body
    assert "Ligne 8 : « peut-être » n&#x27;est pas compris" in body
    assert not _offers_confirmation(body, contest)
    assert _confirm(organiser_client, contest).status_code == 400  # nothing stored to confirm
    assert Entry.objects.count() == 1
    assert not Player.objects.filter(last_name="Martin").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "vide"),
        (b"\xff\xfeU\x00T\x00F\x00", "n&#x27;est pas un CSV en texte"),
        (b"nom;prenom\nMartin;Jean\n", "il manque : prenom1, nom1, prenom2, nom2"),
        (b"prenom1 nom1 prenom2 nom2\n", "Aucun séparateur"),
        (b"prenom1;nom1;prenom2;nom2\n\n", "aucune équipe"),
        (b"prenom1;nom1;prenom2;nom2\n" + b"a;b;c;d\n" * 2001, "plus de 2000 équipes"),
        (b"prenom1;nom1;prenom2;nom2\n" + b"x" * 1_000_001, "trop gros"),
    ],
)
def test_unreadable_files_are_refused_clearly(
    contest: Any, organiser_client: Any, content: bytes, message: str
) -> None:
    response = _upload(organiser_client, contest, content)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Entry.objects.count() == 0


@pytest.mark.django_db
def test_cp1252_undecodable_bytes_give_a_clear_error(contest: Any) -> None:
    with pytest.raises(csv_import.CsvImportError) as caught:
        csv_import.decode(b"prenom1;nom1\n" + b"\x81\x8d\xe9")
    assert "encodage" in caught.value.message.lower()


@pytest.mark.django_db
def test_data_changed_between_preview_and_confirmation(contest: Any, organiser_client: Any) -> None:
    text = HEADER + "Jean;Martin;;Marie;Durand;;;;;\nPaul;Petit;;Anne;Roux;;;;;\n"
    assert _upload(organiser_client, contest, text.encode()).status_code == 200
    # Meanwhile Anne Roux registers at the desk with someone else.
    anne = services.save_player(contest.club, first_name="Anne", last_name="Roux")
    other = services.save_player(contest.club, first_name="Luc", last_name="Blanc")
    services.add_entry(contest, services.EntryValues(anne, other))
    response = _confirm(organiser_client, contest)
    assert response.status_code == 409
    assert "Anne Roux est déjà inscrit(e)" in response.content.decode()
    assert Entry.objects.count() == 1  # only the desk registration, nothing from the file
    assert not Player.objects.filter(last_name="Martin").exists()


@pytest.mark.django_db
def test_homonyms_need_a_licence(contest: Any) -> None:
    services.save_player(contest.club, first_name="Jean", last_name="Martin", licence="A1")
    services.save_player(contest.club, first_name="Jean", last_name="Martin", licence="A2")
    text = "prenom1;nom1;licence1;prenom2;nom2\nJean;Martin;;Paul;Petit\nJean;Martin;A2;Marc;Roux\n"
    preview = csv_import.preview(contest, text.encode())
    assert "indiquez la licence" in preview.rows[0].errors[0]
    assert not preview.rows[1].errors
    text = "prenom1;nom1;licence1;prenom2;nom2\nPaul;Autre;A1;Marc;Roux\n"
    preview = csv_import.preview(contest, text.encode())
    assert "la licence A1 est celle de Jean Martin" in preview.rows[0].errors[0]


def test_a_finished_contest_refuses_the_file_at_once_and_offers_no_registration(
    contest: Any, organiser_client: Any
) -> None:
    """The preview refuses as the confirmation would, and the teams page offers neither the
    quick registration nor the import once the contest is finished."""
    from tournaments.models import Contest

    entries_url = reverse(
        "tournaments:entries", kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk}
    )
    import_url = reverse(
        "tournaments:entries_import",
        kwargs={"club_slug": contest.club.slug, "contest_id": contest.pk},
    )
    open_page = organiser_client.get(entries_url).content.decode()
    assert f'href="{import_url}"' in open_page and "Inscrire l'équipe" in open_page
    Contest.objects.filter(pk=contest.pk).update(status=Contest.Status.FINISHED)
    text = HEADER + "Jean;Martin;L1;Marie;Durand;L2;;;non;x\n"
    response = _upload(organiser_client, contest, text.encode("utf-8"))
    body = response.content.decode()
    assert response.status_code == 409
    assert "Le concours est terminé : les inscriptions sont closes." in body
    assert "prête" not in body and not _offers_confirmation(body, contest)
    assert Entry.objects.count() == 0
    assert 'type="file"' not in organiser_client.get(import_url).content.decode()
    page = organiser_client.get(entries_url).content.decode()
    assert "Le concours est terminé : les inscriptions sont closes." in page
    assert f'href="{import_url}"' not in page and "Inscrire l'équipe" not in page
    cockpit = organiser_client.get(contest.get_absolute_url()).content.decode()
    assert f'href="{import_url}"' not in cockpit


def test_a_confirmation_without_a_usable_preview_is_refused_in_french(
    contest: Any, organiser_client: Any
) -> None:
    from tournaments.entries.views import SESSION_KEY

    response = _confirm(organiser_client, contest)
    assert response.status_code == 400
    assert "Aucun fichier vérifié à importer" in response.content.decode()
    session = organiser_client.session
    session[SESSION_KEY % contest.pk] = [{"line": "not a number"}]
    session.save()
    response = _confirm(organiser_client, contest)
    assert response.status_code == 400
    assert "aperçu a expiré : envoyez à nouveau le fichier" in response.content.decode()
    assert SESSION_KEY % contest.pk not in organiser_client.session  # the broken preview is gone
    assert Entry.objects.count() == 0
