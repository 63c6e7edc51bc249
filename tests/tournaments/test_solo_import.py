"""CSV import of solo players, service and parsing: each line refused as the desk refuses that
player, with its line number and the desk's French message; a valid file all at once, a file
with any refused line nothing; the same file twice creates nothing more.

Every test starts in French (``tests/conftest.py``): none relies on the language another left.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.conftest import add_teams, make_contest
from tournaments import services
from tournaments.entries import reader as csv_reader
from tournaments.models import AuditEvent, Player, SoloEntry
from tournaments.solo.imports import preview as csv_solos

HEADER = "prenom;nom;licence;club\n"


@pytest.fixture
def melee(club: Any) -> Any:
    return make_contest(club, entry_mode="melee", slug="melee-import")


def _preview(contest: Any, text: str, encoding: str = "utf-8") -> csv_solos.SoloPreview:
    return csv_solos.preview(contest, text.encode(encoding))


def _import(contest: Any, text: str) -> list[Any]:
    preview = _preview(contest, text)
    assert preview.ok, [r.errors for r in preview.rows]
    return services.import_solos(contest, preview.rows)


@pytest.mark.django_db
def test_a_valid_file_registers_every_player_in_order(melee: Any) -> None:
    known = services.save_player(melee.club, first_name="Gérard", last_name="Lefèvre")
    text = HEADER + "Gérard;Lefèvre;;Lorient\nJean;Martin;L77;\n\nAnne;Durand;;Vannes\n"
    preview = _preview(melee, text)
    assert preview.ok and preview.has_club and preview.delimiter == ";"
    assert [r.line for r in preview.rows] == [2, 3, 5]  # the blank line 4 is skipped
    assert preview.rows[0].notes == ["Gérard Lefèvre : joueur du club"]
    assert preview.rows[1].notes == ["Jean Martin : nouveau joueur"]
    assert SoloEntry.objects.count() == 0  # a preview writes nothing
    created = services.import_solos(melee, preview.rows)
    solos = list(SoloEntry.objects.filter(contest=melee).select_related("player"))
    assert [s.player.full_name for s in solos] == ["Gérard Lefèvre", "Jean Martin", "Anne Durand"]
    assert [s.number for s in solos] == [1, 2, 3] and len(created) == 3
    assert solos[0].player == known  # the register's player, not a copy
    assert solos[1].player.licence == "L77"
    assert AuditEvent.objects.filter(action="solo.create").count() == 3


@pytest.mark.django_db
def test_paid_and_present_columns_arrive_as_the_desk_would_tick_them(melee: Any) -> None:
    text = "joueur;Payé;Présent\nJean Martin;oui;x\nAnne Durand;;non\nLuc Morel;1;\n"
    preview = _preview(melee, text)
    assert preview.ok and preview.has_flags and not preview.has_club
    # The flags survive the session's round trip between preview and confirmation.
    rows = [csv_solos.SoloRow.from_json(row.to_json()) for row in preview.rows]
    services.import_solos(melee, rows)
    solos = SoloEntry.objects.filter(contest=melee).order_by("number")
    assert [(s.paid, s.checked_in) for s in solos] == [(True, True), (False, False), (True, False)]
    assert not _preview(melee, HEADER + "Paul;Petit;;\n").has_flags


@pytest.mark.django_db
def test_a_paid_or_present_cell_that_is_not_yes_or_no_refuses_its_line(melee: Any) -> None:
    preview = _preview(melee, "prenom;nom;present\nJean;Martin;peut-être\nAnne;Durand;oui\n")
    assert not preview.ok
    assert preview.rows[0].errors == [
        "Ligne 2 : « peut-être » n'est pas compris pour « present » (oui ou non)."
    ]
    assert not preview.rows[1].errors


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "encoding", "delimiter"),
    [
        ("Prénom,Nom\nFrançoise,Lefèvre\nHélène,Bézier\n", "utf-8", ","),
        ("\ufeffprenom;nom\r\nFrançoise;Lefèvre\r\nHélène;Bézier\r\n", "utf-8", ";"),
        ("PRENOM\tNOM\rFrançoise\tLefèvre\rHélène\tBézier\r", "cp1252", "\t"),
        ("joueur;licence\nFrançoise Lefèvre;\nHélène Bézier;H1\n", "cp1252", ";"),
    ],
)
def test_the_team_imports_encodings_separators_and_a_single_name_column(
    melee: Any, text: str, encoding: str, delimiter: str
) -> None:
    preview = _preview(melee, text, encoding)
    assert preview.ok and preview.delimiter == delimiter
    assert [(r.first_name, r.last_name) for r in preview.rows] == [
        ("Françoise", "Lefèvre"),
        ("Hélène", "Bézier"),
    ]


@pytest.mark.django_db
def test_refused_lines_each_get_their_number_and_the_desks_message(melee: Any) -> None:
    in_team = make_contest(melee.club, entry_mode="mixed", slug="mixte-import")
    add_teams(in_team, 1)
    team_player = Player.objects.get(last_name="Nom0000")
    services.add_solo(
        melee,
        services.SoloValues(services.save_player(melee.club, first_name="Léa", last_name="Gris")),
    )
    services.save_player(melee.club, first_name="Paul", last_name="Petit", licence="A1")
    services.save_player(melee.club, first_name="Paul", last_name="Petit", licence="A2")
    text = HEADER + (
        "Jean;Martin;;\n"  # line 2: fine
        ";Roux;;\n"  # line 3: first name missing
        "Léa;Gris;;\n"  # line 4: already registered alone, n° 1
        "Paul;Petit;;\n"  # line 5: two Paul Petit in the register
        "Marc;Blanc;A1;\n"  # line 6: A1 is Paul Petit's licence
        "jean;MARTIN;;\n"  # line 7: Jean Martin again
    )
    rows = _preview(melee, text).rows
    errors = {r.line: r.errors for r in rows}
    assert errors[2] == []
    assert errors[3] == ["Ligne 3 : le prénom du joueur manque."]
    assert errors[4] == ["Ligne 4 : Léa Gris est déjà inscrit(e) seul(e), n° 1."]
    assert errors[5] == [
        "Ligne 5 : Plusieurs joueurs du club s'appellent Paul Petit : indiquez la licence de "
        "celui qui joue."
    ]
    assert errors[6] == ["Ligne 6 : la licence A1 est celle de Paul Petit, pas de Marc Blanc."]
    assert errors[7] == ["Ligne 7 : jean MARTIN figure déjà ligne 2."]
    # A player of a team of the contest (mixed: teams and solo players side by side).
    rows = _preview(in_team, f"{HEADER}{team_player.first_name};{team_player.last_name};;\n").rows
    assert rows[0].errors == [
        f"Ligne 2 : {team_player.full_name} est déjà inscrit(e) dans l'équipe n° 1."
    ]


@pytest.mark.django_db
def test_the_same_file_twice_creates_no_duplicate(melee: Any) -> None:
    text = HEADER + "Jean;Martin;;\nAnne;Durand;D1;\n"
    _import(melee, text)
    again = _preview(melee, text)
    assert [r.errors for r in again.rows] == [
        ["Ligne 2 : Jean Martin est déjà inscrit(e) seul(e), n° 1."],
        ["Ligne 3 : Anne Durand est déjà inscrit(e) seul(e), n° 2."],
    ]
    with pytest.raises(services.SoloImportRefused) as caught:
        services.import_solos(melee, again.rows)
    assert [line for line, _message in caught.value.refusals] == [2, 3]
    assert caught.value.message == "2 lignes refusées : rien n'a été importé."
    assert SoloEntry.objects.filter(contest=melee).count() == 2
    assert Player.objects.filter(last_name__in=["Martin", "Durand"]).count() == 2


@pytest.mark.django_db
def test_one_line_refused_at_the_write_leaves_nothing(melee: Any) -> None:
    # Checked apart (one without licence, one with), the register takes both lines for the same
    # new player: the second add_solo refuses, and the first line's player and solo are undone.
    rows = [
        csv_solos.SoloRow(line=2, first_name="Anne", last_name="Roux"),
        csv_solos.SoloRow(line=3, first_name="Zoé", last_name="Vert"),
        csv_solos.SoloRow(line=4, first_name="Anne", last_name="Roux", licence="R9"),
    ]
    assert [c.refusal for c in services.check_lines(melee, rows)] == ["", "", ""]
    with pytest.raises(services.SoloImportRefused) as caught:
        services.import_solos(melee, rows)
    assert caught.value.refusals == [(4, "Ligne 4 : Anne Roux est déjà inscrit(e) seul(e), n° 1.")]
    assert SoloEntry.objects.count() == 0
    assert not Player.objects.filter(last_name__in=["Roux", "Vert"]).exists()
    assert not AuditEvent.objects.filter(action="solo.create").exists()


@pytest.mark.django_db
def test_a_contest_that_takes_no_solo_player_refuses_the_whole_file(club: Any) -> None:
    pairs = make_contest(club, slug="paires-import")
    with pytest.raises(services.ServiceError) as caught:
        _preview(pairs, HEADER + "Jean;Martin;;\n")
    assert caught.value.code == "solo.pairs_only"
    assert "équipes formées" in caught.value.message
    assert not Player.objects.filter(last_name="Martin").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "Le fichier est vide."),
        (b"PK\x03\x04\x14\x00\x06\x00", "n'est pas un CSV en texte"),
        (b"prenom;nom\n\x81\x8d\xe9;x\n", "L'encodage du fichier n'est pas reconnu"),
        (b"licence;club\nL1;Lorient\n", "doit contenir les colonnes prenom et nom"),
        (b"prenom1;nom1;prenom2;nom2\nA;B;C;D\n", "doit contenir les colonnes prenom et nom"),
        (b"prenom nom\nJean Martin\n", "Aucun séparateur"),
        (b"prenom;nom\n\n", "aucun joueur sous la ligne d'en-tête"),
        (b"prenom;nom\n" + b"a;b\n" * 501, "plus de 500 joueurs"),
        (b"prenom;nom\n" + b"x" * 1_000_001, "trop gros"),
    ],
)
def test_unreadable_files_are_refused_in_french(melee: Any, content: bytes, message: str) -> None:
    with pytest.raises(csv_reader.CsvImportError) as caught:
        csv_solos.preview(melee, content)
    assert message in caught.value.message
