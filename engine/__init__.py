"""Atout's rules engine: pure Python, no Django, no app imports.

Its root holds what every card game shares: the suits (``cards``), coded errors (``errors``),
the interface every game meets (``games``), the list of games (``catalog``) and the JSON
command line (``cli``). Each game is one package that never imports another: ``belote``
(belote, contrée and coinche), ``tarot``. The rules of a contest, for any game, are packages of their own
(``pairing``, ``seating``, ``standings``, ``phases``, ``individual``, ``seasons``). Callers
pass plain values in and get plain values out; errors are exceptions that carry a stable code,
never a translated sentence.
"""
