"""The dependency rule and the small-function rule, and proof that their tools can fail.

The import-linter contracts of ``pyproject.toml`` (layers engine ← tournaments ← scoring ←
standings ← publishing ← seasons ← archive ← config, a pure engine, the engine's own layers with games
that never import each other, no cycle between the modules of a package) and ruff's complexity check (C901, max 15) run in ``make lint``; these tests check
that each of them still refuses a deliberate violation, in a scratch tree, and that the pure
engine run (`tests/run_engine_pure.py`) refuses a test importing Django, xdist workers included.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
# The packages import-linter checks (test_app_lists.py holds them equal to INSTALLED_APPS's).
PACKAGES = tuple(
    tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["root_packages"]
)


def _imports(package: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_engine_imports_only_the_standard_library_and_networkx() -> None:
    allowed = {"networkx", "engine"}
    for path, names in _imports("engine").items():
        foreign = {n for n in names if n not in sys.stdlib_module_names and n not in allowed}
        assert not foreign, f"{path} imports non-standard modules {foreign}"
    assert any(p.startswith("engine/") for p in _imports("engine"))


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "lint-imports"), "--no-logo", "--no-cache"],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(cwd), "PATH": str(BIN)},
        timeout=120,
    )


def test_the_project_keeps_its_contracts() -> None:
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " kept, 0 broken" in result.stdout


def _contained_layers(config: dict[str, Any]) -> list[str]:
    """The packages a layers contract names inside its containers (``engine/belote``...)."""
    paths = []
    for contract in config["contracts"]:
        for container in contract.get("containers", []):
            for layer in contract["layers"]:
                for tail in layer.replace("|", ":").split(":"):
                    paths.append(f"{container.replace('.', '/')}/{tail.strip()}")
    return paths


@pytest.fixture
def scratch_tree(tmp_path: Path) -> Path:
    """Empty packages with the project's names and its import-linter configuration."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    for package in (*PACKAGES, *_contained_layers(config)):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    lines = ["[importlinter]", "root_packages =", *[f"    {p}" for p in config["root_packages"]]]
    lines += [f"{k} = {v}" for k, v in config.items() if isinstance(v, bool)]
    for contract in config["contracts"]:
        lines.append(f"[importlinter:contract:{contract['id']}]")
        for key, value in contract.items():
            if key == "id":
                continue
            if isinstance(value, list):
                lines += [f"{key} =", *[f"    {v}" for v in value]]
            else:
                lines.append(f"{key} = {value}")
    (tmp_path / ".importlinter").write_text("\n".join(lines) + "\n")
    assert _lint_imports(tmp_path).returncode == 0
    return tmp_path


@pytest.mark.parametrize(
    ("module", "source", "broken"),
    [
        ("scoring/__init__.py", "import publishing\n", "Layers"),
        ("tournaments/__init__.py", "import scoring\n", "Layers"),
        ("engine/__init__.py", "import django\n", "The engine imports"),
        ("standings/a.py", "from standings import b\n", "No import cycle"),
        ("engine/pairing/__init__.py", "import engine.belote\n", "The engine: command line"),
        ("engine/tarot/__init__.py", "import engine.belote\n", "The engine: command line"),
        ("engine/errors/__init__.py", "import engine.cards\n", "The engine: command line"),
        ("engine/new_game/__init__.py", "", "The engine: command line"),
    ],
)
def test_a_violation_breaks_a_contract(
    scratch_tree: Path, module: str, source: str, broken: str
) -> None:
    (scratch_tree / "standings" / "b.py").write_text("from standings import a\n")
    if module != "standings/a.py":
        (scratch_tree / "standings" / "b.py").unlink()
    (scratch_tree / module).parent.mkdir(exist_ok=True)  # a package no contract names yet
    (scratch_tree / module).write_text(source)
    result = _lint_imports(scratch_tree)
    assert result.returncode != 0
    assert " kept, 1 broken." in result.stdout, result.stdout
    assert broken in result.stdout.split("Broken contracts", 1)[1], result.stdout


def _branchy(branches: int) -> str:
    body = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(branches))
    return f"def f(x: int) -> int:\n{body}    return -1\n"


def test_the_complexity_check_refuses_a_branchy_function(tmp_path: Path) -> None:
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "ok.py").write_text(_branchy(14))  # complexity 15: allowed
    (tmp_path / "too_branchy.py").write_text(_branchy(15))  # complexity 16
    result = subprocess.run(
        [str(BIN / "ruff"), "check", "--no-cache", "--select", "C901", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "too_branchy.py" in result.stdout and "(16 > 15)" in result.stdout
    assert "ok.py" not in result.stdout


def test_the_project_has_no_branchy_function() -> None:
    result = subprocess.run(
        [str(BIN / "ruff"), "check", "--no-cache", "--select", "C901", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout


def _pure_run(test_file: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            str(ROOT / "tests" / "run_engine_pure.py"),
            str(test_file),
            "-q",
            "-n",
            "2",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_pure_engine_run_refuses_django_even_in_its_workers(tmp_path: Path) -> None:
    # Collection happens in the xdist workers: the guard must be loaded there too.
    impure = tmp_path / "test_impure.py"
    impure.write_text("import django\n\n\ndef test_nothing() -> None:\n    assert django\n")
    pure = tmp_path / "test_pure.py"
    pure.write_text("import json\n\n\ndef test_json() -> None:\n    assert json.loads('1') == 1\n")
    refused = _pure_run(impure)
    assert refused.returncode != 0
    assert "the engine must not import 'django'" in refused.stdout
    accepted = _pure_run(pure)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "1 passed" in accepted.stdout
