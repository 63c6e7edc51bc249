"""What the public may see of a contest's standings, kept in the shared cache: no SQL on the hot
path of the public standings page.

What it owns
------------
:func:`lookup` returns the identity of the public snapshot of a contest (the ``meta`` dict the
public views key their page cache on), reading the database only when the cached copy may be
out of date. A cached copy is trusted only while two generation counters in the cache are
unchanged since it was read from the database:

* the **global generation**, bumped after the commit of any save or delete of a ``Round``,
  ``Contest`` or ``Club`` (publication flags, round status, ``is_public``, draft status, slugs,
  names: anything that decides *whether* and *what* the public sees);
* the contest's **snapshot generation**, bumped after the standings of that contest are written
  (:func:`snapshots_written`, called by ``standings.services.rebuild``).

Counters are read *before* the database and bumped *after* the commit, so a copy read from the
database before a change is always stored under the old counters and never trusted again (the
first copy of a contest, whose id is known only after the query, is stored unconfirmed and read
again once). As a safety net for writes that send no signal (``QuerySet.update`` on rounds,
the cache briefly unreachable during a bump), no copy is trusted for longer than
``REFRESH_SECONDS``.

A request whose copy is current costs one cache round trip (``get_many`` of the global
counter, the contest's counter and the copy, the contest's id being remembered by the process
from an earlier query) and no SQL.

Only a cache shared by every process may hold it: with Django's per-process ``LocMemCache``
a change made by one process would not reach the others, so the lookup goes to the database
every time unless ``settings.ATOUT_PUBLIC_STATE_CACHE`` says otherwise (tests, a single
process). A cache outage falls back to the database.

What it must not do
-------------------
Decide what is public: the loader given to :func:`lookup` does (``publishing.views_public``).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save

logger = logging.getLogger(__name__)

REFRESH_SECONDS = 10.0  # no cached copy is trusted longer than this, whatever the counters say
STATE_TIMEOUT = 3600
GLOBAL_GEN_KEY = "atout:pub:gen"
_PROCESS_LOCAL_BACKENDS = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)
_UNCONFIRMED = -1
_now = time.time  # (tests move the clock here only)


def enabled() -> bool:
    explicit = getattr(settings, "ATOUT_PUBLIC_STATE_CACHE", None)
    if explicit is not None:
        return bool(explicit)
    return settings.CACHES["default"]["BACKEND"] not in _PROCESS_LOCAL_BACKENDS


def _contest_gen_key(contest_id: int) -> str:
    return f"atout:pub:gen:{contest_id}"


def _state_key(contest_id: int) -> str:
    return f"atout:pub:state:{contest_id}"


# (club slug, contest slug) -> contest id, as last read from the database by this process. Only
# a hint telling which keys to fetch: a copy is trusted only if it was read for these slugs
# under the current global generation, which every slug change bumps.
_ids: dict[tuple[str, str], int] = {}
MAX_IDS = 10_000


def _fresh_counter() -> int:
    # A counter that disappeared (evicted, cache flushed) restarts far from any old value.
    return random.getrandbits(62)


def _read_gen(key: str, value: Any = None) -> int:
    if value is None:
        value = cache.get(key)
    if value is None:
        cache.add(key, _fresh_counter(), None)
        value = cache.get(key)
    return int(value)


def _bump(key: str) -> None:
    try:
        try:
            cache.incr(key)
        except ValueError:  # no counter yet
            if not cache.add(key, _fresh_counter(), None):
                cache.incr(key)
    except Exception:
        logger.warning("public state: cache unavailable, %s not bumped", key)


def lookup(
    club_slug: str, contest_slug: str, load: Callable[[], dict[str, Any] | None]
) -> dict[str, Any] | None:
    """The public snapshot's ``meta`` for these slugs, from the cache when it is current,
    otherwise from ``load()`` (which runs the query; ``None``: nothing public, never cached)."""
    if not enabled():
        return load()
    slugs = (club_slug, contest_slug)
    known = _ids.get(slugs)
    keys = [GLOBAL_GEN_KEY]
    if known is not None:
        keys += [_contest_gen_key(known), _state_key(known)]
    contest_gen = _UNCONFIRMED
    try:
        got = cache.get_many(keys)  # one round trip
        global_gen = _read_gen(GLOBAL_GEN_KEY, got.get(GLOBAL_GEN_KEY))
        if known is not None:
            contest_gen = _read_gen(_contest_gen_key(known), got.get(_contest_gen_key(known)))
            state = got.get(_state_key(known))
            if (
                state is not None
                and state["slugs"] == slugs
                and state["global"] == global_gen
                and state["contest"] == contest_gen
                and _now() < state["until"]
            ):
                return {**state["meta"], "generation": global_gen}
    except Exception:
        logger.warning("public state: cache unavailable, reading the database")
        return load()
    # The counters were read before the query: a change committed after it bumps them.
    meta = load()
    if meta is None:
        return None
    contest_id = meta["contest_id"]
    if contest_id != known:
        contest_gen = _UNCONFIRMED  # its counter is read after the query: confirm next time
        if len(_ids) >= MAX_IDS:
            _ids.clear()
        _ids[slugs] = contest_id
    try:
        cache.set(
            _state_key(contest_id),
            {
                "slugs": slugs,
                "global": global_gen,
                "contest": contest_gen,
                "until": _now() + REFRESH_SECONDS,
                "meta": meta,
            },
            STATE_TIMEOUT,
        )
    except Exception:
        logger.warning("public state: cache unavailable (set)")
    return {**meta, "generation": global_gen}


def publication_changed() -> None:
    """Call after a change to what the public may see (bumps the global generation once the
    transaction commits; at once in autocommit mode)."""
    transaction.on_commit(lambda: _bump(GLOBAL_GEN_KEY), robust=True)


def snapshots_written(contest_id: int) -> None:
    """Call after the contest's standings snapshots were written."""
    transaction.on_commit(lambda: _bump(_contest_gen_key(contest_id)), robust=True)


def _on_publication_model_change(sender: Any, **kwargs: Any) -> None:
    publication_changed()


def connect_signals() -> None:
    """Listen to saves and deletes of rounds, contests and clubs (``ScoringConfig.ready``)."""
    from tournaments.models import Club, Contest, Round

    for model in (Round, Contest, Club):
        for signal in (post_save, post_delete):
            signal.connect(
                _on_publication_model_change,
                sender=model,
                dispatch_uid=f"atout-public-state-{signal is post_save}-{model.__name__}",
            )


__all__ = [
    "REFRESH_SECONDS",
    "connect_signals",
    "enabled",
    "lookup",
    "publication_changed",
    "snapshots_written",
]
