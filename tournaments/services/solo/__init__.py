"""Players who come alone written: registration, their CSV import, a mêlée partie's draw, a mixed contest's teams."""
