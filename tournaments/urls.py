"""Organiser URLs of the tournaments app (login required, club role checked in ``access``).

Every URL below ``<club_slug>/`` answers 404 to anyone who is not an organiser or admin of
that club (``tests/tournaments/test_access.py`` walks them all from the resolver).
"""

from django.urls import path

from tournaments.clubs import players as views_players
from tournaments.clubs import views
from tournaments.contests import guide as views_guide
from tournaments.contests import views as views_cockpit
from tournaments.entries import views as views_entries
from tournaments.entries.replacements import views as views_replacements
from tournaments.phases import views as views_phases
from tournaments.rounds import clock as views_clock
from tournaments.rounds import closing as views_round_closing
from tournaments.rounds import views as views_rounds
from tournaments.rounds.plan import views as views_plan
from tournaments.solo import views as views_solo
from tournaments.solo.imports import views as views_solo_import

app_name = "tournaments"

CLUB = "<slug:club_slug>/"
CONTEST = CLUB + "concours/<int:contest_id>/"
ROUND = CONTEST + "parties/<int:round_number>/"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path(CLUB, views.club, name="club"),
    path(CLUB + "joueurs/", views.players, name="players"),
    path(CLUB + "joueurs/suggestions/", views.player_suggestions, name="player_suggestions"),
    path(
        CLUB + "joueurs/par-licence/",
        views_players.player_registry_add,
        name="player_registry_add",
    ),
    path(CLUB + "joueurs/<int:player_id>/", views.player_edit, name="player_edit"),
    path(
        CLUB + "joueurs/<int:player_id>/fusionner/",
        views_players.player_merge,
        name="player_merge",
    ),
    path(CLUB + "concours/nouveau/", views.contest_create, name="contest_create"),
    path(CONTEST, views_cockpit.contest, name="contest"),
    path(CONTEST + "ordre-du-jour/", views_cockpit.draw_rule, name="draw_rule"),
    path(CONTEST + "modifier/", views.contest_edit, name="contest_edit"),
    path(CONTEST + "clore/", views.contest_finish, name="contest_finish"),
    path(CONTEST + "journal/", views.contest_log, name="contest_log"),
    path(CONTEST + "plan/", views_plan.plan, name="plan"),
    path(CONTEST + "aide/", views_guide.guide, name="guide"),
    path(CONTEST + "phases/", views_phases.phases, name="phases"),
    path(CONTEST + "equipes/", views_entries.entries, name="entries"),
    path(CONTEST + "equipes/import/", views_entries.entries_import, name="entries_import"),
    path(
        CONTEST + "equipes/import/confirmer/",
        views_entries.entries_import_confirm,
        name="entries_import_confirm",
    ),
    path(CONTEST + "equipes/<int:entry_id>/", views_entries.entry_edit, name="entry_edit"),
    path(
        CONTEST + "equipes/<int:entry_id>/remplacer/",
        views_replacements.entry_replace,
        name="entry_replace",
    ),
    path(
        CONTEST + "equipes/<int:entry_id>/<slug:action>/",
        views_entries.entry_action,
        name="entry_action",
    ),
    path(CONTEST + "joueurs-seuls/", views_solo.solos, name="solos"),
    path(CONTEST + "joueurs-seuls/import/", views_solo_import.solos_import, name="solos_import"),
    path(
        CONTEST + "joueurs-seuls/import/confirmer/",
        views_solo_import.solos_import_confirm,
        name="solos_import_confirm",
    ),
    path(CONTEST + "joueurs-seuls/former/", views_solo.solo_pair, name="solo_pair"),
    path(CONTEST + "joueurs-seuls/tirer/", views_solo.solo_draw, name="solo_draw"),
    path(CONTEST + "joueurs-seuls/benevole/", views_solo.solo_volunteer, name="solo_volunteer"),
    path(
        CONTEST + "joueurs-seuls/equipes/<int:entry_id>/defaire/",
        views_solo.solo_unpair,
        name="solo_unpair",
    ),
    path(
        CONTEST + "joueurs-seuls/<int:solo_id>/<slug:action>/",
        views_solo.solo_action,
        name="solo_action",
    ),
    path(CONTEST + "parties/tirer/", views_rounds.round_generate, name="round_generate"),
    path(ROUND, views_rounds.round_detail, name="round"),
    path(ROUND + "echanger/", views_rounds.round_swap, name="round_swap"),
    path(ROUND + "deplacer/", views_rounds.round_move, name="round_move"),
    path(ROUND + "annuler/", views_rounds.round_undo, name="round_undo"),
    path(ROUND + "retirer/", views_rounds.round_redraw, name="round_redraw"),
    path(ROUND + "publier/", views_rounds.round_publish, name="round_publish"),
    path(ROUND + "visibilite/", views_rounds.round_visibility, name="round_visibility"),
    path(ROUND + "supprimer/", views_rounds.round_delete, name="round_delete"),
    path(ROUND + "clore/", views_round_closing.round_close, name="round_close"),
    path(ROUND + "rouvrir/", views_round_closing.round_reopen, name="round_reopen"),
    path(ROUND + "retardataire/", views_plan.latecomer, name="plan_latecomer"),
    path(ROUND + "tables-hors-service/", views_plan.tables, name="plan_tables"),
    path(ROUND + "format/", views_clock.round_format, name="round_format"),
    path(ROUND + "chrono/", views_clock.round_clock, name="round_clock"),
    path(ROUND + "impression/", views_rounds.round_print, name="round_print"),
    path(ROUND + "projection/", views_rounds.round_projector, name="round_projector"),
]
