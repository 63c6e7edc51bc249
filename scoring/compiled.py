"""Querysets compiled once per database connection or vendor: the hot paths' reads.

Building a queryset with ``select_related`` and compiling it to SQL costs Django several times
more CPU than PostgreSQL spends running it (about 5 ms against 0.2 ms for the table-link
lookup on the 2-core benchmark machine). A deal POST runs the same two reads every time (the
table link, then the locked sheet), so :class:`CompiledQuery` builds its queryset once per
connection with sentinel parameters, keeps the SQL and what Django needs to turn a row into
model instances (the related ones included), and afterwards only executes the statement.

The queryset is still the one written with the ORM (filters, ``select_related``,
``select_for_update``...): the SQL and the instances are exactly what iterating it would give.
A ``select_for_update`` statement is refused outside a transaction, as Django refuses it.

:class:`CompiledSQL` does the same for querysets read as rows rather than instances (the
rebuild's reads of a contest and its entries, the public page's snapshot lookup): their SQL is
compiled once per database vendor.

Parameters: ``build`` receives a sentinel value for each named parameter (a string that cannot
occur in real data, or an integer for integer lookups, see ``_INT_BASE``); :meth:`fetch`
puts the real values where the sentinels were. Only plain ``exact`` lookups may use them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

# Integer sentinels stay inside every integer column's range (Django 5 turns an out-of-range
# lookup value into an empty result at compile time); they only have to differ from the
# query's constant parameters, which are strings here.
_INT_BASE = 31_973


def _sentinel_str(name: str) -> str:
    return f"\x00atout-param:{name}\x00"


class _Parameters:
    """Named parameters, stood in for by sentinel values while a queryset is compiled."""

    def __init__(self, strs: tuple[str, ...], ints: tuple[str, ...]) -> None:
        self.sentinels: dict[str, Any] = {name: _sentinel_str(name) for name in strs}
        self.sentinels.update({name: _INT_BASE + i for i, name in enumerate(ints)})
        self._by_value = {value: name for name, value in self.sentinels.items()}

    def template(self, params: Iterable[Any]) -> list[tuple[str | None, Any]]:
        """Each compiled parameter with the name it stands for (``None``: a constant)."""
        template = [(_name_of(p, self._by_value), p) for p in params]
        missing = set(self.sentinels) - {name for name, _ in template if name}
        if missing:
            raise ValueError(f"parameters not found in the compiled query: {sorted(missing)}")
        return template

    @staticmethod
    def fill(template: list[tuple[str | None, Any]], values: dict[str, Any]) -> list[Any]:
        return [values[name] if name is not None else value for name, value in template]


class _Compiled:
    """A queryset that ``build(p)`` makes with sentinel parameters, compiled on first use."""

    def __init__(
        self,
        build: Callable[[dict[str, Any]], QuerySet[Any]],
        *,
        strs: tuple[str, ...] = (),
        ints: tuple[str, ...] = (),
        using: str = DEFAULT_DB_ALIAS,
    ) -> None:
        self._build = build
        self._using = using
        self._parameters = _Parameters(strs, ints)

    def _queryset(self) -> QuerySet[Any]:
        return self._build(dict(self._parameters.sentinels))


class CompiledSQL(_Compiled):
    """The SQL of a queryset read as rows (``values()``, or annotations through ``raw()``),
    compiled once per database vendor.

    ``build(p)`` returns the queryset, as for :class:`CompiledQuery`. :meth:`statement` gives
    the SQL and its parameters for real values; :attr:`columns` the names of a ``values()``
    queryset's columns, in order.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._compiled: dict[str, tuple[str, list[tuple[str | None, Any]], tuple[str, ...]]] = {}

    def _compile(self) -> tuple[str, list[tuple[str | None, Any]], tuple[str, ...]]:
        vendor = connections[self._using].vendor
        compiled = self._compiled.get(vendor)
        if compiled is None:
            query = self._queryset().query
            sql, params = query.get_compiler(using=self._using).as_sql()
            columns = (*query.values_select, *query.annotation_select)
            compiled = (sql, self._parameters.template(params), columns)
            compiled = self._compiled.setdefault(vendor, compiled)
        return compiled

    def statement(self, **values: Any) -> tuple[str, list[Any]]:
        sql, template, _ = self._compile()
        return sql, self._parameters.fill(template, values)

    @property
    def columns(self) -> tuple[str, ...]:
        return self._compile()[2]


class CompiledQuery(_Compiled):
    """A queryset of one model (``select_related`` allowed), compiled once per connection.

    ``build(p)`` returns the queryset; ``p`` maps each parameter name to its sentinel. ``ints``
    names the parameters compared with integer columns.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plans: dict[int, _Plan] = {}
        self._lock = threading.Lock()

    def _plan(self, connection: Any) -> _Plan:
        plan = self._plans.get(id(connection))
        if plan is None or plan.connection is not connection:
            plan = _Plan(self._queryset(), connection, self._parameters)
            with self._lock:
                if len(self._plans) > 64:  # connections of finished threads
                    self._plans.clear()
                self._plans[id(connection)] = plan
        return plan

    def fetch(self, **values: Any) -> list[Any]:
        """The instances the queryset gives with these parameter values."""
        connection = connections[self._using]
        plan = self._plan(connection)
        if plan.for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = _Parameters.fill(plan.params, values)
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            rows = cursor.fetchall()
        return [plan.instance(row, connection) for row in rows]

    def first(self, **values: Any) -> Any:
        found = self.fetch(**values)
        return found[0] if found else None


class _Plan:
    """The SQL of a queryset on one connection and how to build instances from its rows."""

    def __init__(self, queryset: QuerySet[Any], connection: Any, parameters: _Parameters) -> None:
        self.connection = connection
        compiler = queryset.query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        self.sql = sql
        self.params = parameters.template(params)
        self.for_update = bool(
            queryset.query.select_for_update and connection.features.has_select_for_update
        )
        select, klass_info = compiler.select, compiler.klass_info
        assert klass_info is not None and not compiler.annotation_col_map
        self.model: type[Model] = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [f[0].target.attname for f in select[self.start : self.end]]
        self.db = queryset.db
        self.populators = get_related_populators(klass_info, select, self.db)
        converters = compiler.get_converters([s[0] for s in select[0 : compiler.col_count]])
        self.converters = list(converters.items())

    def instance(self, row: tuple[Any, ...], connection: Any) -> Any:
        if self.converters:
            values = list(row)
            for pos, (functions, expression) in self.converters:
                value = values[pos]
                for function in functions:
                    value = function(value, expression, connection)
                values[pos] = value
            row = tuple(values)
        obj = self.model.from_db(self.db, self.init_list, row[self.start : self.end])
        for populator in self.populators:
            populator.populate(row, obj)
        return obj


def _name_of(value: Any, by_value: dict[Any, str]) -> str | None:
    if isinstance(value, bool) or not isinstance(value, str | int):
        return None
    return by_value.get(value)


__all__ = ["CompiledQuery", "CompiledSQL"]
