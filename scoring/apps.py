"""Score entry's app: hands tournaments the finished games, creates a published round's sheets.

The wiring itself (ports filled, signals heard) is ``scoring.wiring``.
"""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Feuilles de marque")

    def ready(self) -> None:
        # late: Django imports apps.py before any model; scoring.wiring imports the models.
        from scoring import wiring

        wiring.connect()
