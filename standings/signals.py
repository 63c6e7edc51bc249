"""Signals the standings send so that higher layers (publishing) can react without being imported.

``standings_written`` is sent with ``contest_id``, ``club_slug``, ``contest_slug`` and
``season_id`` (None outside a season) after a rebuild wrote a contest's snapshots (the public
pages then change version; the contest's season is re-ranked).
"""

from __future__ import annotations

from django.dispatch import Signal

standings_written = Signal()
