"""Parties (``Round``): the draw's pages (draft, why, swaps, publication, print, projection), closing, format and clock, plan changes; the draw's read helpers."""
