"""The players' ranking of a contest: read from the database, computed with the team standings and stored beside them."""
