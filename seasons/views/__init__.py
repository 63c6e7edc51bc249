"""The season pages: ``organiser`` (the season page, recompute, qualification, print, exports),
``settings`` (a new season, its rules, clubs, contests and final), ``public`` (standings and
projector), ``legacy`` (the former addresses' redirects) and what they share (``common``)."""
