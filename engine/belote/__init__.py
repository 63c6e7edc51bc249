"""Belote, contrée and coinche: one game of the engine (``interface.BELOTE``).

``rules`` (the options, presets and JSON of a ruleset), ``cards``, ``model`` (the values:
``Deal``, ``DealScore``, ``BreakdownLine``...), ``deal`` (``score_deal``, the public entry of
a deal's score) over ``steps`` (facts, announcements, classic, contract, breakdown, general,
the fast classic path), ``game`` and ``game_end`` (a game folded from deals), ``match``,
``table_check``, ``deal_json`` and ``cli`` (JSON in and out), ``errors`` (belote's codes).
It imports nothing of another game.
"""
