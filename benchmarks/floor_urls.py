"""The deal POST's floor for ``entry_bench.py``: a minimal Django view doing the same row writes.

Mounted only on the bench's floor server (``benchmarks/floor_settings.py`` points
``ROOT_URLCONF`` here), never in the app's URLs. It answers the table links' paths: a GET gives
the CSRF cookie; a POST to ``.../donne/`` takes the sheet's row lock
(``select_for_update().get()``), inserts one deal and updates the sheet's counters and totals in
one transaction, and answers 302, as Atout's deal POST does. No form, no rules, no engine, no
throttle, no template: what is left is Django's request cycle, its middleware and the three
writes, on the same tables, so that ``entry_bench.verify`` checks the floor's sheets too.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.middleware.csrf import get_token
from django.urls import path

from scoring.models import DealRecord, ScoreSheet


def sheet(request: HttpRequest, round_number: int, table_number: int, token: str) -> HttpResponse:
    get_token(request)  # the CSRF cookie the phones send back
    return HttpResponse("floor")


def deal(request: HttpRequest, round_number: int, table_number: int, token: str) -> HttpResponse:
    points = int(request.POST["taker_points"])
    a, b = (points, 162 - points) if request.POST["taker"] == "a" else (162 - points, points)
    with transaction.atomic():
        row = ScoreSheet.objects.select_for_update().only("pk", "deal_count").get(token=token)
        DealRecord.objects.create(
            sheet_id=row.pk,
            number=row.deal_count + 1,
            taker=request.POST["taker"],
            trump=request.POST["trump"],
            taker_points=points,
            score_a=a,
            score_b=b,
            client_id=request.POST["client_id"],
        )
        ScoreSheet.objects.filter(pk=row.pk).update(
            deal_count=F("deal_count") + 1,
            version=F("version") + 1,
            total_a=F("total_a") + a,
            total_b=F("total_b") + b,
        )
    return HttpResponseRedirect(request.path.removesuffix("donne/"))


_SHEET = "table/r<int:round_number>/t<int:table_number>/<str:token>/"
urlpatterns = [path(_SHEET, sheet), path(_SHEET + "donne/", deal)]
