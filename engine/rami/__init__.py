"""Rami (rummy) as the seed page plays it: one game of the engine (``interface.RAMI``).

``cards`` (the cards, their values and the decks), ``rules`` (``RamiRules``: every option with
its source, checked once when built) and ``presets`` (the named presets and the rules' JSON),
``deal`` (``score_deal``: one deal's scores from the value of the cards each player holds),
``game`` (``GameState``: deals folded into totals, the game's end, the ranking), ``sheet`` (the
check of a paper score sheet), ``deal_json`` and ``cli`` (JSON in and out), ``errors`` (rami's
codes). It imports nothing of another game.
"""
