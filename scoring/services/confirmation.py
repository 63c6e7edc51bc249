"""Confirming, disputing and reopening a finished game.

At the table the *other* team confirms, on its own phone: a confirmation without a device id,
or from the phone that entered the first deal (``ScoreSheet.entry_device``) or the last one, is
refused. The organiser confirms any result to settle, and reopens (withdraws a confirmation, a
dispute or "to verify"). Which role may do what in which state is the sheet's rule
(``ScoreSheet.allows``). This module must not render anything nor read the request.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import DealCorrection, ScoreSheet
from scoring.services.common import (
    account,
    bump,
    check_version,
    history,
    lock,
    log,
    notify,
    require,
    role_of,
)
from scoring.services.errors import Written, refuse
from scoring.sheet_states import REOPENABLE, Action, Role, Status


def _check_other_phone(sheet: ScoreSheet, team: str, device: str) -> None:
    """At the table: the confirming team says who it is, on a phone that did not enter."""
    if team not in ("a", "b"):
        raise refuse("team_required", _("Indiquez votre équipe."), field="team")
    if not device:
        raise refuse(
            "device_required",
            _(
                "La confirmation doit venir du téléphone de l'autre équipe, qui doit accepter "
                "les cookies de ce site (ou de l'organisateur)."
            ),
        )
    last = sheet.deals.order_by("-number").values_list("device", flat=True).first()
    if device in {sheet.entry_device, last}:
        raise refuse(
            "same_device",
            _(
                "La confirmation doit venir de l'autre équipe, sur son propre téléphone "
                "(ou de l'organisateur)."
            ),
        )


def confirm_sheet(
    sheet_id: int,
    *,
    version: int | None,
    team: str = "",
    device: str = "",
    user: Any = None,
    organiser: bool = False,
    role: Role | str | None = None,
) -> Written:
    """Confirm a finished game: by the other team on its own phone, or by a club member.

    Confirming twice is harmless (``created=False``).
    """
    acting = role_of(role, organiser)
    with transaction.atomic():
        sheet = lock(sheet_id)
        if sheet.status == Status.CONFIRMED:
            return Written(sheet, None, created=False)
        require(sheet, Action.CONFIRM, acting)
        check_version(sheet, version)
        if acting == Role.TABLE:
            _check_other_phone(sheet, team, device)
        before = {"status": sheet.status}
        sheet.status = Status.CONFIRMED
        sheet.confirmed_at = timezone.now()
        sheet.confirmed_by = account(user)
        sheet.confirmed_by_team = team if acting == Role.TABLE else ""
        bump(sheet, ["status", "confirmed_at", "confirmed_by", "confirmed_by_team"])
        log(
            sheet,
            "sheet.confirm",
            before=before,
            after={"status": sheet.status, "team": sheet.confirmed_by_team},
            user=user,
            device=device,
        )
        notify(sheet, was_result=True)
        return Written(sheet, None)


def dispute_sheet(
    sheet_id: int,
    *,
    version: int | None,
    note: str = "",
    team: str = "",
    device: str = "",
    role: Role | str = Role.TABLE,
) -> Written:
    """The other team disagrees with a finished game: the organiser will look at it."""
    with transaction.atomic():
        sheet = lock(sheet_id)
        if sheet.status == Status.DISPUTED:
            return Written(sheet, None, created=False)
        require(sheet, Action.DISPUTE, Role(role))
        check_version(sheet, version)
        before = {"status": sheet.status}
        sheet.status = Status.DISPUTED
        sheet.disputed_at = timezone.now()
        team_label = {"a": _("équipe A"), "b": _("équipe B")}.get(team, "")
        note = note.strip()[:900]
        sheet.dispute_note = f"{team_label} : {note}" if team_label and note else note or team_label
        bump(sheet, ["status", "disputed_at", "dispute_note"])
        log(
            sheet,
            "sheet.dispute",
            before=before,
            after={"status": sheet.status, "note": sheet.dispute_note},
            device=device,
        )
        notify(sheet, was_result=True)
        return Written(sheet, None)


def reopen_sheet(
    sheet_id: int,
    *,
    version: int | None,
    user: Any = None,
    reason: str = "",
    role: Role | str = Role.ORGANISER,
) -> Written:
    """The organiser withdraws a confirmation or a dispute: the sheet is finished again."""
    with transaction.atomic():
        sheet = lock(sheet_id)
        require(sheet, Action.REOPEN, Role(role))
        check_version(sheet, version)
        before = {"status": sheet.status, "dispute_note": sheet.dispute_note}
        sheet.status = Status.FINISHED
        sheet.confirmed_at = None
        sheet.confirmed_by = None
        sheet.confirmed_by_team = ""
        bump(sheet, ["status", "confirmed_at", "confirmed_by", "confirmed_by_team"])
        history(
            sheet=sheet,
            action=DealCorrection.Action.REOPENED,
            before=before,
            after={"status": sheet.status},
            reason=reason[:300],
            by=account(user),
        )
        notify(sheet, was_result=True)
        return Written(sheet, None)


__all__ = ["REOPENABLE", "confirm_sheet", "dispute_sheet", "reopen_sheet"]
