"""A club's players written: found or created, added to the club's register by licence, a duplicate merged into another."""
