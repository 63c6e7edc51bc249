"""Signals the standings send so that higher layers (publishing) can react without being imported.

``standings_written`` is sent with ``contest_id``, ``club_slug`` and ``contest_slug`` after a
rebuild wrote a contest's snapshots (the public pages then change version).
"""

from __future__ import annotations

from django.dispatch import Signal

standings_written = Signal()
