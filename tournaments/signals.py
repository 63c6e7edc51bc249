"""Signals other apps listen to, so that ``tournaments`` never imports them.

``round_published`` is sent inside the publishing transaction, with the locked ``round``:
the scoring app creates the round's score sheets (with their secret links) and scores its bye
then, so that every table link exists as soon as the draw is public.
``round_visibility_changed`` is sent when the organiser changes what the public sees.
"""

from django.dispatch import Signal

round_published = Signal()

# Sent inside the transaction when a round's public flags change (``round``, ``before``: the
# flags before). The scoring app rebuilds the public standings at once.
round_visibility_changed = Signal()

# Sent inside the transaction when the organiser changes the plan of a running contest
# (``services.plan_changes``): ``contest_id``, and ``round`` when a round's tables changed (a
# latecomer seated, a table moved). The scoring app gives a new table its sheet and turns a
# former bye's sheet into a game's; the standings app marks the standings stale and rebuilds.
plan_changed = Signal()
# Sent inside the transaction when a contest joins or leaves a season from the contest's own
# form (``contest_id``, ``season_id``: once for the season it left, once for the one it joined).
# The seasons app re-ranks that season on commit.
contest_season_changed = Signal()
