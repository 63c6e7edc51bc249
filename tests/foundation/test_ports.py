"""The ports of ``tournaments.ports``: filled by the apps above at start-up, a clear error when
one is missing, a second implementation refused, ``override`` for tests that restores."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import adapters as scoring_adapters
from scoring import follow
from standings.individual.ranking import scores_before
from tournaments import adapters, melee_adapters, ports


def test_the_apps_above_fill_every_port_at_start_up() -> None:
    assert ports.results_source.get() is scoring_adapters.finished_results
    assert ports.round_activity.get() is scoring_adapters.round_activity
    assert ports.progress_source.get() is follow.contest_progress
    assert ports.player_scores.get() is scores_before


def test_a_missing_port_names_itself_and_the_app_that_registers_it() -> None:
    with ports.results_source.override(None), pytest.raises(ports.PortMissing) as caught:
        adapters.finished_results(object())
    assert str(caught.value).startswith(
        "no implementation registered for ResultsSource: is 'scoring' in INSTALLED_APPS?"
    )
    with ports.player_scores.override(None), pytest.raises(ports.PortMissing, match="standings"):
        ports.player_scores.get()


def test_registering_again_the_same_is_a_no_op_another_is_refused() -> None:
    port: ports.Port[ports.ProgressSource] = ports.Port("Scratch", registered_by="scratch")

    def first(contest: Any, /) -> dict[int, ports.RoundProgress]:
        return {}

    def second(contest: Any, /) -> dict[int, ports.RoundProgress]:
        return {1: ports.RoundProgress(tables=2)}

    assert not port.is_registered()
    port.register(first)
    port.register(first)
    with pytest.raises(ports.PortConflict, match="Scratch already has an implementation"):
        port.register(second)
    assert port.get() is first


def test_override_puts_the_previous_implementation_back_even_on_error() -> None:
    real = ports.progress_source.get()

    def fake(contest: Any, /) -> dict[int, ports.RoundProgress]:
        return {}

    with pytest.raises(RuntimeError), ports.progress_source.override(fake):
        assert ports.progress_source.get() is fake
        raise RuntimeError
    assert ports.progress_source.get() is real


def test_without_standings_a_melee_draw_falls_back_to_the_points_of_the_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[Any, int]] = []

    def points(contest: Any, before_round: int) -> dict[int, float]:
        asked.append((contest, before_round))
        return {7: 12.0}

    monkeypatch.setattr(melee_adapters, "points_so_far", points)
    with ports.player_scores.override(None):
        assert melee_adapters.player_scores("contest", 3) == {7: 12.0}
    assert asked == [("contest", 3)]
    with ports.player_scores.override(lambda contest, before_round, /: {7: 1.5}):
        assert melee_adapters.player_scores("contest", 3) == {7: 1.5}
    assert len(asked) == 1
