"""``/healthz``: is this web process able to serve a contest?

It answers 200 when the database (and the Celery broker, when one is configured) can be
reached, and 503 with a short reason otherwise, for load balancers and uptime monitors.
It reads nothing private and writes nothing.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.celery import app

logger = logging.getLogger(__name__)


def check_database() -> str | None:
    """Return None when a trivial query succeeds, else a short reason."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        logger.warning("healthz: database unreachable: %s", exc)
        return "database unreachable"
    return None


def check_broker() -> str | None:
    """Return None when no broker is configured or it answers, else a short reason."""
    if not settings.CELERY_BROKER_URL:
        return None

    try:
        with app.connection_for_write(url=settings.CELERY_BROKER_URL) as conn:
            conn.ensure_connection(max_retries=1, timeout=1)
    except Exception as exc:
        logger.warning("healthz: broker unreachable: %s", exc)
        return "broker unreachable"
    return None


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    problems = [reason for reason in (check_database(), check_broker()) if reason]
    if problems:
        return JsonResponse({"status": "error", "reasons": problems}, status=503)
    return JsonResponse({"status": "ok"})
