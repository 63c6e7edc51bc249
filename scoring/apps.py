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

        tournaments_adapters.set_results_source(
            adapters.finished_results, round_activity=adapters.round_activity
        )
