"""Throttles: counters in the cache, the client's address, table links, the organisers' and the admin's logins."""
