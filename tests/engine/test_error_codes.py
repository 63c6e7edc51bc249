"""engine.errors is the one list of codes: every code the engine raises is listed, none is dead.

The engine's source is scanned (not run): a code is a string literal such as ``"deal.missing_bid"``
passed to a call (``EngineError(...)``, ``PairingError(...)``, ``StandingsError(...)``, the
``_err``/``_invalid``/``_enum``/``_check_keys`` helpers...) or written as the ``"code"`` of an
error object (the command line's ``cli.internal_error``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.errors import ERROR_CODES, EngineError, codes_with_prefix, describe
from engine.pairing import PAIRING_ERROR_CODES, PairingError
from engine.standings import STANDINGS_ERROR_CODES, StandingsError

ENGINE = Path(__file__).resolve().parents[2] / "engine"
CODE = re.compile(
    r"^(rules|deal|game|cli|pairing|standings|phases|seating|individual|season)\.[a-z][a-z_]*$"
)


def _module(path: Path) -> str:
    """The engine module a file belongs to: ``deal`` for deal.py, ``rules`` for rules/json.py."""
    return path.relative_to(ENGINE).parts[0].removesuffix(".py")


def _literal_codes() -> dict[str, set[str]]:
    """Every code-shaped string literal used by a call or as an error's "code", by module."""
    found: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):  # packages too (engine/rules/...)
        if path == ENGINE / "errors.py":
            continue
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
                if isinstance(v, ast.Constant) and isinstance(v.value, str) and CODE.match(v.value):
                    found.setdefault(v.value, set()).add(_module(path))
    return found


def test_every_raised_code_is_listed_and_every_listed_code_is_raised() -> None:
    raised = _literal_codes()
    assert sorted(set(raised) - set(ERROR_CODES)) == []  # raised but not listed
    assert sorted(set(ERROR_CODES) - set(raised)) == []  # listed but never raised (dead)


def test_the_scan_sees_every_module() -> None:
    modules = set().union(*_literal_codes().values())
    # deal codes are raised by the deal-scoring steps (engine/belote/), re-exported by deal.py
    assert {"rules", "belote", "game", "cli", "pairing", "standings"} <= modules


def test_codes_are_unique_and_described() -> None:
    assert len(set(ERROR_CODES)) == len(ERROR_CODES)
    for code in ERROR_CODES:
        assert CODE.match(code), code
        assert describe(code).strip(), code


def test_module_views_are_slices_of_the_one_list() -> None:
    assert codes_with_prefix("pairing.") == PAIRING_ERROR_CODES
    assert codes_with_prefix("standings.") == STANDINGS_ERROR_CODES
    assert len(PAIRING_ERROR_CODES) == 9 and len(STANDINGS_ERROR_CODES) == 9
    assert set(PAIRING_ERROR_CODES) | set(STANDINGS_ERROR_CODES) <= set(ERROR_CODES)


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
