"""Signals the standings send so that higher layers (publishing) can react without being imported.

``standings_written`` is sent with ``contest_id`` after a rebuild wrote a contest's snapshots
(the public pages' cached state is then old).
"""

from __future__ import annotations

from django.dispatch import Signal

standings_written = Signal()
