"""With Redis unreachable, the cache degrades to "no cache" instead of failing requests."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from config.outages.cache import ResilientRedisCache
from tests.conftest import PASSWORD

# Nothing listens on loopback port 9: every connection is refused at once.
DOWN = "redis://127.0.0.1:9/0"


def test_operations_degrade_to_a_miss() -> None:
    cache = ResilientRedisCache(DOWN, {"OPTIONS": {"socket_connect_timeout": 0.2}})
    assert cache.get("k", "défaut") == "défaut"
    assert cache.get_many(["a", "b"]) == {}
    cache.set("k", 1)
    assert cache.add("k", 1) is True
    assert cache.incr("k") == 1
    assert cache.delete("k") is False
    cache.delete_many(["a", "b"])
    assert cache.set_many({"a": 1}) == ["a"]


@pytest.mark.django_db
def test_login_works_while_redis_is_down(settings: Any, organiser: Any) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "config.outages.cache.ResilientRedisCache",
            "LOCATION": DOWN,
            "OPTIONS": {"socket_connect_timeout": 0.2},
        }
    }
    response = Client().post(
        "/compte/connexion/", {"username": "organisatrice", "password": PASSWORD}
    )
    assert response.status_code == 302
