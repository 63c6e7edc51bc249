"""A round's tables as plain tuples: read, written, stored in JSON, normalised.

Owns the ``Layout`` shape (table number, entry A pk, entry B pk or None) shared by the draw, the
hand edits and the publication, and the round's state snapshot for the audit log.
Must not decide anything (no refusal except ``check_draft``) nor call the engine.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Round, Table
from tournaments.services.base import ServiceError

Layout = list[tuple[int, int, int | None]]  # (table number, entry_a pk, entry_b pk or None)


def round_state(round_: Round, layout: Layout) -> dict[str, Any]:
    return {
        "number": round_.number,
        "status": round_.status,
        "method": round_.method,
        "seed": round_.seed,
        "tables": layout_json(layout),
    }


def read_layout(round_: Round) -> Layout:
    return [
        (n, a, b)
        for n, a, b in Table.objects.filter(round=round_)
        .order_by("number")
        .values_list("number", "entry_a_id", "entry_b_id")
    ]


def write_layout(round_: Round, layout: Layout) -> None:
    Table.objects.filter(round=round_).delete()
    Table.objects.bulk_create(
        Table(round=round_, number=n, entry_a_id=a, entry_b_id=b) for n, a, b in layout
    )


def layout_json(layout: Layout) -> list[list[int | None]]:
    return [[n, a, b] for n, a, b in layout]


def layout_from_json(data: Any) -> Layout:
    return [(int(n), int(a), None if b is None else int(b)) for n, a, b in data]


def check_draft(round_: Round) -> None:
    if round_.status != Round.Status.DRAFT:
        raise ServiceError(
            "round.not_draft",
            _("La partie %(number)s est publiée : son tirage ne se modifie plus.")
            % {"number": round_.number},
        )


def normalise(layout: Layout) -> Layout:
    """Drop empty tables, seat a lone team as A, number playing tables first, byes after."""
    seats: list[tuple[int, int, int | None]] = []
    for n, a, b in layout:
        # A seat emptied by a move holds None although ``Layout`` says int: read it as optional.
        first: int | None = a
        second = b
        if first is None:
            first, second = second, None
        if first is None:
            continue
        seats.append((n, first, second))
    playing = [s for s in seats if s[2] is not None]
    alone = [s for s in seats if s[2] is None]
    ordered = sorted(playing, key=lambda s: s[0]) + sorted(alone, key=lambda s: s[0])
    return [(i, a, b) for i, (_n, a, b) in enumerate(ordered, start=1)]
