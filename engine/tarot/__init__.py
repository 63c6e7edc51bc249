"""French tarot (FFT 2012 rules and the seed page's): one game of the engine (``interface.TAROT``).

``rules`` (the options, presets and JSON of a ruleset), ``cards`` (the 78 cards, the bouts,
card points in half-points, the points needed), ``model`` (the values: ``Deal``,
``BreakdownLine``...), ``deal`` (``score_deal`` and ``DealScore``, the public entry of a
deal's score) over ``checks`` (impossible deals refused), ``value`` (X, what each defender
pays) and ``marque`` (X shared among the players); ``explain`` (the breakdown a player can
check), ``game`` (deals folded into per-player totals, the table check), ``deal_json`` and
``cli`` (JSON in and out), ``errors`` (tarot's codes). It imports nothing of another game.
"""
