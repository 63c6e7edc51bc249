"""A sheet's short link as printed and typed: ``192.168.1.20:8000/t/K7QF-M2XA``.

Under the QR code of every score sheet (``publishing`` prints) and on the organiser's sheet
page, for a player whose camera cannot read the QR code. Built with
``tournaments.contests.links.public_url`` (the hall's ``PUBLIC_BASE_URL``), without ``http://``
(every browser adds it) nor the trailing slash (``APPEND_SLASH`` adds it); an ``https://``
address is printed whole. ``/t/<code>/`` redirects to the table link (``scoring.table.views.short_link``).
"""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from scoring.models import ScoreSheet, grouped_short_code
from tournaments.contests.links import public_url


def short_link(request: HttpRequest, sheet: ScoreSheet) -> str:
    """The sheet's short link, to print and to type."""
    path = reverse("table:short", kwargs={"code": grouped_short_code(sheet.short_code)})
    return public_url(request, path.rstrip("/")).removeprefix("http://")
