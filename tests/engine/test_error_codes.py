"""The register of engine codes: every code the engine raises is registered by its owner, none is dead.

The engine's source is scanned (not run): a code is a string literal such as ``"deal.missing_bid"``
passed to a call (``EngineError(...)``, ``PairingError(...)``, ``StandingsError(...)``, the
``_err``/``_invalid``/``_enum``/``_check_keys`` helpers...) or written as the ``"code"`` of an
error object (the command line's ``cli.internal_error``). A code raised in a game's package
(``engine/belote/``...) is that game's; any other is the engine's shared list.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.catalog import GAMES
from engine.errors import EngineError, codes_with_prefix, describe, error_codes, register_codes
from engine.pairing import PAIRING_ERROR_CODES, PairingError
from engine.standings import STANDINGS_ERROR_CODES, StandingsError

ENGINE = Path(__file__).resolve().parents[2] / "engine"
CODE = re.compile(r"^[a-z]+\.[a-z][a-z_]*$")
PREFIXES = {code.split(".")[0] for code in error_codes()}


def _owner(path: Path) -> str:
    """Who must register the codes raised in ``path``: its game, or the engine's shared list."""
    top = path.relative_to(ENGINE).parts[0]
    return top if top in GAMES else "engine"


def _module(path: Path) -> str:
    """The engine module a file belongs to: ``cli`` for cli.py, ``belote`` for belote/deal.py."""
    return path.relative_to(ENGINE).parts[0].removesuffix(".py")


def _literal_codes(files: list[Path]) -> dict[str, set[Path]]:
    """Every code-shaped string literal used by a call or as an error's "code", by file."""
    found: dict[str, set[Path]] = {}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            values: list[ast.expr] = []
            if isinstance(node, ast.Call):
                values = [*node.args, *(k.value for k in node.keywords)]
            elif isinstance(node, ast.Dict):
                values = [
                    v
                    for k, v in zip(node.keys, node.values, strict=True)
                    if isinstance(k, ast.Constant) and k.value == "code"
                ]
            for v in values:
                if (
                    isinstance(v, ast.Constant)
                    and isinstance(v.value, str)
                    and CODE.match(v.value)
                    and v.value.split(".")[0] in PREFIXES
                ):
                    found.setdefault(v.value, set()).add(path)
    return found


def _engine_files() -> list[Path]:
    registers = {ENGINE / "errors.py", *(ENGINE / name / "errors.py" for name in GAMES)}
    return [p for p in sorted(ENGINE.rglob("*.py")) if p not in registers]


def test_every_raised_code_is_registered_by_its_owner_and_none_is_dead() -> None:
    raised = _literal_codes(_engine_files())
    owners = {code: {_owner(p) for p in paths} for code, paths in raised.items()}
    misplaced = {c: o for c, o in owners.items() if o - {_registered_owner(c)}}
    assert misplaced == {}  # raised in a package that is not the code's owner
    assert sorted(set(raised) - set(error_codes())) == []  # raised but not registered
    assert sorted(set(error_codes()) - set(raised)) == []  # registered but never raised (dead)


def _registered_owner(code: str) -> str | None:
    return next((o for o in ("engine", *GAMES) if code in error_codes(o)), None)


def test_the_scan_sees_every_module() -> None:
    modules = {_module(p) for paths in _literal_codes(_engine_files()).values() for p in paths}
    assert {"belote", "cli", "catalog", "pairing", "standings"} <= modules


def test_a_game_cannot_register_another_owners_code() -> None:
    with pytest.raises(ValueError, match="already"):
        register_codes("some_game", {"deal.missing_bid": "taken by belote"})
    with pytest.raises(ValueError, match="already"):
        register_codes("some_game", {"pairing.invalid_round": "taken by the engine"})
    assert "deal.missing_bid" in error_codes("belote")
    assert "deal.missing_bid" not in error_codes("engine")


def test_codes_are_unique_and_described() -> None:
    assert len(set(error_codes())) == len(error_codes())
    for code in error_codes():
        assert CODE.match(code), code
        assert describe(code).strip(), code


def test_module_views_are_slices_of_the_one_list() -> None:
    assert codes_with_prefix("pairing.") == PAIRING_ERROR_CODES
    assert codes_with_prefix("standings.") == STANDINGS_ERROR_CODES
    assert len(PAIRING_ERROR_CODES) == 9 and len(STANDINGS_ERROR_CODES) == 9
    assert set(PAIRING_ERROR_CODES) | set(STANDINGS_ERROR_CODES) <= set(error_codes())


@pytest.mark.parametrize(
    ("cls", "code"),
    [(PairingError, c) for c in PAIRING_ERROR_CODES]
    + [(StandingsError, c) for c in STANDINGS_ERROR_CODES],
)
def test_module_errors_use_the_engine_error_constructor(cls: type[EngineError], code: str) -> None:
    exc = cls(code, team=7)  # type: ignore[call-arg]
    assert isinstance(exc, EngineError)
    assert exc.code == code
    assert exc.message == describe(code)  # the description, never the params
    assert exc.params == {"team": 7}
    assert str(exc) == f"{code}: {describe(code)}"
    assert exc.to_json() == {"code": code, "message": describe(code), "params": {"team": 7}}


def test_unlisted_codes_are_refused() -> None:
    with pytest.raises(ValueError):
        EngineError("deal.no_such_code")
    with pytest.raises(ValueError):
        PairingError("standings.invalid_config")
    with pytest.raises(ValueError):
        StandingsError("pairing.invalid_round")
