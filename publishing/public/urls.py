"""Public URLs of the home, a contest's page and its draws (namespace ``public``): no login, only
what the organiser has published. Their standings, results and projector: ``urls_scores``.
"""

from django.urls import path

from publishing.public import contest as views_public

app_name = "public"

CONTEST = "concours/<slug:club_slug>/<slug:contest_slug>/"

urlpatterns = [
    path("", views_public.home, name="home"),
    path(CONTEST, views_public.contest, name="contest"),
    path(CONTEST + "partie/<int:round_number>/", views_public.round_draw, name="round"),
    path(
        CONTEST + "partie/<int:round_number>/projection/",
        views_public.round_projector,
        name="round_projector",
    ),
]
