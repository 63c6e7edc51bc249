"""The project's packages, read from one source, and every list that must name them all.

The source is Django's ``INSTALLED_APPS``: its entries whose top-level package is a folder of
this repository (``config.apps.AtoutAdminConfig`` counts as ``config``; ``django.contrib.*`` and
the libraries do not), plus the pure engine, which is a package of the project but no Django app.
``named_lists`` reads every other list that names them (mypy, import-linter's roots, layers,
cycle and purity contracts) and ``differences`` says, list by list, which package is missing or
extra. The tests that walk the packages (module size, architecture, the pure engine's guard)
derive their lists from here or from ``pyproject.toml`` instead of repeating them.
Reads files and settings only; it neither changes them nor runs a tool.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

# Project packages that are no Django app: the pure engine, below every app.
PURE = ("engine",)
# Top-level packages of the repository that are no part of the application.
NOT_APPLICATION = ("tests",)


def is_package(root: Path, name: str) -> bool:
    return (root / name / "__init__.py").is_file()


def installed_project_apps(installed: Iterable[str], root: Path = ROOT) -> list[str]:
    """The top-level packages of this repository named by ``installed``, in its order."""
    apps: list[str] = []
    for entry in installed:
        top = entry.split(".")[0]
        if is_package(root, top) and top not in apps:
            apps.append(top)
    return apps


def project_packages(root: Path = ROOT) -> tuple[str, ...]:
    """The pure engine, then the project's apps in ``INSTALLED_APPS`` order."""
    from django.conf import settings

    return (*PURE, *installed_project_apps(settings.INSTALLED_APPS, root))


def _contract(importlinter: Mapping[str, Any], contract_id: str) -> Mapping[str, Any]:
    for contract in importlinter.get("contracts", []):
        if contract.get("id") == contract_id:
            return contract
    return {}


def _layer_names(layers: Iterable[str]) -> list[str]:
    """``"scoring | standings"`` and ``"(archive)"`` (independent, optional layers) give names."""
    names = []
    for layer in layers:
        for part in layer.replace(":", "|").split("|"):
            names.append(part.strip().strip("()").strip())
    return [name for name in names if name]


def named_lists(pyproject: Mapping[str, Any], root: Path = ROOT) -> dict[str, list[str]]:
    """Every list that must name all the project's packages, by where a reader finds it."""
    linter = pyproject["tool"]["importlinter"]
    layers = _contract(linter, "layers")
    name = layers.get("name", "").partition(":")[2]
    on_disk = sorted(p.name for p in root.iterdir() if p.is_dir() and is_package(root, p.name))
    return {
        "top-level packages of the repository": [p for p in on_disk if p not in NOT_APPLICATION],
        "pyproject [tool.mypy] files": [f.rstrip("/") for f in pyproject["tool"]["mypy"]["files"]],
        "pyproject [tool.importlinter] root_packages": list(linter["root_packages"]),
        "import-linter contract 'layers', its layers": _layer_names(layers.get("layers", [])),
        "import-linter contract 'layers', its name": [n.strip() for n in name.split("<-")],
        "import-linter contract 'no-cycles', its ancestors": list(
            _contract(linter, "no-cycles").get("ancestors", [])
        ),
    }


def forbidden_apps(pyproject: Mapping[str, Any], root: Path = ROOT) -> list[str]:
    """The packages of this repository that the engine-pure contract forbids the engine."""
    contract = _contract(pyproject["tool"]["importlinter"], "engine-pure")
    return [m for m in contract.get("forbidden_modules", []) if is_package(root, m.split(".")[0])]


def differences(expected: Iterable[str], lists: Mapping[str, Iterable[str]]) -> list[str]:
    """One line per list that differs from ``expected``: the list, then what it lacks or adds."""
    wanted = set(expected)
    found = []
    for label, names in lists.items():
        given = set(names)
        missing, extra = sorted(wanted - given), sorted(given - wanted)
        parts = [f"missing {', '.join(missing)}"] * bool(missing)
        parts += [f"extra {', '.join(extra)}"] * bool(extra)
        if parts:
            found.append(f"{label}: {'; '.join(parts)}")
    return found


def app_list_differences(
    packages: Iterable[str], pyproject: Mapping[str, Any], root: Path = ROOT
) -> list[str]:
    """Every list against ``packages``; the engine's forbidden apps against all but the engine."""
    packages = list(packages)
    apps = [p for p in packages if p not in PURE]
    forbidden = {
        "import-linter contract 'engine-pure', its forbidden apps": forbidden_apps(pyproject, root)
    }
    return differences(packages, named_lists(pyproject, root)) + differences(apps, forbidden)
