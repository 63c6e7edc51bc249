"""Wiring you can see: imports of project modules sit at the top of the module, and proof that
the check can fail.

An import of a project module (a root package of import-linter's configuration: the engine
and the apps) written inside a function of the apps hides a dependency from the reader and
from the top of the file. One is allowed only where a real cycle would otherwise exist, with
a comment saying which, on its line or the line above (``# late: a ↔ b``), and there are at
most ``MAX_LATE`` of them in the apps. The usual one is an ``AppConfig.ready`` importing its
app's ``wiring`` module (Django imports ``apps.py`` before any model). Migrations are Django's
and left out. Reads files only (AST and tokens): fast, no database.
"""

from __future__ import annotations

import ast
import io
import tokenize
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAX_LATE = 10
MARK = "# late:"


def project_packages(root: Path) -> tuple[str, ...]:
    """The project's top-level packages, as import-linter knows them (pyproject.toml)."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return tuple(config["tool"]["importlinter"]["root_packages"])


@dataclass(frozen=True)
class LateImport:
    path: str
    line: int
    statement: str
    commented: bool

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.statement}"


def _comments(text: str) -> dict[int, str]:
    """Line number -> the comment on that line (tokens: a ``#`` inside a string is none)."""
    found: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string
    return found


def _names(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    return ["." if node.level else node.module or ""]


def _function_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement written inside a function (a method, a nested function...)."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, ast.Import | ast.ImportFrom):
                found.append(child)
            walk(child, inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    walk(tree, False)
    return found


def late_imports(root: Path, apps: tuple[str, ...], project: tuple[str, ...]) -> list[LateImport]:
    """The function-local imports of a project module in ``apps`` under ``root``."""
    found: list[LateImport] = []
    for app in apps:
        for path in sorted((root / app).rglob("*.py")):
            relative = path.relative_to(root)
            if "migrations" in relative.parts:
                continue
            text = path.read_text(encoding="utf-8")
            comments = _comments(text)
            for node in _function_imports(ast.parse(text, filename=str(path))):
                names = _names(node)
                if not any(name == "." or name.split(".")[0] in project for name in names):
                    continue
                lines = range(node.lineno - 1, (node.end_lineno or node.lineno) + 1)
                commented = any(comments.get(n, "").startswith(MARK) for n in lines)
                found.append(LateImport(str(relative), node.lineno, ast.unparse(node), commented))
    return found


def problems(root: Path, limit: int = MAX_LATE) -> list[str]:
    """What breaks the rule under ``root``: too many late imports, or one with no comment."""
    project = project_packages(root)
    found = late_imports(root, tuple(p for p in project if p != "engine"), project)
    out = [
        f"{late} (no '{MARK} …' comment naming the cycle)" for late in found if not late.commented
    ]
    if len(found) > limit:
        out.append(
            f"{len(found)} function-local imports of project modules (at most {limit}): "
            + "; ".join(str(late) for late in found)
        )
    return out


def test_late_imports_of_project_modules_are_few_and_say_their_cycle() -> None:
    project = project_packages(ROOT)
    assert {"engine", "tournaments", "scoring"} <= set(project)  # the walk knows the project
    found = problems(ROOT)
    assert not found, "move the import to the top of its module: " + "\n".join(found)


# --- Proof that the check can fail: a scratch project -------------------------------------------

PYPROJECT = """
[tool.importlinter]
root_packages = ["engine", "shop", "ledger"]
"""

GOOD = '''"""Late where it must be."""


def ready() -> None:
    # late: Django imports apps.py before any model; shop.wiring imports the models.
    from shop import wiring

    from ledger.models import Line  # late: ledger.models ↔ shop.models

    import json  # not a project module: not counted
    wiring.connect(Line, json)
'''


def _scratch(tmp_path: Path, **modules: str) -> Path:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    for name, text in modules.items():
        path = tmp_path / (name.replace(".", "/") + ".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_commented_late_imports_pass(tmp_path: Path) -> None:
    root = _scratch(tmp_path, **{"shop.apps": GOOD})
    assert [late.line for late in late_imports(root, ("shop",), ("shop", "ledger"))] == [6, 8]
    assert problems(root) == []


@pytest.mark.parametrize(
    ("body", "offender"),
    [
        ("    from ledger import models\n", "from ledger import models"),
        ("    from . import wiring\n", "from . import wiring"),
        ("    import engine.cards\n", "import engine.cards"),
        ("    # a comment that names no cycle\n    from shop import x\n", "from shop import x"),
        ('    text = "# late: in a string"\n    from shop import y\n', "from shop import y"),
        (
            "    class Local:\n        def m(self) -> None:\n            import ledger\n",
            "import ledger",
        ),
    ],
)
def test_a_late_import_without_its_comment_fails(tmp_path: Path, body: str, offender: str) -> None:
    root = _scratch(tmp_path, **{"shop.views": '"""Views."""\n\n\ndef view() -> None:\n' + body})
    [problem] = problems(root)
    assert offender in problem and problem.startswith("shop/views.py:")


def test_more_than_the_limit_fails_and_names_them_all(tmp_path: Path) -> None:
    body = "".join(f"    from ledger import m{i}  # late: ledger ↔ shop\n" for i in range(11))
    root = _scratch(tmp_path, **{"shop.views": '"""Views."""\n\n\ndef view() -> None:\n' + body})
    [problem] = problems(root)
    assert problem.startswith("11 function-local imports of project modules (at most 10)")
    assert problem.count("shop/views.py:") == 11
    assert problems(root, limit=11) == []


def test_top_level_and_migrations_are_not_counted(tmp_path: Path) -> None:
    top = '"""Top."""\n\nfrom ledger import models\n\ntry:\n    import shop.fast\nexcept ImportError:\n    pass\n'
    migration = '"""A migration."""\n\n\ndef forwards() -> None:\n    from shop import x\n'
    root = _scratch(tmp_path, **{"shop.top": top, "shop.migrations.m0001": migration})
    assert late_imports(root, ("shop",), ("shop", "ledger")) == []
