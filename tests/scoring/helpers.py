"""Helpers shared by the score-entry tests (plain functions, no fixtures)."""

from __future__ import annotations

import uuid
from typing import Any

from scoring import services
from scoring.adapters import DealFacts


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
