"""Publishing's app: keeps the versions of the public pages in step with what changed."""

from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    name = "publishing"
    verbose_name = _("Publication, lots et exports")

    def ready(self) -> None:
        # Any change to a round, contest or club changes the public pages' versions, in every
        # process (web, worker, management command).
        from publishing import versions
        from standings.models import StandingsSnapshot
        from standings.signals import standings_written

        versions.connect_signals()
        standings_written.connect(
            _snapshots_written, sender=StandingsSnapshot, dispatch_uid="publishing-standings"
        )


def _snapshots_written(sender: Any, club_slug: str, contest_slug: str, **kwargs: Any) -> None:
    from publishing import versions

    versions.standings_written(club_slug, contest_slug)
