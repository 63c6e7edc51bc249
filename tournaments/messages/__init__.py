"""French words for the engine's codes as the organiser meets them: draws and tie-breaks, phases, mêlée draws."""
