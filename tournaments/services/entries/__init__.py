"""Teams written: registration, changes, flags, withdrawal; a validated CSV import in batches; a player replaced from a partie on."""
