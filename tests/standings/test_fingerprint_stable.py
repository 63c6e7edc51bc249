"""The snapshots' fingerprints are the same hashes of the same payloads as before results
became named tuples and the JSON orjson's: caches keyed on them, and fingerprints stored, stay
valid."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from engine.standings import GameResult, ResultKind
from standings.rebuild import EntryInfo, _fingerprint
from standings.storage.hashing import payload_hash

pytestmark = pytest.mark.nodb


def _former(config: dict[str, Any], entries: list[EntryInfo], results: list[GameResult]) -> str:
    """The payload as it was written field by field (commit 8b01b2f)."""
    payload = json.dumps(
        [
            config,
            "players",
            3,
            [(e.pk, e.number, e.name, e.players, e.lot, e.withdrawn_after) for e in entries],
            [
                (r.round, r.team_a, r.team_b, r.score_a, r.score_b, str(r.kind), r.forfeit_loser)
                + ((r.games_a, r.games_b) if r.games_a is not None else ())
                for r in results
                if r.round <= 3
            ],
        ],
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode()).hexdigest()


def _result(rng: random.Random) -> GameResult:
    a, b = rng.sample(range(1, 40), 2)
    kind = rng.choice(list(ResultKind))
    rnd = rng.randint(1, 5)
    if kind is ResultKind.BYE:
        return GameResult(rnd, a, None, score_a=rng.randint(0, 1500), kind=kind)
    if kind is ResultKind.FORFEIT:
        return GameResult(rnd, a, b, 1000, 0, kind, forfeit_loser=rng.choice((a, b)))
    match = rng.random() < 0.3
    return GameResult(
        rnd,
        a,
        b,
        rng.randint(0, 2500),
        rng.randint(0, 2500),
        games_a=rng.randint(0, 3) if match else None,
        games_b=rng.randint(0, 3) if match else None,
    )


@pytest.mark.parametrize("seed", range(20))
def test_the_fingerprint_is_the_former_hash(seed: int) -> None:
    rng = random.Random(seed)
    entries = [
        EntryInfo(n, n, _name(rng, n), "Zoé Ñandú – Jean", n * 7, True, None) for n in range(1, 40)
    ]
    results = [_result(rng) for _ in range(60)]
    config = {"method": "points", "tiebreaks": ["buchholz_points", "lot"]}
    assert _fingerprint(config, entries, results, 3, "players") == _former(config, entries, results)


# What a name typed on a phone or pasted from a spreadsheet may hold: accents, quotes,
# backslashes, tabs and other control characters, emoji, line and paragraph separators.
_ODD = [
    "é",
    "«",
    "»",
    '"',
    "\\",
    "\t",
    "\n",
    "\x00",
    "\x1f",
    "\x7f",
    "🂡",
    "\u2028",
    "\u2029",
    "'",
    "/",
]


def _name(rng: random.Random, n: int) -> str:
    return f"Équipe {n} " + "".join(rng.choice(_ODD) for _ in range(rng.randint(0, 6)))


@pytest.mark.parametrize("seed", range(20))
def test_the_hash_is_the_standard_librarys_compact_json(seed: int) -> None:
    rng = random.Random(seed)
    payload = [
        {"method": "points", "bye": {"value": rng.randint(0, 2000), "counts_as_win": True}},
        [(n, _name(rng, n), None, rng.random() < 0.5, (n, n + 1)) for n in range(30)],
        (ResultKind.PLAYED, ResultKind.BYE, -rng.randint(0, 10**12)),
    ]
    former = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    assert payload_hash(payload) == hashlib.sha256(former.encode()).hexdigest()
