"""One list of apps: every list that names the project's packages names the same ones.

``INSTALLED_APPS`` (its project apps) and the pure engine are the source; mypy's files,
import-linter's roots, its layers (import-linter accepts ``exhaustive`` only for layers inside
a container, so this test is what makes the layers name every app), its cycle and purity
contracts, and the packages on disk must agree, or the test names the list and the app.
The tests that walk packages derive their lists (``tests/foundation/app_lists.py``).
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from tests.foundation.app_lists import (
    ROOT,
    app_list_differences,
    installed_project_apps,
    named_lists,
    project_packages,
)

PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_list_names_the_apps_of_installed_apps() -> None:
    packages = project_packages()
    assert {"engine", "config", "tournaments", "scoring"} <= set(packages)  # the source was read
    assert not (problems := app_list_differences(packages, PYPROJECT)), "\n".join(problems)


def test_only_the_project_s_own_apps_count() -> None:
    apps = installed_project_apps(settings.INSTALLED_APPS)
    assert "config" in apps  # as config.apps.AtoutAdminConfig
    assert not {"django", "django_htmx", "django_tables2", "whitenoise"} & set(apps)


def _contract(pyproject: dict[str, Any], contract_id: str) -> dict[str, Any]:
    contracts = pyproject["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["id"] == contract_id)


def _mypy(p: dict[str, Any]) -> list[str]:
    return p["tool"]["mypy"]["files"]


def _roots(p: dict[str, Any]) -> list[str]:
    return p["tool"]["importlinter"]["root_packages"]


def _layers(p: dict[str, Any]) -> list[str]:
    return _contract(p, "layers")["layers"]


def _ancestors(p: dict[str, Any]) -> list[str]:
    return _contract(p, "no-cycles")["ancestors"]


def _forbidden(p: dict[str, Any]) -> list[str]:
    return _contract(p, "engine-pure")["forbidden_modules"]


LISTS = {
    "pyproject [tool.mypy] files": _mypy,
    "pyproject [tool.importlinter] root_packages": _roots,
    "import-linter contract 'layers', its layers": _layers,
    "import-linter contract 'no-cycles', its ancestors": _ancestors,
    "import-linter contract 'engine-pure', its forbidden apps": _forbidden,
}


@pytest.mark.parametrize("label", sorted(LISTS))
def test_an_app_missing_from_one_list_is_named(label: str) -> None:
    pyproject = copy.deepcopy(PYPROJECT)
    LISTS[label](pyproject).remove("standings")
    assert app_list_differences(project_packages(), pyproject) == [f"{label}: missing standings"]


@pytest.mark.parametrize("label", sorted(LISTS))
def test_an_app_listed_but_not_installed_is_named(label: str) -> None:
    packages = [p for p in project_packages() if p != "archive"]  # as if left out of the apps
    problems = app_list_differences(packages, PYPROJECT)
    assert f"{label}: extra archive" in problems
    assert "top-level packages of the repository: extra archive" in problems


def test_an_app_on_disk_but_not_installed_is_named(tmp_path: Path) -> None:
    for package in (*project_packages(), "tests", "newapp"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "templates").mkdir()  # a folder, not a package: not an app
    problems = app_list_differences(project_packages(), PYPROJECT, tmp_path)
    assert problems == ["top-level packages of the repository: extra newapp"]


def test_the_layers_contract_s_name_follows_its_layers() -> None:
    pyproject = copy.deepcopy(PYPROJECT)
    layers = _contract(pyproject, "layers")
    layers["name"] = layers["name"].replace(" <- archive", "")
    label = "import-linter contract 'layers', its name"
    assert named_lists(pyproject)[label] == [p for p in _layers(PYPROJECT)[::-1] if p != "archive"]
    assert app_list_differences(project_packages(), pyproject) == [f"{label}: missing archive"]
