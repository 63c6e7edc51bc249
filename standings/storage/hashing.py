"""The hash behind every snapshot fingerprint: sha256 of a payload's compact JSON.

What it owns: :func:`payload_hash`, written with orjson, whose output for the payloads the
fingerprints hash (str keys; str, int, bool, None, lists and tuples, str enums) is byte for
byte the standard library's ``json.dumps(payload, separators=(",", ":"), ensure_ascii=False)``
(``tests/standings/test_fingerprint_stable.py``), so fingerprints stored before stay valid,
at a fraction of the cost (a rebuild hashes every game of the contest).
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson


def payload_hash(payload: Any) -> str:
    """The sha256 hex digest of ``payload``'s compact JSON."""
    return hashlib.sha256(orjson.dumps(payload)).hexdigest()


__all__ = ["payload_hash"]
