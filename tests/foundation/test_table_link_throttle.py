"""Table links are throttled: wrong links per address, and requests per link."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from config import ratelimit


@pytest.mark.django_db
def test_an_address_guessing_links_is_stopped(monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 5)
    client = Client(REMOTE_ADDR="10.0.0.7")
    for index in range(5):
        assert client.get(f"/table/r1/t1/devine{index}/").status_code == 404
    response = client.get("/table/r1/t1/devine-encore/")
    assert response.status_code == 429
    assert "Trop de demandes" in response.content.decode()
    assert response["Retry-After"] == str(ratelimit.WINDOW_SECONDS)
    # Another address is not affected.
    assert Client(REMOTE_ADDR="10.0.0.8").get("/table/r1/t1/autre/").status_code == 404


def _runaway_on_one_link_is_stopped() -> None:
    """With MAX_REQUESTS_PER_LINK at 3: the 4th request on a link gets 429, another link not."""
    client = Client()
    for _ in range(3):
        assert client.get("/table/r1/t1/meme-lien/").status_code == 404
    assert client.get("/table/r1/t1/meme-lien/").status_code == 429
    assert client.get("/table/r1/t1/un-autre-lien/").status_code == 404


@pytest.mark.django_db
def test_a_runaway_client_on_one_link_is_stopped(monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_REQUESTS_PER_LINK", 3)
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 100)
    _runaway_on_one_link_is_stopped()


@pytest.mark.django_db
def test_other_pages_are_not_throttled(monkeypatch: Any) -> None:
    monkeypatch.setattr(ratelimit, "MAX_BAD_LINKS_PER_ADDRESS", 1)
    client = Client()
    for _ in range(3):
        assert client.get("/concours/x/y/").status_code == 404


@pytest.fixture
def redis_cache() -> Any:
    """The production cache backend on this machine's Redis, its keys under a fresh prefix."""
    import uuid

    from config.cache import ResilientRedisCache

    backend = ResilientRedisCache(
        "redis://127.0.0.1:6379/13",
        {"KEY_PREFIX": f"test-{uuid.uuid4().hex}", "OPTIONS": {"socket_connect_timeout": 0.5}},
    )
    try:
        backend._cache.get_client(write=True).ping()
    except Exception:
        pytest.skip("no Redis on 127.0.0.1:6379 (CI has one)")
    yield backend
    client = backend._cache.get_client(write=True)
    for name in client.scan_iter(f"{backend.key_prefix}:*"):
        client.delete(name)


def test_redis_counters_read_and_count_in_one_round_trip(redis_cache: Any) -> None:
    client = redis_cache._cache.get_client(write=True)
    # One redis-py client kept for every command (Django would build one per command).
    assert redis_cache._cache.get_client(write=True) is client
    assert redis_cache._cache.get_client() is client  # one server: reads use it too
    redis_cache.add("bad", 1, 600)
    redis_cache.incr("bad")
    assert redis_cache.read_and_count("bad", "link", 600) == (2, 1)
    assert redis_cache.read_and_count("bad", "link", 600) == (2, 2)
    assert redis_cache.read_and_count("nothing", "link", 600) == (0, 3)
    # Counted through the cache API as the generic path and the organiser's pages read them.
    assert redis_cache.get("link") == 3
    # The window starts at the first hit and is not pushed back by later ones.
    ttl = client.ttl(redis_cache.make_and_validate_key("link"))
    assert 590 <= ttl <= 600
    client.expire(redis_cache.make_and_validate_key("link"), 100)
    redis_cache.read_and_count("bad", "link", 600)
    assert client.ttl(redis_cache.make_and_validate_key("link")) <= 100


def test_redis_counters_while_redis_is_down() -> None:
    from config.cache import ResilientRedisCache

    down = ResilientRedisCache(
        "redis://127.0.0.1:9/0", {"OPTIONS": {"socket_connect_timeout": 0.2}}
    )
    assert down.read_and_count("bad", "link", 600) == (0, 0)


@pytest.mark.django_db
def test_runaway_client_is_stopped_with_the_redis_cache(
    redis_cache: Any, settings: Any, monkeypatch: Any
) -> None:
    from django.core.cache import caches

    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": "redis://127.0.0.1:6379/13",
            "KEY_PREFIX": redis_cache.key_prefix,
        }
    }
    monkeypatch.setattr(ratelimit, "MAX_REQUESTS_PER_LINK", 3)
    _runaway_on_one_link_is_stopped()
    # Counted in Redis, where every web process sees the same counters.
    assert caches["default"].get(ratelimit.key("link", "meme-lien")) == 4
    assert redis_cache.get(ratelimit.key("bad-link", "127.0.0.1")) == 4
