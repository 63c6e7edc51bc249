"""Score entry's app: hands tournaments the finished games, creates a published round's sheets."""

from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Feuilles de marque")

    def ready(self) -> None:
        # tournaments must never import scoring: scoring hands it the finished games instead
        # (pairing the next round by ranking, refusing to redraw a round with results).
        from scoring import adapters, follow
        from tournaments import adapters as tournaments_adapters
        from tournaments.models import Round
        from tournaments.signals import round_published

        tournaments_adapters.set_results_source(
            adapters.finished_results, round_activity=adapters.round_activity
        )
        tournaments_adapters.set_progress_source(follow.contest_progress)
        round_published.connect(_create_round_sheets, sender=Round, dispatch_uid="scoring-sheets")
        from scoring.signals import results_changed

        results_changed.connect(_follow_round_average, dispatch_uid="scoring-bye-average")
        from tournaments.signals import plan_changed

        plan_changed.connect(_follow_plan_change, dispatch_uid="scoring-plan-change")


def _create_round_sheets(sender: Any, round: Any, **kwargs: Any) -> None:
    """A published round gets its score sheets (and table links) and its bye at once."""
    from scoring.services import ensure_round_sheets

    ensure_round_sheets(round)


def _follow_plan_change(sender: Any, round: Any = None, **kwargs: Any) -> None:
    """A partie's tables changed while it is played: new sheets, a former bye's sheet reset."""
    if round is not None:
        from scoring.services.plan_sheets import follow_plan_change

        follow_plan_change(round)


def _follow_round_average(sender: Any, contest_id: int, **kwargs: Any) -> None:
    """Once a result is committed, a ``round_average`` bye's sheet follows its round's games
    (``scoring.services.byes.refresh_round_average``); a change is announced in turn."""
    from django.db import transaction

    def refresh() -> None:
        from scoring.services.byes import refresh_round_average
        from scoring.signals import results_changed

        with transaction.atomic():
            if refresh_round_average(contest_id):
                results_changed.send(sender=sender, contest_id=contest_id)

    transaction.on_commit(refresh, robust=True)  # a failure is logged, never a 500
