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

# Sent inside the transaction when what a season ranks changes (``season_id``): its rules,
# its clubs, or a contest joined or left it. The standings app rebuilds it on commit.
season_changed = Signal()
