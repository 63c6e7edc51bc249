"""Helpers shared by the score-entry tests (plain functions, no fixtures)."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction

from scoring import access, services
from scoring.adapters import DealFacts
from scoring.services.errors import Written


def play_deals(sheet: Any, count: int, *, taker_points: int = 100) -> Any:
    """Record ``count`` deals through the service (taker A, no belote); returns the sheet."""
    for _ in range(count):
        sheet.refresh_from_db()
        services.record_deal(
            sheet.pk,
            DealFacts(taker="a", trump="hearts", taker_points=taker_points),
            version=sheet.version,
            client_id=uuid.uuid4(),
            device="phone-a",
        )
    sheet.refresh_from_db()
    return sheet


def finish_game(sheet: Any) -> Any:
    """Play the 12 deals of a ``club_contest`` game from the phone of team A."""
    return play_deals(sheet, 12 - sheet.deal_count)


def link_deal(
    sheet: Any,
    facts: DealFacts,
    *,
    version: int | None,
    client_id: uuid.UUID | None,
    device: str = "phone-a",
) -> Written:
    """A deal sent from the table link, written as its deal POST writes it: the link's lookup
    locks the sheet in the transaction, ``record_deal_locked`` writes (a timed partie whose
    time ran out has its time called first). A refusal is answered inside the transaction, as
    the view does, so the time called before it stays; it is raised once the transaction ended.
    """
    table = sheet.table
    with transaction.atomic():
        locked = access.sheet_for_link(
            sheet.token, table.round.number, table.number, related=access.WRITE_RELATED, lock=True
        )
        try:
            return services.record_deal_locked(
                locked, facts, version=version, client_id=client_id, device=device
            )
        except services.ServiceError as exc:
            refused = exc
    raise refused
