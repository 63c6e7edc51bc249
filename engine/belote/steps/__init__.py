"""The scoring of one deal, as named steps (the public entry is ``engine.belote.deal``).

``facts`` (validation of a played deal), ``announcements``, ``classic`` and ``contract`` (the
two variants), ``breakdown`` (totals and breakdown lines), ``general`` (the order of the steps),
``common`` (what the steps share) and ``fast`` (the classic shortcut, no breakdown objects).
"""
