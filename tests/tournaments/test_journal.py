"""The journal reads as French sentences: one expected sentence per action kind, by hand.

Events are built in memory with the names a page would have looked up (``journal.Names``), so
each row says exactly what the organiser reads. The time is 14:42 UTC on 1 December 2026:
15 h 42 in Paris (winter, UTC+1).
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from seasons import services as season_services
from tests.conftest import PASSWORD
from tournaments import audit, services
from tournaments.journal import sentences as journal
from tournaments.models import AuditEvent, Contest

AT = datetime.datetime(2026, 12, 1, 14, 42, tzinfo=datetime.UTC)
NAMES = journal.Names(
    teams={12: "Équipe 12 « Morel – Thomas »"},
    rounds={2: 2, 3: 3},
    tables={70: (2, 7)},
    deals={900: 70},
)
ENTRY = {"target_type": "entry", "target_id": 12, "target_repr": "12. Morel – Thomas"}
ROUND2 = {"target_type": "round", "target_id": 2, "target_repr": "Printemps — partie 2"}
SHEET = {"target_type": "scoresheet", "target_id": 70, "target_repr": "Partie 2, table 7"}
DEAL = {"target_type": "dealrecord", "target_id": 900, "target_repr": "Partie 2, table 7"}
TABLE_LINK = "table 7 (lien de table 4f2a9c)"

CASES: list[tuple[str, dict[str, Any], str]] = [
    (
        "contest.create",
        {"target_type": "contest", "after": {"name": "Printemps"}},
        "Concours « Printemps » créé par demo à 15 h 42.",
    ),
    (
        "contest.update",
        {"target_type": "contest", "before": {"rounds_count": 4}, "after": {"rounds_count": 5}},
        "Concours modifié par demo à 15 h 42 : nombre de parties : 4 → 5.",
    ),
    (
        "contest.update",
        {
            "target_type": "contest",
            "before": {"draw_waits_for_confirmation": False},
            "after": {"draw_waits_for_confirmation": True},
        },
        "Concours modifié par demo à 15 h 42 : "
        "tirer la partie suivante seulement quand toutes les feuilles sont confirmées : "
        "non → oui.",
    ),
    (
        "contest.finish",
        {"target_type": "contest", "before": {"status": "running"}, "after": {"status": "done"}},
        "Concours clos par demo à 15 h 42.",
    ),
    ("entry.create", ENTRY, "Équipe 12 « Morel – Thomas » inscrite par demo à 15 h 42."),
    (
        "entry.update",
        ENTRY | {"before": {"name": ""}, "after": {"name": "Les As"}},
        "Équipe 12 « Morel – Thomas » modifiée par demo à 15 h 42 : nom d'équipe : — → Les As.",
    ),
    (
        "entry.paid",
        ENTRY | {"before": {"paid": False}, "after": {"paid": True}},
        "Équipe 12 « Morel – Thomas » a payé par demo à 15 h 42.",
    ),
    (
        "entry.checked_in",
        ENTRY | {"before": {"checked_in": False}, "after": {"checked_in": True}},
        "Équipe 12 « Morel – Thomas » pointée par demo à 15 h 42.",
    ),
    (
        "entry.checked_in",
        ENTRY | {"before": {"checked_in": True}, "after": {"checked_in": False}},
        "Équipe 12 « Morel – Thomas » dépointée par demo à 15 h 42.",
    ),
    (
        "entry.withdraw",
        ENTRY | {"before": {"withdrawn_after_round": None}, "after": {"withdrawn_after_round": 3}},
        "Équipe 12 « Morel – Thomas » retirée après la partie 3 par demo à 15 h 42.",
    ),
    (
        "entry.reinstate",
        ENTRY | {"before": {"withdrawn_after_round": 3}, "after": {"withdrawn_after_round": None}},
        "Équipe 12 « Morel – Thomas » réintégrée par demo à 15 h 42.",
    ),
    (
        "entry.replace",
        ENTRY
        | {
            "after": {
                "number": 4,
                "from_round": 3,
                "outgoing": "Paul Martin",
                "incoming": "Jean Dupont",
                "reason": "malade",
            }
        },
        "Jean Dupont remplace Paul Martin dans l'équipe 4 à partir de la partie 3 "
        "(motif : malade) par demo à 15 h 42.",
    ),
    (
        # A deleted team: named from the snapshot taken before the deletion.
        "entry.delete",
        {"target_type": "entry", "target_id": 99, "before": {"number": 5, "name": "Les As"}},
        "Équipe 5 « Les As » supprimée par demo à 15 h 42.",
    ),
    ("round.generate", ROUND2, "Tirage de la partie 2 fait par demo à 15 h 42."),
    (
        "round.generate_forced",
        ROUND2
        | {
            "after": {
                "reason": "Il est tard",
                "tables": "partie 1 table 3 (en jeu, 7 donne(s))",
            }
        },
        "Partie 2 tirée avant la fin de la précédente (en cours : partie 1 table 3 "
        "(en jeu, 7 donne(s))) (motif : Il est tard) par demo à 15 h 42.",
    ),
    ("round.redraw", ROUND2, "Partie 2 tirée à nouveau par demo à 15 h 42."),
    (
        "round.swap",
        ROUND2 | {"after": {"tables": [], "description": "équipes 3 et 8 échangées"}},
        "Tirage de la partie 2 modifié (équipes 3 et 8 échangées) par demo à 15 h 42.",
    ),
    (
        "round.move",
        ROUND2 | {"after": {"tables": [], "description": "équipe 3 à la table 2"}},
        "Tirage de la partie 2 modifié (équipe 3 à la table 2) par demo à 15 h 42.",
    ),
    (
        "round.undo",
        ROUND2 | {"after": {"tables": [], "undone": "équipes 3 et 8 échangées"}},
        "Modification du tirage de la partie 2 annulée (équipes 3 et 8 échangées) "
        "par demo à 15 h 42.",
    ),
    (
        "round.publish",
        ROUND2 | {"before": {"status": "draft"}, "after": {"status": "published"}},
        "Tirage de la partie 2 publié par demo à 15 h 42.",
    ),
    (
        "round.visibility",
        ROUND2 | {"before": {"show_results": False}, "after": {"show_results": True}},
        "Résultats de la partie 2 publiés par demo à 15 h 42.",
    ),
    (
        "round.visibility",
        ROUND2
        | {
            "before": {"show_results": False, "show_standings": False, "show_draw": True},
            "after": {"show_results": True, "show_standings": True, "show_draw": False},
        },
        "Résultats et classement de la partie 2 publiés ; "
        "tirage de la partie 2 retiré du public par demo à 15 h 42.",
    ),
    ("round.delete", ROUND2, "Partie 2 supprimée par demo à 15 h 42."),
    (
        "round.close",
        ROUND2 | {"after": {"status": "closed", "cause": "next_round"}},
        "Partie 2 close à la publication de la suivante par demo à 15 h 42.",
    ),
    (
        "round.reopen",
        ROUND2 | {"after": {"status": "published", "reason": "donne oubliée"}},
        "Partie 2 rouverte (motif : donne oubliée) par demo à 15 h 42.",
    ),
    (
        # A round deleted since: its number read from the stored description (older: "manche").
        "round.reopen",
        {"target_type": "round", "target_id": 41, "target_repr": "Printemps — manche 4"},
        "Partie 4 rouverte par demo à 15 h 42.",
    ),
    (
        "player.merge",
        {"target_type": "player", "target_id": 9, "target_repr": "Elodie DUPONT → Élodie Dupont"},
        "Joueurs fusionnés : Elodie DUPONT → Élodie Dupont par demo à 15 h 42.",
    ),
    (
        "phases.plan",
        {"target_repr": "Poules → Tableau principal → Consolante"},
        "Plan des phases enregistré (Poules → Tableau principal → Consolante) par demo à 15 h 42.",
    ),
    (
        "phase.start",
        {
            "target_repr": "Tableau principal, partie 4 : 8 équipes",
            "after": {"name": "", "kind": "knockout", "partie": 4, "teams": 8},
        },
        "Phase commencée (tableau à élimination directe, partie 4 : 8 équipes) par demo à 15 h 42.",
    ),
    (
        "phase.start",  # an event written before the facts were stored
        {"target_repr": "Tableau principal, partie 4 : 8 équipes"},
        "Phase commencée (Tableau principal, partie 4 : 8 équipes) par demo à 15 h 42.",
    ),
    (
        "deal.record",
        DEAL | {"actor_label": TABLE_LINK, "after": {"number": 4, "score_a": 100}},
        "Donne 4 de la table 7 (partie 2) saisie par la table à 15 h 42.",
    ),
    (
        "deal.correct",
        SHEET
        | {
            "actor_label": TABLE_LINK,
            "before": {"number": 4, "score_a": 100},
            "after": {"number": 4, "score_a": 120, "reason": "belote oubliée"},
        },
        "Donne 4 de la table 7 (partie 2) corrigée (motif : belote oubliée) "
        "par la table à 15 h 42.",
    ),
    (
        "deal.delete",
        SHEET | {"before": {"number": 4}, "after": {"reason": "donne en double"}},
        "Donne 4 de la table 7 (partie 2) supprimée (motif : donne en double) par demo à 15 h 42.",
    ),
    (
        "sheet.totals",
        SHEET | {"after": {"total_a": 1010, "total_b": 870}},
        "Totaux de la table 7 (partie 2) saisis (1010 – 870) par demo à 15 h 42.",
    ),
    (
        "sheet.confirm",
        SHEET | {"actor_label": TABLE_LINK, "after": {"status": "confirmed", "team": "b"}},
        "Feuille de la table 7 (partie 2) confirmée par la table à 15 h 42.",
    ),
    (
        "sheet.dispute",
        SHEET | {"actor_label": TABLE_LINK, "after": {"status": "disputed", "note": "capot"}},
        "Feuille de la table 7 (partie 2) contestée (« capot ») par la table à 15 h 42.",
    ),
    (
        "sheet.reopen",
        SHEET | {"after": {"status": "open", "reason": "erreur de saisie"}},
        "Feuille de la table 7 (partie 2) rouverte (motif : erreur de saisie) par demo à 15 h 42.",
    ),
    (
        "sheet.forfeit",
        SHEET | {"after": {"kind": "forfeit", "forfeit_loser": "a"}},
        "Forfait ou exempt marqué sur la feuille de la table 7 (partie 2) par demo à 15 h 42.",
    ),
    (
        "sheet.tie_winner",
        SHEET
        | {
            "after": {
                "winner": "b",
                "team_number": 12,
                "team_label": "Morel – Thomas",
                "reason": "donne décisive",
            }
        },
        "Égalité de la table 7 (partie 2) : Équipe 12 « Morel – Thomas » désignée qualifiée "
        "(motif : donne décisive) par demo à 15 h 42.",
    ),
    (
        "sheet.token",
        SHEET | {"after": {"version": 3}},
        "Lien de la table 7 (partie 2) renouvelé par demo à 15 h 42.",
    ),
    (
        "round.format",
        ROUND2 | {"after": {"rules_overrides": {"deals_per_game": 15, "score_cap_winner": 1280}}},
        "Format de la partie 2 : 15 donnes, gagnant plafonné à 1280 par demo à 15 h 42.",
    ),
    (
        "round.format",
        ROUND2 | {"after": {"rules_overrides": {}}},
        "Format de la partie 2 : comme le concours par demo à 15 h 42.",
    ),
    (
        "round.clock_duration",
        ROUND2 | {"after": {"clock_minutes": 40}},
        "Durée de la partie 2 fixée à 40 minutes par demo à 15 h 42.",
    ),
    (
        "round.clock_duration",
        ROUND2 | {"after": {"clock_minutes": None}},
        "Partie 2 sans chrono par demo à 15 h 42.",
    ),
    (
        "round.clock_start",
        ROUND2 | {"after": {"clock_minutes": 40}},
        "Chrono de la partie 2 lancé (40 minutes) par demo à 15 h 42.",
    ),
    (
        "round.clock_pause",
        ROUND2 | {"after": {"remaining": 754}},
        "Chrono de la partie 2 mis en pause (12:34 restantes) par demo à 15 h 42.",
    ),
    (
        "round.clock_resume",
        ROUND2 | {"after": {"remaining": 754}},
        "Chrono de la partie 2 relancé (12:34 restantes) par demo à 15 h 42.",
    ),
    (
        "round.clock_extend",
        ROUND2 | {"after": {"added": 5}},
        "Partie 2 prolongée de 5 minutes par demo à 15 h 42.",
    ),
    (
        "sheet.time_up",
        SHEET | {"actor_label": "système", "after": {"deals": 9, "finished": True}},
        "Temps écoulé de la table 7 (partie 2) après 9 donnes : partie arrêtée au score atteint "
        "automatiquement à 15 h 42.",
    ),
    (
        "sheet.time_up",
        SHEET | {"actor_label": "système", "after": {"deals": 9, "more_deals": 2}},
        "Temps écoulé de la table 7 (partie 2) après 9 donnes : encore 2 donne(s) "
        "automatiquement à 15 h 42.",
    ),
    (
        # No builder: the action's label, the object, and the fields changed, in French.
        "prize.update",
        {
            "target_type": "round",
            "target_id": 2,
            "target_repr": "Printemps — partie 2",
            "before": {"show_results": False, "published_at": None},
            "after": {"show_results": True, "published_at": "2026-12-01T14:42:00+00:00"},
        },
        "Prix modifiés (Printemps — partie 2) par demo à 15 h 42 : résultats publics : "
        "non → oui ; publiée le : — → 01/12/2026 à 15 h 42.",
    ),
    (
        "contest.update",
        {
            "target_type": "contest",
            "before": {"date": "2027-03-01"},
            "after": {"date": "2027-03-08"},
        },
        "Concours modifié par demo à 15 h 42 : date : 01/03/2027 → 08/03/2027.",
    ),
    (
        "plan.rounds_count",
        {
            "target_type": "contest",
            "before": {"rounds_count": 6},
            "after": {"rounds_count": 5, "reason": "vote de la salle", "drawn": 3},
        },
        "Le concours se jouera en 5 parties au lieu de 6 (motif : vote de la salle) "
        "par demo à 15 h 42.",
    ),
    (
        "plan.latecomer",
        ROUND2
        | {
            "before": {"joined_at_round": 3, "checked_in": False},
            "after": {
                "team_number": 12,
                "team_label": "Morel – Thomas",
                "table": 9,
                "against": "bye",
                "opponent_number": 5,
                "opponent_label": "Roux – Petit",
                "reason": "bouchons",
            },
        },
        "Équipe 12 « Morel – Thomas » placée à la partie 2, table 9, à la place de l'exempt, "
        "face à Équipe 5 « Roux – Petit » (motif : bouchons) par demo à 15 h 42.",
    ),
    (
        "plan.table_move",
        ROUND2
        | {
            "before": {"table": 4},
            "after": {"table": 12, "teams": "1. A – 2. B", "reason": "table cassée"},
        },
        "Partie 2 : le match de la table 4 (1. A – 2. B) déplacé à la table 12 "
        "(motif : table cassée) par demo à 15 h 42.",
    ),
    (
        "plan.table_swap",
        ROUND2 | {"after": {"tables": [3, 7], "reason": "lumière"}},
        "Partie 2 : les tables 3 et 7 échangent leurs numéros (motif : lumière) "
        "par demo à 15 h 42.",
    ),
    (
        "sheet.bye_cancelled",
        SHEET | {"after": {"kind": "deals", "total_a": 0}},
        "Exempt annulé sur la feuille de la table 7 (partie 2) : un retardataire y joue "
        "par demo à 15 h 42.",
    ),
    (
        "season.join",
        {"target_type": "season", "target_repr": "Challenge d'hiver"},
        "Concours ajouté à la saison « Challenge d'hiver » par demo à 15 h 42.",
    ),
    (
        "season.leave",
        {"target_type": "season", "target_repr": "Challenge d'hiver"},
        "Concours retiré de la saison « Challenge d'hiver » par demo à 15 h 42.",
    ),
    (
        "season.rules",
        {"target_type": "season", "target_repr": "Challenge d'hiver"},
        "Règles de la saison « Challenge d'hiver » modifiées par demo à 15 h 42.",
    ),
    (
        "season.clubs",
        {"target_type": "season", "target_repr": "Circuit", "after": {"added": "Vannes"}},
        "Vannes invité dans le circuit « Circuit » par demo à 15 h 42.",
    ),
    (
        "season.final",
        {"target_type": "season", "target_repr": "Circuit", "after": {"each": 12, "season": None}},
        "Finale de la saison « Circuit » réglée (par concours : 12 ; au classement de la saison : "
        "—) par demo à 15 h 42.",
    ),
    (
        "season.qualify",
        {"target_type": "season", "target_repr": "Circuit", "after": {"created": 24, "already": 0}},
        "Qualifiés de la saison « Circuit » inscrits : 24 équipe(s) créée(s), 0 déjà là par demo "
        "à 15 h 42.",
    ),
    (
        "solo.create",
        {"target_type": "soloentry", "target_repr": "3. Jean Martin"},
        "Jean Martin inscrit(e) seul(e) par demo à 15 h 42.",
    ),
    (
        "solo.checked_in",
        {
            "target_type": "soloentry",
            "target_repr": "3. Jean Martin",
            "after": {"checked_in": True},
        },
        "Jean Martin pointé(e) présent(e) par demo à 15 h 42.",
    ),
    (
        "solo.paid",
        {"target_type": "soloentry", "target_repr": "3. Jean Martin", "after": {"paid": False}},
        "Jean Martin n'a pas payé par demo à 15 h 42.",
    ),
    (
        "solo.is_volunteer",
        {
            "target_type": "soloentry",
            "target_repr": "3. Jean Martin",
            "after": {"is_volunteer": True},
        },
        "Jean Martin désigné(e) bénévole par demo à 15 h 42.",
    ),
    (
        "solo.withdraw",
        {"target_type": "soloentry", "target_repr": "3. Jean Martin"},
        "Jean Martin retiré(e) des parties suivantes par demo à 15 h 42.",
    ),
    (
        "solo.reinstate",
        {"target_type": "soloentry", "target_repr": "3. Jean Martin"},
        "Jean Martin réintégré(e) par demo à 15 h 42.",
    ),
    (
        "solo.delete",
        {"target_type": "soloentry", "target_repr": "3. Jean Martin"},
        "Jean Martin supprimé(e) des joueurs seuls par demo à 15 h 42.",
    ),
    (
        "solo.pair",
        {"target_type": "entry", "target_repr": "12. Martin – Durand"},
        "Équipe Martin – Durand formée de deux joueurs seuls par demo à 15 h 42.",
    ),
    (
        "solo.volunteer",
        {"target_type": "entry", "target_repr": "13. Riou – Morvan"},
        "Équipe Riou – Morvan formée avec un bénévole par demo à 15 h 42.",
    ),
    (
        "solo.unpair",
        {"target_type": "entry", "target_repr": "12. Martin – Durand"},
        "Équipe Martin – Durand de joueurs seuls défaite par demo à 15 h 42.",
    ),
    (
        "solo.pair_draw",
        {"after": {"seed": 2024, "teams": [3, 4], "leftover": None}},
        "Équipes des joueurs seuls tirées au sort (graine 2024) par demo à 15 h 42.",
    ),
    (
        "something.new",
        {"actor_label": "système"},
        "something.new automatiquement à 15 h 42.",
    ),
]


def _event(action: str, fields: dict[str, Any]) -> AuditEvent:
    values = {"actor_label": "", **fields}
    event = AuditEvent(action=action, created_at=AT, **values)
    if not values["actor_label"]:
        event.actor = get_user_model()(username="demo")
    return event


@pytest.mark.parametrize(("action", "fields", "expected"), CASES)
def test_each_action_reads_as_a_french_sentence(
    action: str, fields: dict[str, Any], expected: str
) -> None:
    with translation.override("fr"):
        assert journal.sentence(_event(action, fields), NAMES) == expected


def test_every_logged_action_has_a_builder_and_a_case() -> None:
    assert set(audit.ACTION_LABELS) - {"publication.update", "prize.update"} <= set(
        journal.BUILDERS
    )
    assert set(journal.BUILDERS) <= {action for action, _fields, _text in CASES}


def test_times_are_in_the_instance_time_zone() -> None:
    summer = datetime.datetime(2026, 7, 1, 8, 5, tzinfo=datetime.UTC)
    assert journal.french_time(AT) == "15 h 42"
    assert journal.french_time(summer) == "10 h 05"


@pytest.fixture
def contest(club: Any) -> Contest:
    return services.create_contest(
        club,
        {"name": "Concours du printemps", "slug": "printemps", "date": datetime.date(2027, 3, 1)},
    )


@pytest.mark.django_db
def test_the_log_page_shows_sentences_not_fields(
    client: Client, contest: Contest, organiser: Any
) -> None:
    client.login(username="organisatrice", password=PASSWORD)
    p1 = services.save_player(contest.club, first_name="Léa", last_name="Morel")
    p2 = services.save_player(contest.club, first_name="Jean", last_name="Thomas")
    with audit.acting_as(organiser):
        entry = services.add_entry(contest, services.EntryValues(player1=p1, player2=p2))
        services.set_entry_flag(entry, "paid", True)
    page = client.get(reverse("tournaments:contest_log", args=[contest.club.slug, contest.pk]))
    html = page.content.decode()
    local = journal.french_time(AuditEvent.objects.get(action="entry.paid").created_at)
    team = f"Équipe {entry.number} « Morel – Thomas »"
    assert f"{team} a payé par organisatrice à {local}." in html
    assert f"{team} inscrite par organisatrice" in html
    assert "paid :" not in html and "False" not in html and "→ True" not in html


@pytest.mark.django_db
def test_a_foreign_key_is_named_not_numbered(contest: Contest) -> None:
    old = season_services.create_season(contest.club, name="Saison 2026")
    new = season_services.create_season(contest.club, name="Saison 2027")
    event = _event(
        "contest.update",
        {"target_type": "contest", "before": {"season": old.pk}, "after": {"season": new.pk}},
    )
    with translation.override("fr"):
        assert journal.sentence(event, NAMES) == (
            "Concours modifié par demo à 15 h 42 : saison : Saison 2026 → Saison 2027."
        )
