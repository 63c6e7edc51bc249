"""Publishing's app: keeps the versions of the public pages in step with what changed.

The wiring itself (signals heard) is ``publishing.wiring``.
"""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    name = "publishing"
    verbose_name = _("Publication, lots et exports")

    def ready(self) -> None:
        # late: Django imports apps.py before any model; publishing.wiring imports the models.
        from publishing import wiring

        wiring.connect()
