"""Template tags of the seasons app, for the pages of the apps below it (``season_forms``)."""
