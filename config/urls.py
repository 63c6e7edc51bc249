"""URL map: who may see what, and which app serves it, read from the address itself.

Organiser pages live under /orga/ (tournaments: /orga/<club>/…; scoring's sheets under
/orga/marque/, publishing's pages under /orga/publication/), public pages at the root and
under /concours/, table links under /table/ (their short links under /t/). The seasons app
answers under /orga/saisons/<club>/… (organiser) and /saisons/<club>/<season>/… (public). The
addresses of earlier layouts answer with permanent redirects (config/moved/urls.py).
"""

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.generic import RedirectView

from config.health import healthz
from config.throttles.logins import ThrottledLoginView

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", RedirectView.as_view(url=settings.STATIC_URL + "img/atout.svg")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("compte/connexion/", ThrottledLoginView.as_view(), name="login"),
    path("compte/deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    # Each organiser app under its own prefix, before tournaments' /orga/<club>/ (a club's
    # slug cannot be one of these words: tournaments.models.clubs.RESERVED_SLUGS).
    path("orga/marque/", include("scoring.urls")),
    path("orga/publication/", include("publishing.urls")),
    # The seasons app: /orga/saisons/<club>/… (organiser), /saisons/<club>/<season>/… (public).
    path("", include("seasons.urls")),
    path("orga/", include("tournaments.urls")),
    # /table/<...> (table links) and /t/<code>/ (their short links)
    path("", include("scoring.table.urls")),
    path("", include("publishing.public.urls_scores")),
    path("", include("publishing.public.urls")),
    # The addresses of earlier layouts: permanent redirects to the same pages.
    path("", include("config.moved.urls")),
]
