"""URL map. Organiser pages live under /orga/, public pages at the root and under /concours/,
table links under /table/ (their short links under /t/), so that who may see what is visible
in the URL itself. The seasons app's pages are under /orga/saisons/ and /saisons/ (mounted
before /orga/, which would otherwise read "saisons" as a club); its former organiser addresses,
/orga/<club>/saisons/…, redirect there."""

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.generic import RedirectView

from config.auth import ThrottledLoginView
from config.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", RedirectView.as_view(url=settings.STATIC_URL + "img/atout.svg")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("compte/connexion/", ThrottledLoginView.as_view(), name="login"),
    path("compte/deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    # /orga/saisons/<club>/… (organiser) and /saisons/<club>/<season>/… (public)
    path("", include("seasons.urls")),
    path("orga/", include("seasons.urls_legacy")),
    path("orga/", include("tournaments.urls")),
    path("orga/", include("scoring.urls")),
    # /table/<...> (table links) and /t/<code>/ (their short links)
    path("", include("scoring.urls_table")),
    path("orga/", include("publishing.urls")),
    path("", include("publishing.urls_public")),
    path("", include("tournaments.urls_public")),
]
