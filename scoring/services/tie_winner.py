"""Naming the team that goes through after a knockout game that ended level.

In a partie of a bracket (a knockout, its consolante, a repêchage:
``tournaments.services.phases.core.BRACKET_KINDS``) a game that ended with equal points (a
match: equal games won and equal points) has no winner by the score. The club settles it at
the table (a deciding deal, the rule the organiser announced) and the organiser names the team
that goes through: :func:`name_tie_winner` stores it as the sheet's ``winner`` ("a" or "b" on
level totals), which ``scoring.results`` hands the brackets as ``GameResult.named_winner``.
The points stay level: the standings still count a draw. The organiser may name the other team
while no later partie is drawn; once one is, the bracket went on with that team: refused.
Which role may do it in which state is the sheet's rule (``Action.NAME_WINNER``); the history
and the contest log keep it, with the reason. :func:`tie_of` says whether a sheet is such a
tie, for the sheet's page.

This module must not render anything nor read the request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import DealCorrection, ScoreSheet
from scoring.services.common import (
    account,
    bump,
    check_version,
    history,
    lock,
    notify,
    require,
    role_of,
)
from scoring.services.errors import Written, refuse
from scoring.sheet_states import Action, Kind, Role
from tournaments.models import Round
from tournaments.services.phases.core import BRACKET_KINDS

TEAMS = (ScoreSheet.Winner.A, ScoreSheet.Winner.B)


@dataclass(frozen=True)
class Tie:
    """A knockout sheet that ended level: the team named so far ("" none, "a", "b") and the
    later partie already drawn (the naming is then closed), if any."""

    named: str
    later: int | None


def is_knockout(round_: Round) -> bool:
    """The partie is one of a bracket's (its phase is a knockout, consolante or repêchage)."""
    phase = round_.phase
    return phase is not None and phase.kind in BRACKET_KINDS


def is_level(sheet: ScoreSheet) -> bool:
    """A game (or match) played at a table of two teams that ended with equal points (and
    equal games won)."""
    return (
        sheet.kind in (Kind.DEALS, Kind.TOTALS)
        and sheet.table.entry_b_id is not None
        and sheet.total_a == sheet.total_b
        and sheet.games_a == sheet.games_b
    )


def later_partie(round_: Round) -> int | None:
    """The first partie of the contest drawn after this one (a draft counts), or ``None``."""
    return (
        Round.objects.filter(contest_id=round_.contest_id, number__gt=round_.number)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )


def tie_of(sheet: ScoreSheet, role: Role | str) -> Tie | None:
    """The sheet's tie when ``role`` may settle it now (a finished or confirmed level game of
    a knockout partie), else ``None``."""
    round_ = sheet.table.round
    if not (is_level(sheet) and is_knockout(round_) and sheet.allows(Action.NAME_WINNER, role)):
        return None
    named = sheet.winner if sheet.winner in TEAMS else ""
    return Tie(named, later_partie(round_))


def _check(sheet: ScoreSheet, team: str) -> None:
    """Refuse a sheet that is no knockout tie, or a team that is not one of the table's."""
    if not is_knockout(sheet.table.round):
        raise refuse(
            "not_knockout",
            _(
                "Cette partie n'est pas une partie de tableau (élimination directe) : une "
                "égalité y reste une égalité, personne n'est à désigner."
            ),
        )
    if not is_level(sheet):
        raise refuse(
            "not_level",
            _(
                "Cette partie n'est pas à égalité : l'équipe qualifiée est celle qui a gagné "
                "au score."
            ),
        )
    if team not in TEAMS:
        raise refuse(
            "team_required",
            _("Choisissez l'équipe qualifiée : l'une des deux équipes de cette table."),
            field="team",
        )


def name_tie_winner(
    sheet_id: int,
    team: str,
    *,
    version: int | None,
    reason: str = "",
    user: Any = None,
    device: str = "",
    role: Role | str | None = None,
) -> Written:
    """Name ``team`` ("a" or "b") the winner of the sheet's level knockout game.

    Naming the team already named is harmless (``created=False``)."""
    acting = role_of(role, organiser=False)
    with transaction.atomic():
        sheet = lock(sheet_id)
        require(sheet, Action.NAME_WINNER, acting)
        check_version(sheet, version)
        _check(sheet, team)
        if sheet.winner == team:
            return Written(sheet, None, created=False)
        round_ = sheet.table.round
        later = later_partie(round_)
        if later is not None:
            raise refuse(
                "later_drawn",
                _(
                    "La partie %(later)s est déjà tirée avec l'équipe qualifiée de ce match : "
                    "elle ne peut plus changer. Pour désigner l'autre équipe, supprimez d'abord "
                    "le tirage de la partie %(later)s (s'il n'est pas encore joué)."
                )
                % {"later": later},
            )
        before = {"winner": sheet.winner}
        sheet.winner = team
        bump(sheet, ["winner"])
        entry = sheet.table.entry_a if team == ScoreSheet.Winner.A else sheet.table.entry_b
        assert entry is not None  # a level game is played by two teams
        history(
            sheet=sheet,
            action=DealCorrection.Action.WINNER,
            before=before,
            # The journal names the team as it does elsewhere: its number, then its name.
            after={
                "winner": team,
                "team_number": entry.number,
                "team_label": entry.display_name.split(". ", 1)[-1],
            },
            reason=reason.strip()[:300],
            by=account(user),
            device=device[:64],
        )
        notify(sheet, True)
        return Written(sheet, None)


__all__ = ["Tie", "is_knockout", "is_level", "later_partie", "name_tie_winner", "tie_of"]
