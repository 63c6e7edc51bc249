"""Score sheets, deal records, results, standings snapshots and publishing.

This app builds on ``tournaments`` (a sheet belongs to a table of a round) and asks the engine
for every score; ``tournaments`` never imports it.
"""
