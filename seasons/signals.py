"""Signals of the seasons app, for itself and the apps above it.

``season_changed`` is sent inside the transaction when what a season ranks changes
(``season_id``): its rules, its clubs, or a contest joined or left it from the season's pages.
The app's own listener (``seasons.apps``) queues the season's rebuild on commit. A contest that
changes season from its own form is announced by ``tournaments.signals.contest_season_changed``.
"""

from django.dispatch import Signal

season_changed = Signal()
