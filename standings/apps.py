"""The standings' app: listens to score entry and to the rounds' visibility, rebuilds on change.

The wiring itself (the port filled, signals heard) is ``standings.wiring``.
"""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "standings"
    verbose_name = _("Classements")

    def ready(self) -> None:
        # late: Django imports apps.py before any model; standings.wiring imports the models.
        from standings import wiring

        wiring.connect()
