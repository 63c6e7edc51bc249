"""What each state of a score sheet allows, for whom: the one rule of score entry.

This module owns the sheet's states and kinds, the roles that act on a sheet (a table link, or
a club member: scorer, organiser, admin), the actions of score entry, and :data:`RULES`, which
says for every action the kinds of sheet it applies to and the states in which each role may do
it. :func:`refusal` answers why an action is refused (a code and a French message), or ``None``.
``ScoreSheet.allows`` and ``ScoreSheet.permissions`` are its doors for services, views and
templates: none of them tests a sheet's state for an action themselves.

It must not touch the database nor know who a request's user is (``tournaments.access`` and the
views decide the role).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import Round, Table


class Sheet(Protocol):
    """What the rule reads of a score sheet (``scoring.models.ScoreSheet``)."""

    status: str
    kind: str
    deal_count: int
    table: Table


class Status(models.TextChoices):
    OPEN = "open", _("en cours")
    FINISHED = "finished", _("terminée")
    CONFIRMED = "confirmed", _("confirmée")
    DISPUTED = "disputed", _("contestée")
    TO_VERIFY = "to_verify", _("à vérifier")


class Kind(models.TextChoices):
    DEALS = "deals", _("donne par donne")
    TOTALS = "totals", _("totaux seulement")
    BYE = "bye", _("exempt")
    FORFEIT = "forfeit", _("forfait")


class Role(models.TextChoices):
    """Who acts on a sheet: the table's secret link, or a member of the club by role."""

    TABLE = "table", _("lien de table")
    SCORER = "scorer", _("marqueur")
    ORGANISER = "organiser", _("organisateur")
    ADMIN = "admin", _("administrateur")


class Action(models.TextChoices):
    ENTER_DEAL = "enter_deal", _("saisir une donne")
    PENALTY = "penalty", _("saisir une pénalité")
    DELETE_LAST = "delete_last", _("supprimer la dernière donne")
    CORRECT = "correct", _("corriger une donne")
    TOTALS = "totals", _("saisir les totaux")
    FORFEIT = "forfeit", _("déclarer un forfait")
    CONFIRM = "confirm", _("confirmer la feuille")
    DISPUTE = "dispute", _("contester la feuille")
    REOPEN = "reopen", _("rouvrir la feuille")
    RENEW_LINK = "renew_link", _("créer un nouveau lien")
    CALL_TIME = "call_time", _("appeler le temps")
    NAME_WINNER = "name_winner", _("désigner l'équipe qualifiée")


ALL_STATUSES = frozenset(Status)
NOT_CONFIRMED = frozenset({Status.OPEN, Status.FINISHED})
# A sheet whose confirmation, dispute or "to verify" the organiser can withdraw.
REOPENABLE = (Status.CONFIRMED, Status.DISPUTED, Status.TO_VERIFY)
# A result the organiser settles: a finished game, a dispute, totals to verify.
TO_SETTLE = frozenset({Status.FINISHED, Status.DISPUTED, Status.TO_VERIFY})


def _managers(statuses: frozenset[Status]) -> dict[Role, frozenset[Status]]:
    return {Role.ORGANISER: statuses, Role.ADMIN: statuses}


@dataclass(frozen=True)
class Rule:
    """The kinds of sheet an action applies to and, per role, the states in which it may."""

    kinds: frozenset[Kind]
    statuses: Mapping[Role, frozenset[Status]]
    # Refused once the round is closed (everything but a new link).
    round_open: bool = True
    # Not on a bye table (no team B to forfeit, nothing to total).
    played_table: bool = False
    # Only on a sheet without any deal (totals replace the deals).
    without_deals: bool = False


OPEN_ONLY = frozenset({Status.OPEN})

