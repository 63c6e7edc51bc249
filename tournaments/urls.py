"""Organiser URLs of the tournaments app (login required, club role checked in ``access``)."""

from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
]
