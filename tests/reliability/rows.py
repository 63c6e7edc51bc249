"""Row counts of a database that the backup drills drive through other processes.

The drills run ``manage.py`` against a SQLite file or a scratch PostgreSQL database; counting
rows there took one more Python process and Django's start-up each time. ``row_counts`` opens
the database itself (sqlite3, psycopg) and counts the models' tables; it writes nothing.
"""

from __future__ import annotations

import contextlib
import sqlite3

import psycopg
from django.db import models

SQLITE = "sqlite:///"


def row_counts(database_url: str, *counted: type[models.Model]) -> tuple[int, ...]:
    """The number of rows of each model's table in the database at ``database_url``."""
    statements = [f'SELECT COUNT(*) FROM "{model._meta.db_table}"' for model in counted]
    if database_url.startswith(SQLITE):
        path = database_url.removeprefix(SQLITE)
        with contextlib.closing(sqlite3.connect(path)) as sqlite:
            return tuple(sqlite.execute(s).fetchone()[0] for s in statements)
    with psycopg.connect(database_url) as postgres:
        return tuple(_one(postgres.execute(s).fetchone()) for s in statements)


def _one(row: tuple[int] | None) -> int:
    assert row is not None
    return row[0]
