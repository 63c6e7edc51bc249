"""Public URLs of the scoring app (namespace ``scores``): no login, published data only.

They sit beside the tournaments app's public pages (``public:contest`` is the contest's home,
``public:round`` its draws) under the same ``/concours/<club>/<contest>/`` prefix.
"""

from django.urls import path

from publishing import views_public

app_name = "scores"

CONTEST = "concours/<slug:club_slug>/<slug:contest_slug>/"

urlpatterns = [
    path(CONTEST + "classement/", views_public.standings, name="standings"),
    path(
        CONTEST + "classement/export.<str:fmt>",
        views_public.standings_export,
        name="standings_export",
    ),
    path(CONTEST + "resultats/<int:round_number>/", views_public.results, name="results"),
    path(CONTEST + "equipe/<int:number>/", views_public.team, name="team"),
    path(CONTEST + "projecteur/", views_public.projector, name="projector"),
    path(CONTEST + "projecteur/contenu/", views_public.projector_content, name="projector_content"),
]
