"""The package-size rule of docs/architecture.md, and proof that its check can fail.

No package of the project (the engine and the apps, at every depth) holds more than 15 modules
flat at its top. A module is a ``.py`` file directly in the package's folder, ``__init__.py``
included (``import tournaments`` runs it); a sub-package counts in its own folder, never in its
parent's. Migrations are left out (Django writes them, one file per change). A package that
grows past the limit is split into sub-packages named for what a person asks about
(``tournaments/rounds/``, ``publishing/public/``, ``scoring/table/``), whose modules drop the
prefix (``tournaments/phases/forms.py``, not ``forms_phases.py``); the failure names each
crowded package with its count, largest first. Reads the file tree only: fast, no database.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.foundation.test_module_size import PACKAGES

ROOT = Path(__file__).resolve().parents[2]
MAX_MODULES = 15
LEFT_OUT = {"migrations", "__pycache__"}


def flat_counts(root: Path, packages: tuple[str, ...] | list[str] = PACKAGES) -> dict[str, int]:
    """``{"tournaments/services": 6, …}``: the modules at the top of every package folder."""
    counts: dict[str, int] = {}
    for package in packages:
        top = root / package
        if not top.is_dir():
            continue
        for folder in [top, *sorted(p for p in top.rglob("*") if p.is_dir())]:
            parts = folder.relative_to(root).parts
            if LEFT_OUT & set(parts) or any(part.startswith(".") for part in parts):
                continue
            modules = [p for p in folder.glob("*.py") if p.is_file()]
            if modules:
                counts[folder.relative_to(root).as_posix()] = len(modules)
    return counts


def crowded(root: Path, limit: int = MAX_MODULES) -> list[str]:
    """ "tournaments: 53 modules" for each package over ``limit`` modules flat, largest first."""
    counts = flat_counts(root)
    over = [(count, folder) for folder, count in counts.items() if count > limit]
    return [
        f"{folder}: {count} modules" for count, folder in sorted(over, key=lambda o: (-o[0], o[1]))
    ]


def test_no_package_has_more_than_15_modules_flat() -> None:
    counts = flat_counts(ROOT)
    assert len(counts) > 40  # the walk did find the packages and their sub-packages
    assert {"tournaments", "tournaments/services", "publishing/public"} <= set(counts)
    offenders = crowded(ROOT)
    assert not offenders, (
        f"packages over {MAX_MODULES} modules flat (split them into sub-packages named for what "
        "a person asks about): " + ", ".join(offenders)
    )


def _package(root: Path, folder: str, modules: int) -> None:
    """A scratch package of ``modules`` files, ``__init__.py`` among them."""
    path = root / folder
    path.mkdir(parents=True, exist_ok=True)
    (path / "__init__.py").write_text('"""A scratch package."""\n', encoding="utf-8")
    for i in range(modules - 1):
        (path / f"module_{i:02d}.py").write_text(f'"""Module {i}."""\n', encoding="utf-8")


def test_a_package_of_16_modules_fails_and_is_named(tmp_path: Path) -> None:
    _package(tmp_path, "tournaments", 16)
    assert crowded(tmp_path) == ["tournaments: 16 modules"]


def test_15_modules_are_allowed(tmp_path: Path) -> None:
    _package(tmp_path, "tournaments", 15)
    assert crowded(tmp_path) == []


@pytest.mark.parametrize(
    ("folder", "modules", "expected"),
    [
        ("engine/belote/rules", 16, ["engine/belote/rules: 16 modules"]),  # at any depth
        ("publishing/public/projector", 20, ["publishing/public/projector: 20 modules"]),
        ("config", 16, ["config: 16 modules"]),
        ("tournaments/migrations", 40, []),  # Django's files
        ("docs_tools", 30, []),  # not a package of the project
    ],
)
def test_the_check_names_each_crowded_package(
    tmp_path: Path, folder: str, modules: int, expected: list[str]
) -> None:
    _package(tmp_path, "scoring", 3)
    _package(tmp_path, folder, modules)
    assert crowded(tmp_path) == expected


def test_a_sub_package_counts_in_its_own_folder_only(tmp_path: Path) -> None:
    _package(tmp_path, "publishing", 10)
    _package(tmp_path, "publishing/public", 10)
    _package(tmp_path, "publishing/exports", 10)
    assert flat_counts(tmp_path)["publishing"] == 10
    assert crowded(tmp_path) == []


def test_every_crowded_package_is_listed_largest_first(tmp_path: Path) -> None:
    _package(tmp_path, "standings", 17)
    _package(tmp_path, "tournaments", 53)
    _package(tmp_path, "tournaments/services", 28)
    _package(tmp_path, "archive", 6)
    assert crowded(tmp_path) == [
        "tournaments: 53 modules",
        "tournaments/services: 28 modules",
        "standings: 17 modules",
    ]
