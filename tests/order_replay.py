"""The random order of a test run: its seed, and the command that replays it.

pytest-randomly (requirements-dev.txt) shuffles the tests at every run, from a seed it draws
or is given (``--randomly-seed=N``, ``make test SEED=N``). ``tests/conftest.py`` prints the seed
when a run starts and ends, and, when the run fails, the commands that replay that order: the
same command with the seed (with ``-n``, each worker gets the same part of the order, but for
the tests stolen at the end) and the same in one process (the whole order, no worker).
Reads the run's configuration only; imports neither Django nor the apps (the pure engine run
loads it too).
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest

# The environment that shapes a run: the settings' switches and the selected passes.
ENVIRONMENT = (
    "DEBUG",
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "ATOUT_FAULTS",
    "ATOUT_INTEGRATION",
    "PYTEST_ADDOPTS",
)
# Options with a value in the next argument, dropped with it.
_WITH_VALUE = {"--randomly-seed", "-n", "--numprocesses", "--dist", "--maxprocesses"}
WORKER_OPTIONS = ("-n", "--numprocesses", "--dist", "--maxprocesses")


def seed_of(config: pytest.Config) -> int | None:
    """The seed of this run's order, or None when the order is not shuffled."""
    if not config.pluginmanager.hasplugin("randomly"):
        return None
    if not config.getoption("randomly_reorganize", True):
        return None
    seed = config.getoption("randomly_seed", None)
    return seed if isinstance(seed, int) else None


def without_options(args: list[str], names: tuple[str, ...]) -> list[str]:
    """``args`` without the options ``names`` (``--x=v``, ``--x v``, ``-nV`` or ``-n V``)."""
    kept: list[str] = []
    skip_next = False
    for arg in args:
        if skip_next:
            skip_next = False
            continue
        name = arg.split("=", 1)[0]
        if name in names:
            skip_next = "=" not in arg and name in _WITH_VALUE
            continue
        if any(arg.startswith(n) and len(n) == 2 for n in names):  # -n2
            continue
        kept.append(arg)
    return kept


def without_no_randomly(args: list[str]) -> list[str]:
    """``args`` without ``-p no:randomly``: the replay needs the shuffle."""
    kept: list[str] = []
    for arg in args:
        if arg == "-pno:randomly":
            continue
        if arg == "no:randomly" and kept[-1:] == ["-p"]:
            kept.pop()
            continue
        kept.append(arg)
    return kept


def _program(config: pytest.Config) -> list[str]:
    """How this run was started: ``python -m pytest`` or a runner script (the pure engine's)."""
    here = config.invocation_params.dir
    python = Path(sys.executable)
    python_text = str(python.relative_to(here)) if python.is_relative_to(here) else str(python)
    script = Path(sys.argv[0])
    if script.name in ("pytest", "py.test", "__main__.py", "pytest.exe"):
        return [python_text, "-m", "pytest", *config.invocation_params.args]
    script_path = script.resolve()
    shown = script_path.relative_to(here) if script_path.is_relative_to(here) else script_path
    return [python_text, str(shown), *sys.argv[1:]]


def replay_commands(config: pytest.Config, seed: int) -> list[str]:
    """The command of this run with its seed; then, if it had workers, the same in one process."""
    environment = [f"{name}={os.environ[name]}" for name in ENVIRONMENT if name in os.environ]
    command = [
        *without_no_randomly(without_options(_program(config), ("--randomly-seed",))),
        f"--randomly-seed={seed}",
    ]
    commands = [shlex.join([*environment, *command])]
    if config.pluginmanager.hasplugin("xdist") and config.getoption("numprocesses", None):
        commands.append(shlex.join([*environment, *without_options(command, WORKER_OPTIONS)]))
    return commands
