"""Saving a model instance with a statement built once: the writes on score entry's hot path.

:func:`insert` and :func:`update` do what ``obj.save()`` does for a plain model (``pre_save``
of every field, so ``auto_now`` and ``auto_now_add`` hold, then each field's own conversion to
its database value) without Django building and compiling the query again on every call,
which costs more CPU than PostgreSQL spends running the statement. The SQL is built once per
model (and field list for updates) and database vendor.

They send no ``pre_save``/``post_save`` signals and run no validation, like
``QuerySet.update``: use them only for models no signal receiver listens to, and only with
values the caller has checked (the services do).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model

_Plan = tuple[str, list[Any]]  # the SQL and its fields, in parameter order
_PLANS: dict[tuple[Any, ...], _Plan] = {}


def _plan(key: tuple[Any, ...], build: Callable[[], _Plan]) -> _Plan:
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS.setdefault(key, build())
    return plan


def insert(obj: Model, using: str = DEFAULT_DB_ALIAS) -> Model:
    """INSERT ``obj`` (a new instance, primary key unset) as ``obj.save()`` would; set its pk."""
    connection = connections[using]
    model = type(obj)
    meta = model._meta
    returning = connection.features.can_return_columns_from_insert

    def build() -> _Plan:
        quote = connection.ops.quote_name
        fields = [f for f in meta.local_concrete_fields if f is not meta.auto_field]
        sql = "INSERT INTO {} ({}) VALUES ({})".format(
            quote(meta.db_table),
            ", ".join(quote(f.column) for f in fields),
            ", ".join(["%s"] * len(fields)),
        )
        if returning:
            sql += f" RETURNING {quote(meta.pk.column)}"
        return sql, fields

    sql, fields = _plan(("insert", model, connection.vendor), build)
    params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if returning:
            pk = cursor.fetchone()[0]
        else:
            pk = connection.ops.last_insert_id(cursor, meta.db_table, meta.pk.column)
    obj.pk = pk
    obj._state.adding = False
    obj._state.db = using
    return obj


def update(
    obj: Model,
    names: Iterable[str],
    using: str = DEFAULT_DB_ALIAS,
    *,
    expect: Mapping[str, Any] | None = None,
) -> bool:
    """UPDATE the named fields of ``obj``'s row as ``obj.save(update_fields=names)`` would.

    Without ``expect`` the row must exist (callers hold it locked): a missing row raises
    ``DoesNotExist``. With ``expect`` (column values, e.g. ``{"version": 4}``) the row is
    updated only if it still holds them (a compare-and-set, which also takes the row lock):
    the answer says whether it did.
    """
    connection = connections[using]
    model = type(obj)
    names = tuple(names)
    conditions = tuple(expect) if expect else ()

    def build() -> _Plan:
        quote = connection.ops.quote_name
        meta = model._meta
        fields = [meta.get_field(name) for name in names]
        where = [meta.pk, *(meta.get_field(name) for name in conditions)]
        sql = "UPDATE {} SET {} WHERE {}".format(
            quote(meta.db_table),
            ", ".join(f"{quote(f.column)} = %s" for f in fields),
            " AND ".join(f"{quote(f.column)} = %s" for f in where),
        )
        return sql, fields

    sql, fields = _plan(("update", model, names, conditions, connection.vendor), build)
    params = [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in fields]
    params.append(obj.pk)
    if expect:
        meta = model._meta
        params += [
            meta.get_field(name).get_db_prep_value(expect[name], connection) for name in conditions
        ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        updated = cursor.rowcount == 1
    if not updated and not expect:
        raise model.DoesNotExist(f"{model.__name__} {obj.pk} was not updated")
    return updated


def increment(
    model: type[Model],
    counter: str,
    *,
    where: Mapping[str, Any],
    values: Mapping[str, Any] | None = None,
    using: str = DEFAULT_DB_ALIAS,
) -> int:
    """``model.objects.filter(**where).update(counter=F(counter) + 1, **values)``, the statement
    built once; answers the number of rows updated. ``where`` and ``values`` name fields (or
    their attnames, ``contest_id``) with plain values."""
    connection = connections[using]
    values = values or {}
    names, keys = tuple(values), tuple(where)

    def build() -> _Plan:
        quote = connection.ops.quote_name
        meta = model._meta
        column = quote(meta.get_field(counter).column)
        fields = [meta.get_field(name) for name in (*names, *keys)]
        sets = [f"{column} = {column} + 1"]
        sets += [f"{quote(f.column)} = %s" for f in fields[: len(names)]]
        sql = "UPDATE {} SET {} WHERE {}".format(
            quote(meta.db_table),
            ", ".join(sets),
            " AND ".join(f"{quote(f.column)} = %s" for f in fields[len(names) :]),
        )
        return sql, fields

    sql, fields = _plan(("increment", model, counter, names, keys, connection.vendor), build)
    given = (*values.values(), *where.values())
    params = [f.get_db_prep_value(v, connection) for f, v in zip(fields, given, strict=True)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)


__all__ = ["increment", "insert", "update"]
