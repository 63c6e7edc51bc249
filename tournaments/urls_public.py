"""Public URLs: no login, only what the organiser has published."""

from django.urls import path

from tournaments import views_public

app_name = "public"

urlpatterns = [
    path("", views_public.home, name="home"),
]
