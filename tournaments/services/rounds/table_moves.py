"""A table taken out of service (a broken table, a spilled drink): its match moves to another
physical table number, or two tables exchange their numbers.

Owns :func:`move_table`, :func:`swap_tables` and :func:`free_numbers`. The ``Table`` row keeps
its teams, its sheet, its deals and its secret link: only its ``number`` changes, and the old
number goes to ``Table.former_numbers`` so a QR code printed with it still opens the sheet
(``scoring.access.sheet_for_link``). Each move is kept in the journal with its reason.
Must not change who plays whom (``edits`` and ``latecomers`` do) nor touch results.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments import audit, signals
from tournaments.models import Round, Table
from tournaments.services.base import ServiceError, lock_contest, lock_round
from tournaments.services.rounds.latecomers import check_playing
from tournaments.services.rounds.plan import check_reason

# A hall's physical table numbers; anything larger is a typing slip.
MAX_TABLE_NUMBER = 999


def free_numbers(round_: Round, *, extra: int = 3) -> list[int]:
    """Table numbers no table of the round uses: the gaps, then ``extra`` after the last."""
    used = set(Table.objects.filter(round=round_).values_list("number", flat=True))
    top = max(used, default=0)
    gaps = [n for n in range(1, top) if n not in used]
    return gaps + list(range(top + 1, top + 1 + extra))


def _table(round_: Round, number: int) -> Table:
    table = (
        # FOR UPDATE OF the table only: PostgreSQL refuses to lock the nullable side of the
        # outer join (a bye table has no team B).
        Table.objects.select_for_update(of=("self",))
        .select_related("entry_a__player1", "entry_a__player2", "entry_b__player1")
        .select_related("entry_b__player2")
        .filter(round=round_, number=number)
        .first()
    )
    if table is None:
        raise ServiceError(
            "plan.no_such_table",
            _("La partie %(n)s n'a pas de table %(table)s.")
            % {"n": round_.number, "table": number},
            status=400,
        )
    return table


def _check_number(number: int) -> None:
    if (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not (1 <= number <= MAX_TABLE_NUMBER)
    ):
        raise ServiceError(
            "plan.table_range",
            _("Un numéro de table va de 1 à %(max)s.") % {"max": MAX_TABLE_NUMBER},
            status=400,
        )


def _teams(table: Table) -> str:
    if table.entry_b is None:
        return _("%(team)s (exempt)") % {"team": table.entry_a.display_name}
    return _("%(a)s contre %(b)s") % {
        "a": table.entry_a.display_name,
        "b": table.entry_b.display_name,
    }


def _renumber(table: Table, number: int) -> None:
    if table.number not in table.former_numbers:
        table.former_numbers = [*table.former_numbers, table.number]
    table.number = number
    table.save(update_fields=["number", "former_numbers"])


def _locked_playing(round_: Round) -> Round:
    locked = lock_round(round_)
    lock_contest(locked.contest)
    check_playing(locked)
    return locked


def _announce(locked: Round) -> None:
    # The round's row is saved so the public pages' versions move (they follow Round saves).
    locked.save(update_fields=["status"])
    signals.plan_changed.send(
        sender=Round, contest_id=locked.contest_id, round=locked, results=False
    )


def _check_move(round_: Round, number: int, new_number: int) -> Table:
    _check_number(new_number)
    table = _table(round_, number)
    if new_number == number:
        raise ServiceError("plan.same_table", _("Choisissez un autre numéro de table."), status=400)
    taken = (
        Table.objects.filter(round=round_, number=new_number)
        .select_related("entry_a__player1", "entry_a__player2", "entry_b__player1")
        .select_related("entry_b__player2")
        .first()
    )
    if taken is not None:
        raise ServiceError(
            "plan.table_taken",
            _(
                "La table %(table)s est occupée (%(teams)s) : choisissez un numéro libre, ou "
                "échangez les deux tables."
            )
            % {"table": new_number, "teams": _teams(taken)},
        )
    return table


def _check_swap(round_: Round, first: int, second: int) -> tuple[Table, Table]:
    if first == second:
        raise ServiceError("plan.same_table", _("Choisissez deux tables différentes."), status=400)
    return _table(round_, first), _table(round_, second)


@transaction.atomic  # read only; the checks lock rows as the change would
def move_consequences(round_: Round, number: int, target: int, *, swap: bool) -> list[str]:
    """French lines saying what moving (or swapping) a table does, before it is confirmed.
    Raises the refusals of :func:`move_table` / :func:`swap_tables`."""
    check_playing(round_)
    if swap:
        one, two = _check_swap(round_, number, target)
        lines = [
            _("Le match de la table %(a)s (%(teams)s) passe à la table %(b)s.")
            % {"a": number, "b": target, "teams": _teams(one)},
            _("Le match de la table %(a)s (%(teams)s) passe à la table %(b)s.")
            % {"a": target, "b": number, "teams": _teams(two)},
        ]
    else:
        table = _check_move(round_, number, target)
        lines = [
            _("Le match de la table %(a)s (%(teams)s) passe à la table %(b)s.")
            % {"a": number, "b": target, "teams": _teams(table)}
        ]
    kept = _(
        "Feuille, donnes et lien restent les mêmes : le QR code imprimé avec l'ancien numéro "
        "ouvre toujours la feuille."
    )
    reprint = _(
        "Le suivi des tables, les affiches et les feuilles imprimées montrent le nouveau "
        "numéro : réimprimez l'affiche des tables."
    )
    return [*lines, kept, reprint, _("Les autres tables ne changent pas.")]


@transaction.atomic
def move_table(round_: Round, number: int, new_number: int, *, reason: str) -> Table:
    """Move the match of table ``number`` to the free table ``new_number``."""
    reason = check_reason(reason)
    locked = _locked_playing(round_)
    table = _check_move(locked, number, new_number)
    teams = _teams(table)
    _renumber(table, new_number)
    audit.record(
        locked.contest_id,
        "plan.table_move",
        locked,
        before={"table": number},
        after={"number": locked.number, "table": new_number, "teams": teams, "reason": reason},
    )
    _announce(locked)
    return table


@transaction.atomic
def swap_tables(round_: Round, first: int, second: int, *, reason: str) -> tuple[Table, Table]:
    """Exchange the numbers of tables ``first`` and ``second`` (each match changes table)."""
    reason = check_reason(reason)
    locked = _locked_playing(round_)
    one, two = _check_swap(locked, first, second)
    # (round, number) is unique and not deferrable: the first goes to a free number meanwhile.
    top = Table.objects.filter(round=locked).aggregate(m=Max("number"))["m"] or 0
    Table.objects.filter(pk=one.pk).update(number=top + 1)
    _renumber(two, first)
    one.number = first  # its former number is ``first``, not the one it held meanwhile
    _renumber(one, second)
    audit.record(
        locked.contest_id,
        "plan.table_swap",
        locked,
        before={"tables": [first, second]},
        after={
            "number": locked.number,
            "tables": [first, second],
            "teams": [_teams(one), _teams(two)],
            "reason": reason,
        },
    )
    _announce(locked)
    return one, two


__all__ = ["MAX_TABLE_NUMBER", "free_numbers", "move_consequences", "move_table", "swap_tables"]
