"""Atout's rules engine: pure Python, no Django, no app imports.

It owns the rules of belote, contrée and coinche (card values, rule options and presets, the
score of one deal, the fold of deals into a game) and the rules of a contest (pairing a round,
ranking teams). Callers pass plain values in and get plain values out; errors are exceptions
that carry a stable code (``engine.errors``), never a translated sentence.
"""
