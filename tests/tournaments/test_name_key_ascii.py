"""``name_key`` skips the walk over the characters of an ASCII name: the same key as the walk."""

from __future__ import annotations

import random
import unicodedata

from tournaments.models import name_key


def _walked_key(*parts: str) -> str:
    """tournaments.models.name_key as it was: NFKD, then every combining mark dropped."""
    text = " ".join(" ".join(p.split()) for p in parts if p)
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return stripped.casefold().replace("-", " ").strip()


def test_name_key_without_the_walk_for_ascii_is_the_same_key() -> None:
    rng = random.Random(3)
    alphabet = [chr(i) for i in range(128)] + list("éÉèàçœŒßﬁ Ａ-ǅ\u0301")
    for _ in range(3000):
        parts = ["".join(rng.choices(alphabet, k=rng.randint(0, 12))) for _ in range(2)]
        assert name_key(*parts) == _walked_key(*parts)