RULES: dict[Action, Rule] = {
    Action.ENTER_DEAL: Rule(frozenset({Kind.DEALS}), dict.fromkeys(Role, OPEN_ONLY)),
    Action.PENALTY: Rule(frozenset({Kind.DEALS}), {Role.SCORER: OPEN_ONLY, **_managers(OPEN_ONLY)}),
    # Changing a deal of a confirmed or disputed sheet changes a result: the organiser's.
    Action.DELETE_LAST: Rule(
        frozenset({Kind.DEALS}),
        {Role.TABLE: NOT_CONFIRMED, Role.SCORER: NOT_CONFIRMED, **_managers(ALL_STATUSES)},
    ),
    Action.CORRECT: Rule(
        frozenset({Kind.DEALS}),
        {Role.TABLE: NOT_CONFIRMED, Role.SCORER: NOT_CONFIRMED, **_managers(ALL_STATUSES)},
    ),
    Action.TOTALS: Rule(
        frozenset({Kind.DEALS, Kind.TOTALS}),
        {Role.SCORER: frozenset({Status.OPEN, Status.TO_VERIFY}), **_managers(ALL_STATUSES)},
        played_table=True,
        without_deals=True,
    ),
    Action.FORFEIT: Rule(
        frozenset({Kind.DEALS, Kind.FORFEIT}), _managers(ALL_STATUSES), played_table=True
    ),
    Action.CONFIRM: Rule(
        frozenset({Kind.DEALS, Kind.TOTALS}),
        {
            Role.TABLE: frozenset({Status.FINISHED}),
            Role.SCORER: frozenset({Status.FINISHED}),
            **_managers(TO_SETTLE),
        },
    ),
    Action.DISPUTE: Rule(frozenset({Kind.DEALS}), {Role.TABLE: frozenset({Status.FINISHED})}),
    Action.REOPEN: Rule(frozenset({Kind.DEALS, Kind.TOTALS}), _managers(frozenset(REOPENABLE))),
    Action.RENEW_LINK: Rule(frozenset(Kind), _managers(ALL_STATUSES), round_open=False),
    # One slow table: the organiser calls time there, as the partie's clock does everywhere.
    Action.CALL_TIME: Rule(frozenset({Kind.DEALS}), _managers(OPEN_ONLY)),
    # A knockout's level game settled at the table: the organiser names who goes through, on a
    # finished or confirmed result (``scoring.services.tie_winner`` checks the tie and the phase).
    Action.NAME_WINNER: Rule(
        frozenset({Kind.DEALS, Kind.TOTALS}),
        _managers(frozenset({Status.FINISHED, Status.CONFIRMED})),
        played_table=True,
    ),
}


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused: a stable code (tests, logs) and the French message."""

    code: str
    message: str


CLOSED_MESSAGES: dict[str, Promise] = {
    Status.FINISHED: _("La partie est terminée : aucune donne ne peut être ajoutée."),
    Status.CONFIRMED: _(
        "Cette feuille est confirmée : seul l'organisateur peut encore la modifier."
    ),
    Status.DISPUTED: _("Cette feuille est contestée : l'organisateur va la vérifier."),
    Status.TO_VERIFY: _("Cette feuille est à vérifier par l'organisateur."),
}

# A closed round ("partie close"): every write of its sheets is refused, for every role.
ROUND_CLOSED_MESSAGE = _("Partie close : la feuille ne peut plus être modifiée.")

_FORBIDDEN = _(
    "Votre rôle ne permet pas cette action sur cette feuille : demandez à l'organisateur."
)
_KIND_MESSAGES: dict[Action, tuple[str, Promise]] = {
    Action.ENTER_DEAL: (
        "not_deal_sheet",
        _("Cette table n'est pas saisie donne par donne (exempt, forfait ou totaux)."),
    ),
    Action.PENALTY: (
        "not_deal_sheet",
        _("Cette table n'est pas saisie donne par donne (exempt, forfait ou totaux)."),
    ),
    Action.DELETE_LAST: ("not_deal_sheet", _("Cette feuille n'a pas de donnes à corriger.")),
    Action.CORRECT: ("not_deal_sheet", _("Cette feuille n'a pas de donnes à corriger.")),
    Action.TOTALS: (
        "has_deals",
        _(
            "Cette feuille a déjà des donnes (ou est un exempt/forfait) : corrigez les "
            "donnes plutôt que de saisir les totaux."
        ),
    ),
    Action.FORFEIT: (
        "has_deals",
        _("Des résultats sont déjà saisis à cette table : supprimez-les d'abord."),
    ),
    Action.CONFIRM: ("not_finished", _("Un exempt ou un forfait est confirmé d'office.")),
    Action.DISPUTE: (
        "not_finished",
        _("Seule une partie terminée et pas encore confirmée peut être contestée."),
    ),
    Action.REOPEN: ("not_reopenable", _("Un exempt ou un forfait ne se rouvre pas ainsi.")),
    Action.CALL_TIME: (
        "not_deal_sheet",
        _("Cette table n'est pas saisie donne par donne (exempt, forfait ou totaux)."),
    ),
    Action.NAME_WINNER: (
        "not_played",
        _("Un exempt ou un forfait a déjà son vainqueur : il n'y a pas d'égalité à départager."),
    ),
}


def _status_refusal(action: Action, role: Role, status: Status) -> Refusal:
    """The refusal of ``action`` by ``role`` in a sheet state its rule leaves out."""
    if action in (Action.ENTER_DEAL, Action.PENALTY):
        return Refusal("sheet_closed", str(CLOSED_MESSAGES[status]))
    if action in (Action.DELETE_LAST, Action.CORRECT):
        code = "sheet_confirmed" if status == Status.CONFIRMED else "sheet_closed"
        return Refusal(code, str(CLOSED_MESSAGES[status]))
    if action == Action.CONFIRM:
        if status == Status.OPEN:
            text = (
                _("Seule une partie terminée peut être confirmée à la table.")
                if role == Role.TABLE
                else _("La partie n'est pas terminée : elle ne peut pas être confirmée.")
            )
            return Refusal("not_finished", str(text))
        return Refusal("not_finished", str(CLOSED_MESSAGES[status]))
    if action == Action.REOPEN:
        return Refusal("not_reopenable", str(_("Cette feuille n'est ni confirmée, ni contestée.")))
    if action == Action.DISPUTE:
        return Refusal("not_finished", str(_KIND_MESSAGES[Action.DISPUTE][1]))
    if action == Action.NAME_WINNER:
        text = (
            _("La partie n'est pas terminée : terminez-la avant de désigner l'équipe qualifiée.")
            if status == Status.OPEN
            else _(
                "Cette feuille est contestée ou à vérifier : réglez d'abord son résultat, puis "
                "désignez l'équipe qualifiée."
            )
        )
        return Refusal("not_finished", str(text))
    return Refusal("sheet_closed", str(CLOSED_MESSAGES.get(status, _FORBIDDEN)))


def round_refusal(sheet: Sheet) -> Refusal | None:
    """The refusal of every write on a sheet of a closed round ("partie close"), or ``None``."""
    if sheet.table.round.status == Round.Status.CLOSED:
        return Refusal("round_closed", str(ROUND_CLOSED_MESSAGE))
    return None


def refusal(sheet: Sheet, action: Action | str, role: Role | str) -> Refusal | None:
    """Why ``role`` may not do ``action`` on ``sheet`` now, or ``None`` when it may.

    Checked in this order: the round is closed, the role never does this action, the kind of
    sheet (or a bye table, or deals already entered) leaves it out, the state refuses it.
    """
    action, role = Action(action), Role(role)
    rule = RULES[action]
    if rule.round_open:
        closed = round_refusal(sheet)
        if closed is not None:
            return closed
    allowed = rule.statuses.get(role)
    if allowed is None:
        return Refusal("forbidden", str(_FORBIDDEN))
    if rule.played_table and sheet.table.entry_b_id is None:
        return Refusal("bye_table", str(_("Une table d'exempt n'a pas d'adversaire.")))
    if Kind(sheet.kind) not in rule.kinds or (rule.without_deals and sheet.deal_count):
        code, text = _KIND_MESSAGES.get(action, ("forbidden", _FORBIDDEN))
        return Refusal(code, str(text))
    status = Status(sheet.status)
    if status not in allowed:
        return _status_refusal(action, role, status)
    return None


__all__ = [
    "CLOSED_MESSAGES",
    "REOPENABLE",
    "ROUND_CLOSED_MESSAGE",
    "RULES",
    "Action",
    "Kind",
    "Refusal",
    "Role",
    "Rule",
    "Status",
    "refusal",
    "round_refusal",
]
