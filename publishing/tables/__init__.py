"""django-tables2 tables of the standings: teams and players."""
