"""A renonce or a misdeal, entered by a club member as one deal of the sheet.

Its points (the rules' penalty) go to the offending team's opponents; it is recorded through
``deals.record_deal`` (same lock, version and client-id checks). This module must not render
anything nor read the request.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.utils.translation import gettext as _

from scoring.adapters import DealFacts
from scoring.models import DealRecord
from scoring.services.deals import record_deal
from scoring.services.errors import Written, refuse
from scoring.sheet_states import Role


def record_penalty(
    sheet_id: int,
    *,
    team: str,
    penalty: str,
    bid: int | None = None,
    bid_kind: str = "",
    version: int | None,
    client_id: uuid.UUID | None,
    user: Any = None,
    role: Role | str = Role.ORGANISER,
) -> Written:
    """A renonce or misdeal: a deal whose points go to ``team``'s opponents."""
    if penalty not in (DealRecord.Penalty.RENONCE, DealRecord.Penalty.MISDEAL):
        raise refuse("penalty_kind", _("Choisissez la pénalité : renonce ou maldonne."))
    facts = DealFacts(taker=team, penalty=penalty, bid=bid, bid_kind=bid_kind)
    return record_deal(
        sheet_id,
        facts,
        version=version,
        client_id=client_id,
        user=user,
        source=DealRecord.Source.ORGANISER,
        role=role,
    )


__all__ = ["record_penalty"]
