"""Organiser URLs of publishing, prizes, prints and exports (namespace ``publishing``).

Mounted at ``/orga/publication/``: the address says which app serves it; every URL below
``<club_slug>/`` answers 404 to anyone who is not an organiser or admin of that club.
"""

from django.urls import path

from publishing.organiser import exports as views_exports
from publishing.organiser import individual as views_players
from publishing.organiser import views

app_name = "publishing"

CONTEST = "<slug:club_slug>/concours/<int:contest_id>/"
ROUND = CONTEST + "parties/<int:round_number>/"

urlpatterns = [
    path(CONTEST, views.publication, name="publication"),
    path(
        ROUND,
        views.publication_round,
        name="publication_round",
    ),
    path(CONTEST + "classement/recalculer/", views.standings_rebuild, name="standings_rebuild"),
    path(CONTEST + "lots/", views.prizes, name="prizes"),
    path(CONTEST + "lots/<int:prize_id>/supprimer/", views.prize_delete, name="prize_delete"),
    path(ROUND + "feuilles-de-marque/", views.print_sheets, name="print_sheets"),
    path(ROUND + "affiches/", views.print_posters, name="print_posters"),
    path(CONTEST + "palmares/", views.print_ranking, name="print_ranking"),
    path(CONTEST + "classement/joueurs/", views_players.players_ranking, name="players_ranking"),
    path(CONTEST + "palmares/joueurs/", views_players.print_players, name="print_players"),
    path(CONTEST + "exports/", views_exports.exports_page, name="exports"),
    path(CONTEST + "exports/<int:job_id>/", views_exports.export_detail, name="export"),
    path(
        CONTEST + "exports/<int:job_id>/telecharger/",
        views_exports.export_download,
        name="export_download",
    ),
]
