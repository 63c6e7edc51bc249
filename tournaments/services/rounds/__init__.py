"""Parties written: the draw and its life (publication, visibility, closing), hand edits, the day's order, format, clock and plan changes."""
