"""Signals the standings send so that the apps above (publishing, seasons) can react unimported.

``standings_written`` is sent with ``contest_id``, ``club_slug``, ``contest_slug`` and
``season_id`` (None outside a season) after a rebuild wrote a contest's snapshots (publishing's
public pages then change version; the seasons app re-ranks the contest's season).
"""

from __future__ import annotations

from django.dispatch import Signal

standings_written = Signal()
