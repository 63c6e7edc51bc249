"""The scoring of one deal, as named steps (the public entry is ``engine.deal``).

``model`` (the values: ``Deal``, ``DealScore``, ``BreakdownLine``...), ``facts`` (validation
of a played deal), ``announcements``, ``classic`` and ``contract`` (the two variants),
``breakdown`` (totals and breakdown lines), ``general`` (the order of the steps) and
``common`` (what the steps share).
"""
