"""Checking a seating request and turning it into index-based counts for the solvers.

What this module owns
---------------------
Validation (every ``seating.*`` error is raised here), the table layout of a partie (how many
tables of which size, how many players sit out), who may sit out under the fair-rotation rule,
the ranking places, and the history folded into pair counts (partners, opponents, meetings)
over the present players, who are numbered ``0 .. n - 1`` in id order. The solvers
(:mod:`engine.seating.search`, :mod:`engine.seating.plan`) only ever see indices.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.seating.model import (
    Game,
    PastPartie,
    Player,
    SeatingError,
    SeatingOptions,
    SeatingRequest,
)

__all__ = ["MAX_EFFORT", "Field", "layout", "pair_key", "prepare"]

MAX_EFFORT = 20
MIN_PLAYERS = 4


def pair_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Field:
    """A validated request in index space (index ``i`` is the ``i``-th smallest present id)."""

    game: Game
    partie: int
    seed: int
    options: SeatingOptions
    ids: tuple[int, ...]
    sizes: tuple[int, ...]  # the tables' sizes, in table order
    required_exempt: tuple[int, ...]  # must sit out (fewer exemptions than everyone eligible)
    pool: frozenset[int]  # may sit out; ``free_exempt`` of them will
    free_exempt: int
    exempts_before: tuple[int, ...]  # per index
    partner: Counter[tuple[int, int]]  # per index pair (low, high)
    opponent: Counter[tuple[int, int]]
    meeting: Counter[tuple[int, int]]
    rank_place: tuple[int, ...] | None  # 0 = best, per index; None when ranking is off
    late: tuple[int, ...]  # ids present today who played no partie before (history not empty)
    departed_last: tuple[int, ...]  # ids who played the last partie and are not present
    unchanged: bool  # every past partie seated exactly today's players, nobody sat out

    @property
    def n(self) -> int:
        return len(self.ids)

    @property
    def partnered(self) -> bool:
        return self.game is Game.BELOTE

    @property
    def exempt_count(self) -> int:
        return len(self.required_exempt) + self.free_exempt


def layout(game: Game, count: int) -> tuple[tuple[int, ...], int]:
    """Table sizes and the number of players sitting out, for ``count`` present players.

    Belote: tables of four, ``count % 4`` sit out. Tarot: fewest players sitting out, then as
    many tables of four as possible (a table of five adds four meetings to a table of four's
    six, so fives only take the remainder): 6 -> 5 + 1 out, 7 -> 5 + 2 out, 11 -> 5 + 5 + 1.
    """
    if game is Game.BELOTE:
        return (4,) * (count // 4), count % 4
    for out in range(count - MIN_PLAYERS + 1):
        seated = count - out
        fives = seated % 4  # 4a + 5b = seated needs b = seated (mod 4)
        if 5 * fives <= seated:
            return (4,) * ((seated - 5 * fives) // 4) + (5,) * fives, out
    raise AssertionError("unreachable: four players always make one table")


def prepare(request: SeatingRequest) -> Field:
    """Validate ``request`` (raising :class:`SeatingError`) and fold its history."""
    game = _game(request.game)
    options = _options(request.options)
    seed = _seed(request.seed)
    players = _players(request.players, request.departed)
    partie = _partie(request.partie, request.history)
    ids = tuple(sorted(p.id for p in players))
    index = {pid: i for i, pid in enumerate(ids)}
    known = set(ids) | set(request.departed)
    for past in request.history:
        _check_past(game, past, known)
    partner, opponent, meeting, exempts = _fold(request.history, index)
    sizes, out = layout(game, len(ids))
    required, pool, free = _exemption(exempts, out)
    places = _rank_places(players, index, seed) if options.similar_ranking else None
    return Field(
        game=game,
        partie=partie,
        seed=seed,
        options=options,
        ids=ids,
        sizes=sizes,
        required_exempt=required,
        pool=pool,
        free_exempt=free,
        exempts_before=exempts,
        partner=partner,
        opponent=opponent,
        meeting=meeting,
        rank_place=places,
        late=_late(request.history, ids),
        departed_last=_departed_last(request.history, index),
        unchanged=all(_seats_exactly(past, index) for past in request.history),
    )


# --------------------------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _game(game: Game | str) -> Game:
    try:
        return Game(game)
    except ValueError:
        raise SeatingError("seating.unknown_game", game=str(game)) from None


def _options(options: SeatingOptions) -> SeatingOptions:
    if not isinstance(options.similar_ranking, bool):
        raise SeatingError("seating.invalid_option", option="similar_ranking", value=None)
    planned = options.planned_parties
    if planned is not None and (not _is_int(planned) or planned < 1):
        raise SeatingError("seating.invalid_option", option="planned_parties", value=planned)
    if not _is_int(options.effort) or not 1 <= options.effort <= MAX_EFFORT:
        raise SeatingError("seating.invalid_option", option="effort", value=options.effort)
    return options


def _seed(seed: int | None) -> int:
    if seed is None:
        import secrets  # only when the caller lets the engine draw the seed

        return secrets.randbits(32)
    if not _is_int(seed):
        raise SeatingError("seating.invalid_option", option="seed", value=None)
    return seed


def _players(players: Iterable[Player], departed: Iterable[int]) -> tuple[Player, ...]:
    seen: set[int] = set()
    listed = tuple(players)
    for p in listed:
        if not _is_int(p.id):
            raise SeatingError("seating.invalid_player", player=None, field="id")
        score = p.score
        bad = isinstance(score, bool) or not isinstance(score, int | float | None)
        if bad or (isinstance(score, float) and not math.isfinite(score)):
            raise SeatingError("seating.invalid_player", player=p.id, field="score")
        if p.id in seen:
            raise SeatingError("seating.duplicate_player", player=p.id)
        seen.add(p.id)
    for pid in departed:
        if not _is_int(pid):
            raise SeatingError("seating.invalid_player", player=None, field="id")
        if pid in seen:
            raise SeatingError("seating.duplicate_player", player=pid)
        seen.add(pid)
    if len(listed) < MIN_PLAYERS:
        raise SeatingError("seating.not_enough_players", count=len(listed), minimum=MIN_PLAYERS)
    return listed


def _partie(partie: int | None, history: tuple[PastPartie, ...]) -> int:
    for i, past in enumerate(history, start=1):
        if past.number != i:
            raise SeatingError("seating.invalid_history", partie=past.number, reason="numbering")
    expected = len(history) + 1
    if partie is None:
        return expected
    if not _is_int(partie) or partie != expected:
        raise SeatingError("seating.invalid_partie", partie=partie, expected=expected)
    return partie


def _check_past(game: Game, past: PastPartie, known: set[int]) -> None:
    seen: set[int] = set()
    for table in past.tables:
        _check_table_shape(game, past.number, table.players, table.pairs)
    for pid in (*(p for t in past.tables for p in t.players), *past.exempt):
        if pid not in known:
            raise SeatingError("seating.unknown_player", player=pid, partie=past.number)
        if pid in seen:
            reason = "player_twice"
            raise SeatingError("seating.invalid_history", partie=past.number, reason=reason)
        seen.add(pid)


def _check_table_shape(
    game: Game, number: int, players: tuple[int, ...], pairs: tuple[tuple[int, int], ...]
) -> None:
    if game is Game.BELOTE:
        flat = [p for pair in pairs for p in pair]
        ok = len(players) == 4 and len(pairs) == 2 and all(len(p) == 2 for p in pairs)
        ok = ok and sorted(flat) == sorted(players)
    else:
        ok = len(players) in (4, 5) and not pairs
    if not ok:
        raise SeatingError("seating.invalid_history", partie=number, reason="table_shape")


# --------------------------------------------------------------------------------------------
# Folding the history
# --------------------------------------------------------------------------------------------


def _fold(
    history: tuple[PastPartie, ...], index: dict[int, int]
) -> tuple[
    Counter[tuple[int, int]], Counter[tuple[int, int]], Counter[tuple[int, int]], tuple[int, ...]
]:
    """Pair counts among present players (departed players' pairs no longer matter)."""
    partner: Counter[tuple[int, int]] = Counter()
    opponent: Counter[tuple[int, int]] = Counter()
    meeting: Counter[tuple[int, int]] = Counter()
    exempts = [0] * len(index)

    def add(counter: Counter[tuple[int, int]], pairs: Iterable[tuple[int, int]]) -> None:
        for a, b in pairs:
            if a in index and b in index:
                counter[pair_key(index[a], index[b])] += 1

    for past in history:
        for table in past.tables:
            add(partner, table.partners())
            add(opponent, table.opponents())
            add(meeting, table.meetings())
        for pid in past.exempt:
            if pid in index:
                exempts[index[pid]] += 1
    return partner, opponent, meeting, tuple(exempts)


def _exemption(exempts: tuple[int, ...], out: int) -> tuple[tuple[int, ...], frozenset[int], int]:
    """Who must sit out, who may, and how many of those will.

    Nobody sits out ``k + 1`` times while a present player has sat out fewer than ``k`` times:
    the players below the cut level all sit out, the rest are drawn among those at the level.
    """
    if out == 0:
        return (), frozenset(), 0
    for level in sorted(set(exempts)):
        if sum(1 for c in exempts if c <= level) >= out:
            required = tuple(i for i, c in enumerate(exempts) if c < level)
            pool = frozenset(i for i, c in enumerate(exempts) if c == level)
            return required, pool, out - len(required)
    raise AssertionError("unreachable: fewer players than seats out")


def _rank_places(players: tuple[Player, ...], index: dict[int, int], seed: int) -> tuple[int, ...]:
    """Ranking places (0 = best score); equal or missing scores are ordered by a seeded lot."""
    lot = random.Random(seed ^ 0x5EA7)
    lots = {p.id: lot.random() for p in sorted(players, key=lambda p: p.id)}

    def key(p: Player) -> tuple[int, float, float]:
        return (p.score is None, -(p.score or 0), lots[p.id])

    places = [0] * len(players)
    for place, p in enumerate(sorted(players, key=key)):
        places[index[p.id]] = place
    return tuple(places)


def _late(history: tuple[PastPartie, ...], ids: tuple[int, ...]) -> tuple[int, ...]:
    if not history:
        return ()
    played = {p for past in history for t in past.tables for p in t.players}
    played |= {p for past in history for p in past.exempt}
    return tuple(pid for pid in ids if pid not in played)


def _departed_last(history: tuple[PastPartie, ...], index: dict[int, int]) -> tuple[int, ...]:
    if not history:
        return ()
    last = history[-1]
    there = {p for t in last.tables for p in t.players} | set(last.exempt)
    return tuple(sorted(pid for pid in there if pid not in index))


def _seats_exactly(past: PastPartie, index: dict[int, int]) -> bool:
    seated = [p for t in past.tables for p in t.players]
    return not past.exempt and len(seated) == len(index) and set(seated) == set(index)
