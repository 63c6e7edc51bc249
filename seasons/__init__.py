"""Seasons, challenges of journées and circuits: contests of one or several clubs ranked together.

A vertical app: its models (``models``), who may see what (``access``), the writes
(``services``), the season standings rebuilt from the contests' published standings
(``standings``, on ``standings_written`` and ``season_changed``), the organiser's and the
public's pages (``views``, ``urls``, ``urls_public``; the addresses of the former layout answer
with a permanent redirect, ``config/moved/urls.py``), forms, tables, exports, the French words
(``texts``) and the contest log's sentences (``journal``). The pure ranking lives in
``engine.seasons``. The apps below it (tournaments, scoring, standings) never import it: they
know a contest's season through ``contest.season`` and announce changes with signals.
"""
