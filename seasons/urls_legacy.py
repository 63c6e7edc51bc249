"""The organiser's season addresses of the former layout (``/orga/<club>/saisons/<id>/…``,
served by tournaments and publishing until the seasons app), each a permanent redirect to the
same page under ``/orga/saisons/<club>/<id>/…`` (``seasons.views.legacy``). Mounted by
``config.urls`` under ``/orga/`` (namespace ``seasons_legacy``, for the tests that walk them)."""

from django.urls import path

from seasons.views.legacy import moved

app_name = "seasons_legacy"

CLUB = "<slug:club_slug>/saisons/"
SEASON = CLUB + "<int:season_id>/"

urlpatterns = [
    path(CLUB + "nouvelle/", moved("create"), name="create"),
    path(SEASON, moved("season"), name="season"),
    path(SEASON + "reglages/", moved("settings"), name="settings"),
    path(SEASON + "clubs/", moved("clubs"), name="clubs"),
    path(SEASON + "concours/", moved("contests"), name="contests"),
    path(SEASON + "finale/", moved("final"), name="final"),
    path(SEASON + "recalculer/", moved("rebuild"), name="rebuild"),
    path(SEASON + "qualification/", moved("qualify"), name="qualify"),
    path(SEASON + "impression/", moved("print"), name="print"),
    path(SEASON + "export.<str:fmt>", moved("export"), name="export"),
]
