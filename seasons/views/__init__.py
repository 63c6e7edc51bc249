"""The season pages: ``organiser`` (the season page, recompute, qualification, print, exports),
``settings`` (a new season, its rules, clubs, contests and final), ``public`` (standings and
projector) and what they share (``common``)."""
