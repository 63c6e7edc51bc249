"""A fingerprint of everything Atout stores, to prove that a refused request changed nothing."""

from __future__ import annotations

import functools
import hashlib

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection

APPS = ("tournaments", "scoring")


@functools.cache
def _statements() -> tuple[tuple[str, str], ...]:
    """(model label, SQL reading its table whole in key order) per model of the apps and users.

    Plain SQL, written once per process: the tests' tables hold a few rows each, so building
    and compiling a queryset per model and converting each value cost most of a fingerprint
    (38 of the POST fuzz's 55 s). The raw rows change whenever the model's values do.
    """
    models = [m for label in APPS for m in apps.get_app_config(label).get_models()]
    models.append(get_user_model())
    return tuple(
        (m._meta.label, f'SELECT * FROM "{m._meta.db_table}" ORDER BY "{m._meta.pk.column}"')
        for m in models
    )


def database_fingerprint() -> dict[str, str]:
    """One digest per model of the apps (and users): every row, every column, in key order."""
    digests = {}
    with connection.cursor() as cursor:
        for label, statement in _statements():
            cursor.execute(statement)
            digests[label] = hashlib.sha256(repr(cursor.fetchall()).encode()).hexdigest()
    return digests
