"""What ``scoring`` plugs into the apps below it, at start-up (``ScoringConfig.ready``).

What it owns
------------
* The ports ``tournaments`` reads instead of importing scoring (``tournaments.ports``): the
  finished games (``adapters.finished_results``), what a round recorded
  (``adapters.round_activity``) and the sheets' progress (``follow.contest_progress``).
* The signals scoring listens to: a published round gets its sheets and links
  (``round_published``), a plan change gives a new table its sheet and resets a former bye's
  (``plan_changed``), a committed result refreshes a ``round_average`` bye's sheet
  (``results_changed``).

What it must not do
-------------------
Decide anything: each receiver calls one service. It is imported by ``ScoringConfig.ready``
only, once every model is loaded.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scoring import adapters, follow
from scoring.services import ensure_round_sheets
from scoring.services.byes import refresh_round_average
from scoring.services.plan_sheets import follow_plan_change
from scoring.signals import results_changed
from tournaments import ports
from tournaments.models import Round
from tournaments.signals import plan_changed, round_published


def connect() -> None:
    """Register scoring's ports and receivers (idempotent: ``dispatch_uid``, same ports)."""
    # tournaments must never import scoring: scoring hands it the finished games instead
    # (pairing the next round by ranking, refusing to redraw a round with results).
    ports.results_source.register(adapters.finished_results)
    ports.round_activity.register(adapters.round_activity)
    ports.progress_source.register(follow.contest_progress)
    round_published.connect(_create_round_sheets, sender=Round, dispatch_uid="scoring-sheets")
    results_changed.connect(_follow_round_average, dispatch_uid="scoring-bye-average")
    plan_changed.connect(_follow_plan_change, dispatch_uid="scoring-plan-change")


def _create_round_sheets(sender: Any, round: Any, **kwargs: Any) -> None:
    """A published round gets its score sheets (and table links) and its bye at once."""
    ensure_round_sheets(round)


def _follow_plan_change(sender: Any, round: Any = None, **kwargs: Any) -> None:
    """A partie's tables changed while it is played: new sheets, a former bye's sheet reset."""
    if round is not None:
        follow_plan_change(round)


def _follow_round_average(sender: Any, contest_id: int, **kwargs: Any) -> None:
    """Once a result is committed, a ``round_average`` bye's sheet follows its round's games
    (``scoring.services.byes.refresh_round_average``); a change is announced in turn."""

    def refresh() -> None:
        with transaction.atomic():
            if refresh_round_average(contest_id):
                results_changed.send(sender=sender, contest_id=contest_id)

    transaction.on_commit(refresh, robust=True)  # a failure is logged, never a 500
