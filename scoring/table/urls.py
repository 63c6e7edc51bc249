"""Table links: ``/table/r<round>/t<table>/<secret token>/...`` (no account; namespace ``table``),
and the short links a player types, ``/t/<code>/`` (``K7QF-M2XA``), which redirect to them.
Mounted at the root (``config.urls``): both live under one namespace and one throttle
(``config.throttles.counters.TABLE_LINK``).

The round and table numbers are in the URL as well as the token, so a link always names the
table it opens and ``scoring.access.sheet_for_link`` refuses any mismatch, except a number the
table had before the organiser moved it (``Table.former_numbers``): the sheet page then
redirects to the table's link under its new number.
"""

from django.urls import path

from scoring.table import views as views_table

app_name = "table"

_SHEET = "table/r<int:round_number>/t<int:table_number>/<str:token>/"

urlpatterns = [
    path("t/<str:code>/", views_table.short_link, name="short"),
    path(_SHEET, views_table.sheet_page, name="sheet"),
    path(_SHEET + "etat/", views_table.state, name="state"),
    path(_SHEET + "chrono/", views_table.clock, name="clock"),
    path(_SHEET + "donne/", views_table.deal, name="deal"),
    path(_SHEET + "apercu/", views_table.preview, name="preview"),
    path(_SHEET + "donne/<int:number>/corriger/", views_table.correct, name="correct"),
    path(
        _SHEET + "donne/<int:number>/apercu/",
        views_table.correct_preview,
        name="correct_preview",
    ),
    path(_SHEET + "donne/supprimer/", views_table.delete_last, name="delete"),
    path(_SHEET + "confirmer/", views_table.confirm, name="confirm"),
    path(_SHEET + "contester/", views_table.dispute, name="dispute"),
]
