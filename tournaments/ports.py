"""The ports: what ``tournaments`` needs from the apps above it, typed and registered at start-up.

What it owns
------------
``tournaments`` must never import ``scoring`` or ``standings`` (docs/architecture.md), yet the
next draw by ranking needs the finished games, a redraw needs to know what was recorded, the
cockpit needs the sheets' progress and a mêlée drawn by ranking needs the players' scores. Each
of these is a *port*: a ``Protocol`` saying what the function takes and gives, and one
:class:`Port` object the higher app fills from its ``AppConfig.ready``:

* :data:`results_source` (:class:`ResultsSource`): ``scoring.adapters.finished_results``;
* :data:`round_activity` (:class:`RoundActivity`): ``scoring.adapters.round_activity``;
* :data:`progress_source` (:class:`ProgressSource`): ``scoring.follow.contest_progress``;
  these three registered by ``scoring`` (``scoring/wiring.py``, from ``ScoringConfig.ready``);
* :data:`player_scores` (:class:`PlayerScores`): ``standings.individual.ranking.scores_before``,
  registered by ``standings`` (``standings/wiring.py``, from ``StandingsConfig.ready``);
* :data:`season_line` (:class:`SeasonLineSource`): ``seasons.views.common.cockpit_line``, the
  cockpit's "Challenge d'hiver : 5e journée sur 12" of a contest in a season, registered by
  ``seasons`` (``seasons/wiring.py``, from ``SeasonsConfig.ready``).

``port.get()`` gives the implementation, or raises :class:`PortMissing`, which names the port
and the app that should have registered it. A caller that has a behaviour of its own for a
missing implementation says so with ``port.get_or(default)`` (the mêlée's scores fall back to
the points of the finished games: ``tournaments.melee_adapters.player_scores``).

Registering is done once: a second ``register`` with the same implementation is a no-op (a
``ready`` run again), with another one it raises :class:`PortConflict`, so two apps can never
silently replace each other's source. Tests swap an implementation with ``port.override(fake)``
(a context manager, ``None`` for "not registered"), which puts the previous one back whatever
happens, so the suite passes in any order.

The values that travel through the progress port (:class:`RoundProgress`,
:class:`TableProgress`) live here too.

What it must not do
-------------------
Hold state beyond the five registrations, compute anything, or import a higher app.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, NamedTuple, Protocol, TypeVar

from django.core.exceptions import ImproperlyConfigured

from engine.standings import GameResult
from tournaments.models import Contest, Round

T = TypeVar("T")


class PortMissing(ImproperlyConfigured):
    """A port was used before any app registered an implementation for it."""


class PortConflict(ImproperlyConfigured):
    """A port was given a second, different implementation."""


class Port(Generic[T]):
    """One seam between ``tournaments`` and an app above it: at most one implementation."""

    def __init__(self, name: str, *, registered_by: str) -> None:
        self.name = name
        self.registered_by = registered_by
        self._implementation: T | None = None

    def __repr__(self) -> str:
        return f"<Port {self.name} ({self.registered_by}): {self._implementation!r}>"

    def register(self, implementation: T) -> None:
        """Fill the port (from ``AppConfig.ready``); a different second one is refused."""
        current = self._implementation
        if current is not None and current != implementation:
            raise PortConflict(
                f"{self.name} already has an implementation ({current!r}); refusing "
                f"{implementation!r}: use {self.name}.override() in a test"
            )
        self._implementation = implementation

    def is_registered(self) -> bool:
        return self._implementation is not None

    def get(self) -> T:
        """The registered implementation; :class:`PortMissing` when there is none."""
        if self._implementation is None:
            raise PortMissing(
                f"no implementation registered for {self.name}: is '{self.registered_by}' in "
                f"INSTALLED_APPS? ({self.registered_by}'s AppConfig.ready registers it)"
            )
        return self._implementation

    def get_or(self, default: T) -> T:
        """The registered implementation, else ``default`` (the caller's own behaviour)."""
        return default if self._implementation is None else self._implementation

    @contextmanager
    def override(self, implementation: T | None) -> Iterator[None]:
        """Swap the implementation for the block (``None``: as if none were registered), then
        put the previous one back, even when the block raises."""
        previous = self._implementation
        self._implementation = implementation
        try:
            yield
        finally:
            self._implementation = previous


# --- The ports --------------------------------------------------------------------------------


class ResultsSource(Protocol):
    """Every finished game, bye and forfeit of ``contest``, with ``team_a``/``team_b`` =
    ``Entry.pk`` (pairing by ranking, the phases, the latecomers' places)."""

    def __call__(self, contest: Contest, /) -> Iterable[GameResult]: ...


class RoundActivity(Protocol):
    """French lines naming what was recorded for a round ("12 feuilles de marque", "87 donnes
    saisies"), empty when nothing was: a round with activity cannot be redrawn, and deleting
    it needs a confirmation naming those lines."""

    def __call__(self, round_: Round, /) -> Sequence[str]: ...


@dataclass(frozen=True)
class TableProgress:
    """One table of a round as the sheets say: ``state`` is the dashboard's key
    (``not_started``, ``running``, ``finished``, ``confirmed``, ``disputed``, ``to_verify``,
    ``bye``, ``forfeit``), ``label`` its French words, ``late`` no deal for a while."""

    round: int
    table: int
    state: str
    label: str
    finished: bool  # the game is over and not contested (finished or confirmed)
    confirmed: bool
    late: bool = False


@dataclass(frozen=True)
class RoundProgress:
    """A round's sheets counted: ``tables`` excludes the bye."""

    tables: int = 0
    finished: int = 0
    confirmed: int = 0
    disputed: int = 0
    late: int = 0
    started: int = 0
    waiting: tuple[TableProgress, ...] = ()  # every table not confirmed, bye included


class ProgressSource(Protocol):
    """Round number -> its sheets' progress (tables finished, confirmed, contested, late, and
    those still waiting): the cockpit shows it, ``services.day_order`` refuses from it."""

    def __call__(self, contest: Contest, /) -> Mapping[int, RoundProgress]: ...


class PlayerScores(Protocol):
    """Player pk -> his value in the individual ranking after the parties before
    ``before_round``: a mêlée drawn by ranking seats players of close scores together."""

    def __call__(self, contest: Contest, before_round: int, /) -> Mapping[int, float]: ...


class SeasonLine(NamedTuple):
    """A contest's place in its season, as its cockpit shows it, linked to the season."""

    text: str  # "Challenge d'hiver : 5e journée sur 12"
    url: str  # the season's organiser page, as seen from the contest's club


class SeasonLineSource(Protocol):
    """The line of a contest in a season (None when there is nothing to show)."""

    def __call__(self, contest: Contest, /) -> SeasonLine | None: ...


results_source: Port[ResultsSource] = Port("ResultsSource", registered_by="scoring")
round_activity: Port[RoundActivity] = Port("RoundActivity", registered_by="scoring")
progress_source: Port[ProgressSource] = Port("ProgressSource", registered_by="scoring")
player_scores: Port[PlayerScores] = Port("PlayerScores", registered_by="standings")
season_line: Port[SeasonLineSource] = Port("SeasonLineSource", registered_by="seasons")
