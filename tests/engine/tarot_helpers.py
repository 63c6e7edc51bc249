"""Shared helpers for the tarot engine tests (no Django): deals written as on a sheet.

``score(rules, players=4, taker=0, contract="garde", points=49, bouts=2, ...)`` builds a
``Deal`` (points in points, halves allowed; contracts, sides and kinds by their names) and
scores it, checking on the way what every deal must satisfy: the marque adds up to zero
and the breakdown's parts add up to the value.
"""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

from engine.cli import run
from engine.tarot.deal import (
    Contract,
    Deal,
    DealScore,
    MisereKind,
    PetitTrick,
    PoigneeKind,
    Side,
    score_deal,
)
from engine.tarot.rules import PRESETS, Ruleset, make_ruleset

FFT = PRESETS["fft_2012"].rules
SEED = PRESETS["seed_002"].rules
NAMES = {3: ["N", "E", "S"], 4: ["N", "E", "S", "W"], 5: ["N", "E", "S", "W", "O"]}


def rules(preset: str | Ruleset = "fft_2012", **overrides: object) -> Ruleset:
    return make_ruleset(preset, **overrides)


def deal(
    players: int = 4,
    taker: int = 0,
    contract: str = "garde",
    points: float = 49,
    bouts: int = 2,
    *,
    petit: str | None = None,
    petit_trick: str = "last",
    chelem: str | None = None,
    announced: bool = False,
    poignees: tuple[tuple[int, str], ...] = (),
    miseres: tuple[tuple[int, str], ...] = (),
    **seats: Any,
) -> Deal:
    """A deal; ``seats`` may give ``partner`` and ``mort``."""
    return Deal(
        players,
        taker,
        Contract(contract),
        int(points * 2),
        bouts,
        petit_au_bout=Side(petit) if petit else None,
        petit_trick=PetitTrick(petit_trick),
        chelem=Side(chelem) if chelem else None,
        chelem_announced=announced,
        poignees=tuple((s, PoigneeKind(k)) for s, k in poignees),
        miseres=tuple((s, MisereKind(k)) for s, k in miseres),
        **seats,
    )


def score_of(r: Ruleset, d: Deal) -> DealScore:
    result = score_deal(r, d)
    assert sum(result.scores) == 0
    assert sum(ln.points for ln in result.breakdown if ln.code != "misere") == result.value
    return result


def score(r: Ruleset = FFT, *args: Any, **kwargs: Any) -> DealScore:
    return score_of(r, deal(*args, **kwargs))


def call(argv: list[str], payload: object = None) -> tuple[int, dict[str, Any]]:
    """The command line, in process: (exit code, JSON out)."""
    return run(argv, StringIO(json.dumps(payload)))
