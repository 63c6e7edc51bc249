"""The public season pages, included by ``seasons.urls`` under ``/saisons/`` (namespace
``seasons``): no login, a season marked public only. Their addresses are those of the former
layout (served by publishing then), so a printed or shared link still opens the same page."""

from django.urls import path

from seasons.views import public

SEASON = "<slug:club_slug>/<int:season_id>/"

urlpatterns = [
    path(SEASON, public.standings, name="public"),
    path(SEASON + "projecteur/", public.projector, name="projector"),
]
