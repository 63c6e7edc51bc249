"""Publishing's app: keeps the public pages' cached state in step with what changed."""

from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    name = "publishing"
    verbose_name = _("Publication, lots et exports")

    def ready(self) -> None:
        # Any change to a round, contest or club invalidates the cached publication state, in
        # every process (web, worker, management command).
        from publishing import public_state
        from standings.models import StandingsSnapshot
        from standings.signals import standings_written

        public_state.connect_signals()
        standings_written.connect(
            _snapshots_written, sender=StandingsSnapshot, dispatch_uid="publishing-standings"
        )


def _snapshots_written(sender: Any, contest_id: int, **kwargs: Any) -> None:
    from publishing import public_state

    public_state.snapshots_written(contest_id)
