"""A fingerprint of everything Atout stores, to prove that a refused request changed nothing."""

from __future__ import annotations

import hashlib

from django.apps import apps
from django.contrib.auth import get_user_model

APPS = ("tournaments", "scoring")


def database_fingerprint() -> dict[str, str]:
    """One digest per model of the apps (and users): every row, every column, in key order."""
    models = [m for label in APPS for m in apps.get_app_config(label).get_models()]
    models.append(get_user_model())
    digests = {}
    for model in models:
        rows = model._default_manager.order_by("pk").values_list()
        digest = hashlib.sha256()
        # All rows at once (the tests' tables are small): ``.iterator()`` made PostgreSQL open,
        # fetch and close a server-side cursor per model, which doubled each fingerprint's time.
        for row in rows:
            digest.update(repr(row).encode())
        digests[model._meta.label] = digest.hexdigest()
    return digests
