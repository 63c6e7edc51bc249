"""The consolante: a second bracket for the main bracket's early losers, or for the lower part
of the pools. It is an ordinary :class:`~engine.phases.bracket.BracketSpec` named
``consolante``; these helpers only say who enters it, in which seed order.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.phases.bracket import Bracket, BracketSpec
from engine.phases.errors import PhaseError
from engine.phases.pool_standings import PoolRanking
from engine.phases.qualification import DEFAULT_COMPARE, PoolPlaces, Qualification, qualify

__all__ = ["consolante_of_losers", "consolante_of_pools"]


def consolante_of_losers(
    main: Bracket,
    round_number: int = 1,
    *,
    name: str = "consolante",
    places: int | None = 2,
    third_place: bool = False,
) -> BracketSpec:
    """The losers of a main-line round of ``main`` (first round by default), best seed first.

    The round must be decided: its losers are the consolante's entrants.
    """
    pending = [m.id for m in main.matches if m.places[0] == 1 and m.round == round_number]
    if not pending:
        raise PhaseError("phases.invalid_bracket", field="round_number", value=repr(round_number))
    undecided = [m for m in main.matches if m.id in pending and not m.decided]
    if undecided:
        raise PhaseError("phases.bracket_not_finished", bracket=main.name, pending=len(undecided))
    return BracketSpec(main.losers_of(round_number), name, places, third_place)


def consolante_of_pools(
    rankings: Sequence[PoolRanking],
    first_place: int,
    *,
    name: str = "consolante",
    places: int | None = 2,
    third_place: bool = False,
    compare: tuple[str, ...] = DEFAULT_COMPARE,
    seed: int | None = None,
) -> tuple[BracketSpec, Qualification]:
    """Places ``first_place`` and below of every pool, seeded by place then compared values."""
    qualification = qualify(rankings, [PoolPlaces(first_place)], compare=compare, seed=seed)
    return BracketSpec(qualification.ids(), name, places, third_place), qualification
