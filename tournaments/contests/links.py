"""Absolute links meant for another device: the QR codes and short links of score sheets.

:func:`public_url` uses ``settings.PUBLIC_BASE_URL`` when it is configured (hall mode sets it to
the laptop's LAN address, ``config/hall.py``), never the host the organiser browses with
(``127.0.0.1`` is useless to a phone); the request's host otherwise. :func:`hall_address` gives
the organiser's pages that address and an inline SVG QR code of it.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def public_url(request: HttpRequest, path: str) -> str:
    """The absolute address of ``path`` for another device (a phone scanning a sheet)."""
    base: str = settings.PUBLIC_BASE_URL
    if base:
        return base + (path if path.startswith("/") else "/" + path)
    return request.build_absolute_uri(path)


def hall_address() -> tuple[str, str] | None:
    """The public base address and an inline SVG QR code of it (None when none is set)."""
    base: str = settings.PUBLIC_BASE_URL
    if not base:
        return None
    import segno

    url = base + "/"
    return url, str(segno.make(url, error="m").svg_inline(scale=4, border=2))
