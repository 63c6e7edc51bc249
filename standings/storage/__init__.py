"""How a snapshot is stored: its rows packed as columns and values (a model field), and the fingerprint that tells an unchanged rebuild."""
