"""The cached public page's floor for ``standings_bench.py``: Atout's URLs and one minimal view.

Mounted only on the bench's server (``benchmarks/page_floor_settings.py`` points
``ROOT_URLCONF`` here), never in the app's URLs. The view answers with the bytes the bench put
under :data:`FLOOR_KEY` (the public standings page, as a visitor got it), read with one
``cache.get`` from the same Django cache: no version check, no headers of its own, no
template. What is left is Django's request cycle and middleware and one cache round trip of the
same bytes, on the same server at the same moment as the page it is compared with.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import urlpatterns as atout_urlpatterns

FLOOR_KEY = "atout:bench:floor-page"
FLOOR_PATH = "/bench-floor/page/"


def cached_bytes(request: HttpRequest) -> HttpResponse:
    return HttpResponse(cache.get(FLOOR_KEY), content_type="text/html; charset=utf-8")


urlpatterns = [path(FLOOR_PATH.strip("/") + "/", cached_bytes), *atout_urlpatterns]
