"""Organiser URLs of score entry (login required; club role checked in ``tournaments.access``).

Mounted at ``/orga/marque/`` with namespace ``scoring``: the address says which app serves it;
table links are in ``scoring.table.urls``.
"""

from django.urls import path

from scoring.organiser import follow as views_follow
from scoring.organiser import status as views_sheet_status
from scoring.organiser import views

app_name = "scoring"

_ROUND = "<slug:club_slug>/concours/<int:contest_id>/parties/<int:round_number>/"
_SHEET = _ROUND + "table/<int:table_number>/"

urlpatterns = [
    path(_ROUND, views_follow.round_sheets, name="round_sheets"),
    path(_ROUND + "etat/", views_follow.round_sheets_state, name="round_sheets_state"),
    path(_SHEET, views.sheet, name="sheet"),
    path(_SHEET + "donne/", views.sheet_deal, name="sheet_deal"),
    path(_SHEET + "apercu/", views.sheet_preview, name="sheet_preview"),
    path(_SHEET + "donne/<int:number>/corriger/", views.sheet_correct, name="sheet_correct"),
    path(_SHEET + "donne/supprimer/", views.sheet_delete, name="sheet_delete"),
    path(_SHEET + "penalite/", views.sheet_penalty, name="sheet_penalty"),
    path(_SHEET + "totaux/", views.sheet_totals, name="sheet_totals"),
    path(_SHEET + "forfait/", views_sheet_status.sheet_forfeit, name="sheet_forfeit"),
    path(_SHEET + "confirmer/", views_sheet_status.sheet_confirm, name="sheet_confirm"),
    path(_SHEET + "rouvrir/", views_sheet_status.sheet_reopen, name="sheet_reopen"),
    path(_SHEET + "temps/", views_sheet_status.sheet_call_time, name="sheet_call_time"),
    path(_SHEET + "qualifiee/", views_sheet_status.sheet_tie_winner, name="sheet_tie_winner"),
    path(_SHEET + "lien/", views_sheet_status.sheet_token, name="sheet_token"),
]
