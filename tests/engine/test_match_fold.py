"""engine.belote.match, table-driven: after each game of a match, is it decided, and who won it.

Each case is a format (``match_games``, ``match_format``) and the games in order as
(winner, score A, score B); ``decided_after`` is the number of games after which the match is
over (a further game is then refused), ``wins`` the games won and ``winner`` the match's.
"""

from __future__ import annotations

import pytest

from engine.belote.deal import Team
from engine.belote.game import FinalScore
from engine.belote.match import fold_match
from engine.errors import EngineError

from .helpers import A, B, rules

D = None  # a drawn game

CASES = [
    # (games, format, results, decided_after, wins (A, B), winner)
    (1, "best_of", [(A, 1001, 700)], 1, (1, 0), A),
    (3, "best_of", [(A, 1001, 700), (A, 1001, 900)], 2, (2, 0), A),  # 2-0: no belle
    (3, "best_of", [(A, 1001, 700), (B, 600, 1001), (B, 990, 1001)], 3, (1, 2), B),
    (3, "best_of", [(D, 800, 800), (A, 1001, 0), (B, 0, 900)], 3, (1, 1), A),  # on points
    (3, "best_of", [(D, 800, 800), (D, 800, 800), (D, 800, 800)], 3, (0, 0), D),
    (5, "best_of", [(A, 1, 0), (A, 1, 0), (B, 0, 1), (A, 1, 0)], 4, (3, 1), A),
    (2, "all_games", [(A, 1001, 990), (A, 1001, 990)], 2, (2, 0), A),  # both played
    (2, "all_games", [(A, 1001, 990), (B, 500, 1001)], 2, (1, 1), B),  # 1501 v 1991
    (3, "all_games", [(A, 1, 0), (A, 1, 0), (B, 0, 1)], 3, (2, 1), A),
    (4, "all_games", [(A, 1, 0), (B, 0, 1), (A, 1, 0), (B, 0, 1)], 4, (2, 2), D),
]


@pytest.mark.parametrize(("games", "fmt", "results", "decided_after", "wins", "winner"), CASES)
def test_a_match_is_decided_after_the_right_game(
    games: int,
    fmt: str,
    results: list[tuple[Team | None, int, int]],
    decided_after: int,
    wins: tuple[int, int],
    winner: Team | None,
) -> None:
    r = rules("ffb_classic_2016", match_games=games, match_format=fmt)
    finals = [FinalScore(w, a, b, a, b) for w, a, b in results]
    for played in range(1, len(finals) + 1):
        state = fold_match(r, finals[:played])
        assert state.over is (played >= decided_after), played
        assert state.winner is (winner if state.over else None)
    state = fold_match(r, finals)
    assert (state.wins_a, state.wins_b) == wins
    assert (state.points_a, state.points_b) == (
        sum(a for _, a, _ in results),
        sum(b for _, _, b in results),
    )
    with pytest.raises(EngineError) as info:
        state.add(FinalScore(A, 1, 0, 1, 0))
    assert info.value.code == "game.match_over"
