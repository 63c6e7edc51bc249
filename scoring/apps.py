from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Feuilles de marque et classements")

    def ready(self) -> None:
        # tournaments must never import scoring: scoring hands it the finished games instead
        # (pairing the next round by ranking, refusing to redraw a round with results).
        from scoring import adapters
        from tournaments import adapters as tournaments_adapters
        from tournaments.models import Round
        from tournaments.signals import round_published, round_visibility_changed

        tournaments_adapters.set_results_source(
            adapters.finished_results, round_activity=adapters.round_activity
        )
        round_published.connect(_create_round_sheets, sender=Round, dispatch_uid="scoring-sheets")
        # Any change to a round, contest or club invalidates the cached publication state, in
        # every process (web, worker, management command).
        from scoring import public_state

        public_state.connect_signals()
        round_visibility_changed.connect(
            _rebuild_public_standings, sender=Round, dispatch_uid="scoring-visibility"
        )


def _create_round_sheets(sender: Any, round: Any, **kwargs: Any) -> None:
    """A published round gets its score sheets (and table links) and its bye at once."""
    from scoring.services import ensure_round_sheets

    ensure_round_sheets(round)


def _rebuild_public_standings(sender: Any, round: Any, before: Any, **kwargs: Any) -> None:
    """What the public may see changed: rebuild the standings in the same commit, so the
    public pages never show a round whose standings were just hidden (or miss a new one)."""
    from scoring import standings

    standings.rebuild(round.contest_id, force=True)
