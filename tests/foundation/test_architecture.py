"""The dependency rule, proved by scanning imports: engine ← tournaments ← scoring."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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


def test_engine_imports_no_django_and_no_app() -> None:
    allowed_third_party = {"networkx"}
    import sys

    for path, names in _imports("engine").items():
        bad = {n for n in names if n in {"django", "tournaments", "scoring", "config", "celery"}}
        assert not bad, f"{path} imports {bad}"
        foreign = {
            n
            for n in names
            if n not in sys.stdlib_module_names and n not in allowed_third_party and n != "engine"
        }
        assert not foreign, f"{path} imports non-standard modules {foreign}"


def test_tournaments_does_not_import_scoring() -> None:
    for path, names in _imports("tournaments").items():
        assert "scoring" not in names, f"{path} imports scoring"


def test_scan_sees_the_packages() -> None:
    # Guard against a scan that silently finds nothing.
    assert any(p.startswith("engine/") for p in _imports("engine"))
    assert any(p.startswith("tournaments/") for p in _imports("tournaments"))
