"""Hand edits of a draft draw and their undo, with the warnings they raise.

Each swap or move stores a ``RoundEdit`` holding the whole layout of the round before and after
the change (a few hundred integers even at 200 teams). "Undo" restores the ``before`` layout of
the last edit and deletes it, so edits undo one by one in reverse order. Redrawing or publishing
the round clears its edits. Must not draw (``rounds``) nor publish.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments import adapters, audit
from tournaments.models import Contest, Entry, Round, RoundEdit
from tournaments.services.base import ServiceError, lock_round
from tournaments.services.layouts import (
    Layout,
    check_draft,
    layout_from_json,
    layout_json,
    normalise,
    read_layout,
    write_layout,
)
from tournaments.services.phases.draw import check_hand_edit


def conflicts(contest: Contest, round_: Round, layout: Layout, only: set[int]) -> list[str]:
    """French warnings for tables of ``layout`` holding one of ``only`` (entry pks): rematches,
    same home club, and a team sitting alone (a bye) when another team already has one."""
    entries = {
        e.pk: e for e in Entry.objects.filter(contest=contest).select_related("player1", "player2")
    }
    history = adapters.history_of(adapters.previous_tables(contest, round_.number))
    warnings: list[str] = []
    byes = [a for _n, a, b in layout if b is None]
    for number, a, b in layout:
        if a not in only and b not in only:
            continue
        if b is None:
            if len(byes) > 1:
                warnings.append(
                    _("Table %(table)s : %(team)s est seule à sa table (plusieurs exempts).")
                    % {"table": number, "team": entries[a].display_name}
                )
            elif history.bye_count(a):
                warnings.append(
                    _("Table %(table)s : %(team)s a déjà été exempte.")
                    % {"table": number, "team": entries[a].display_name}
                )
            continue
        met = history.meetings(a, b)
        if met:
            warnings.append(
                _("Table %(table)s : revanche, %(a)s et %(b)s se sont déjà rencontrées.")
                % {"table": number, "a": entries[a].display_name, "b": entries[b].display_name}
            )
        key_a, key_b = adapters.club_key(entries[a]), adapters.club_key(entries[b])
        if key_a and key_a == key_b:
            warnings.append(
                _("Table %(table)s : %(a)s et %(b)s sont du même club (%(club)s).")
                % {
                    "table": number,
                    "a": entries[a].display_name,
                    "b": entries[b].display_name,
                    "club": entries[a].home_club,
                }
            )
    return warnings


def _record_edit(
    round_: Round, kind: str, description: str, before: Layout, after: Layout, user: Any
) -> RoundEdit:
    after = normalise(after)
    # Only the tables whose pair of teams changed are checked, so the warnings speak of this
    # edit and not of a rematch the engine was forced into earlier.
    before_pairs = {frozenset((a, b)) for _n, a, b in before}
    touched = {
        e
        for _n, a, b in after
        if frozenset((a, b)) not in before_pairs
        for e in (a, b)
        if e is not None
    }
    warnings = conflicts(round_.contest, round_, after, touched)
    write_layout(round_, after)
    audit.record(
        round_.contest_id,
        f"round.{kind}",
        round_,
        before={"tables": layout_json(before)},
        after={
            "tables": layout_json(after),
            "description": str(description),
            "warnings": warnings,
        },
    )
    sequence = (round_.edits.aggregate(m=Max("sequence"))["m"] or 0) + 1
    return RoundEdit.objects.create(
        round=round_,
        sequence=sequence,
        kind=kind,
        description=description,
        warnings=warnings,
        before=layout_json(before),
        after=layout_json(after),
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )


def _seat_of(layout: Layout, entry_pk: int) -> tuple[int, int]:
    for index, (_n, a, b) in enumerate(layout):
        if a == entry_pk:
            return index, 1
        if b == entry_pk:
            return index, 2
    raise ServiceError("round.entry_not_seated", _("Cette équipe ne figure pas dans ce tirage."))


@transaction.atomic
def swap_entries(round_: Round, first: Entry, second: Entry, *, user: Any = None) -> RoundEdit:
    """Exchange the seats of two teams of a draft round."""
    locked = lock_round(round_)
    check_draft(locked)
    check_hand_edit(locked)  # pools and brackets: the phase fixed the matches
    if first.pk == second.pk:
        raise ServiceError("round.same_entry", _("Choisissez deux équipes différentes."))
    before = read_layout(locked)
    rows = [list(row) for row in before]
    i, si = _seat_of(before, first.pk)
    j, sj = _seat_of(before, second.pk)
    rows[i][si], rows[j][sj] = second.pk, first.pk
    after: Layout = [(r[0], r[1], r[2]) for r in rows]  # type: ignore[misc]
    description = _("Échange de %(a)s (table %(ta)s) et %(b)s (table %(tb)s)") % {
        "a": first.display_name,
        "ta": before[i][0],
        "b": second.display_name,
        "tb": before[j][0],
    }
    return _record_edit(locked, RoundEdit.Kind.SWAP, description, before, after, user)


@transaction.atomic
def move_entry(round_: Round, entry: Entry, table_number: int, *, user: Any = None) -> RoundEdit:
    """Move a team to another table: to its free seat (a bye table), or to a new table when
    ``table_number`` is one past the last. A full table is refused (swap two teams instead)."""
    locked = lock_round(round_)
    check_draft(locked)
    check_hand_edit(locked)
    before = read_layout(locked)
    i, si = _seat_of(before, entry.pk)
    rows: list[list[int | None]] = [list(row) for row in before]
    numbers = [row[0] for row in before]
    if table_number == before[i][0]:
        raise ServiceError("round.same_table", _("L'équipe est déjà à cette table."))
    if table_number in numbers:
        target = rows[numbers.index(table_number)]
        if target[2] is not None:
            raise ServiceError(
                "round.table_full",
                _(
                    "La table %(table)s est complète : utilisez l'échange de deux équipes pour "
                    "y placer celle-ci."
                )
                % {"table": table_number},
            )
        target[2] = entry.pk
    elif table_number == max(numbers, default=0) + 1:
        rows.append([table_number, entry.pk, None])
    else:
        raise ServiceError(
            "round.no_such_table",
            _("La table %(table)s n'existe pas dans ce tirage.") % {"table": table_number},
        )
    rows[i][si] = None
    after: Layout = [(r[0], r[1], r[2]) for r in rows]  # type: ignore[misc]
    description = _("Déplacement de %(team)s de la table %(from)s à la table %(to)s") % {
        "team": entry.display_name,
        "from": before[i][0],
        "to": table_number,
    }
    return _record_edit(locked, RoundEdit.Kind.MOVE, description, before, after, user)


@transaction.atomic
def undo_last_edit(round_: Round) -> RoundEdit:
    """Restore the draw as it was before the last swap or move (returns the undone edit)."""
    locked = lock_round(round_)
    check_draft(locked)
    last = locked.edits.order_by("-sequence").first()
    if last is None:
        raise ServiceError("round.nothing_to_undo", _("Aucune modification à annuler."))
    if layout_json(read_layout(locked)) != last.after:
        raise ServiceError(
            "round.layout_changed",
            _("Le tirage a changé depuis cette modification : rechargez la page."),
        )
    write_layout(locked, layout_from_json(last.before))
    audit.record(
        locked.contest_id,
        "round.undo",
        locked,
        before={"tables": last.after},
        after={"tables": last.before, "undone": str(last.description)},
    )
    last.delete()
    return last
