"""The draw of a mêlée partie: partners and opponents drawn anew, through ``engine.seating``.

What it owns
------------
:func:`seat_partie` (called by ``services.rounds.lifecycle`` inside its transaction, the contest locked)
asks the engine for partie N's tables of four, then stores them the way every other page
already reads a partie: each drawn pair is an ``Entry`` with ``formed_for_round = N``
(numbered after the contest's existing entries), each table seats two of them, and each player
who sits out is a ``SoloBye`` (a bye of one, credited by the bye policy in the individual
standings). A volunteer lent to complete a table (leftover policy ``volunteer``) is always a
pair's player 2 (``Entry.player2_is_volunteer``), never the partner of another volunteer
while a player can take his seat. :func:`clear_partie` deletes what a partie's draw created
(a redraw, a deleted partie).

What it must not do: decide the round's status, publish, or touch scores (``rounds`` does
the first two, ``scoring`` the last).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Max

from engine import seating as engine_seating
from engine.errors import EngineError
from tournaments import melee_adapters
from tournaments.messages.melee import seating_error_message
from tournaments.models import Contest, Entry, Round, SoloBye, Table
from tournaments.services.base import ServiceError
from tournaments.services.layouts import Layout


def _volunteer_last(pair: tuple[int, int], volunteers: frozenset[int]) -> tuple[int, int]:
    a, b = pair
    return (b, a) if a in volunteers and b not in volunteers else (a, b)


def _spread_volunteers(
    table: engine_seating.Table, volunteers: frozenset[int]
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The table's two pairs, a pair of two volunteers split with the other pair (their
    points count for nobody: a player must sit with one of them)."""
    (a, b), (c, d) = table.pairs
    if {a, b} <= volunteers and not {c, d} <= volunteers:
        (a, b), (c, d) = (c, a), (d, b)
    elif {c, d} <= volunteers and not {a, b} <= volunteers:
        (a, b), (c, d) = (a, c), (b, d)
    return _volunteer_last((a, b), volunteers), _volunteer_last((c, d), volunteers)


def _next_number(contest: Contest) -> int:
    return (Entry.objects.filter(contest=contest).aggregate(m=Max("number"))["m"] or 0) + 1


def seat_partie(contest: Contest, number: int, seed: int | None) -> tuple[Layout, dict[str, Any]]:
    """Draw partie ``number`` of a mêlée; returns its layout and the round's facts (seed,
    method, report). Raises ``ServiceError`` with a French message when the engine refuses."""
    data = melee_adapters.seating_request(contest, number, seed=seed)
    try:
        result = engine_seating.seat_partie(data.request)
    except EngineError as exc:
        raise ServiceError(exc.code, seating_error_message(exc)) from exc
    entry_number = _next_number(contest)
    pairs: list[Entry] = []
    for table in result.tables:
        for p1, p2 in _spread_volunteers(table, data.volunteers):
            pairs.append(
                Entry(
                    contest=contest,
                    number=entry_number,
                    player1_id=p1,
                    player2_id=p2,
                    checked_in=True,
                    joined_at_round=number,
                    withdrawn_after_round=number,
                    formed_for_round=number,
                    player2_is_volunteer=p2 in data.volunteers,
                )
            )
            entry_number += 1
    created = Entry.objects.bulk_create(pairs)
    layout: Layout = [
        (i + 1, created[2 * i].pk, created[2 * i + 1].pk) for i in range(len(result.tables))
    ]
    facts = {
        "seed": result.seed,
        "method": melee_adapters.MELEE_METHOD,
        "report": melee_adapters.report_json(result),
    }
    return layout, facts


def store_byes(round_: Round, contest: Contest, report: list[dict[str, Any]]) -> None:
    """The partie's exempt players (from its stored report) as ``SoloBye`` rows."""
    exempt = [
        item["params"]["player"]
        for item in report
        if item.get("code") == str(engine_seating.ReportCode.EXEMPT)
    ]
    solos = {s.player_id: s for s in contest.solo_entries.filter(player_id__in=exempt)}
    SoloBye.objects.bulk_create(SoloBye(round=round_, solo=solos[p]) for p in exempt if p in solos)


def clear_partie(round_: Round) -> None:
    """Delete a mêlée partie's tables, drawn pairs and exempt players (inside the caller's
    transaction, the round locked): the tables first, as they hold the pairs."""
    Table.objects.filter(round=round_).delete()
    SoloBye.objects.filter(round=round_).delete()
    Entry.objects.filter(contest_id=round_.contest_id, formed_for_round=round_.number).delete()


def is_melee(contest: Contest) -> bool:
    return contest.entry_mode == Contest.EntryMode.MELEE
