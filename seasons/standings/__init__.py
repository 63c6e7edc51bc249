"""A season's standings: read from its contests' published standings (``inputs``), ranked by
``engine.seasons`` and stored as one ``SeasonSnapshot`` (``rebuild``). ``seasons.tasks`` queues
the rebuild on commit when a contest of the season writes its standings or the season
changes."""
