"""The seasons app: seasons, challenges and circuits, from their rules to their public pages.

The wiring itself (the cockpit's port filled, the journal's sentences added, signals heard) is
``seasons.wiring``.
"""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = _("Saisons, challenges et circuits")

    def ready(self) -> None:
        # late: Django imports apps.py before any model; seasons.wiring imports the models.
        from seasons import wiring

        wiring.connect()
