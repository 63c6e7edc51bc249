"""Versions of what the public sees of a contest, kept in the shared cache: the stamp a whole
cached public page must carry to be served (``publishing.cache.pages``).

Two counters make a contest's version: a **global** one, bumped after the commit of any save or
delete of a ``Round``, ``Contest`` or ``Club`` (publication flags, round status,
``is_public``, slugs, names: whatever decides *whether* and *what* the public sees), and the
**contest's** own, named by its slugs, bumped after its standings are written. Counters are read
*before* the page reads the database and bumped *after* the commit, so a page read before a
change is stored under a version nobody asks for again. Writes that send no signal
(``QuerySet.update``) are seen when the cached page expires (``PAGE_SECONDS``).

Only a cache shared by every process may hold versions: with Django's per-process
``LocMemCache`` a change made by one process would not reach the others, so :func:`shared`
answers ``False`` (no whole-page cache) unless ``settings.ATOUT_PUBLIC_STATE_CACHE`` says
otherwise (tests, a single process). A cache outage also answers ``None``.

What it must not do: decide what is public (the views do, from the database).
"""

from __future__ import annotations

import logging
import random
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save

from tournaments.models import Club, Contest, Round

logger = logging.getLogger(__name__)

GLOBAL_KEY = "atout:pub:v"
_PROCESS_LOCAL_BACKENDS = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


def shared() -> bool:
    """Whether every process sees the same cache (so a bump reaches them all)."""
    explicit = getattr(settings, "ATOUT_PUBLIC_STATE_CACHE", None)
    if explicit is not None:
        return bool(explicit)
    return settings.CACHES["default"]["BACKEND"] not in _PROCESS_LOCAL_BACKENDS


def contest_key(club_slug: str, contest_slug: str) -> str:
    return f"atout:pub:v:{club_slug}/{contest_slug}"


def _fresh_counter() -> int:
    # A counter that disappeared (evicted, cache flushed) restarts far from any old value.
    return random.getrandbits(62)


def counter_keys(club_slug: str, contest_slug: str) -> list[str]:
    """The cache keys of the two counters that make the contest's version."""
    return [GLOBAL_KEY, contest_key(club_slug, contest_slug)]


def version_of(got: dict[str, Any], keys: list[str]) -> str | None:
    """The version from counters read with ``cache.get_many(keys + ...)``; a missing counter
    is created (a fresh random value). ``None``: the cache answers nothing (it is down)."""
    for key in keys:
        if got.get(key) is None:
            cache.add(key, _fresh_counter(), None)
            got[key] = cache.get(key)
    if any(got.get(key) is None for key in keys):
        return None
    return ".".join(str(got[key]) for key in keys)


def _bump(key: str) -> None:
    try:
        try:
            cache.incr(key)
        except ValueError:  # no counter yet: nothing cached under it either
            cache.add(key, _fresh_counter(), None)
    except Exception:
        logger.warning("public versions: cache unavailable, %s not bumped", key)


def publication_changed() -> None:
    """After a change to what the public may see: every contest's version changes once the
    transaction commits (at once in autocommit mode)."""
    transaction.on_commit(lambda: _bump(GLOBAL_KEY), robust=True)


def standings_written(club_slug: str, contest_slug: str) -> None:
    """After a contest's standings snapshots were written."""
    key = contest_key(club_slug, contest_slug)
    transaction.on_commit(lambda: _bump(key), robust=True)


def _on_publication_model_change(sender: Any, **kwargs: Any) -> None:
    publication_changed()


def connect_signals() -> None:
    """Listen to saves and deletes of rounds, contests and clubs (``publishing.wiring``)."""
    for model in (Round, Contest, Club):
        for signal in (post_save, post_delete):
            signal.connect(
                _on_publication_model_change,
                sender=model,
                dispatch_uid=f"atout-public-versions-{signal is post_save}-{model.__name__}",
            )


__all__ = [
    "connect_signals",
    "counter_keys",
    "publication_changed",
    "shared",
    "standings_written",
    "version_of",
]
