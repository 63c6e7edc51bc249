"""The addresses of earlier layouts, each a permanent redirect to the same page (``redirect.moved``).

Every route here was a real address (``tests/foundation/previous_urls.json`` lists them all and
``tests/foundation/test_previous_urls.py`` walks them): printed sheets, bookmarks and shared
links keep working. Routes are added, never removed. 2026-12-07: each organiser app under its
own prefix (``/orga/marque/`` scoring, ``/orga/publication/`` publishing) and « partie » in the
addresses, as on the pages (docs/glossary.md), instead of « manche »; then the seasons app
(``/orga/saisons/<club>/<season>/…``; its public pages kept their addresses, ``/saisons/…``).
"""

from __future__ import annotations

from config.moved.redirect import moved

urlpatterns = [
    # tournaments
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/tirer/",
        "tournaments:round_generate",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/",
        "tournaments:round",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/echanger/",
        "tournaments:round_swap",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/deplacer/",
        "tournaments:round_move",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/annuler/",
        "tournaments:round_undo",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/retirer/",
        "tournaments:round_redraw",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/publier/",
        "tournaments:round_publish",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/visibilite/",
        "tournaments:round_visibility",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/supprimer/",
        "tournaments:round_delete",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/clore/",
        "tournaments:round_close",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/rouvrir/",
        "tournaments:round_reopen",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/retardataire/",
        "tournaments:plan_latecomer",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/tables-hors-service/",
        "tournaments:plan_tables",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/format/",
        "tournaments:round_format",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/chrono/",
        "tournaments:round_clock",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/impression/",
        "tournaments:round_print",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/projection/",
        "tournaments:round_projector",
    ),
    # scoring
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/",
        "scoring:round_sheets",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/etat/",
        "scoring:round_sheets_state",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/",
        "scoring:sheet",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/donne/",
        "scoring:sheet_deal",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/apercu/",
        "scoring:sheet_preview",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/donne/<int:number>/corriger/",
        "scoring:sheet_correct",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/donne/supprimer/",
        "scoring:sheet_delete",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/penalite/",
        "scoring:sheet_penalty",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/totaux/",
        "scoring:sheet_totals",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/forfait/",
        "scoring:sheet_forfeit",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/confirmer/",
        "scoring:sheet_confirm",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/rouvrir/",
        "scoring:sheet_reopen",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/temps/",
        "scoring:sheet_call_time",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/qualifiee/",
        "scoring:sheet_tie_winner",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles/table/<int:table_number>/lien/",
        "scoring:sheet_token",
    ),
    # seasons (the seasons app: /orga/saisons/<club>/<season>/…), from tournaments' and
    # publishing's /orga/<club>/saisons/<season>/… and publishing's /orga/publication/<club>/…
    moved("orga/<slug:club_slug>/saisons/nouvelle/", "seasons:create"),
    moved("orga/<slug:club_slug>/saisons/<int:season_id>/reglages/", "seasons:settings"),
    moved("orga/<slug:club_slug>/saisons/<int:season_id>/clubs/", "seasons:clubs"),
    moved("orga/<slug:club_slug>/saisons/<int:season_id>/concours/", "seasons:contests"),
    moved("orga/<slug:club_slug>/saisons/<int:season_id>/finale/", "seasons:final"),
    moved("orga/<slug:club_slug>/saisons/<int:season_id>/", "seasons:season"),
    moved("orga/<slug:club_slug>/saisons/<int:season_id>/recalculer/", "seasons:rebuild"),
    moved("orga/<slug:club_slug>/saisons/<int:season_id>/qualification/", "seasons:qualify"),
    moved("orga/<slug:club_slug>/saisons/<int:season_id>/impression/", "seasons:print"),
    moved("orga/<slug:club_slug>/saisons/<int:season_id>/export.<str:fmt>", "seasons:export"),
    moved("orga/publication/<slug:club_slug>/saisons/<int:season_id>/", "seasons:season"),
    moved(
        "orga/publication/<slug:club_slug>/saisons/<int:season_id>/recalculer/", "seasons:rebuild"
    ),
    moved(
        "orga/publication/<slug:club_slug>/saisons/<int:season_id>/qualification/",
        "seasons:qualify",
    ),
    moved("orga/publication/<slug:club_slug>/saisons/<int:season_id>/impression/", "seasons:print"),
    moved(
        "orga/publication/<slug:club_slug>/saisons/<int:season_id>/export.<str:fmt>",
        "seasons:export",
    ),
    # publishing
    moved("orga/<slug:club_slug>/concours/<int:contest_id>/publication/", "publishing:publication"),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/publication/",
        "publishing:publication_round",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/classement/recalculer/",
        "publishing:standings_rebuild",
    ),
    moved("orga/<slug:club_slug>/concours/<int:contest_id>/lots/", "publishing:prizes"),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/lots/<int:prize_id>/supprimer/",
        "publishing:prize_delete",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/feuilles-de-marque/",
        "publishing:print_sheets",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/manches/<int:round_number>/affiches/",
        "publishing:print_posters",
    ),
    moved("orga/<slug:club_slug>/concours/<int:contest_id>/palmares/", "publishing:print_ranking"),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/classement/joueurs/",
        "publishing:players_ranking",
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/palmares/joueurs/",
        "publishing:print_players",
    ),
    moved("orga/<slug:club_slug>/concours/<int:contest_id>/exports/", "publishing:exports"),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/exports/<int:job_id>/", "publishing:export"
    ),
    moved(
        "orga/<slug:club_slug>/concours/<int:contest_id>/exports/<int:job_id>/telecharger/",
        "publishing:export_download",
    ),
    # public
    moved(
        "concours/<slug:club_slug>/<slug:contest_slug>/manche/<int:round_number>/", "public:round"
    ),
    moved(
        "concours/<slug:club_slug>/<slug:contest_slug>/manche/<int:round_number>/projection/",
        "public:round_projector",
    ),
]
