"""Signals score entry sends so that higher layers (standings) can react without being imported.

``results_changed`` is sent with ``contest_id`` *inside* the transaction that changed a result
(a deal recorded or corrected, a sheet finished, confirmed, reopened, a forfeit...): a receiver
that writes joins that transaction, and one that queues work uses ``transaction.on_commit``.
"""

from __future__ import annotations

from django.dispatch import Signal

results_changed = Signal()
