"""URL map. Organiser pages live under /orga/, public pages at the root and under /concours/,
table links under /table/ (their short links under /t/), so that who may see what is visible
in the URL itself."""

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
    path("orga/", include("tournaments.urls")),
    path("orga/", include("scoring.urls")),
    # /table/<...> (table links) and /t/<code>/ (their short links)
    path("", include("scoring.table.urls")),
    path("orga/", include("publishing.urls")),
    path("", include("publishing.public.urls_scores")),
    path("", include("publishing.public.urls")),
]
