"""The snapshot's rows packed as columns and values in the database, read back as they were."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection, models
from django.db.models import Value
from django.utils import translation

from standings import services as standings
from standings.models import StandingsSnapshot
from standings.storage.fields import pack, unpack
from tests.standings.factory import played_contest

ROWS = [
    {"rank": 1, "name": "Les As", "tiebreaks": [12, 3], "withdrawn": False, "since": None},
    {"rank": 2, "name": "Belote & Re", "tiebreaks": [10, 1], "withdrawn": True, "since": 3},
]


def test_same_shaped_rows_are_packed_and_unpacked_to_equal_dicts_in_key_order() -> None:
    packed = pack(ROWS)
    assert packed == {
        "columns": ["rank", "name", "tiebreaks", "withdrawn", "since"],
        "data": [[1, "Les As", [12, 3], False, None], [2, "Belote & Re", [10, 1], True, 3]],
    }
    assert len(json.dumps(packed)) < len(json.dumps(ROWS))
    back = unpack(packed)
    assert back == ROWS
    assert [list(row) for row in back] == [list(row) for row in ROWS]


@pytest.mark.parametrize(
    "value",
    [
        [],
        [{"rank": 1}, {"rank": 2, "extra": 1}],  # not one shape
        [{"b": 1, "a": 2}, {"a": 2, "b": 1}],  # same keys, another order
        [{"rank": 1}, [1]],
        [1, 2],
        {"columns": ["a"], "data": [[1]], "more": 1},
        {"error": "x"},
        None,
    ],
)
def test_anything_else_is_stored_and_read_as_it_is(value: Any) -> None:
    assert pack(value) == value
    assert unpack(value) == value


def _raw(snapshot: StandingsSnapshot, column: str) -> Any:
    """The column's value as the database driver returns it, past the field."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {column} FROM scoring_standingssnapshot WHERE id = %s",
            [snapshot.pk],
        )
        return cursor.fetchone()[0]


def _stored(snapshot: StandingsSnapshot, column: str) -> Any:
    raw = _raw(snapshot, column)
    return json.loads(raw) if isinstance(raw, str) else raw


def _rebuilt(club: Any, **fields: Any) -> StandingsSnapshot:
    """The live snapshot of a played contest, just rebuilt."""
    contest = played_contest(club, **fields)
    standings.rebuild(contest.pk, force=True)
    snapshot = standings.live_snapshot(contest.pk)
    assert snapshot is not None
    return snapshot


@pytest.mark.django_db
def test_a_rebuilt_snapshot_is_packed_in_the_table_and_read_back_as_rows(club: Any) -> None:
    snapshot = _rebuilt(club, teams=8, rounds=2, tiebreaks=["buchholz_points", "lot"])
    stored = _stored(snapshot, "rows")
    assert set(stored) == {"columns", "data"}
    assert len(stored["data"]) == len(snapshot.rows) == 8
    assert snapshot.rows[0]["rank"] == 1 and "tiebreaks" in snapshot.rows[0]
    players = _stored(snapshot, "individual_rows")
    assert len(players["data"]) == len(snapshot.individual_rows) == 16
    assert StandingsSnapshot.objects.values_list("rows", flat=True).get(pk=snapshot.pk) == (
        snapshot.rows
    )


@pytest.mark.django_db
def test_rows_stored_before_the_packing_read_back_unchanged(club: Any) -> None:
    snapshot = _rebuilt(club, teams=4, rounds=1)
    # Rows as an earlier version wrote them: a plain list of objects (a plain JSONField's value).
    StandingsSnapshot.objects.filter(pk=snapshot.pk).update(
        rows=Value(ROWS, output_field=models.JSONField())
    )
    assert _stored(snapshot, "rows") == ROWS
    snapshot.refresh_from_db()
    assert snapshot.rows == ROWS


@pytest.mark.django_db
def test_the_rows_are_text_in_the_table_and_json_values_in_a_serialized_dump(club: Any) -> None:
    """Archives keep their v1 shape: the rows as JSON values, not the column's text."""
    from django.core import serializers

    snapshot = _rebuilt(club, teams=4, rounds=1)
    assert isinstance(_raw(snapshot, "rows"), str)
    dumped = json.loads(serializers.serialize("json", [snapshot]))
    assert dumped[0]["fields"]["rows"] == snapshot.rows
    restored = next(iter(serializers.deserialize("json", json.dumps(dumped)))).object
    assert restored.rows == snapshot.rows
    assert restored.individual_rows == snapshot.individual_rows


def test_text_that_is_not_json_is_refused_with_a_message() -> None:
    from django.core.exceptions import ValidationError

    field = StandingsSnapshot._meta.get_field("rows")
    assert field.to_python('[{"rank": 1}]') == [{"rank": 1}]
    with pytest.raises(ValidationError) as refused:
        field.to_python("[{rank")
    assert refused.value.code == "invalid"
    assert refused.value.messages == ["Ces lignes ne sont pas du JSON valide."]
    with translation.override("en"):
        with pytest.raises(ValidationError) as in_english:
            field.to_python("[{rank")
        assert in_english.value.messages == ["These rows are not valid JSON."]
