"""Public URLs of the standings, results, team pages and projector (namespace ``scores``): no login, published data only.

They sit beside the contest's public page and draws (``publishing.public.urls``: ``public:contest``
is the contest's home, ``public:round`` its draws) under the same ``/concours/<club>/<contest>/``
prefix.
"""

from django.urls import path

from publishing.public import individual as views_individual
from publishing.public import phases as views_phases
from publishing.public import results as views_results
from publishing.public import standings as views_standings
from publishing.public.projector import views as views_projector

app_name = "scores"

CONTEST = "concours/<slug:club_slug>/<slug:contest_slug>/"

urlpatterns = [
    path(CONTEST + "classement/", views_standings.standings, name="standings"),
    path(
        CONTEST + "classement/export.<str:fmt>",
        views_standings.standings_export,
        name="standings_export",
    ),
    path(CONTEST + "classement/joueurs/", views_individual.players, name="players"),
    path(
        CONTEST + "classement/joueurs/export.<str:fmt>",
        views_individual.players_export,
        name="players_export",
    ),
    path(CONTEST + "resultats/<int:round_number>/", views_results.results, name="results"),
    path(CONTEST + "equipe/<int:number>/", views_results.team, name="team"),
    path(CONTEST + "poules-et-tableaux/", views_phases.public_phases, name="phases"),
    path(CONTEST + "projecteur/", views_projector.projector, name="projector"),
    path(
        CONTEST + "projecteur/contenu/", views_projector.projector_content, name="projector_content"
    ),
    path(CONTEST + "projecteur/chrono/", views_projector.projector_clock, name="projector_clock"),
]
