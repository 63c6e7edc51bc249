"""Typed readers for environment variables that fail loudly on malformed values.

Settings must never guess: ``DEBUG=yes please`` or ``DATABASE_URL=postgres:/oops`` stop the
process at start-up with a message naming the variable, instead of running with a surprise.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool, environ: Mapping[str, str] = os.environ) -> bool:
    """Read a boolean: 1/true/yes/on or 0/false/no/off (case-insensitive)."""
    raw = environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false, yes/no), got {raw!r}")


def env_list(name: str, default: list[str], environ: Mapping[str, str] = os.environ) -> list[str]:
    """Read a comma-separated list; blanks are dropped."""
    raw = environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_int(name: str, default: int, environ: Mapping[str, str] = os.environ) -> int:
    """Read an integer."""
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {raw!r}") from None


def env_str(name: str, default: str = "", environ: Mapping[str, str] = os.environ) -> str:
    """Read a string, stripped."""
    return environ.get(name, default).strip()


def require_secret_key() -> None:
    """Stop a web server from starting without a real SECRET_KEY (settings leave it empty when
    DEBUG is off and none is given, so that offline commands need none)."""
    from django.conf import settings

    try:
        settings.SECRET_KEY  # noqa: B018 - Django refuses to read an empty key
    except ImproperlyConfigured:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (a development key is used only with DEBUG=1)."
        ) from None
