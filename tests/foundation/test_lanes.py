"""The rules of the test lanes themselves (tests/conftest.py, tests/order_replay.py).

A test not marked slow cannot start a process (so `make check` starts none), and a run's random
order can be replayed: the command printed after a failure is the run's own, with its seed.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests import order_replay
from tests.order_replay import replay_commands, without_no_randomly, without_options

ROOT = Path(__file__).resolve().parents[2]


def test_a_fast_test_that_starts_a_process_fails_and_is_named(
    request: pytest.FixtureRequest,
) -> None:
    assert request.node.get_closest_marker("slow") is None
    with pytest.raises(pytest.fail.Exception, match="starts a process: mark it slow") as failed:
        subprocess.run([sys.executable, "-c", "pass"], check=False)
    assert request.node.nodeid in str(failed.value)
    with pytest.raises(pytest.fail.Exception, match="starts a process"):
        os.fork()
    with pytest.raises(pytest.fail.Exception, match="starts a process"):
        multiprocessing.Process(target=print).start()


def test_every_slow_path_names_a_file_or_test_that_exists() -> None:
    """A moved file or renamed test would leave its entry marking nothing (and, if it starts
    a process, failing in the fast lane): the entry is named here first."""
    from tests.conftest import SLOW_PATHS

    assert any("::" in entry for entry in SLOW_PATHS)  # node ids are checked too
    for entry in SLOW_PATHS:
        path, _, name = entry.partition("::")
        assert (ROOT / path).exists(), f"SLOW_PATHS names {entry}: no such file"
        if name:
            source = (ROOT / path).read_text(encoding="utf-8")
            assert f"def {name}(" in source, f"SLOW_PATHS names {entry}: no such test"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["-q", "-n", "2", "--dist", "worksteal", "-m", "not slow"], ["-q", "-m", "not slow"]),
        (["-n2", "--dist=load", "tests/x.py"], ["tests/x.py"]),
        (["--numprocesses=2", "-q"], ["-q"]),
    ],
)
def test_the_one_process_command_drops_the_worker_options(
    args: list[str], expected: list[str]
) -> None:
    assert without_options(args, order_replay.WORKER_OPTIONS) == expected


def test_the_replay_keeps_other_plugins_but_not_the_one_turning_the_shuffle_off() -> None:
    args = ["-p", "no:randomly", "-p", "no:cacheprovider", "-pno:randomly", "-q"]
    assert without_no_randomly(args) == ["-p", "no:cacheprovider", "-q"]


def _config(args: list[str], workers: int | None) -> Any:
    options = {"numprocesses": workers}
    return SimpleNamespace(
        invocation_params=SimpleNamespace(dir=ROOT, args=tuple(args)),
        pluginmanager=SimpleNamespace(hasplugin=lambda name: name == "xdist"),
        getoption=lambda name, default=None: options.get(name, default),
    )


def test_the_replay_is_the_run_s_command_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    args = [
        "-q",
        "-n",
        "2",
        "--dist",
        "worksteal",
        "--randomly-seed",
        "9",
        "-m",
        "nodb and not slow",
    ]
    monkeypatch.setattr(sys, "argv", [str(Path(pytest.__file__).parent / "__main__.py"), *args])
    for name in order_replay.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DEBUG", "1")
    python = (
        os.path.relpath(sys.executable, ROOT)
        if sys.executable.startswith(str(ROOT))
        else sys.executable
    )
    same, one_process = replay_commands(_config(args, workers=2), seed=1234)
    assert same == (
        f"DEBUG=1 {python} -m pytest -q -n 2 --dist worksteal -m 'nodb and not slow'"
        " --randomly-seed=1234"
    )
    assert (
        one_process == f"DEBUG=1 {python} -m pytest -q -m 'nodb and not slow' --randomly-seed=1234"
    )


def test_a_runner_script_is_replayed_through_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["tests/run_engine_pure.py", "-q", "-m", "not slow"])
    for name in order_replay.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    (command,) = replay_commands(
        _config(["tests/engine", "-p", "tests.engine_pure_plugin"], None), 7
    )
    assert command.endswith(" tests/run_engine_pure.py -q -m 'not slow' --randomly-seed=7")
