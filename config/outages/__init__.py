"""Serving through an outage: a Redis cache that degrades to no cache, a 503 in French while the database is down."""
