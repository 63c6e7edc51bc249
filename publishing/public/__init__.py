"""Everything the public sees of a contest: its home, draws, standings, results, team pages, phases, players' ranking and the projector; both public URL maps."""
