"""The ``tournaments`` app's configuration: its name and its French label in the admin.

It connects nothing: the other apps hook into ``tournaments`` (they fill the ports of
``tournaments.ports`` and hear its signals from their own ``AppConfig.ready``), never the reverse.
"""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Concours")
