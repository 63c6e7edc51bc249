"""Fixtures of the seasons tests: the standings tests' clean cache and broker-down switch."""

from tests.standings.conftest import _clean_cache, broker_down

__all__ = ["_clean_cache", "broker_down"]
