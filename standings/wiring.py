"""What ``standings`` plugs into the apps below it, at start-up (``StandingsConfig.ready``).

What it owns
------------
* The port ``tournaments.ports.player_scores``: each player's value in the individual
  ranking (``individual.scores_before``), so that a mêlée drawn by ranking seats players of
  close standings together.
* The receivers that keep the standings true: a result changed (``results_changed``), the
  public flags of a round changed (``round_visibility_changed``), a team withdrew or came back
  or a player was replaced (``post_save`` of ``Entry``, ``Replacement``), the plan changed
  (``plan_changed``). (A contest's season is re-ranked by the seasons app, which hears
  ``standings_written``.)

What it must not do
-------------------
Decide anything: each receiver calls one function of ``events`` or ``services``. It is
imported by ``StandingsConfig.ready`` only, once every model is loaded.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save

from scoring.models import ScoreSheet
from scoring.signals import results_changed
from standings import events, services
from standings.individual.ranking import scores_before
from tournaments import ports
from tournaments.models import Entry, Replacement, Round
from tournaments.signals import plan_changed, round_visibility_changed


def connect() -> None:
    """Register the standings' port and receivers (idempotent: ``dispatch_uid``, same port)."""
    results_changed.connect(
        _mark_stale_and_queue, sender=ScoreSheet, dispatch_uid="standings-results"
    )
    round_visibility_changed.connect(
        _rebuild_public_standings, sender=Round, dispatch_uid="standings-visibility"
    )
    post_save.connect(_entry_withdrawn, sender=Entry, dispatch_uid="standings-withdrawal")
    # A replacement changes who is credited for the parties from then on: no result
    # changes, the individual standings do. (Replacements are never deleted but with
    # their contest, whose standings go with it.)
    post_save.connect(_lineup_changed, sender=Replacement, dispatch_uid="standings-lineup")
    # A mêlée drawn "by ranking" seats players of close standings together.
    ports.player_scores.register(scores_before)
    plan_changed.connect(_plan_changed, dispatch_uid="standings-plan")


def _mark_stale_and_queue(sender: Any, contest_id: int, **kwargs: Any) -> None:
    """A result changed: stale mark in the same transaction, rebuild queued on commit."""
    events.results_changed(contest_id)


def _rebuild_public_standings(sender: Any, round: Any, before: Any, **kwargs: Any) -> None:
    """What the public may see changed: rebuild the standings in the same commit, so the
    public pages never show a round whose standings were just hidden (or miss a new one)."""
    services.rebuild(round.contest_id, force=True)


def _entry_withdrawn(sender: Any, instance: Any, update_fields: Any = None, **kwargs: Any) -> None:
    """A team withdrew (or came back): its place in the standings changes without a result."""
    if update_fields and "withdrawn_after_round" in update_fields:
        events.results_changed(instance.contest_id)


def _lineup_changed(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    """A player was replaced in a team: rebuild the standings. Not for a row an archive
    import writes (``raw``): the archive brings the contest's standings state with it."""
    if raw:
        return
    events.results_changed(instance.entry.contest_id)


def _plan_changed(sender: Any, contest_id: int, results: bool = True, **kwargs: Any) -> None:
    """The number of parties changed, or a latecomer entered: the standings are rebuilt (their
    rounds, a late team's place) after the commit."""
    if results:
        events.results_changed(contest_id)
