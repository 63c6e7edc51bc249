"""The standings' app: listens to score entry and to the rounds' visibility, rebuilds on change."""

from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "standings"
    verbose_name = _("Classements")

    def ready(self) -> None:
        from scoring.models import ScoreSheet
        from scoring.signals import results_changed
        from tournaments.models import Round
        from tournaments.signals import round_visibility_changed

        results_changed.connect(
            _mark_stale_and_queue, sender=ScoreSheet, dispatch_uid="standings-results"
        )
        round_visibility_changed.connect(
            _rebuild_public_standings, sender=Round, dispatch_uid="standings-visibility"
        )
        from django.db.models.signals import post_save

        from tournaments.models import Entry

        post_save.connect(_entry_withdrawn, sender=Entry, dispatch_uid="standings-withdrawal")
        from tournaments.models import Replacement

        # A replacement changes who is credited for the parties from then on: no result
        # changes, the individual standings do. (Replacements are never deleted but with
        # their contest, whose standings go with it.)
        post_save.connect(_lineup_changed, sender=Replacement, dispatch_uid="standings-lineup")
        from standings.individual import scores_before
        from tournaments import melee_adapters

        # A mêlée drawn "by ranking" seats players of close standings together.
        melee_adapters.set_player_scores_source(scores_before)

        from tournaments.signals import plan_changed

        plan_changed.connect(_plan_changed, dispatch_uid="standings-plan")


def _mark_stale_and_queue(sender: Any, contest_id: int, **kwargs: Any) -> None:
    """A result changed: stale mark in the same transaction, rebuild queued on commit."""
    from standings import events

    events.results_changed(contest_id)


def _rebuild_public_standings(sender: Any, round: Any, before: Any, **kwargs: Any) -> None:
    """What the public may see changed: rebuild the standings in the same commit, so the
    public pages never show a round whose standings were just hidden (or miss a new one)."""
    from standings import services

    services.rebuild(round.contest_id, force=True)


def _entry_withdrawn(sender: Any, instance: Any, update_fields: Any = None, **kwargs: Any) -> None:
    """A team withdrew (or came back): its place in the standings changes without a result."""
    if update_fields and "withdrawn_after_round" in update_fields:
        from standings import events

        events.results_changed(instance.contest_id)


def _lineup_changed(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    """A player was replaced in a team: rebuild the standings. Not for a row an archive
    import writes (``raw``): the archive brings the contest's standings state with it."""
    if raw:
        return
    from standings import events

    events.results_changed(instance.entry.contest_id)


def _plan_changed(sender: Any, contest_id: int, results: bool = True, **kwargs: Any) -> None:
    """The number of parties changed, or a latecomer entered: the standings are rebuilt (their
    rounds, a late team's place) after the commit."""
    if results:
        from standings import events

        events.results_changed(contest_id)
