"""The seasons app's URLs (namespace ``seasons``), mounted at the site's root by ``config.urls``.

* ``/orga/saisons/<club>/…``: the organiser's pages (login required; every URL below
  ``<club_slug>/`` answers 404 to anyone who is not an organiser or admin of that club, and the
  season must be the club's own or a circuit it takes part in: ``seasons.access``).
* ``/saisons/<club>/<season>/…``: the public pages (``seasons.urls_public``), no login, a
  season marked public only.

The addresses of the former layout (``/orga/<club>/saisons/<season>/…``) answer with a
permanent redirect to the same page here (``config/moved/urls.py``).
"""

from django.urls import include, path

from seasons.views import organiser, settings

app_name = "seasons"

CLUB = "<slug:club_slug>/"
SEASON = CLUB + "<int:season_id>/"

organiser_patterns = [
    path(CLUB + "nouvelle/", settings.season_create, name="create"),
    path(SEASON, organiser.season, name="season"),
    path(SEASON + "reglages/", settings.season_settings, name="settings"),
    path(SEASON + "clubs/", settings.season_club, name="clubs"),
    path(SEASON + "concours/", settings.season_contest, name="contests"),
    path(SEASON + "finale/", settings.season_final, name="final"),
    path(SEASON + "recalculer/", organiser.season_rebuild, name="rebuild"),
    path(SEASON + "qualification/", organiser.season_qualify, name="qualify"),
    path(SEASON + "impression/", organiser.season_print, name="print"),
    path(SEASON + "export.<str:fmt>", organiser.season_export, name="export"),
]

urlpatterns = [
    path("orga/saisons/", include(organiser_patterns)),
    path("saisons/", include("seasons.urls_public")),
]
