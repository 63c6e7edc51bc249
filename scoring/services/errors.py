"""The refusals of score entry's writes and what a write answers.

Every refusal is a :class:`ServiceError` with a stable ``code`` and a French ``message`` the
user can act on; ``scoring.views_errors`` turns them into responses. This module must not
write nor read the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from engine.belote.game import TableCheck
from engine.errors import EngineError
from scoring.messages import error_message
from scoring.models import DealRecord, ScoreSheet
from scoring.sheet_states import Refusal


class ServiceError(Exception):
    """A write refused for a reason the user can act on; ``message`` is in French."""

    def __init__(self, code: str, message: str, *, field: str | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.field = field


class NotAllowed(ServiceError):
    """The sheet's state (or the round's) does not allow this action for this role."""

    def __init__(self, refused: Refusal) -> None:
        super().__init__(refused.code, refused.message)


class StaleSheet(ServiceError):
    """The sheet changed since the form was shown: here is its current state."""

    def __init__(self, sheet: ScoreSheet) -> None:
        super().__init__(
            "stale",
            _(
                "Cette feuille a changé depuis l'affichage de votre formulaire (une autre saisie "
                "a été faite). Voici son état actuel : vérifiez, puis saisissez à nouveau si "
                "besoin."
            ),
        )
        self.sheet = sheet


class DealRefused(ServiceError):
    """The engine refused the deal: the code is the engine's, the message its French text."""

    def __init__(self, error: EngineError) -> None:
        super().__init__(error.code, error_message(error.code, error.params))
        self.error = error


class TotalsInconsistent(ServiceError):
    """Two totals fail the table check; they can still be saved as "to verify"."""

    def __init__(self, check: TableCheck, message: str) -> None:
        super().__init__("table_check", message)
        self.check = check


@dataclass(frozen=True)
class Written:
    """What a write left: the sheet after it, the deal concerned, and whether it was new."""

    sheet: ScoreSheet
    deal: DealRecord | None = None
    created: bool = True


def refuse(code: str, message: str, *, field: str | None = None) -> ServiceError:
    return ServiceError(code, message, field=field)


__all__ = [
    "DealRefused",
    "NotAllowed",
    "ServiceError",
    "StaleSheet",
    "TotalsInconsistent",
    "Written",
    "refuse",
]
