"""Caching of the public pages: a whole page cached under the versions of what it shows, never a stampede nor a 500."""
