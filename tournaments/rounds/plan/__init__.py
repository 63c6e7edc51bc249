"""Changes of a running contest's plan: the number of parties, a latecomer, a table out of service (pages and forms)."""
